// convert_inputs on the device (shaders/convert_points.wgsl): the caller's points, uploaded as
// they are, converted in place to the pipeline's form (canonical → Montgomery) and validated
// (coordinates < p, y² = x³ + b, G1 membership on BLS12-381), as the Vulkan backend's
// convert_points.comp does; the lowest rejected index is left in a 4-byte buffer for the host,
// which says why with the host path's words (host/host_inputs.hpp: check_host_point).
#pragma once

#include <cstdint>
#include <string>

#include "msm/webgpu/webgpu_context.hpp"
#include "msm/webgpu/webgpu_curve.hpp"

namespace zkmsm::webgpu {

// first_rejected's value when no point was rejected.
inline constexpr std::uint32_t kNoRejectedPoint = 0xffffffffu;

// The shader's text for a curve (its constants first; the G1 test where the curve has a cofactor).
std::string convert_points_source(CurveId curve);

// Records, on device buffers: first_rejected (4 bytes) set to kNoRejectedPoint, then the n
// points of `points` (AFFINE_WORDS words each) converted in place when to_montgomery (canonical
// coordinates) and checked when validate. arguments: a uniform buffer of at least 16 bytes that
// this call rewrites.
Status record_convert_points(Context& context,
                             CurveId curve,
                             Buffer& points,
                             std::uint32_t n,
                             bool to_montgomery,
                             bool validate,
                             Buffer& first_rejected,
                             Buffer& arguments);

}  // namespace zkmsm::webgpu
