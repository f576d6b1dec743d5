// plan on the device (shaders/bucket_bounds.wgsl): each bucket's range in the sorted entries of a
// window batch, and M, the number of entries that are not the sentinel (zero digits).
#pragma once

#include <cstdint>
#include <span>

#include "msm/webgpu/webgpu_context.hpp"

namespace zkmsm::webgpu {

// The plan's pipeline, made once.
class BucketBounds {
 public:
  static Status create(Context& context, BucketBounds& out);
  // For sorted_keys (count entries, keys ≤ sentinel): bucket_start and bucket_end (sentinel words
  // each) and valid[0] = M. arguments: a uniform buffer of at least 8 bytes this call rewrites.
  Status record(const Buffer& sorted_keys,
                std::uint32_t count,
                std::uint32_t sentinel,
                Buffer& bucket_start,
                Buffer& bucket_end,
                Buffer& valid,
                Buffer& arguments);

 private:
  Context* context_ = nullptr;
  const Pipeline* pipeline_ = nullptr;
};

// Uploads sorted keys, runs the plan and reads bucket_start, bucket_end (sentinel words each) and
// M back (for tests).
Status run_bucket_bounds(std::span<const std::uint32_t> sorted_keys,
                         std::uint32_t sentinel,
                         std::span<std::uint32_t> bucket_start,
                         std::span<std::uint32_t> bucket_end,
                         std::uint32_t& valid);

}  // namespace zkmsm::webgpu
