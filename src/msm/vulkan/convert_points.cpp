// convert_inputs' point stage on Vulkan (convert_points.hpp).
#include "msm/vulkan/convert_points.hpp"

#include <array>

#include "msm/vulkan/dispatch_arguments.hpp"
#include "msm/vulkan/shader_registry.hpp"

namespace zkmsm::vulkan {
namespace {

constexpr std::uint32_t kConvertWorkgroupSize = 64;  // not tuned

// The push-constant block of convert_points.comp.
struct ConvertArguments {
  std::uint32_t n;
  std::uint32_t to_montgomery;
  std::uint32_t validate;
};

}  // namespace

Status record_convert_points(Context& context,
                             CommandBatch& batch,
                             CurveId curve,
                             StorageBuffer& points,
                             StorageBuffer& first_rejected,
                             std::uint32_t n,
                             const DevicePointForm& form) {
  const Pipeline* pipeline = nullptr;
  const std::array<std::uint32_t, 1> specialization = {kConvertWorkgroupSize};
  if (Status s = context.pipeline(pipeline, curve_shaders(curve).convert_points, specialization); !s.ok()) return s;
  const ConvertArguments arguments{n, form.to_montgomery ? 1u : 0u, form.validate ? 1u : 0u};
  return batch.dispatch(*pipeline, {&points, &first_rejected}, bytes_of(arguments),
                        groups_for(n, kConvertWorkgroupSize));
}

}  // namespace zkmsm::vulkan
