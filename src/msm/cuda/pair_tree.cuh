// accumulate_buckets with the pair tree (accumulator = pair_tree): the seed system's second
// accumulator. Every bucket's entries are added in pairs, level by level, each level a batch of
// independent affine additions with one inversion per thread (Montgomery's trick + safegcd), until
// every bucket has one sum. The layout is the Vulkan backend's (msm/common/pair_tree_layout.hpp):
//
//   count(ℓ) = ⌈N / 2^ℓ⌉ partial sums of a bucket of N entries at level ℓ. While count ≥ 2 the
//   bucket takes 2·⌈count / 2⌉ positions of the level's array (an even number: the pairs (2i, 2i + 1)
//   never straddle two buckets; the pad after an odd count is never read), at offsets[b] (an
//   exclusive scan of the positions over the buckets, offsets[W·B] = the level's total), and
//   keys[q] = the bucket of position q. A bucket with count ≤ 1 takes none.
//
// Stages, per window batch (bucket_start / bucket_end cleared by the plan for empty buckets):
//   PairTreePositions  positions of every bucket at a level, scanned by exec.exclusive_scan
//   PairTreePrepare    per sorted entry: N = 1 → bucket_sums[b] = its point; N ≥ 2 → level 0's key
//                      of its position; the longest bucket's N (max_count), whose ⌈log₂ N⌉ is the
//                      number of levels (the host reads it once)
//   PairTreeLevel      per thread, S pairs of positions (2i, 2i + 1): lhs + rhs (rhs = infinity
//                      for an odd count's last entry); count = 2 → the bucket's sum to bucket_sums,
//                      else position offsets_out[b] + j of the next level (j = the pair's index in
//                      its bucket). Level 0's entries are sorted entries (signed point indices);
//                      later levels' are affine points of the level arrays.
// Points, partial sums and bucket sums: DeviceAffine, Montgomery form, fully reduced, (0, 0) =
// infinity. The additions use the one case analysis (msm/common/affine_pair.hpp), so repeated
// points, P + (−P) and infinity are handled in the batch.
#pragma once

#include "msm/common/affine_pair.hpp"
#include "msm/common/pair_tree_layout.hpp"
#include "msm/cuda/device_memory_access.cuh"
#include "msm/cuda/exec.cuh"
#include "msm/cuda/launch_sizes.hpp"
#include "msm/cuda/stream_walker.cuh"

namespace zkmsm::cuda::detail {

// ⌈n / 2^level⌉ (level ≤ 31).
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE u32 pair_tree_count(u32 n, u32 level) {
  return n == 0 ? 0u : ((n - 1) >> level) + 1;
}

// Positions of a bucket of n entries in the array of `level`.
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE u32 pair_tree_positions(u32 n, u32 level) {
  const u32 count = pair_tree_count(n, level);
  return count >= 2 ? count + (count & 1) : 0u;
}

// *target = max(*target, value), atomically on the device.
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void atomic_max_u32(u32* target, u32 value) {
#if defined(__CUDA_ARCH__)
  atomicMax(target, value);
#else
  if (*target < value) *target = value;
#endif
}

// positions[b] for b < buckets (bucket_start / bucket_end are 0 for an empty bucket), and
// positions[buckets] = 0, so that the exclusive scan's last word is the level's total.
struct PairTreePositions {
  const u32* bucket_start;
  const u32* bucket_end;
  u32 buckets;
  u32 level;
  u32* positions;

  ZKMSM_HOST_DEVICE void operator()(u64 index) const {
    const u32 b = static_cast<u32>(index);
    positions[b] = b == buckets ? 0u : pair_tree_positions(bucket_end[b] - bucket_start[b], level);
  }
};

template <class Fd>
struct PairTreePrepare {
  SortedEntries<Fd> in;
  u32 sentinel;  // W·B
  const u32* offsets0;
  u32* keys0;
  DeviceAffine<Fd>* bucket_sums;
  u32* max_count;

  ZKMSM_HOST_DEVICE void operator()(u64 p) const {
    const u32 bucket = in.keys[p];
    if (bucket >= sentinel) return;
    const u32 start = in.bucket_start[bucket];
    const u32 count = in.bucket_end[bucket] - start;
    if (count >= 2) {
      keys0[offsets0[bucket] + static_cast<u32>(p) - start] = bucket;
      if (p == start) atomic_max_u32(max_count, count);
    } else {
      store_affine(bucket_sums, bucket, gather(in.points, in.values[p]));
    }
  }
};

template <class Fd>
struct PairTreeLevelArgs {
  SortedEntries<Fd> in;
  u32 buckets;  // W·B: offsets[buckets] is the level's total positions
  u32 level;
  const u32* keys_in;
  const u32* offsets_in;
  const DeviceAffine<Fd>* active_in;  // level ≥ 1
  u32* keys_out;
  const u32* offsets_out;
  DeviceAffine<Fd>* active_out;
  DeviceAffine<Fd>* bucket_sums;
  u32 slots;      // S ≤ kMaxPairTreeSlots pairs per thread
  bool dx_cache;  // keep each pair's denominator for the backward pass instead of recomputing it
};

// Where the pair at an (even) position lives: its bucket, the bucket's first position and first
// sorted entry, whether its rhs exists and whether its sum is the bucket's.
struct PairTreeSlot {
  u32 bucket;
  u32 offset;  // the bucket's first position at this level
  u32 start;   // the bucket's first sorted entry (level 0)
  bool has_rhs;
  bool final_sum;
};

// The per-thread arrays are sized for the largest S; a smaller S leaves their tail untouched
// (local memory that is never read costs nothing), so one kernel per curve serves every S.
inline constexpr int kMaxPairTreeSlots = 32;

template <class Curve>
struct PairTreeLevel {
  using Fd = DeviceBase<Curve>;
  using Affine = DeviceAffine<Fd>;
  PairTreeLevelArgs<Fd> a;

  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE PairTreeSlot locate(u32 q) const {
    PairTreeSlot s;
    s.bucket = a.keys_in[q];
    s.offset = a.offsets_in[s.bucket];
    s.start = a.in.bucket_start[s.bucket];
    const u32 count = pair_tree_count(a.in.bucket_end[s.bucket] - s.start, a.level);
    s.has_rhs = q + 1 < s.offset + count;
    s.final_sum = count == 2;
    return s;
  }
  // The entry at position q: a signed input point (level 0) or a partial sum.
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Affine entry(u32 q, const PairTreeSlot& s) const {
    if (a.level == 0) return gather(a.in.points, a.in.values[s.start + q - s.offset]);
    return load_affine(a.active_in, q);
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Fd entry_x(u32 q, const PairTreeSlot& s) const {
    if (a.level == 0) return load_affine_x(a.in.points, a.in.values[s.start + q - s.offset] & ~kNegative);
    return load_affine_x(a.active_in, q);
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void operands(u32 q, const PairTreeSlot& s, Affine& lhs, Affine& rhs) const {
    lhs = entry(q, s);
    rhs = s.has_rhs ? entry(q + 1, s) : Affine::infinity();
  }

  ZKMSM_HOST_DEVICE void operator()(u64 t) const {
    const u32 total = a.offsets_in[a.buckets];
    const u64 first = 2 * static_cast<u64>(t) * a.slots;
    if (first >= total) return;
    const int used = static_cast<int>(first + 2 * a.slots <= total ? a.slots : (total - first) / 2);
    Fd prefix[kMaxPairTreeSlots];  // exclusive prefix products of the denominators
    Fd dx[kMaxPairTreeSlots];      // the denominators (dx cache)
    unsigned char cases[kMaxPairTreeSlots];

    // Forward: classify (x-only fast path for distinct non-zero x), chain the denominators.
    Fd product = Fd::one();
    for (int k = 0; k < used; ++k) {
      const u32 q = static_cast<u32>(first) + 2 * k;
      const PairTreeSlot s = locate(q);
      AffinePairCase pair_case;
      Fd d;
      const Fd lhs_x = entry_x(q, s);
      const Fd rhs_x = s.has_rhs ? entry_x(q + 1, s) : Fd::zero();
      if (s.has_rhs && !lhs_x.is_zero() && !rhs_x.is_zero() && lhs_x != rhs_x) {
        pair_case = AffinePairCase::add;
        d = rhs_x - lhs_x;
      } else {
        Affine lhs, rhs;
        operands(q, s, lhs, rhs);
        pair_case = classify_affine_pair(lhs, rhs);
        if (affine_pair_has_denominator(pair_case)) d = affine_pair_denominator(pair_case, lhs, rhs);
      }
      cases[k] = static_cast<unsigned char>(pair_case);
      if (affine_pair_has_denominator(pair_case)) {
        prefix[k] = product;
        product = product * d;
        if (a.dx_cache) dx[k] = d;
      }
    }
    Fd inverse = product.inverse_vartime();  // 1⁻¹ = 1 when no pair has a denominator

    // Backward: peel the denominators, finish each addition, write it where the next level reads it.
    for (int k = used - 1; k >= 0; --k) {
      const u32 q = static_cast<u32>(first) + 2 * k;
      const PairTreeSlot s = locate(q);
      Affine lhs, rhs;
      operands(q, s, lhs, rhs);
      const auto pair_case = static_cast<AffinePairCase>(cases[k]);
      Affine sum;
      if (affine_pair_has_denominator(pair_case)) {
        const Fd inverse_denominator = inverse * prefix[k];
        inverse = inverse * (a.dx_cache ? dx[k] : affine_pair_denominator(pair_case, lhs, rhs));
        sum = affine_pair_slope_sum(pair_case, lhs, rhs, inverse_denominator);
      } else {
        sum = affine_pair_sum(pair_case, lhs, rhs, inverse);
      }
      if (s.final_sum) {
        store_affine(a.bucket_sums, s.bucket, sum);
      } else {
        const u32 position = a.offsets_out[s.bucket] + (q - s.offset) / 2;
        store_affine(a.active_out, position, sum);
        a.keys_out[position] = s.bucket;
      }
    }
  }
};

// The pair tree's device arrays (MsmSizes::pair_tree_keys / pair_tree_points, scan words W·B + 1).
template <class Fd>
struct PairTreeBuffers {
  u32* keys[2] = {nullptr, nullptr};
  DeviceAffine<Fd>* points[2] = {nullptr, nullptr};
  u32* positions = nullptr;
  u32* offsets[2] = {nullptr, nullptr};
  void* scan_temp = nullptr;
  std::size_t scan_temp_bytes = 0;
  u32* max_count = nullptr;  // one word of the pipeline's meta block (allocate_pair_tree's argument)
};

// `max_count_word`: a word of device memory the caller owns (counted in its sizes).
template <class Exec, class Fd>
CudaStatus allocate_pair_tree(Exec& exec, const MsmSizes& sizes, u32* max_count_word, PairTreeBuffers<Fd>& b) {
  if (max_count_word == nullptr) return failure("pair tree: no word for the longest bucket");
  b.max_count = max_count_word;
  const u64 scan_words = static_cast<u64>(sizes.sentinel_key) + 1;
  for (int i = 0; i < 2; ++i) {
    ZKMSM_TRY(exec.alloc(b.keys[i], sizes.pair_tree_keys[i]));
    ZKMSM_TRY(exec.alloc(b.points[i], sizes.pair_tree_points[i]));
    ZKMSM_TRY(exec.alloc(b.offsets[i], scan_words));
  }
  ZKMSM_TRY(exec.alloc(b.positions, scan_words));
  ZKMSM_TRY(exec.scan_temp_bytes(static_cast<int>(scan_words), &b.scan_temp_bytes));
  unsigned char* temp = nullptr;
  ZKMSM_TRY(exec.alloc(temp, b.scan_temp_bytes));
  b.scan_temp = temp;
  return {};
}

// offsets[b] of `level` for the batch's W·B = sentinel buckets, and offsets[sentinel] = the total.
template <class Exec>
CudaStatus scan_pair_tree_level(Exec& exec,
                                const u32* bucket_start,
                                const u32* bucket_end,
                                u32 sentinel,
                                u32 level,
                                u32* positions,
                                u32* offsets,
                                void* temp,
                                std::size_t temp_bytes) {
  ZKMSM_TRY(exec.for_each(static_cast<u64>(sentinel) + 1, 256,
                          PairTreePositions{bucket_start, bucket_end, sentinel, level, positions}));
  return exec.exclusive_scan(positions, offsets, static_cast<int>(sentinel + 1), temp, temp_bytes);
}

// accumulate_buckets with the pair tree: every bucket's sum into bucket_sums (affine; the plan
// cleared it, so empty buckets stay infinity). One synchronisation: the host reads the longest
// bucket's length to know the number of levels.
template <class Curve, class Exec>
CudaStatus run_pair_tree(Exec& exec,
                         const MsmSizes& sizes,
                         const SortedEntries<DeviceBase<Curve>>& in,
                         u64 batch_entries,
                         u32 sentinel,
                         PairTreeBuffers<DeviceBase<Curve>>& b,
                         DeviceAffine<DeviceBase<Curve>>* bucket_sums) {
  using Fd = DeviceBase<Curve>;
  ZKMSM_TRY(scan_pair_tree_level(exec, in.bucket_start, in.bucket_end, sentinel, 0, b.positions, b.offsets[0],
                                 b.scan_temp, b.scan_temp_bytes));
  ZKMSM_TRY(exec.memset(b.max_count, 0, sizeof(u32)));
  ZKMSM_TRY(exec.for_each(batch_entries, 256,
                          PairTreePrepare<Fd>{in, sentinel, b.offsets[0], b.keys[0], bucket_sums, b.max_count}));
  u32 longest = 0;
  ZKMSM_TRY(exec.download(&longest, b.max_count, sizeof(u32)));
  ZKMSM_TRY(exec.synchronize());
  const u32 depth = pair_tree_levels(longest);
  for (u32 level = 0; level < depth; ++level) {
    const int in_side = static_cast<int>(level & 1), out_side = 1 - in_side;
    // The next level's offsets first: this level writes its sums there.
    if (level + 1 < depth) {
      ZKMSM_TRY(scan_pair_tree_level(exec, in.bucket_start, in.bucket_end, sentinel, level + 1, b.positions,
                                     b.offsets[out_side], b.scan_temp, b.scan_temp_bytes));
    }
    const PairTreeLevelArgs<Fd> args{in,
                                     sentinel,
                                     level,
                                     b.keys[in_side],
                                     b.offsets[in_side],
                                     b.points[in_side],
                                     b.keys[out_side],
                                     b.offsets[out_side],
                                     b.points[out_side],
                                     bucket_sums,
                                     sizes.slots,
                                     sizes.pair_tree_dx_cache};
    const u64 pairs = (pair_tree_positions_bound(batch_entries, level) + 1) / 2;
    const u64 threads = (pairs + sizes.slots - 1) / sizes.slots;
    if (sizes.slots == 0 || sizes.slots > static_cast<unsigned>(kMaxPairTreeSlots))
      return failure("unsupported pair tree slots");
    ZKMSM_TRY(exec.for_each(threads, kPairTreeThreadsPerBlock, PairTreeLevel<Curve>{args}));
  }
  return {};
}

}  // namespace zkmsm::cuda::detail
