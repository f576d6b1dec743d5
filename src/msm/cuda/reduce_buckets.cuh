// reduce_buckets: each window's Σ_k k·B_k from its bucket sums, in levels of chunks.
#pragma once

#include "msm/cuda/device_memory_access.cuh"
#include "msm/cuda/stream_walker.cuh"

namespace zkmsm::cuda::detail {

// The walker's parts of split buckets, as reduce_buckets reads them.
template <class Fd>
struct SplitParts {
  const DeviceAffine<Fd>* head_points;
  const u32* head_bucket;
  const DeviceAffine<Fd>* tail_points;
  SplitLength length;

  // acc + the parts of a short bucket whose tail is in slot `origin`: that tail, then the heads of
  // the following slots while they belong to the bucket.
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceXyzz<Fd> add_short(DeviceXyzz<Fd> acc, u32 bucket, u32 origin) const {
    acc = acc.add_affine(load_affine_rw(tail_points, origin));
    for (u64 v = origin + 1; v < length.slot_count && head_bucket[v] == bucket; ++v)
      acc = acc.add_affine(load_affine_rw(head_points, v));
    return acc;
  }
};

// Per window, W = Σ_{i=0..m−1} i·a_i + Σ b_i over items (a_i, b_i); initially a_i = B_i (bucket
// of magnitude i, a_0 = infinity) and b = 0. A level cuts the items into chunks of L and replaces
// chunk j by
//   a'_j = L · Σ_t a_{jL+t}                 (log2 L doublings)
//   b'_j = Σ_t t·a_{jL+t} + Σ_t b_{jL+t}    (running sums from the top of the chunk)
// which keeps W unchanged: Σ_t (jL + t)·a_{jL+t} = j·(L·Σ_t a) + Σ_t t·a. The last level has one
// item per window and W = b'_0. Cost per chunk: 2(L − 1) + 1 additions, L more for the b sum
// (after level 0), log2 L doublings.
template <class Curve>
struct ReduceLevel {
  using Fd = DeviceBase<Curve>;
  using Xyzz = DeviceXyzz<Fd>;
  const DeviceAffine<Fd>* bucket_sums;  // level 0 input, else null
  const u32* split_index;               // level 0: split buckets' tail slots
  const Xyzz* split_sums;               // level 0: long split buckets' sums, at the tail slot
  SplitParts<Fd> parts;                 // level 0: short split buckets' parts
  const Xyzz* in_a;                     // later levels
  const Xyzz* in_b;
  u32 buckets;
  u32 items_in;   // per window
  u32 items_out;  // per window
  u32 chunk;      // L
  u32 log2_chunk;
  Xyzz* out_a;  // null on the last level
  Xyzz* out_b;  // window sums on the last level

  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Xyzz add_item(const Xyzz& acc, u32 w, u32 i) const {
    if (bucket_sums != nullptr) {
      if (i == 0 || i > buckets) return acc;
      // A bucket is whole (affine, from the walker; infinity when split) or split: the parts of a
      // short one, the XYZZ sum of a long one (combine_partials).
      const u32 bucket = w * buckets + i - 1;
      const Xyzz sum = acc.add_affine(load_affine_rw(bucket_sums, bucket));
      const u32 split = split_index[bucket];
      if (split == kNoBucket) return sum;
      return parts.length.is_long(bucket) ? sum + split_sums[split] : parts.add_short(sum, bucket, split);
    }
    return acc + in_a[static_cast<u64>(w) * items_in + i];
  }

  ZKMSM_HOST_DEVICE void operator()(u64 index) const {
    const u32 w = static_cast<u32>(index / items_out);
    const u32 j = static_cast<u32>(index % items_out);
    const u32 first = j * chunk;
    Xyzz running = Xyzz::infinity();
    Xyzz weighted = Xyzz::infinity();
    for (u32 t = chunk - 1; t >= 1; --t) {
      if (first + t < items_in) {
        running = add_item(running, w, first + t);
        weighted = weighted + running;  // adds a_{first+t} once for each t' ≤ t, t' ≥ 1
      }
    }
    running = add_item(running, w, first);
    if (bucket_sums == nullptr) {
      for (u32 t = 0; t < chunk && first + t < items_in; ++t)
        weighted = weighted + in_b[static_cast<u64>(w) * items_in + first + t];
    }
    const u64 out = static_cast<u64>(w) * items_out + j;
    out_b[out] = weighted;
    if (out_a != nullptr) {
      for (u32 d = 0; d < log2_chunk; ++d) running = running.doubled();
      out_a[out] = running;
    }
  }
};

}  // namespace zkmsm::cuda::detail
