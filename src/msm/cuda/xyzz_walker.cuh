// accumulate_buckets with XYZZ buckets (accumulator = xyzz): the measured baseline of issue #15
// against the stream walker's batched affine additions, and what every fast public GPU MSM does.
//
// The M valid sorted entries are cut into `threads` equal contiguous ranges (slot_begin, one slot
// per thread). A thread adds its range's points into one XYZZ accumulator with mixed additions
// (madd-2008-s, 8M + 2S, complete: P + P and P + (−P) included; on lazily reduced coordinates,
// lazy_xyzz.cuh), and emits each piece (the part of one bucket inside the range) as the stream
// walker does: a whole bucket straight into
// reduce_buckets' items (w·(B + 1) + magnitude), a piece cut by the range start to its head
// record, a piece cut by the range end to its tail record (XYZZ; split_index[bucket] = the
// thread). No inversion and no state between rounds: one accumulator in registers, one loop.
#pragma once

#include "msm/cuda/device_memory_access.cuh"
#include "msm/cuda/lazy_xyzz.cuh"
#include "msm/cuda/stream_walker.cuh"

namespace zkmsm::cuda::detail {

template <class Curve>
struct XyzzWalker {
  using Fd = DeviceBase<Curve>;
  using Xyzz = DeviceXyzz<Fd>;
  SortedEntries<Fd> in;
  u32 buckets;  // B
  Xyzz* items;  // reduce_buckets' items, [w][B + 1]
  Xyzz* head_points;
  u32* head_bucket;
  Xyzz* tail_points;
  u32* tail_bucket;
  u32* split_index;
  u32* long_split_flag;
  u32 threads;

  // `lazy_sum` is lazily reduced (lazy_xyzz.cuh); what is stored is fully reduced.
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void emit(u32 t, u32 kind, u32 bucket, const Xyzz& lazy_sum) const {
    const Xyzz sum = fully_reduced(lazy_sum);
    if (kind == kPieceFull) {
      store_xyzz(items, static_cast<u64>(bucket) + bucket / buckets + 1, sum);
    } else if (kind == kPieceHead) {
      store_xyzz(head_points, t, sum);
      head_bucket[t] = bucket;
    } else {
      store_xyzz(tail_points, t, sum);
      tail_bucket[t] = bucket;
      note_tail(split_index, long_split_flag, in.split_length(threads), bucket, t);
    }
  }

  // One entry per iteration for every lane: a lane whose bucket changes emits the finished piece
  // and starts the next from the entry's point, the others add it. The warp's lanes walk ranges of
  // equal length in step, so the addition runs once per iteration for the whole warp. (A loop per
  // piece made each warp wait for its longest piece at every boundary: 172 warp instructions per
  // addition at 2^20, ~2.7× the multiplications' share; ncu, docs/cuda_notes.md run 8.)
  ZKMSM_HOST_DEVICE void operator()(u64 index) const {
    const u32 t = static_cast<u32>(index);
    const u32 m = *in.valid;
    u32 cur = slot_begin(t, m, threads);
    const u32 end = slot_begin(t + 1, m, threads);
    if (cur >= end) return;
    u32 bucket = in.keys[cur];
    // Only a range's first piece can start mid-bucket; it is a tail when the bucket runs past the range.
    u32 kind = cur != in.bucket_start[bucket] ? kPieceHead : in.bucket_end[bucket] <= end ? kPieceFull : kPieceTail;
    Xyzz sum = Xyzz::from_affine(gather(in.points, in.values[cur]));
    for (++cur; cur < end; ++cur) {
      const u32 key = in.keys[cur];
      const DeviceAffine<Fd> point = gather(in.points, in.values[cur]);
      if (key != bucket) {
        emit(t, kind, bucket, sum);
        bucket = key;
        kind = in.bucket_end[bucket] <= end ? kPieceFull : kPieceTail;
        sum = Xyzz::from_affine(point);
      } else {
        sum = add_affine_lazy(sum, point);
      }
    }
    emit(t, kind, bucket, sum);
  }
};

}  // namespace zkmsm::cuda::detail
