#include "msm/vulkan/bucket_stages.hpp"

#include <bit>
#include <span>
#include <string>

namespace zkmsm::vulkan {
namespace {

Status make_buffer(std::unique_ptr<StorageBuffer>& out,
                   Context& context,
                   std::uint64_t words,
                   BufferMemory memory = BufferMemory::host_visible) {
  return StorageBuffer::create(out, context, static_cast<std::size_t>(words) * sizeof(std::uint32_t), memory);
}

}  // namespace

BucketStages::BucketStages(Context& context, const BucketStagesShape& shape) : context_(context), shape_(shape) {}

std::uint64_t BucketStages::device_bytes(const BucketStagesShape& shape) {
  const std::uint64_t entries = std::uint64_t{shape.max_batch_windows} * shape.n;
  const std::uint64_t buckets = std::uint64_t{shape.max_batch_windows} << (shape.window_bits - 1);
  return (4 * entries + 2 * buckets + 1) * sizeof(std::uint32_t) +
         RadixSort::device_bytes(static_cast<std::uint32_t>(entries));
}

Status BucketStages::create(std::unique_ptr<BucketStages>& out, Context& context, const BucketStagesShape& shape) {
  if (shape.n == 0 || shape.n >= (1u << 31)) {
    return Status::error(StatusCode::invalid_argument, "bucket stages: n must be in [1, 2^31)");
  }
  if (shape.window_bits < 2 || shape.window_bits > kMaxWindowBits) {
    return Status::error(StatusCode::invalid_argument, "bucket stages: window_bits must be in [2, 22]");
  }
  const std::uint64_t max_entries = std::uint64_t{shape.max_batch_windows} * shape.n;
  if (shape.max_batch_windows == 0 || max_entries >= (std::uint64_t{1} << 32)) {
    return Status::error(StatusCode::invalid_argument,
                         "bucket stages: max_batch_windows must be ≥ 1 with max_batch_windows · n < 2^32");
  }
  std::unique_ptr<BucketStages> stages(new BucketStages(context, shape));
  const std::uint64_t max_buckets = std::uint64_t{shape.max_batch_windows} << (shape.window_bits - 1);
  for (int k = 0; k < 2; ++k) {
    if (Status s = make_buffer(stages->keys_[k], context, max_entries, shape.memory); !s.ok()) return s;
    if (Status s = make_buffer(stages->values_[k], context, max_entries, shape.memory); !s.ok()) return s;
  }
  if (Status s = make_buffer(stages->bucket_start_, context, max_buckets, shape.memory); !s.ok()) return s;
  if (Status s = make_buffer(stages->bucket_end_, context, max_buckets, shape.memory); !s.ok()) return s;
  if (Status s = make_buffer(stages->valid_, context, 1); !s.ok()) return s;
  if (Status s = RadixSort::create(stages->sort_, context, static_cast<std::uint32_t>(max_entries)); !s.ok()) {
    return s;
  }
  out = std::move(stages);
  return Status::success();
}

std::uint32_t BucketStages::key_bits() const {
  const auto bits = static_cast<std::uint32_t>(std::bit_width(sentinel_key()));
  return bits == 0 ? 1 : bits;
}

Status BucketStages::record(CommandBatch& batch,
                            StorageBuffer& scalars,
                            std::uint32_t first_window,
                            std::uint32_t batch_windows) {
  if (Status s = batch.begin_stage("decompose_scalars"); !s.ok()) return s;
  if (Status s = record_decompose(batch, scalars, first_window, batch_windows); !s.ok()) return s;
  if (Status s = batch.begin_stage("sort_by_bucket"); !s.ok()) return s;
  if (Status s = record_sort(batch); !s.ok()) return s;
  if (Status s = batch.begin_stage("plan"); !s.ok()) return s;
  return record_bounds(batch);
}

}  // namespace zkmsm::vulkan
