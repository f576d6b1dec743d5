#include "msm/vulkan/stream_walker.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <string>

#include "msm/vulkan/dispatch_arguments.hpp"

namespace zkmsm::vulkan {
namespace {

// The push-constant block of stream_walker.comp, stream_walker_global.comp and xyzz_walker.comp
// (rounds: the xyzz walker's entries).
struct WalkerArguments {
  std::uint32_t threads;
  std::uint32_t slots;
  std::uint32_t first_round;
  std::uint32_t max_rounds;
};

}  // namespace

StreamWalker::StreamWalker(Context& context, const StreamWalkerShape& shape) : context_(context), shape_(shape) {}

std::uint64_t StreamWalker::device_bytes(const StreamWalkerShape& shape) {
  const std::uint64_t slots = std::uint64_t{shape.threads} * shape.slots;
  const std::uint64_t level_units = (slots + kCombineBlock - 1) / kCombineBlock;
  return shape.max_buckets * bucket_sum_bytes(shape.curve, bucket_sum_form_of(shape)) +
         (slots + level_units) * record_bytes_per_unit(shape.curve) + slots * slot_state_words(shape) * 4;
}

Status StreamWalker::create(std::unique_ptr<StreamWalker>& out, Context& context, const StreamWalkerShape& shape) {
  if (shape.slots == 0 || shape.slots > kMaxSlots) {
    return Status::error(StatusCode::invalid_argument,
                         "stream walker: slots must be in [1, " + std::to_string(kMaxSlots) + "]");
  }
  if (shape.workgroup_size == 0 || shape.workgroup_size > context.info().max_workgroup_invocations) {
    return Status::error(StatusCode::invalid_argument, "stream walker: threads per workgroup must be in [1, " +
                                                           std::to_string(context.info().max_workgroup_invocations) +
                                                           "] on this device");
  }
  if (shape.threads == 0 || std::uint64_t{shape.threads} * shape.slots >= (std::uint64_t{1} << 31)) {
    return Status::error(StatusCode::invalid_argument, "stream walker: threads · slots must be in [1, 2^31)");
  }
  if (shape.max_buckets == 0) return Status::error(StatusCode::invalid_argument, "stream walker: no buckets");
  if (shape.accumulator != backend::AccumulatorKind::stream_walker && !shape.xyzz()) {
    return Status::error(StatusCode::invalid_argument, "stream walker: the walkers are stream_walker and xyzz");
  }
  if (shape.xyzz() && shape.slots != 1) {
    return Status::error(StatusCode::invalid_argument, "xyzz walker: one slot per invocation");
  }
  std::unique_ptr<StreamWalker> walker(new StreamWalker(context, shape));
  const std::uint64_t slots = std::uint64_t{shape.threads} * shape.slots;
  if (Status s = StorageBuffer::create(walker->bucket_sums_, context,
                                       shape.max_buckets * bucket_sum_bytes(shape.curve, bucket_sum_form_of(shape)),
                                       shape.memory);
      !s.ok())
    return s;
  const std::uint64_t level_units = (slots + kCombineBlock - 1) / kCombineBlock;
  for (int k = 0; k < 2; ++k) {
    const std::uint64_t units = k == 0 ? slots : level_units;
    if (Status s = StorageBuffer::create(walker->records_[k], context, units * 2 * xyzz_point_bytes(shape.curve),
                                         shape.memory);
        !s.ok())
      return s;
    if (Status s = StorageBuffer::create(walker->record_meta_[k], context, units * 4 * 4, shape.memory); !s.ok())
      return s;
  }
  if (Status s = StorageBuffer::create(walker->slot_state_, context, slots * slot_state_words(shape) * 4, shape.memory);
      !s.ok())
    return s;
  out = std::move(walker);
  return Status::success();
}

Status StreamWalker::record(CommandBatch& batch, StorageBuffer& points, BucketStages& stages) {
  if (Status s = record_walker(batch, points, stages); !s.ok()) return s;
  return record_combine(batch);
}

Status StreamWalker::record_walker(CommandBatch& batch, StorageBuffer& points, BucketStages& stages) {
  if (std::uint64_t{stages.sentinel_key()} > shape_.max_buckets) {
    return Status::error(StatusCode::invalid_argument, "stream walker: the batch has more buckets than the walker");
  }
  const Pipeline* walker = nullptr;
  const CurveShaders shaders = curve_shaders(shape_.curve);
  ShaderId walker_shader = shaders.stream_walker;
  if (shape_.xyzz()) {
    walker_shader = shaders.xyzz_walker;
  } else if (shape_.slot_memory == backend::WalkerState::global) {
    walker_shader = shaders.stream_walker_global;
  }
  // Constant 1 (S) is not in xyzz_walker.comp (S = 1 there); Vulkan ignores it.
  const std::array<std::uint32_t, 2> specialization = {shape_.workgroup_size, shape_.slots};
  if (Status s = context_.pipeline(walker, walker_shader, specialization); !s.ok()) return s;
  // Each stream walker round consumes at least one entry of every busy slot, each xyzz step one
  // entry: the longest piece, ⌈E / U⌉ entries (E ≥ the valid count), needs at most that many.
  const std::uint64_t longest_piece = (std::uint64_t{stages.entries()} + slot_count() - 1) / slot_count();
  const std::uint32_t per_dispatch = shape_.xyzz() ? kXyzzEntriesPerDispatch : kRoundsPerDispatch;
  const std::uint64_t dispatches = std::max<std::uint64_t>(1, (longest_piece + per_dispatch - 1) / per_dispatch);
  for (std::uint64_t d = 0; d < dispatches; ++d) {
    const WalkerArguments walker_arguments{shape_.threads, slot_count(), d == 0 ? 1u : 0u, per_dispatch};
    if (Status s = batch.dispatch(*walker,
                                  {&points, &stages.sorted_keys(), &stages.sorted_values(), &stages.valid(),
                                   bucket_sums_.get(), records_[0].get(), record_meta_[0].get(), slot_state_.get()},
                                  bytes_of(walker_arguments), groups_for(shape_.threads, shape_.workgroup_size));
        !s.ok())
      return s;
  }
  return Status::success();
}

}  // namespace zkmsm::vulkan
