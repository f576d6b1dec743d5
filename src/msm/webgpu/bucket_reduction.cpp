// reduce_buckets on the device (bucket_reduction.hpp).
#include "msm/webgpu/bucket_reduction.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "msm/common/window_cost_model.hpp"
#include "msm/webgpu/shader_sources.hpp"

namespace zkmsm::webgpu {

namespace {

constexpr std::uint32_t kWorkgroupSize = 64;  // the reduction shaders' @workgroup_size

std::uint32_t groups_for(std::uint64_t invocations) {
  return static_cast<std::uint32_t>((invocations + kWorkgroupSize - 1) / kWorkgroupSize);
}

}  // namespace

std::uint32_t BucketReduction::chunks() const { return buckets() / std::min(buckets(), kChunkLength); }

namespace {

// The buffers' sizes in bytes: chunk sums of levels 0 and 1, window sums, each uniform.
struct ReductionBufferBytes {
  std::uint64_t chunk_sums[2], window_sums, arguments;
};

ReductionBufferBytes buffer_bytes(const BucketReductionShape& shape) {
  // Level 0 holds G chunks per window; level 1 G / min(G, K): two (T, R) points per chunk.
  const std::uint64_t buckets = std::uint64_t{1} << (shape.window_bits - 1);
  const std::uint64_t first_chunks = buckets / std::min<std::uint64_t>(buckets, BucketReduction::kChunkLength);
  const std::uint64_t level_chunks[2] = {
      first_chunks, first_chunks / std::min<std::uint64_t>(first_chunks, BucketReduction::kLevelGroup)};
  ReductionBufferBytes bytes{};
  for (int k = 0; k < 2; ++k)
    bytes.chunk_sums[k] = 2 * std::uint64_t{shape.max_batch_windows} * level_chunks[k] * xyzz_point_bytes(shape.curve);
  bytes.window_sums = std::uint64_t{shape.windows} * xyzz_point_bytes(shape.curve);
  bytes.arguments = 32;
  return bytes;
}

}  // namespace

std::uint64_t BucketReduction::device_bytes(const BucketReductionShape& shape) {
  const ReductionBufferBytes bytes = buffer_bytes(shape);
  return allocation_bytes(bytes.chunk_sums[0]) + allocation_bytes(bytes.chunk_sums[1]) +
         allocation_bytes(bytes.window_sums) + 8 * allocation_bytes(bytes.arguments);
}

Status BucketReduction::create(Context& context,
                               const BucketReductionShape& shape,
                               std::unique_ptr<BucketReduction>& out) {
  if (shape.window_bits < kMinWindowBits || shape.window_bits > kMaxWindowBits)
    return Status::error("bucket reduction: window_bits must be in [2, 22]");
  if (shape.windows == 0 || shape.max_batch_windows == 0 || shape.max_batch_windows > shape.windows)
    return Status::error("bucket reduction: need 1 <= batch windows <= windows");
  std::unique_ptr<BucketReduction> reduction(new BucketReduction(context, shape));
  const std::string common = wgsl_curve_constants(shape.curve) + wgsl_bucket_sum_form(shape.xyzz_bucket_sums) +
                             kDispatchSource + kFieldSource + kSafegcdInverseSource + kCurveSource;
  constexpr BindingKind reduce_kinds[] = {BindingKind::read_only_storage, BindingKind::read_only_storage,
                                          BindingKind::read_only_storage, BindingKind::storage, BindingKind::uniform};
  constexpr BindingKind level_kinds[] = {BindingKind::read_only_storage, BindingKind::storage, BindingKind::storage,
                                         BindingKind::uniform};
  if (Status s = context.pipeline(common + kReduceBucketsSource, reduce_kinds, reduction->reduce_); !s.ok) return s;
  if (Status s = context.pipeline(common + kReduceLevelSource, level_kinds, reduction->level_); !s.ok) return s;
  const ReductionBufferBytes bytes = buffer_bytes(shape);
  for (int k = 0; k < 2; ++k) {
    if (Status s = context.storage_buffer(bytes.chunk_sums[k], reduction->chunk_sums_[k]); !s.ok) return s;
  }
  if (Status s = context.storage_buffer(bytes.window_sums, reduction->window_sums_); !s.ok) return s;
  for (Buffer& arguments : reduction->arguments_) {
    if (Status s = context.uniform_buffer(bytes.arguments, arguments); !s.ok) return s;
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
  // Each dispatch reads its own uniform buffer: the writes all land before the queue runs them.
  const std::uint32_t reduce_words[8] = {buckets(), chunks(), batch_windows, 0, 0, 0, 0, 0};
  context_.write(arguments_[0], reduce_words, sizeof reduce_words);
  const Buffer* reduce_buffers[] = {&bucket_sums, &bucket_start, &bucket_end, &chunk_sums_[0], &arguments_[0]};
  if (Status s = context_.dispatch(*reduce_, reduce_buffers, groups_for(std::uint64_t{batch_windows} * chunks()));
      !s.ok)
    return s;
  // Levels until one chunk per window is left (the last writes the window sums); at least one.
  std::uint32_t level_chunks = chunks();
  auto length_bits = static_cast<std::uint32_t>(std::bit_width(buckets() / chunks()) - 1);
  int in = 0;
  std::size_t level = 1;
  do {
    if (level >= std::size(arguments_)) return Status::error("reduce_buckets: more levels than argument buffers");
    const std::uint32_t group = std::min(level_chunks, kLevelGroup);
    const std::uint32_t level_words[8] = {level_chunks, group, batch_windows, first_window, length_bits, 0, 0, 0};
    context_.write(arguments_[level], level_words, sizeof level_words);
    const Buffer* level_buffers[] = {&chunk_sums_[in], &chunk_sums_[1 - in], &window_sums_, &arguments_[level]};
    if (Status s = context_.dispatch(*level_, level_buffers,
                                     groups_for(std::uint64_t{batch_windows} * (level_chunks / group)));
        !s.ok)
      return s;
    level_chunks /= group;
    length_bits += static_cast<std::uint32_t>(std::bit_width(group) - 1);
    in = 1 - in;
    ++level;
  } while (level_chunks > 1);
  return {};
}

Status run_bucket_reduction(CurveId curve,
                            std::uint32_t window_bits,
                            std::uint32_t windows,
                            std::span<const std::uint32_t> bucket_sums,
                            std::span<const std::uint32_t> bucket_start,
                            std::span<const std::uint32_t> bucket_end,
                            std::span<std::uint32_t> window_sums) {
  if (window_bits < kMinWindowBits || window_bits > kMaxWindowBits)
    return Status::error("bucket reduction: window_bits must be in [2, 22]");
  const std::size_t buckets = std::size_t{windows} << (window_bits - 1);
  if (bucket_sums.size() != affine_point_words(curve) * buckets || bucket_start.size() != buckets ||
      bucket_end.size() != buckets || window_sums.size() != xyzz_point_words(curve) * windows)
    return Status::error("bucket reduction: W·B affine bucket sums, bounds, and W XYZZ window sums");
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
  return context->read(reduction->window_sums(), window_sums.data(), window_sums.size_bytes());
}

}  // namespace zkmsm::webgpu
