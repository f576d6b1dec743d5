#include "msm/vulkan/reduce_buckets.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <iterator>
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

}  // namespace

BucketReduction::BucketReduction(Context& context, const BucketReductionShape& shape)
    : context_(context), shape_(shape), plan_(plan_shader_window_split(shape.window_bits)) {}

std::uint64_t BucketReduction::device_bytes(const BucketReductionShape& shape) {
  const std::array<std::uint64_t, 2> items =
      window_split_buffer_items(plan_shader_window_split(shape.window_bits), shape.max_batch_windows);
  const std::uint64_t bit_sums = std::uint64_t{shape.windows} * shape.window_bits;
  const std::uint64_t read_back = shape.memory == BufferMemory::device_local ? bit_sums : 0;
  return (items[0] + items[1] + bit_sums + read_back) * xyzz_point_bytes(shape.curve);
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
  const std::array<std::uint64_t, 2> items = window_split_buffer_items(reduction->plan_, shape.max_batch_windows);
  for (int k = 0; k < 2; ++k) {
    if (Status s = StorageBuffer::create(reduction->level_items_[k], context, items[k] * xyzz_point_bytes(shape.curve),
                                         shape.memory);
        !s.ok())
      return s;
  }
  const std::uint64_t bit_sum_bytes = std::uint64_t{shape.windows} * shape.window_bits * xyzz_point_bytes(shape.curve);
  const bool read_back = shape.memory == BufferMemory::device_local;
  if (Status s = StorageBuffer::create(reduction->bit_sums_, context, bit_sum_bytes,
                                       read_back ? BufferMemory::device_local : BufferMemory::host_visible);
      !s.ok())
    return s;
  if (read_back) {
    if (Status s =
            StorageBuffer::create(reduction->bit_sums_read_back_, context, bit_sum_bytes, BufferMemory::host_staging);
        !s.ok())
      return s;
  }
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
  const OneBitWindows one_bit = one_bit_windows(plan_);
  arguments.one_bit_mask = one_bit.mask;
  std::copy(std::begin(one_bit.offset_bytes), std::end(one_bit.offset_bytes), arguments.offset_bytes);
  for (std::size_t level = 0; level < plan_.levels.size(); ++level) {
    const WindowSplitLevel& l = plan_.levels[level];
    const WindowSplitDispatch d = window_split_dispatch(plan_, level, windows);
    arguments.first_level = d.first ? 1 : 0;
    arguments.last_level = d.last ? 1 : 0;
    arguments.virtuals = l.virtuals_in;
    arguments.low_bits = l.low_bits;
    arguments.high_bits = l.high_bits;
    arguments.lanes_bits = static_cast<std::uint32_t>(std::countr_zero(d.lanes));
    arguments.source_steps = d.source_steps;
    arguments.in_window_stride = d.in_window_stride;
    arguments.in_virtual_stride = d.in_virtual_stride;
    arguments.items = static_cast<std::uint32_t>(d.items);
    StorageBuffer& in = *level_items_[(level + 1) % 2];  // level ℓ − 1's output (unused by the first)
    StorageBuffer& out = *level_items_[level % 2];       // unused by the last
    if (Status s = batch.dispatch(
            *split, {&bucket_sums, &stages.bucket_start(), &stages.bucket_end(), &in, &out, bit_sums_.get()},
            bytes_of(arguments), groups_for(d.invocations, kWorkgroupSize));
        !s.ok())
      return s;
  }
  return Status::success();
}

Status BucketReduction::record_read_back(CommandBatch& batch) {
  if (bit_sums_read_back_ == nullptr) return Status::success();
  return batch.copy(*bit_sums_, *bit_sums_read_back_, bit_sums_->size());
}

Status BucketReduction::read_bit_sums(std::span<std::uint32_t> out) const {
  if (out.size() != std::size_t{shape_.windows} * shape_.window_bits * xyzz_point_words(shape_.curve)) {
    return Status::error(StatusCode::invalid_argument, "reduce_buckets: the bit sums are T·c XYZZ points");
  }
  const StorageBuffer& readable = bit_sums_read_back_ != nullptr ? *bit_sums_read_back_ : *bit_sums_;
  return readable.read(std::as_writable_bytes(out), 0);
}

}  // namespace zkmsm::vulkan
