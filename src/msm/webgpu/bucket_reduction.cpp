// reduce_buckets on the device (bucket_reduction.hpp).
#include "msm/webgpu/bucket_reduction.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <iterator>
#include <string>

#include "msm/common/window_cost_model.hpp"
#include "msm/webgpu/shader_sources.hpp"

namespace zkmsm::webgpu {

namespace {

// split_windows.wgsl's @workgroup_size: an item's lanes in one.
constexpr std::uint32_t kWorkgroupSize = kSplitMaxLanes;

std::uint32_t groups_for(std::uint64_t invocations) {
  return static_cast<std::uint32_t>((invocations + kWorkgroupSize - 1) / kWorkgroupSize);
}

// split_windows.wgsl's uniform Arguments: 16 words, then the offsets (array<vec4<u32>, 2>).
struct SplitArguments {
  std::uint32_t buckets, windows, first_window, window_bits, first_level, last_level, virtuals, low_bits, high_bits,
      lanes_bits, source_steps, in_window_stride, in_virtual_stride, items, one_bit_mask, padding;
  std::uint32_t offset_bytes[8];
};
static_assert(sizeof(SplitArguments) == 96);

// The buffers' sizes in bytes: the two level buffers (level ℓ but the last writes ℓ mod 2), the
// bit sums.
struct ReductionBufferBytes {
  std::uint64_t level_items[2], bit_sums;
};

ReductionBufferBytes buffer_bytes(const BucketReductionShape& shape) {
  const std::array<std::uint64_t, 2> items =
      window_split_buffer_items(plan_shader_window_split(shape.window_bits), shape.max_batch_windows);
  const std::uint64_t point = xyzz_point_bytes(shape.curve);
  return {{items[0] * point, items[1] * point}, std::uint64_t{shape.windows} * shape.window_bits * point};
}

}  // namespace

BucketReduction::BucketReduction(Context& context, const BucketReductionShape& shape)
    : context_(context), shape_(shape), plan_(plan_shader_window_split(shape.window_bits)) {}

std::uint64_t BucketReduction::device_bytes(const BucketReductionShape& shape) {
  const ReductionBufferBytes bytes = buffer_bytes(shape);
  return allocation_bytes(bytes.level_items[0]) + allocation_bytes(bytes.level_items[1]) +
         allocation_bytes(bytes.bit_sums) + kMaxLevels * allocation_bytes(sizeof(SplitArguments));
}

Status BucketReduction::create(Context& context,
                               const BucketReductionShape& shape,
                               std::unique_ptr<BucketReduction>& out) {
  if (shape.window_bits < kMinWindowBits || shape.window_bits > kMaxWindowBits)
    return Status::error("bucket reduction: window_bits must be in [2, 22]");
  if (shape.windows == 0 || shape.max_batch_windows == 0 || shape.max_batch_windows > shape.windows)
    return Status::error("bucket reduction: need 1 <= batch windows <= windows");
  std::unique_ptr<BucketReduction> reduction(new BucketReduction(context, shape));
  if (reduction->plan_.levels.size() > kMaxLevels || reduction->plan_.bit_windows > 32)
    return Status::error("bucket reduction: more levels or one-bit windows than the shader takes");
  const std::string source = wgsl_curve_constants(shape.curve) + wgsl_bucket_sum_form(shape.xyzz_bucket_sums) +
                             kDispatchSource + kFieldSource + kSafegcdInverseSource + kCurveSource +
                             kSplitWindowsSource;
  constexpr BindingKind kinds[] = {BindingKind::read_only_storage,
                                   BindingKind::read_only_storage,
                                   BindingKind::read_only_storage,
                                   BindingKind::read_only_storage,
                                   BindingKind::storage,
                                   BindingKind::storage,
                                   BindingKind::uniform};
  if (Status s = context.pipeline(source, kinds, reduction->split_, WordLoops::unrolled); !s.ok) return s;
  const ReductionBufferBytes bytes = buffer_bytes(shape);
  for (int k = 0; k < 2; ++k) {
    if (Status s = context.storage_buffer(bytes.level_items[k], reduction->level_items_[k]); !s.ok) return s;
  }
  if (Status s = context.storage_buffer(bytes.bit_sums, reduction->bit_sums_); !s.ok) return s;
  for (Buffer& arguments : reduction->arguments_) {
    if (Status s = context.uniform_buffer(sizeof(SplitArguments), arguments); !s.ok) return s;
  }
  out = std::move(reduction);
  return {};
}

Status BucketReduction::reduce_batch(const Buffer& bucket_sums,
                                     const Buffer& bucket_start,
                                     const Buffer& bucket_end,
                                     std::uint32_t first_window,
                                     std::uint32_t batch_windows) {
  if (batch_windows == 0 || batch_windows > shape_.max_batch_windows || first_window + batch_windows > shape_.windows)
    return Status::error("reduce_buckets: the batch does not fit the reduction's shape");
  SplitArguments arguments{};
  arguments.buckets = std::uint32_t{1} << (shape_.window_bits - 1);
  arguments.windows = batch_windows;
  arguments.first_window = first_window;
  arguments.window_bits = shape_.window_bits;
  const OneBitWindows one_bit = one_bit_windows(plan_);
  arguments.one_bit_mask = one_bit.mask;
  std::copy(std::begin(one_bit.offset_bytes), std::end(one_bit.offset_bytes), arguments.offset_bytes);
  // Each level reads its own uniform buffer, all written before the first dispatch: Context::write
  // submits the dispatches recorded so far, so writing between the levels would submit each alone.
  std::array<WindowSplitDispatch, kMaxLevels> dispatches;
  for (std::size_t level = 0; level < plan_.levels.size(); ++level) {
    const WindowSplitLevel& l = plan_.levels[level];
    const WindowSplitDispatch& d = dispatches[level] = window_split_dispatch(plan_, level, batch_windows);
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
    context_.write(arguments_[level], &arguments, sizeof arguments);
  }
  for (std::size_t level = 0; level < plan_.levels.size(); ++level) {
    const WindowSplitDispatch& d = dispatches[level];
    const Buffer* buffers[] = {&bucket_sums,
                               &bucket_start,
                               &bucket_end,
                               &level_items_[(level + 1) % 2],  // level ℓ − 1's output (unused by the first)
                               &level_items_[level % 2],        // unused by the last
                               &bit_sums_,
                               &arguments_[level]};
    if (Status s = context_.dispatch(*split_, buffers, groups_for(d.invocations)); !s.ok) return s;
  }
  return {};
}

Status run_bucket_reduction(CurveId curve,
                            std::uint32_t window_bits,
                            std::uint32_t windows,
                            std::span<const std::uint32_t> bucket_sums,
                            std::span<const std::uint32_t> bucket_start,
                            std::span<const std::uint32_t> bucket_end,
                            std::span<std::uint32_t> bit_sums) {
  if (window_bits < kMinWindowBits || window_bits > kMaxWindowBits)
    return Status::error("bucket reduction: window_bits must be in [2, 22]");
  const std::size_t buckets = std::size_t{windows} << (window_bits - 1);
  if (bucket_sums.size() != affine_point_words(curve) * buckets || bucket_start.size() != buckets ||
      bucket_end.size() != buckets || bit_sums.size() != xyzz_point_words(curve) * windows * window_bits)
    return Status::error("bucket reduction: W·B affine bucket sums, bounds, and W·c XYZZ bit sums");
  if (windows == 0) return {};
  Context* context = nullptr;
  if (Status got = Context::get(&context); !got.ok) return got;
  std::unique_ptr<BucketReduction> reduction;
  if (Status s = BucketReduction::create(*context, {curve, window_bits, windows, windows}, reduction); !s.ok) return s;
  Buffer sums, starts, ends;
  if (Status s = context->storage_buffer(bucket_sums.size_bytes(), sums); !s.ok) return s;
  if (Status s = context->storage_buffer(bucket_start.size_bytes(), starts); !s.ok) return s;
  if (Status s = context->storage_buffer(bucket_end.size_bytes(), ends); !s.ok) return s;
  context->write(sums, bucket_sums.data(), bucket_sums.size_bytes());
  context->write(starts, bucket_start.data(), bucket_start.size_bytes());
  context->write(ends, bucket_end.data(), bucket_end.size_bytes());
  if (Status s = reduction->reduce_batch(sums, starts, ends, 0, windows); !s.ok) return s;
  return context->read(reduction->bit_sums(), bit_sums.data(), bit_sums.size_bytes());
}

}  // namespace zkmsm::webgpu
