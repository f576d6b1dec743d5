// decompose_scalars: each scalar's signed window digits as (bucket key, point index | sign)
// entries (BucketStages::record_decompose, shaders/decompose_scalars.comp).
#include <array>
#include <cstdint>
#include <string>

#include "msm/vulkan/bucket_stages.hpp"
#include "msm/vulkan/dispatch_arguments.hpp"

namespace zkmsm::vulkan {
namespace {

// The push-constant block of decompose_scalars.comp.
struct DecomposeArguments {
  std::uint32_t n;
  std::uint32_t window_bits;
  std::uint32_t first_window;
  std::uint32_t batch_windows;
  std::uint32_t buckets;
  std::uint32_t sentinel;
};

}  // namespace

Status BucketStages::record_decompose(CommandBatch& batch,
                                      StorageBuffer& scalars,
                                      std::uint32_t first_window,
                                      std::uint32_t batch_windows) {
  if (batch_windows == 0 || batch_windows > shape_.max_batch_windows) {
    return Status::error(StatusCode::invalid_argument, "decompose_scalars: batch_windows must be in [1, " +
                                                           std::to_string(shape_.max_batch_windows) + "]");
  }
  if (scalars.size() < std::size_t{shape_.n} * kScalarWords * sizeof(std::uint32_t)) {
    return Status::error(StatusCode::invalid_argument,
                         "decompose_scalars: the scalar buffer holds fewer than n scalars");
  }
  const ShaderId shader = curve_shaders(shape_.curve).decompose_scalars;
  const std::array<std::uint32_t, 1> specialization = {kWorkgroupSize};
  const Pipeline* pipeline = nullptr;
  if (Status s = context_.pipeline(pipeline, shader, specialization); !s.ok()) return s;
  batch_windows_ = batch_windows;
  sorted_in_ = 0;
  const DecomposeArguments arguments{shape_.n,      shape_.window_bits, first_window,
                                     batch_windows, buckets(),          sentinel_key()};
  return batch.dispatch(*pipeline, {&scalars, keys_[0].get(), values_[0].get()}, bytes_of(arguments),
                        groups_for(shape_.n, kWorkgroupSize));
}

}  // namespace zkmsm::vulkan
