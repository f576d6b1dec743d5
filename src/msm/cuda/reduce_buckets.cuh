// reduce_buckets: each window's Σ_k k·B_k, as one sum per bit position ("bit sums"), by splitting
// windows in halves (the window splitting of era-bellman-cuda, written here from its description;
// the plan, shared with the Vulkan and WebGPU backends: msm/common/window_split_plan.hpp):
//
//   W = Σ_{i < 2^K} i·X_i with i = h·2^lo + l (lo = ⌈K/2⌉, hi = K − lo) is
//   W = 2^lo · Σ_h h·H_h + Σ_l l·L_l,   H_h = Σ_l X_{h·2^lo + l},   L_l = Σ_h X_{h·2^lo + l}
//
// so a window of K bits becomes two of lo and hi bits (every item is added twice), and after
// ⌈log2 K⌉ levels every window has one bit: its item 1 is the sum of the bit at the window's
// offset. The host folds the bit sums: Σ_q 2^q·S_q over all windows (combine_windows). Every
// level is data-parallel, so no stage is a long chain of dependent additions on the GPU (the
// earlier running-sum levels were: ~45 µs per level at any size, 13 levels, H200).
//
// Stages, per window batch (W windows of c bits, B = 2^(c−1) buckets, magnitudes 1..B):
//   FinishBuckets  one thread per bucket: the whole bucket in XYZZ (the walker's affine sum plus
//                  the parts of a split bucket); item 0 = infinity. [W][B + 1]
//   SplitWindows   one level per halving, split_lanes() lanes per output item, summed by shuffles.
//                  Input: the items [0, 2^(c−1)) of each window (c − 1 bits). [W][2V][2^lo]
//   ExtractBitSums the last level's item 1 of each one-bit window to its bit position, and the
//                  top magnitude B's bucket (bit c − 1, the only item with that bit) as it is.
#pragma once

#include <type_traits>

#include "msm/common/window_split_plan.hpp"
#include "msm/cuda/device_memory_access.cuh"
#include "msm/cuda/lazy_xyzz.cuh"
#include "msm/cuda/stream_walker.cuh"
#include "msm/cuda/warp_batch_inverse.cuh"

namespace zkmsm::cuda::detail {

// Lanes that sum the sources of one output item of SplitWindows: a power of two ≤ 32 (a warp),
// per level. Few output items (small n, late levels) take 32 lanes, so that each lane's chain of
// additions is short; many items take fewer lanes, each adding more sources in its loop (every
// addition useful) and fewer in the shuffle tree (where half the lanes idle at each step):
// enough lanes that the level has kSplitThreadsWanted threads (msm/common/window_split_plan.hpp,
// measured here).
inline constexpr u32 kMaxSplitLanes = 32;
inline u32 split_lanes(std::uint64_t out_items) {
  u32 lanes = 1;
  while (lanes < kMaxSplitLanes && out_items * lanes < kSplitThreadsWanted) lanes *= 2;
  return lanes;
}

// The walker's parts of split buckets, as reduce_buckets reads them: affine points (stream
// walker) or XYZZ points (xyzz walker).
template <class Part>
struct SplitParts {
  using Xyzz = DeviceXyzz<typename Part::BaseField>;
  const Part* head_points;
  const u32* head_bucket;
  const Part* tail_points;
  SplitLength length;

  // acc + the parts of a short bucket whose tail is in slot `origin`: that tail, then the heads of
  // the following slots while they belong to the bucket.
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Xyzz add_short(Xyzz acc, u32 bucket, u32 origin) const {
    acc = add_stored(acc, tail_points, origin);
    for (u64 v = origin + 1; v < length.slot_count && head_bucket[v] == bucket; ++v)
      acc = add_stored(acc, head_points, v);
    return acc;
  }
};

// items[w·(B + 1) + i] = the sum of the bucket of magnitude i in window w (i = 0: infinity).
// Part = DeviceAffine: the stream walker left whole buckets in bucket_sums (affine; infinity when
// split): every item is written here. Part = DeviceXyzz: the xyzz walker wrote whole buckets into
// items already (the rest is infinity from the plan's memset): only split buckets are written.
template <class Curve, class Part>
struct FinishBuckets {
  using Fd = DeviceBase<Curve>;
  using Xyzz = DeviceXyzz<Fd>;
  static constexpr bool kXyzzParts = std::is_same_v<Part, Xyzz>;
  const DeviceAffine<Fd>* bucket_sums;  // Part = DeviceAffine only
  const u32* split_index;               // per bucket: the slot of its tail part, or kNoBucket
  const Xyzz* split_sums;               // long split buckets' sums, at the tail slot
  SplitParts<Part> parts;               // short split buckets' parts
  u32 buckets;                          // B
  Xyzz* items;

  ZKMSM_HOST_DEVICE void operator()(u64 index) const {
    const u32 w = static_cast<u32>(index / (buckets + 1));
    const u32 i = static_cast<u32>(index % (buckets + 1));
    Xyzz sum = Xyzz::infinity();
    if (i != 0) {
      const u32 bucket = w * buckets + i - 1;
      const u32 split = split_index[bucket];
      if constexpr (kXyzzParts) {
        if (split == kNoBucket) return;
      } else {
        sum = sum.add_affine(load_affine_rw(bucket_sums, bucket));
      }
      if (split != kNoBucket)
        sum = parts.length.is_long(bucket) ? sum + split_sums[split] : parts.add_short(sum, bucket, split);
    } else if constexpr (kXyzzParts) {
      return;
    }
    store_xyzz(items, index, sum);
  }
};

#if defined(__CUDA_ARCH__)
template <class Fd>
__device__ __forceinline__ DeviceXyzz<Fd> shuffle_down_xyzz(const DeviceXyzz<Fd>& p, unsigned delta) {
  return {warp::shuffle_down(p.X, delta), warp::shuffle_down(p.Y, delta), warp::shuffle_down(p.ZZ, delta),
          warp::shuffle_down(p.ZZZ, delta)};
}
#endif

// One level: each of the V virtual windows per real window (2^K items, K = low_bits + high_bits)
// becomes its low child 2v (L, 2^low_bits items) and high child 2v + 1 (H, padded to 2^low_bits
// items, those ≥ 2^high_bits are infinity). Thread index = output item · lanes + lane, launched
// for a multiple of 32 threads (every lane of a warp takes part in the shuffles; those past the
// last item add nothing and store nothing). The lanes take every lanes-th source (H's sources are
// adjacent: the lanes' loads are coalesced) and add their sums with shuffles. Sums are lazily
// reduced in registers (lazy_xyzz.cuh). On the host, lane 0 adds every source.
template <class Curve>
struct SplitWindows {
  using Fd = DeviceBase<Curve>;
  using Xyzz = DeviceXyzz<Fd>;
  const Xyzz* in;
  u64 in_window_stride;   // items between real windows
  u32 in_virtual_stride;  // items between virtual windows (2^K)
  u32 virtuals;           // V
  u32 low_bits;
  u32 high_bits;
  u32 lanes;  // split_lanes(items)
  u64 items;  // output items
  Xyzz* out;  // [w][2V][2^low_bits]

  ZKMSM_HOST_DEVICE void operator()(u64 index) const {
    const u32 lane = static_cast<u32>(index % lanes);
    const u64 item_index = index / lanes;
    const u32 child_items = u32{1} << low_bits;
    const u32 item = static_cast<u32>(item_index % child_items);
    const u64 child = item_index / child_items;  // (w·V + v)·2 + high
    const bool high = (child & 1) != 0;
    const u64 parent = child >> 1;
    const Xyzz* x = in + (parent / virtuals) * in_window_stride + (parent % virtuals) * in_virtual_stride;
    u32 first = item, count = u32{1} << high_bits, stride = child_items;  // L_item = Σ_h X[h·2^lo + item]
    if (high) {                                                           // H_item = Σ_l X[item·2^lo + l]
      first = item << low_bits;
      count = item < (u32{1} << high_bits) ? child_items : 0;
      stride = 1;
    }
    if (item_index >= items) count = 0;
    Xyzz sum = Xyzz::infinity();
#if defined(__CUDA_ARCH__)
    for (u32 s = lane; s < count; s += lanes)
      sum = add_lazy(sum, load_xyzz_rw(x, first + static_cast<u64>(s) * stride));
    for (u32 delta = lanes / 2; delta != 0; delta /= 2) {
      const Xyzz other = shuffle_down_xyzz(sum, delta);
      if (lane < delta) sum = add_lazy(sum, other);
    }
    if (lane == 0 && item_index < items) store_xyzz(out, item_index, fully_reduced(sum));
#else
    if (lane != 0 || item_index >= items) return;
    for (u32 s = 0; s < count; ++s) sum = add_lazy(sum, x[first + static_cast<u64>(s) * stride]);
    out[item_index] = fully_reduced(sum);
#endif
  }
};

// The largest number of one-bit windows a window splits into (kMaxWindowBits − 1 = 21 bits:
// 21 → 11 → 6 → 3 → 2 → 1, five levels).
inline constexpr u32 kMaxBitWindows = 32;

// bit_sums[w·c + offset[v]] = item 1 of each one-bit window v (those with bits[v] = 1; the others
// cover no bit), and bit_sums[w·c + c − 1] = the bucket of magnitude B. Thread index =
// w·(V + 1) + v, v = V for the top bucket.
template <class Curve>
struct ExtractBitSums {
  using Fd = DeviceBase<Curve>;
  using Xyzz = DeviceXyzz<Fd>;
  const Xyzz* buckets;  // FinishBuckets' items
  u32 top;              // B: the top magnitude's item in each window of `buckets` (stride B + 1)
  const Xyzz* in;       // the last level's windows (the buckets themselves when c = 2)
  u64 in_window_stride;
  u32 in_virtual_stride;
  u32 virtuals;
  u32 window_bits;  // c
  unsigned char offset[kMaxBitWindows];
  unsigned char bits[kMaxBitWindows];
  Xyzz* bit_sums;  // this batch's first window

  ZKMSM_HOST_DEVICE void operator()(u64 index) const {
    const u64 w = index / (virtuals + 1);
    const u32 v = static_cast<u32>(index % (virtuals + 1));
    if (v == virtuals) {
      store_xyzz(bit_sums, w * window_bits + window_bits - 1, load_xyzz_rw(buckets, w * (top + 1) + top));
    } else if (bits[v] != 0) {
      store_xyzz(bit_sums, w * window_bits + offset[v],
                 load_xyzz_rw(in, w * in_window_stride + static_cast<u64>(v) * in_virtual_stride + 1));
    }
  }
};

}  // namespace zkmsm::cuda::detail
