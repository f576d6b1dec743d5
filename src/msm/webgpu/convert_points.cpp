// convert_inputs on the device (convert_points.hpp).
#include "msm/webgpu/convert_points.hpp"

#include "msm/webgpu/shader_sources.hpp"
#include "msm/webgpu/wgsl_constants.hpp"

namespace zkmsm::webgpu {

namespace {

constexpr std::uint32_t kWorkgroupSize = 64;  // convert_points.wgsl's @workgroup_size

// Where every point of the curve is in the group (BN254 G1, Grumpkin: cofactor 1) the membership
// test is no test.
constexpr const char* kNoCofactorSource =
    "// Every point of this curve is in its prime-order group (cofactor 1).\n"
    "fn point_in_group(p: AffinePoint) -> bool { return true; }\n";

}  // namespace

std::string convert_points_source(CurveId curve) {
  const bool cofactor = curve == CurveId::bls12_381;
  // curve.wgsl calls field_inverse (safegcd_inverse.wgsl): every function of a module must resolve.
  return wgsl_curve_constants(curve) + wgsl_point_check_constants(curve) + kDispatchSource + kFieldSource +
         kSafegcdInverseSource + kCurveSource + (cofactor ? kSubgroupCheckSource : kNoCofactorSource) +
         kConvertPointsSource;
}

Status record_convert_points(Context& context,
                             CurveId curve,
                             Buffer& points,
                             std::uint32_t n,
                             bool to_montgomery,
                             bool validate,
                             Buffer& first_rejected,
                             Buffer& arguments) {
  constexpr BindingKind kinds[] = {BindingKind::storage, BindingKind::storage, BindingKind::uniform};
  const Pipeline* pipeline = nullptr;
  if (Status made = context.pipeline(convert_points_source(curve), kinds, pipeline); !made.ok) return made;
  const std::uint32_t none = kNoRejectedPoint;
  context.write(first_rejected, &none, sizeof none);
  const std::uint32_t argument_words[4] = {n, to_montgomery ? 1u : 0u, validate ? 1u : 0u, 0};
  context.write(arguments, argument_words, sizeof argument_words);
  const Buffer* bound[] = {&points, &first_rejected, &arguments};
  return context.dispatch(*pipeline, bound, (n + kWorkgroupSize - 1) / kWorkgroupSize);
}

}  // namespace zkmsm::webgpu
