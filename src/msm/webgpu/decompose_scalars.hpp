// decompose_scalars on the device (shaders/decompose_scalars.wgsl): the scalars of one window
// batch as (bucket key, point index | sign) entries, as the Vulkan and CUDA stages write them.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "msm/webgpu/webgpu_context.hpp"
#include "msm/webgpu/wgsl_constants.hpp"

namespace zkmsm::webgpu {

// One batch: n scalars, windows first_window … first_window + batch_windows − 1 of c bits.
struct DecomposeShape {
  std::uint32_t n = 0;
  std::uint32_t window_bits = 0;  // c, 2 … 22
  std::uint32_t first_window = 0;
  std::uint32_t batch_windows = 0;
  std::uint32_t buckets() const { return std::uint32_t{1} << (window_bits - 1); }
  std::uint32_t sentinel() const { return batch_windows * buckets(); }
};

// The shader's text for a curve (its constants first).
std::string decompose_scalars_source(CurveId curve);

// The stage on device buffers: scalars (n × 8 words) → keys, values (batch_windows · n words
// each). arguments: a uniform buffer of at least 32 bytes that this call rewrites.
Status record_decompose_scalars(Context& context,
                                CurveId curve,
                                const Buffer& scalars,
                                const DecomposeShape& shape,
                                Buffer& keys,
                                Buffer& values,
                                Buffer& arguments);

// Uploads `scalars` (n × 8 words, canonical, any 256-bit value), runs the stage and reads the
// batch's entries back: keys and values, batch_windows · n each, entry w · n + i.
Status run_decompose_scalars(CurveId curve,
                             std::span<const std::uint32_t> scalars,
                             const DecomposeShape& shape,
                             std::span<std::uint32_t> keys,
                             std::span<std::uint32_t> values);

}  // namespace zkmsm::webgpu
