// The plan stage: each bucket's range in the sorted entries and the count of non-sentinel entries
// (BucketStages::record_bounds, shaders/bucket_bounds.comp).
#include <array>
#include <cstdint>

#include "msm/vulkan/bucket_stages.hpp"
#include "msm/vulkan/dispatch_arguments.hpp"

namespace zkmsm::vulkan {
namespace {

// The push-constant block of bucket_bounds.comp.
struct BoundsArguments {
  std::uint32_t count;
  std::uint32_t sentinel;
};

}  // namespace

Status BucketStages::record_bounds(CommandBatch& batch) {
  if (batch_windows_ == 0) return Status::error(StatusCode::invalid_argument, "plan before decompose_scalars");
  const std::array<std::uint32_t, 1> specialization = {kWorkgroupSize};
  const Pipeline* pipeline = nullptr;
  if (Status s = context_.pipeline(pipeline, ShaderId::bucket_bounds, specialization); !s.ok()) return s;
  const BoundsArguments arguments{entries(), sentinel_key()};
  return batch.dispatch(*pipeline, {keys_[sorted_in_].get(), bucket_start_.get(), bucket_end_.get(), valid_.get()},
                        bytes_of(arguments), groups_for(std::uint64_t{sentinel_key()} + 1, kWorkgroupSize));
}

}  // namespace zkmsm::vulkan
