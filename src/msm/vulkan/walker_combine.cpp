// walker_combine, the second half of accumulate_buckets with a walker (stream or xyzz): the sums
// of the buckets the walker split between slots (StreamWalker::record_combine, shaders/walker_combine.comp).
#include <array>
#include <cstdint>

#include "msm/vulkan/dispatch_arguments.hpp"
#include "msm/vulkan/stream_walker.hpp"

namespace zkmsm::vulkan {
namespace {

// The push-constant block of walker_combine.comp.
struct CombineArguments {
  std::uint32_t units;
  std::uint32_t block;
};

}  // namespace

Status StreamWalker::record_combine(CommandBatch& batch) {
  const Pipeline* combine = nullptr;
  const std::array<std::uint32_t, 2> combine_specialization = {kCombineWorkgroupSize,
                                                               static_cast<std::uint32_t>(bucket_sum_form())};
  if (Status s = context_.pipeline(combine, curve_shaders(shape_.curve).walker_combine, combine_specialization);
      !s.ok())
    return s;
  // Levels until one unit is left, ping-ponging between the record buffers (level 0 reads the
  // walker's records in buffer 0).
  std::uint64_t units = slot_count();
  int in = 0;
  do {
    const CombineArguments combine_arguments{static_cast<std::uint32_t>(units), kCombineBlock};
    const std::uint64_t blocks = (units + kCombineBlock - 1) / kCombineBlock;
    if (Status s = batch.dispatch(*combine,
                                  {records_[in].get(), record_meta_[in].get(), records_[1 - in].get(),
                                   record_meta_[1 - in].get(), bucket_sums_.get()},
                                  bytes_of(combine_arguments), groups_for(blocks, kCombineWorkgroupSize));
        !s.ok())
      return s;
    units = blocks;
    in = 1 - in;
  } while (units > 1);
  return Status::success();
}

}  // namespace zkmsm::vulkan
