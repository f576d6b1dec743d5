// accumulate_buckets on Vulkan with a walker over the sorted entries, for one window batch whose
// sorted entries, bounds and valid count BucketStages left on the device, then the sum of the
// buckets it split between pieces (shaders/walker_combine.comp). Two walkers (`accumulator`):
//   stream_walker  the seeds' stream walker: S slots of running affine sums per invocation, one
//                  safegcd per round of S additions (shaders/stream_walker.comp with the slots in
//                  private memory, shaders/stream_walker_global.comp with them in a buffer)
//   xyzz           one running XYZZ sum per invocation, mixed additions, no inversion
//                  (shaders/xyzz_walker.comp; S = 1)
//
// Geometry: `threads` invocations in workgroups of `workgroup_size`, S = `slots` pieces each, so
// U = threads · S equal pieces of the M valid entries. Buffers (sized once, reused by every batch):
//   bucket_sums   a point per bucket of the batch (W · B), the sum (Montgomery form) of every
//                 non-empty bucket, affine for the stream walker ((0, 0) = infinity; 16 words on
//                 BN254 and Grumpkin, 24 on BLS12-381), XYZZ for the xyzz walker (ZZ = 0 =
//                 infinity; 32 or 48 words): bucket_sum_form(); empty buckets are not written
//                 (reduce_buckets reads bucket_start = bucket_end for them)
//   records       2 XYZZ points (2 × 4W words, W = field_words) per slot: the partial sums of split buckets
//                 (walker_records.glsl), and a second pair of buffers for ⌈U / K⌉ units: the
//                 combine's levels ping-pong between them
//   record_meta   4 words per slot (unit): bucket and flags of the two records
//   slot_state    registers: 2W + 4 words per slot (20 for W = 8), where a slot stands between two
//                 dispatches of the walker; global: the slots themselves, 5W + 7 words each (47 for
//                 W = 8; stream_walker_global.comp); xyzz: 4W + 4 words per invocation (the
//                 running XYZZ sum and its position between dispatches)
// The stream walker runs in dispatches of at most kRoundsPerDispatch rounds (each a batched
// inversion), the xyzz walker of at most kXyzzEntriesPerDispatch entries, as many as the longest
// piece (⌈E / U⌉ entries) needs: one with the automatic geometry, more under a thread cap.
// walker_combine.comp then sums the split buckets in ⌈log_K U⌉ levels of blocks of K =
// kCombineBlock units. Storage buffers per pipeline: walker 8, combine 5.
#pragma once

#include <cstdint>
#include <memory>

#include "msm/common/msm_backend.hpp"
#include "msm/vulkan/bucket_stages.hpp"
#include "msm/vulkan/command_batch.hpp"
#include "msm/vulkan/reduce_buckets.hpp"
#include "msm/vulkan/storage_buffer.hpp"
#include "msm/vulkan/vulkan_context.hpp"

namespace zkmsm::vulkan {

struct StreamWalkerShape {
  CurveId curve = CurveId::bn254;                    // the curve of the points
  std::uint32_t slots = 8;                           // S in [1, kMaxSlots]
  std::uint32_t workgroup_size = 64;                 // ≤ the device's maxComputeWorkGroupInvocations
  std::uint32_t threads = 1;                         // ≥ 1; threads · S < 2^31
  std::uint64_t max_buckets = 1;                     // W · B of the largest batch
  BufferMemory memory = BufferMemory::host_visible;  // every buffer: device_local on discrete GPUs
  // Where a walker invocation keeps its S slots; Vulkan has two of the walker states:
  //   registers  private arrays (stream_walker.comp): state saved to slot_state between dispatches
  //   global     slot_state itself (stream_walker_global.comp): slot loops not unrolled
  backend::WalkerState slot_memory = backend::WalkerState::registers;
  // stream_walker (the affine slots above) or xyzz (one XYZZ sum per invocation; slots must be 1,
  // slot_memory is not used).
  backend::AccumulatorKind accumulator = backend::AccumulatorKind::stream_walker;

  constexpr bool xyzz() const { return accumulator == backend::AccumulatorKind::xyzz; }
  bool operator==(const StreamWalkerShape&) const = default;
};

class StreamWalker {
 public:
  static constexpr std::uint32_t kMaxSlots = 64;
  static constexpr std::uint32_t kCombineWorkgroupSize = 64;  // not tuned
  // Rounds per walker dispatch: lavapipe ends any loop of an invocation after 65,535 iterations
  // over the whole shader (a safegcd inversion is ~750), so ≤ 32 rounds keep it well inside; on
  // GPUs it bounds a dispatch's length (driver watchdogs).
  static constexpr std::uint32_t kRoundsPerDispatch = 32;
  // Entries per invocation of one xyzz walker dispatch: bounds a dispatch's length (watchdogs);
  // lavapipe's loop limit allows far more (a mixed addition has no loop it cannot unroll). Above
  // the automatic geometry's ~32 entries, so only a thread cap makes more than one dispatch.
  static constexpr std::uint32_t kXyzzEntriesPerDispatch = 512;
  // slot_state words per slot: the registers walker's saved state (cursor, run start, bucket,
  // busy, the running affine sum: stream_walker.comp's kSlotStateWords), the global walker's slots
  // (stream_walker_global.comp's layout: the sum, the operand, the prefix product, the case and
  // six words of position).
  static constexpr std::uint64_t slot_state_words(const StreamWalkerShape& shape) {
    const std::uint64_t w = field_words(shape.curve);
    if (shape.xyzz()) return 4 * w + 4;
    return shape.slot_memory == backend::WalkerState::global ? 5 * w + 7 : 2 * w + 4;
  }
  // Units per combine invocation: at most 2K XYZZ additions each (lavapipe's loop limit); 16 is
  // not tuned.
  static constexpr std::uint32_t kCombineBlock = 16;
  // Two XYZZ records and four meta words per unit.
  static constexpr std::uint64_t record_bytes_per_unit(CurveId curve) { return 2 * xyzz_point_bytes(curve) + 4 * 4; }

  static Status create(std::unique_ptr<StreamWalker>& out, Context& context, const StreamWalkerShape& shape);
  // Device bytes create() allocates for `shape`.
  static std::uint64_t device_bytes(const StreamWalkerShape& shape);

  // Records the walker and the combine (dispatches only, no begin_stage) for the batch that
  // `stages` recorded last; `points` holds the bases (affine, shader_curve.hpp's layout).
  Status record(CommandBatch& batch, StorageBuffer& points, BucketStages& stages);
  // The two halves record() calls in order: the walker (stream_walker.cpp), then the combine
  // (walker_combine.cpp).
  Status record_walker(CommandBatch& batch, StorageBuffer& points, BucketStages& stages);
  Status record_combine(CommandBatch& batch);

  StorageBuffer& bucket_sums() { return *bucket_sums_; }
  BucketSumForm bucket_sum_form() const { return bucket_sum_form_of(shape_); }
  static constexpr BucketSumForm bucket_sum_form_of(const StreamWalkerShape& shape) {
    return shape.xyzz() ? BucketSumForm::xyzz : BucketSumForm::affine;
  }
  const StreamWalkerShape& shape() const { return shape_; }
  std::uint32_t slot_count() const { return shape_.threads * shape_.slots; }  // U

 private:
  StreamWalker(Context& context, const StreamWalkerShape& shape);
  Context& context_;
  StreamWalkerShape shape_;
  std::unique_ptr<StorageBuffer> bucket_sums_;
  std::unique_ptr<StorageBuffer> records_[2];
  std::unique_ptr<StorageBuffer> record_meta_[2];
  std::unique_ptr<StorageBuffer> slot_state_;
};

}  // namespace zkmsm::vulkan
