// sort_by_bucket: the entries stably sorted by bucket key (BucketStages::record_sort, RadixSort).
#include "msm/vulkan/bucket_stages.hpp"

namespace zkmsm::vulkan {

Status BucketStages::record_sort(CommandBatch& batch) {
  if (batch_windows_ == 0)
    return Status::error(StatusCode::invalid_argument, "sort_by_bucket before decompose_scalars");
  StorageBuffer* const keys[2] = {keys_[0].get(), keys_[1].get()};
  StorageBuffer* const values[2] = {values_[0].get(), values_[1].get()};
  return sort_->record(batch, keys, values, entries(), key_bits(), sorted_in_);
}

}  // namespace zkmsm::vulkan
