// accumulate_buckets.combine_partials: the sums of long split buckets.
#pragma once

#include "msm/cuda/device_memory_access.cuh"
#include "msm/cuda/stream_walker.cuh"

namespace zkmsm::cuda::detail {

// combine_partials: the sum of each long split bucket, by levels of units. A unit (a slot
// on level 0, a block of units above) has at most two records: a head (the part of a bucket that
// began before the unit) and a tail (a bucket that begins inside the unit and continues after it,
// tagged with its origin slot). A bucket's records sit in consecutive units: one tail, then heads.
// On each level, for each unit u whose records belong to long buckets (SplitLength)
//   * its tail is summed with the following heads of the same bucket inside its block; if the
//     bucket ends there, the XYZZ sum is final: split_sums[origin];
//     otherwise it becomes the block's tail record for the next level;
//   * if u starts a block and has a head, the run of heads of that bucket at the block start is
//     summed into the block's head record.
// Blocks of kCombineBlockUnits units, a thread per unit: a bucket spread over K slots takes
// ⌈log_8 K⌉ levels. No inversion: reduce_buckets adds the XYZZ sums. With random scalars no bucket
// is long, and each thread only looks at its records.
inline constexpr u32 kCombineBlock = static_cast<u32>(kCombineBlockUnits);

template <class Curve, class Part>  // Part: the walker's part records, DeviceAffine or DeviceXyzz
struct CombineLevel {
  using Fd = DeviceBase<Curve>;
  using Xyzz = DeviceXyzz<Fd>;
  // Level 0 (the walker's records); the XYZZ inputs below are null then.
  const Part* head_points;
  const u32* head_bucket;
  const Part* tail_points;
  const u32* tail_bucket;
  // Levels ≥ 1.
  const Xyzz* in_head_value;
  const Xyzz* in_tail_value;
  const u32* in_tail_origin;
  u64 units;
  // Records of the next level (null on the last level, where every sum is final).
  u32* out_head_bucket;
  Xyzz* out_head_value;
  u32* out_tail_bucket;
  Xyzz* out_tail_value;
  u32* out_tail_origin;
  // Final sums of long split buckets, at their origin slot.
  Xyzz* split_sums;
  SplitLength length;
  const u32* long_split_flag;  // 0: no bucket is long, nothing to do

  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Xyzz add_head(const Xyzz& acc, u64 v) const {
    return in_head_value == nullptr ? add_stored(acc, head_points, v) : acc + in_head_value[v];
  }

  ZKMSM_HOST_DEVICE void operator()(u64 u) const {
    if (*long_split_flag == 0) return;
    const u64 block = u / kCombineBlock;
    const u64 block_end = (block + 1) * kCombineBlock < units ? (block + 1) * kCombineBlock : units;
    if (u % kCombineBlock == 0) {
      const u32 bucket = head_bucket[u];
      if (bucket != kNoBucket && out_head_bucket != nullptr && length.is_long(bucket)) {
        Xyzz sum = add_head(Xyzz::infinity(), u);
        u64 v = u + 1;
        while (v < block_end && head_bucket[v] == bucket) sum = add_head(sum, v++);
        out_head_bucket[block] = bucket;
        out_head_value[block] = sum;
      }
    }
    const u32 bucket = tail_bucket[u];
    if (bucket == kNoBucket || !length.is_long(bucket)) return;
    const u32 origin = in_tail_origin == nullptr ? static_cast<u32>(u) : in_tail_origin[u];
    Xyzz sum = in_tail_value == nullptr ? add_stored(Xyzz::infinity(), tail_points, u) : in_tail_value[u];
    u64 v = u + 1;
    while (v < block_end && head_bucket[v] == bucket) sum = add_head(sum, v++);
    if (out_tail_bucket != nullptr && v == block_end && v < units && head_bucket[v] == bucket) {
      out_tail_bucket[block] = bucket;
      out_tail_origin[block] = origin;
      out_tail_value[block] = sum;
    } else {
      split_sums[origin] = sum;
    }
  }
};

}  // namespace zkmsm::cuda::detail
