#include "msm/vulkan/reduce_buckets.hpp"

#include <algorithm>
#include <bit>
#include <span>
#include <string>

#include "msm/vulkan/dispatch_arguments.hpp"

namespace zkmsm::vulkan {
namespace {

// The push-constant block of split_windows.comp.
struct SplitArguments {
  std::uint32_t buckets;
  std::uint32_t windows;
  std::uint32_t first_window;
  std::uint32_t window_bits;
  std::uint32_t first_level;
  std::uint32_t last_level;
  std::uint32_t virtuals;
  std::uint32_t low_bits;
  std::uint32_t high_bits;
  std::uint32_t lanes_bits;
  std::uint32_t source_steps;
  std::uint32_t in_window_stride;
  std::uint32_t in_virtual_stride;
  std::uint32_t items;
  std::uint32_t one_bit_mask;
  std::uint32_t offset_bytes[8];
};
static_assert(sizeof(SplitArguments) == 92);

// The plan of a window of c bits: its c − 1 low bits split, at least one level (the last writes
// the bit sums).
WindowSplitPlan plan_for(std::uint32_t window_bits) { return plan_window_split(window_bits - 1, true); }

// Output items of a level for W windows: W·2V·2^lo.
std::uint64_t level_items(const WindowSplitLevel& level, std::uint32_t windows) {
  return std::uint64_t{windows} * 2 * level.virtuals_in << level.low_bits;
}

// XYZZ items of the two ping-pong level buffers: level ℓ (but the last) writes buffer ℓ mod 2.
std::array<std::uint64_t, 2> level_buffer_items(const WindowSplitPlan& plan, std::uint32_t windows) {
  std::array<std::uint64_t, 2> items = {1, 1};
  for (std::size_t level = 0; level + 1 < plan.levels.size(); ++level)
    items[level % 2] = std::max(items[level % 2], level_items(plan.levels[level], windows));
  return items;
}

}  // namespace

std::uint32_t BucketReduction::lanes_for(std::uint64_t items, std::uint32_t sources) {
  std::uint32_t lanes = 1;
  while (lanes < kMaxLanes && lanes < sources && items * lanes < kThreadsWanted) lanes *= 2;
  return lanes;
}

BucketReduction::BucketReduction(Context& context, const BucketReductionShape& shape)
    : context_(context), shape_(shape), plan_(plan_for(shape.window_bits)) {}

std::uint64_t BucketReduction::device_bytes(const BucketReductionShape& shape) {
  const std::array<std::uint64_t, 2> items = level_buffer_items(plan_for(shape.window_bits), shape.max_batch_windows);
  return (items[0] + items[1] + std::uint64_t{shape.windows} * shape.window_bits) * xyzz_point_bytes(shape.curve);
}

Status BucketReduction::create(std::unique_ptr<BucketReduction>& out,
                               Context& context,
                               const BucketReductionShape& shape) {
  if (shape.window_bits < 2 || shape.window_bits > kMaxWindowBits) {
    return Status::error(StatusCode::invalid_argument, "bucket reduction: window_bits must be in [2, 22]");
  }
  if (shape.windows == 0 || shape.max_batch_windows == 0 || shape.max_batch_windows > shape.windows) {
    return Status::error(StatusCode::invalid_argument, "bucket reduction: need 1 ≤ batch windows ≤ windows");
  }
  std::unique_ptr<BucketReduction> reduction(new BucketReduction(context, shape));
  if (reduction->plan_.bit_windows > 32) {
    return Status::error(StatusCode::invalid_argument, "bucket reduction: more than 32 one-bit windows");
  }
  const std::array<std::uint64_t, 2> items = level_buffer_items(reduction->plan_, shape.max_batch_windows);
  for (int k = 0; k < 2; ++k) {
    if (Status s = StorageBuffer::create(reduction->level_items_[k], context, items[k] * xyzz_point_bytes(shape.curve),
                                         shape.memory);
        !s.ok())
      return s;
  }
  if (Status s =
          StorageBuffer::create(reduction->bit_sums_, context,
                                std::uint64_t{shape.windows} * shape.window_bits * xyzz_point_bytes(shape.curve));
      !s.ok())
    return s;
  out = std::move(reduction);
  return Status::success();
}

Status BucketReduction::record_batch(CommandBatch& batch,
                                     StorageBuffer& bucket_sums,
                                     BucketSumForm form,
                                     BucketStages& stages,
                                     std::uint32_t first_window) {
  const std::uint32_t windows = stages.batch_windows();
  if (windows == 0 || windows > shape_.max_batch_windows || first_window + windows > shape_.windows ||
      stages.shape().window_bits != shape_.window_bits) {
    return Status::error(StatusCode::invalid_argument, "reduce_buckets: the batch does not fit the reduction's shape");
  }
  const std::array<std::uint32_t, 2> specialization = {kWorkgroupSize, static_cast<std::uint32_t>(form)};
  const Pipeline* split = nullptr;
  if (Status s = context_.pipeline(split, curve_shaders(shape_.curve).split_windows, specialization); !s.ok()) return s;

  SplitArguments arguments{};
  arguments.buckets = stages.buckets();
  arguments.windows = windows;
  arguments.first_window = first_window;
  arguments.window_bits = shape_.window_bits;
  for (std::uint32_t u = 0; u < plan_.bit_windows; ++u) {
    if (plan_.bits[u] != 0) arguments.one_bit_mask |= 1u << u;
    arguments.offset_bytes[u / 4] |= std::uint32_t{plan_.offset[u]} << (8 * (u % 4));
  }
  for (std::size_t level = 0; level < plan_.levels.size(); ++level) {
    const WindowSplitLevel& l = plan_.levels[level];
    const bool first = level == 0, last = level + 1 == plan_.levels.size();
    const std::uint64_t items = level_items(l, windows);
    const std::uint32_t sources = 1u << l.low_bits;  // the most an item adds (2^lo ≥ 2^hi)
    const std::uint32_t lanes = lanes_for(items, sources);
    arguments.first_level = first ? 1 : 0;
    arguments.last_level = last ? 1 : 0;
    arguments.virtuals = l.virtuals_in;
    arguments.low_bits = l.low_bits;
    arguments.high_bits = l.high_bits;
    arguments.lanes_bits = static_cast<std::uint32_t>(std::countr_zero(lanes));
    arguments.source_steps = (sources + lanes - 1) / lanes;
    arguments.items = static_cast<std::uint32_t>(items);
    if (!first) {
      const WindowSplitLevel& previous = plan_.levels[level - 1];
      arguments.in_virtual_stride = 1u << previous.low_bits;
      arguments.in_window_stride = 2 * previous.virtuals_in * arguments.in_virtual_stride;
    }
    StorageBuffer& in = *level_items_[(level + 1) % 2];  // level ℓ − 1's output (unused by the first)
    StorageBuffer& out = *level_items_[level % 2];       // unused by the last
    const std::uint64_t invocations = items * lanes + (last ? windows : 0);
    if (Status s = batch.dispatch(
            *split, {&bucket_sums, &stages.bucket_start(), &stages.bucket_end(), &in, &out, bit_sums_.get()},
            bytes_of(arguments), groups_for(invocations, kWorkgroupSize));
        !s.ok())
      return s;
  }
  return Status::success();
}

Status BucketReduction::read_bit_sums(std::span<std::uint32_t> out) const {
  if (out.size() != std::size_t{shape_.windows} * shape_.window_bits * xyzz_point_words(shape_.curve)) {
    return Status::error(StatusCode::invalid_argument, "reduce_buckets: the bit sums are T·c XYZZ points");
  }
  return bit_sums_->read(std::as_writable_bytes(out), 0);
}

}  // namespace zkmsm::vulkan
