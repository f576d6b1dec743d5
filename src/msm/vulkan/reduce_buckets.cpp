#include "msm/vulkan/reduce_buckets.hpp"

#include <algorithm>
#include <bit>
#include <span>
#include <string>

#include "msm/vulkan/dispatch_arguments.hpp"

namespace zkmsm::vulkan {
namespace {

// The push-constant blocks of reduce_buckets.comp and reduce_level.comp.
struct ReduceArguments {
  std::uint32_t buckets;
  std::uint32_t chunks;
  std::uint32_t windows;
};
struct LevelArguments {
  std::uint32_t chunks;
  std::uint32_t group;
  std::uint32_t windows;
  std::uint32_t first_window;
  std::uint32_t length_bits;
};

std::uint32_t chunks_for(std::uint32_t window_bits) {
  const std::uint32_t buckets = 1u << (window_bits - 1);
  return buckets / std::min(buckets, BucketReduction::kChunkLength);
}

std::uint64_t level_chunks_for(std::uint32_t window_bits) {
  const std::uint32_t chunks = chunks_for(window_bits);
  return chunks / std::min(chunks, BucketReduction::kLevelGroup);
}

}  // namespace

BucketReduction::BucketReduction(Context& context, const BucketReductionShape& shape)
    : context_(context), shape_(shape) {}

std::uint32_t BucketReduction::chunks() const { return chunks_for(shape_.window_bits); }

std::uint64_t BucketReduction::device_bytes(const BucketReductionShape& shape) {
  const std::uint64_t chunks = chunks_for(shape.window_bits) + level_chunks_for(shape.window_bits);
  return (2 * std::uint64_t{shape.max_batch_windows} * chunks + shape.windows) * xyzz_point_bytes(shape.curve);
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
  const std::uint64_t level_chunks[2] = {chunks_for(shape.window_bits), level_chunks_for(shape.window_bits)};
  for (int k = 0; k < 2; ++k) {
    const std::uint64_t bytes =
        2 * std::uint64_t{shape.max_batch_windows} * level_chunks[k] * xyzz_point_bytes(shape.curve);
    if (Status s = StorageBuffer::create(reduction->chunk_sums_[k], context, bytes, shape.memory); !s.ok()) return s;
  }
  if (Status s = StorageBuffer::create(reduction->window_sums_, context, shape.windows * xyzz_point_bytes(shape.curve));
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
  const CurveShaders shaders = curve_shaders(shape_.curve);
  const std::array<std::uint32_t, 1> specialization = {kWorkgroupSize};
  const std::array<std::uint32_t, 2> reduce_specialization = {kWorkgroupSize, static_cast<std::uint32_t>(form)};
  const Pipeline* reduce = nullptr;
  if (Status s = context_.pipeline(reduce, shaders.reduce_buckets, reduce_specialization); !s.ok()) return s;
  const ReduceArguments reduce_arguments{stages.buckets(), chunks(), windows};
  if (Status s =
          batch.dispatch(*reduce, {&bucket_sums, &stages.bucket_start(), &stages.bucket_end(), chunk_sums_[0].get()},
                         bytes_of(reduce_arguments), groups_for(std::uint64_t{windows} * chunks(), kWorkgroupSize));
      !s.ok())
    return s;
  const Pipeline* level = nullptr;
  if (Status s = context_.pipeline(level, shaders.reduce_level, specialization); !s.ok()) return s;
  // Levels until one chunk per window is left (the last writes the window sums); at least one.
  std::uint32_t level_chunks = chunks();
  auto length_bits = static_cast<std::uint32_t>(std::bit_width(stages.buckets() / chunks()) - 1);
  int in = 0;
  do {
    const std::uint32_t group = std::min(level_chunks, kLevelGroup);
    const LevelArguments arguments{level_chunks, group, windows, first_window, length_bits};
    if (Status s = batch.dispatch(*level, {chunk_sums_[in].get(), chunk_sums_[1 - in].get(), window_sums_.get()},
                                  bytes_of(arguments),
                                  groups_for(std::uint64_t{windows} * (level_chunks / group), kWorkgroupSize));
        !s.ok())
      return s;
    level_chunks /= group;
    length_bits += static_cast<std::uint32_t>(std::bit_width(group) - 1);
    in = 1 - in;
  } while (level_chunks > 1);
  return Status::success();
}

Status BucketReduction::read_window_sums(std::span<std::uint32_t> out) const {
  if (out.size() != std::size_t{shape_.windows} * xyzz_point_words(shape_.curve)) {
    return Status::error(StatusCode::invalid_argument, "reduce_buckets: window sums are T XYZZ points");
  }
  return window_sums_->read(std::as_writable_bytes(out), 0);
}

}  // namespace zkmsm::vulkan
