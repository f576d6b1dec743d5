// The CUDA MSM pipeline driver: allocates every buffer up front and runs the stages in order, one
// file per stage (kernels are functors, so that HostExec can also run them as loops). See
// cuda_msm.hpp for the stage list and launch_sizes.hpp for the sizes.
//
// Data between stages, for one batch of W windows and n points (E = W·n entries):
//   keys[E], values[E]      decompose_scalars: key = w·B + (|digit| − 1), or the sentinel W·B for a
//                           zero digit or a point at infinity; value = point index | sign << 31
//   sorted keys/values      sort_by_bucket (CUB radix sort on the low key_bits bits)
//   bucket_start/end[W·B]   plan: each non-empty bucket's range in the sorted list; valid = M,
//                           the number of non-sentinel entries
//   bucket_sums[W·B]        accumulate_buckets: affine Σ of each bucket ((0,0) = empty/infinity)
//   bit_sums[T·c]           reduce_buckets: XYZZ sum of each bit position q = w·c + p of
//                           Σ_w 2^(w·c)·Σ_k k·B_{w,k}, downloaded to the host
//   result                  combine_windows (host, after the pipeline): Σ_q 2^q·bit_sums[q]
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "curve/affine_point.hpp"
#include "curve/xyzz_point.hpp"
#include "msm/cuda/bucket_bounds.cuh"
#include "msm/cuda/decompose_scalars.cuh"
#include "msm/cuda/endomorphism_points.cuh"
#include "msm/cuda/exec.cuh"
#include "msm/cuda/launch_sizes.hpp"
#include "msm/cuda/pair_tree.cuh"
#include "msm/cuda/reduce_buckets.cuh"
#include "msm/cuda/stream_walker.cuh"
#include "msm/cuda/walker_combine.cuh"
#include "msm/cuda/xyzz_walker.cuh"

namespace zkmsm::cuda::detail {

inline constexpr unsigned kGenericThreadsPerBlock = 256;

// ---- the driver ------------------------------------------------------------------------------------
struct DeviceInputs {
  const void* points;   // n AffinePoint (2 base field elements each)
  const void* scalars;  // n × 32 bytes
};

template <class Curve, int kS, class Exec>
CudaStatus launch_walker(Exec& exec, const MsmSizes& sizes, const WalkerArgs<DeviceBase<Curve>>& args) {
  return exec.for_each(sizes.walker_threads, sizes.threads_per_block, StreamWalker<Curve, kS>{args});
}

template <class Curve, int kS, class Exec>
CudaStatus launch_warp_walker(Exec& exec, const MsmSizes& sizes, const WalkerArgs<DeviceBase<Curve>>& args) {
  return exec.for_each(sizes.walker_threads, sizes.threads_per_block, StreamWalker<Curve, kS, true>{args});
}

template <class Curve, class Exec>
CudaStatus dispatch_walker(Exec& exec, const MsmSizes& sizes, const WalkerArgs<DeviceBase<Curve>>& args) {
  if (sizes.state == backend::WalkerState::warp) {
    switch (sizes.slots) {
      case 1:
        return launch_warp_walker<Curve, 1>(exec, sizes, args);
      case 2:
        return launch_warp_walker<Curve, 2>(exec, sizes, args);
      case 4:
        return launch_warp_walker<Curve, 4>(exec, sizes, args);
      default:
        return failure("unsupported walker_slots for warp state");
    }
  }
  if (sizes.state == backend::WalkerState::global_warp) {
    return exec.for_each(sizes.walker_threads, sizes.threads_per_block, StreamWalker<Curve, 0, true>{args});
  }
  if (sizes.state == backend::WalkerState::global) {
    const StreamWalker<Curve, 0> walker{args};
    switch (walker_min_blocks() != 0 ? walker_min_blocks() : sizes.walker_min_blocks) {
      case 3:
        return exec.template for_each_bounded<256, 3>(sizes.walker_threads, sizes.threads_per_block, walker);
      case 4:
        return exec.template for_each_bounded<256, 4>(sizes.walker_threads, sizes.threads_per_block, walker);
      default:
        return launch_walker<Curve, 0>(exec, sizes, args);
    }
  }
  switch (sizes.slots) {
    case 1:
      return launch_walker<Curve, 1>(exec, sizes, args);
    case 2:
      return launch_walker<Curve, 2>(exec, sizes, args);
    case 4:
      return launch_walker<Curve, 4>(exec, sizes, args);
    case 8:
      return launch_walker<Curve, 8>(exec, sizes, args);
    case 16:
      return launch_walker<Curve, 16>(exec, sizes, args);
    default:
      return failure("unsupported walker_slots for registers state");
  }
}

// Runs every stage for inputs already in the executor's memory and queues the download of the
// bit sums (T·c XYZZ points, Montgomery form) to *bit_sums; they are there once exec.finish()
// returned, for the host's combine_windows.
template <class Curve, class Exec>
CudaStatus run_pipeline(Exec& exec,
                        const MsmSizes& sizes,
                        const DeviceInputs& inputs,
                        std::vector<XyzzPoint<Curve>>* bit_sums) {
  using Fd = DeviceBase<Curve>;
  using Affine = DeviceAffine<Fd>;
  using Xyzz = DeviceXyzz<Fd>;
  static_assert(kDeviceLayoutMatches<Curve>, "device and host point layouts differ");
  static_assert(sizeof(Affine) == affine_bytes(Fd::kWords) && sizeof(Xyzz) == xyzz_bytes(Fd::kWords),
                "launch_sizes.hpp sizes are stale");

  const u32 n = static_cast<u32>(sizes.n);  // entry points: 2n with glv
  const u32 input_points = static_cast<u32>(sizes.input_points);
  const u64 entries = sizes.batch_entries;
  const auto* input_points_array = static_cast<const Affine*>(inputs.points);
  const auto* scalars = static_cast<const u32*>(inputs.scalars);

  // ---- allocations (all of them up front: the peak is their sum) ----
  u32 *keys = nullptr, *keys_alt = nullptr, *values = nullptr, *values_alt = nullptr;
  ZKMSM_TRY(exec.alloc(keys, entries));
  ZKMSM_TRY(exec.alloc(keys_alt, entries));
  ZKMSM_TRY(exec.alloc(values, entries));
  ZKMSM_TRY(exec.alloc(values_alt, entries));
  std::size_t temp_bytes = 0;
  ZKMSM_TRY(exec.sort_temp_bytes(static_cast<int>(entries), static_cast<int>(sizes.key_bits), &temp_bytes));
  unsigned char* sort_temp = nullptr;
  ZKMSM_TRY(exec.alloc(sort_temp, temp_bytes));
  u32 *bucket_start = nullptr, *bucket_end = nullptr;
  ZKMSM_TRY(exec.alloc(bucket_start, sizes.sentinel_key));
  ZKMSM_TRY(exec.alloc(bucket_end, sizes.sentinel_key));
  Affine* bucket_sums = nullptr;  // the stream walker's whole buckets (the xyzz walker writes bucket_items)
  if (!sizes.xyzz) ZKMSM_TRY(exec.alloc(bucket_sums, sizes.sentinel_key));
  // Part records of split buckets: affine (stream walker) or XYZZ (xyzz walker) points.
  unsigned char *head_parts = nullptr, *tail_parts = nullptr;
  u32 *head_bucket = nullptr, *tail_bucket = nullptr;
  ZKMSM_TRY(exec.alloc(head_parts, sizes.walker_slot_count * sizes.part_bytes()));
  ZKMSM_TRY(exec.alloc(tail_parts, sizes.walker_slot_count * sizes.part_bytes()));
  ZKMSM_TRY(exec.alloc(head_bucket, sizes.walker_slot_count));
  ZKMSM_TRY(exec.alloc(tail_bucket, sizes.walker_slot_count));
  Xyzz* split_sums = nullptr;
  u32* split_index = nullptr;
  ZKMSM_TRY(exec.alloc(split_sums, sizes.walker_slot_count));
  ZKMSM_TRY(exec.alloc(split_index, sizes.sentinel_key));
  // Records of combine levels ≥ 1, two sets used alternately.
  struct LevelRecords {
    u32 *head_bucket = nullptr, *tail_bucket = nullptr, *tail_origin = nullptr;
    Xyzz *head_value = nullptr, *tail_value = nullptr;
  } records[2];
  const u64 level_units = sizes.combine_level_units;
  if (level_units != 0) {
    for (LevelRecords& r : records) {
      ZKMSM_TRY(exec.alloc(r.head_bucket, level_units));
      ZKMSM_TRY(exec.alloc(r.tail_bucket, level_units));
      ZKMSM_TRY(exec.alloc(r.tail_origin, level_units));
      ZKMSM_TRY(exec.alloc(r.head_value, level_units));
      ZKMSM_TRY(exec.alloc(r.tail_value, level_units));
    }
  }
  u32* walker_state = nullptr;
  if (sizes.state_in_device_memory())
    ZKMSM_TRY(exec.alloc(walker_state, sizes.walker_slot_count * slot_words(Fd::kWords)));
  Xyzz* bucket_items = nullptr;
  ZKMSM_TRY(exec.alloc(bucket_items, static_cast<std::size_t>(sizes.batch_windows) * (sizes.buckets + 1)));
  Xyzz* split_buffer[2] = {nullptr, nullptr};
  for (int b = 0; b < 2; ++b) {
    if (sizes.split_buffer_items[b] != 0) ZKMSM_TRY(exec.alloc(split_buffer[b], sizes.split_buffer_items[b]));
  }
  const std::size_t bit_sum_count = static_cast<std::size_t>(sizes.windows) * sizes.window_bits;
  Xyzz* device_bit_sums = nullptr;
  ZKMSM_TRY(exec.alloc(device_bit_sums, bit_sum_count));  // every position written by ExtractBitSums
  unsigned char* meta = nullptr;
  ZKMSM_TRY(exec.alloc(meta, kMetaBytes));
  u32* valid = reinterpret_cast<u32*>(meta);
  u32* long_split_flag = reinterpret_cast<u32*>(meta + sizeof(u32));
  PairTreeBuffers<Fd> pair_tree;
  if (sizes.pair_tree) {
    ZKMSM_TRY(allocate_pair_tree(exec, sizes, reinterpret_cast<u32*>(meta + 2 * sizeof(u32)), pair_tree));
  }
  // The points the entries index: the inputs, or with glv P and φ(P) (timed with decompose).
  const Affine* points = input_points_array;
  if (sizes.glv) {
    Affine* glv_points = nullptr;
    ZKMSM_TRY(exec.alloc(glv_points, n));
    ZKMSM_TRY(exec.stage_begin(kDecompose));
    ZKMSM_TRY(exec.for_each(input_points, kGenericThreadsPerBlock,
                            EndomorphismPoints<Curve>{input_points_array, input_points,
                                                      EndomorphismPoints<Curve>::montgomery_beta(), glv_points}));
    ZKMSM_TRY(exec.stage_end(kDecompose));
    points = glv_points;
  }

  const u32 items_per_window = sizes.buckets + 1;
  for (unsigned first_window = 0; first_window < sizes.windows; first_window += sizes.batch_windows) {
    const u32 batch_windows = std::min(sizes.batch_windows, sizes.windows - first_window);
    const u64 batch_entries = static_cast<u64>(batch_windows) * n;

    // decompose_scalars
    ZKMSM_TRY(exec.stage_begin(kDecompose));
    ZKMSM_TRY(exec.for_each(
        input_points, kGenericThreadsPerBlock,
        DecomposeScalars<Curve>{scalars, input_points_array, input_points, n, sizes.glv, sizes.copies.count,
                                static_cast<u32>(sizes.copies.stride), sizes.copies.windows_per_copy, sizes.window_bits,
                                first_window, batch_windows, sizes.buckets, sizes.sentinel_key, keys, values}));
    ZKMSM_TRY(exec.stage_end(kDecompose));

    // sort_by_bucket
    ZKMSM_TRY(exec.stage_begin(kSort));
    bool sorted_in_alt = false;
    ZKMSM_TRY(exec.sort_pairs(keys, keys_alt, values, values_alt, static_cast<int>(batch_entries),
                              static_cast<int>(sizes.key_bits), sort_temp, temp_bytes, &sorted_in_alt));
    const u32* sorted_keys = sorted_in_alt ? keys_alt : keys;
    const u32* sorted_values = sorted_in_alt ? values_alt : values;
    ZKMSM_TRY(exec.stage_end(kSort));

    // plan: bucket boundaries, valid count; partial markers cleared; empty buckets = infinity.
    ZKMSM_TRY(exec.stage_begin(kPlan));
    if (sizes.pair_tree) {
      // The pair tree reads every bucket's length (0 for the empty ones).
      const std::size_t bound_bytes = static_cast<std::size_t>(batch_windows) * sizes.buckets * sizeof(u32);
      ZKMSM_TRY(exec.memset(bucket_start, 0, bound_bytes));
      ZKMSM_TRY(exec.memset(bucket_end, 0, bound_bytes));
    }
    ZKMSM_TRY(
        exec.for_each(batch_entries, kGenericThreadsPerBlock,
                      BucketBounds{sorted_keys, batch_entries, sizes.sentinel_key, bucket_start, bucket_end, valid}));
    if (batch_entries == 0) ZKMSM_TRY(exec.memset(valid, 0, sizeof(u32)));
    ZKMSM_TRY(exec.memset(head_bucket, 0xff, sizes.walker_slot_count * sizeof(u32)));
    ZKMSM_TRY(exec.memset(tail_bucket, 0xff, sizes.walker_slot_count * sizeof(u32)));
    if (sizes.xyzz) {
      ZKMSM_TRY(
          exec.memset(bucket_items, 0, static_cast<std::size_t>(batch_windows) * items_per_window * sizeof(Xyzz)));
    } else {
      ZKMSM_TRY(exec.memset(bucket_sums, 0, static_cast<std::size_t>(batch_windows) * sizes.buckets * sizeof(Affine)));
    }
    ZKMSM_TRY(exec.memset(split_index, 0xff, static_cast<std::size_t>(batch_windows) * sizes.buckets * sizeof(u32)));
    ZKMSM_TRY(exec.memset(long_split_flag, 0, sizeof(u32)));
    ZKMSM_TRY(exec.stage_end(kPlan));

    // accumulate_buckets
    ZKMSM_TRY(exec.stage_begin(kAccumulate));
    const SortedEntries<Fd> entries{points, sorted_keys, sorted_values, bucket_start, bucket_end, valid};
    const SplitLength split_length = entries.split_length(sizes.walker_slot_count);
    if (sizes.pair_tree) {
      ZKMSM_TRY(run_pair_tree<Curve>(exec, sizes, entries, batch_entries, batch_windows * sizes.buckets, pair_tree,
                                     bucket_sums));
    } else if (sizes.xyzz) {
      const XyzzWalker<Curve> walker{entries,         sizes.buckets,
                                     bucket_items,    reinterpret_cast<Xyzz*>(head_parts),
                                     head_bucket,     reinterpret_cast<Xyzz*>(tail_parts),
                                     tail_bucket,     split_index,
                                     long_split_flag, sizes.walker_threads};
      ZKMSM_TRY(exec.for_each(sizes.walker_threads, sizes.threads_per_block, walker));
    } else {
      const WalkerArgs<Fd> args{entries,
                                bucket_sums,
                                reinterpret_cast<Affine*>(head_parts),
                                head_bucket,
                                reinterpret_cast<Affine*>(tail_parts),
                                tail_bucket,
                                split_index,
                                long_split_flag,
                                sizes.walker_threads,
                                sizes.slots,
                                walker_state};
      ZKMSM_TRY(dispatch_walker<Curve>(exec, sizes, args));
    }
    ZKMSM_TRY(exec.stage_end(kAccumulate));
    // The walker's part records as their type: f(heads, tails) with affine (stream walker) or XYZZ
    // (xyzz walker) pointers.
    const auto with_parts = [&](const auto& f) -> CudaStatus {
      if (sizes.xyzz) return f(reinterpret_cast<const Xyzz*>(head_parts), reinterpret_cast<const Xyzz*>(tail_parts));
      return f(reinterpret_cast<const Affine*>(head_parts), reinterpret_cast<const Affine*>(tail_parts));
    };
    // combine_partials, level by level until one block holds every unit.
    ZKMSM_TRY(exec.stage_begin(kCombinePartials));
    ZKMSM_TRY(with_parts([&](const auto* heads, const auto* tails) -> CudaStatus {
      using Part = std::remove_const_t<std::remove_pointer_t<decltype(heads)>>;
      u64 units = sizes.walker_slot_count;
      const LevelRecords* in = nullptr;
      for (int level = 0;; ++level) {
        const bool last = units <= kCombineBlock;
        const u64 blocks = (units + kCombineBlock - 1) / kCombineBlock;
        const LevelRecords* out = last ? nullptr : &records[level % 2];
        if (out != nullptr) {
          ZKMSM_TRY(exec.memset(out->head_bucket, 0xff, blocks * sizeof(u32)));
          ZKMSM_TRY(exec.memset(out->tail_bucket, 0xff, blocks * sizeof(u32)));
        }
        const CombineLevel<Curve, Part> kernel{level == 0 ? heads : nullptr,
                                               level == 0 ? head_bucket : in->head_bucket,
                                               level == 0 ? tails : nullptr,
                                               level == 0 ? tail_bucket : in->tail_bucket,
                                               level == 0 ? nullptr : in->head_value,
                                               level == 0 ? nullptr : in->tail_value,
                                               level == 0 ? nullptr : in->tail_origin,
                                               units,
                                               out ? out->head_bucket : nullptr,
                                               out ? out->head_value : nullptr,
                                               out ? out->tail_bucket : nullptr,
                                               out ? out->tail_value : nullptr,
                                               out ? out->tail_origin : nullptr,
                                               split_sums,
                                               split_length,
                                               long_split_flag};
        ZKMSM_TRY(exec.for_each(units, point_kernel_threads_per_block(), kernel));
        if (last) return {};
        in = out;
        units = blocks;
      }
    }));
    ZKMSM_TRY(exec.stage_end(kCombinePartials));

    // reduce_buckets: whole buckets, the split levels, the bit sums.
    ZKMSM_TRY(exec.stage_begin(kReduce));
    ZKMSM_TRY(with_parts([&](const auto* heads, const auto* tails) {
      using Part = std::remove_const_t<std::remove_pointer_t<decltype(heads)>>;
      return exec.for_each(static_cast<u64>(batch_windows) * items_per_window, point_kernel_threads_per_block(),
                           FinishBuckets<Curve, Part>{bucket_sums, split_index, split_sums,
                                                      SplitParts<Part>{heads, head_bucket, tails, split_length},
                                                      sizes.buckets, bucket_items});
    }));
    const Xyzz* level_in = bucket_items;
    u64 window_stride = items_per_window;
    u32 virtual_stride = 0;
    for (std::size_t level = 0; level < sizes.split.levels.size(); ++level) {
      const WindowSplitLevel& l = sizes.split.levels[level];
      Xyzz* out = split_buffer[level % 2];
      const u64 out_items = static_cast<u64>(batch_windows) * 2 * l.virtuals_in << l.low_bits;
      const u32 lanes = split_lanes(out_items);
      const u64 threads = (out_items * lanes + kMaxSplitLanes - 1) / kMaxSplitLanes * kMaxSplitLanes;
      ZKMSM_TRY(exec.for_each(threads, point_kernel_threads_per_block(),
                              SplitWindows<Curve>{level_in, window_stride, virtual_stride, l.virtuals_in, l.low_bits,
                                                  l.high_bits, lanes, out_items, out}));
      level_in = out;
      virtual_stride = u32{1} << l.low_bits;
      window_stride = static_cast<u64>(2) * l.virtuals_in * virtual_stride;
    }
    if (sizes.split.bit_windows > kMaxBitWindows) return failure("window too wide for reduce_buckets");
    ExtractBitSums<Curve> extract{bucket_items,
                                  sizes.buckets,
                                  level_in,
                                  window_stride,
                                  virtual_stride,
                                  sizes.split.bit_windows,
                                  sizes.window_bits,
                                  {},
                                  {},
                                  device_bit_sums + static_cast<u64>(first_window) * sizes.window_bits};
    for (u32 v = 0; v < sizes.split.bit_windows; ++v) {
      extract.offset[v] = sizes.split.offset[v];
      extract.bits[v] = sizes.split.bits[v];
    }
    ZKMSM_TRY(exec.for_each(static_cast<u64>(batch_windows) * (sizes.split.bit_windows + 1), kGenericThreadsPerBlock,
                            extract));
    ZKMSM_TRY(exec.stage_end(kReduce));
  }

  ZKMSM_TRY(exec.stage_begin(kDownload));
  bit_sums->resize(bit_sum_count);
  ZKMSM_TRY(exec.download(bit_sums->data(), device_bit_sums, bit_sum_count * sizeof(Xyzz)));
  ZKMSM_TRY(exec.stage_end(kDownload));
  return {};
}

}  // namespace zkmsm::cuda::detail
