// convert_inputs' point stage on Vulkan (shaders/convert_points.comp) as a recording: the caller's
// points brought in place into the shaders' form (reduced Montgomery coordinates, (0, 0) =
// infinity), validated on the device when asked. Used by an MSM on host points (vulkan_msm.cpp)
// and by prepare_bases (device_bases.cpp).
#pragma once

#include <cstdint>

#include "msm/vulkan/command_batch.hpp"
#include "msm/vulkan/shader_curve.hpp"
#include "msm/vulkan/storage_buffer.hpp"
#include "msm/vulkan/vulkan_context.hpp"

namespace zkmsm::vulkan {

// first_rejected's value when no point was rejected (the host writes it before the dispatch).
inline constexpr std::uint32_t kNoneRejected = 0xffffffffu;

// How the caller's points arrive: canonical coordinates (converted to Montgomery form) or
// Montgomery form; validated (on the curve, in G1 where there is a cofactor) or taken as they are.
struct DevicePointForm {
  bool to_montgomery = false;
  bool validate = true;
  // Whether the stage has anything to do (Montgomery points taken as they are need no dispatch).
  bool converts() const { return to_montgomery || validate; }
};

// Records the dispatch over points[0, n) (affine_point_words(curve) words each); the lowest
// rejected index lands in first_rejected (one word, set to kNoneRejected by the caller first).
Status record_convert_points(Context& context,
                             CommandBatch& batch,
                             CurveId curve,
                             StorageBuffer& points,
                             StorageBuffer& first_rejected,
                             std::uint32_t n,
                             const DevicePointForm& form);

}  // namespace zkmsm::vulkan
