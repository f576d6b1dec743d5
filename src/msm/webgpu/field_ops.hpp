// The field arithmetic of the WebGPU shaders (shaders/field.wgsl) run on the device for its
// tests: shaders/field_ops.wgsl over n pairs (a, b), six results each.
#pragma once

#include <cstdint>
#include <span>

#include "msm/webgpu/webgpu_context.hpp"

namespace zkmsm::webgpu {

enum class FieldId { bn254_fq, bn254_fr };

// For each i < n (a and b: n × 8 words, Montgomery form, reduced), results[48i … 48i + 47]: the
// six values a + b, a − b, a·b, a², −a, a⁻¹ (0 for 0) of field_ops.wgsl, 8 words each.
Status run_field_ops(FieldId field,
                     std::span<const std::uint32_t> a,
                     std::span<const std::uint32_t> b,
                     std::span<std::uint32_t> results);

}  // namespace zkmsm::webgpu
