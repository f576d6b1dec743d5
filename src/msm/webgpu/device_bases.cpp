// Prepared bases kept on the WebGPU device (device_bases.hpp).
#include "msm/webgpu/device_bases.hpp"

#include <string>

#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "msm/webgpu/convert_points.hpp"
#include "msm/webgpu/webgpu_curve.hpp"

namespace zkmsm::webgpu {

namespace {

constexpr std::size_t kConvertArgumentBytes = 16;  // convert_inputs' uniform

}  // namespace

template <class Curve>
Status prepare_device_bases(std::span<const AffinePoint<Curve>> points,
                            const WebGpuPointForm& form,
                            DeviceBases& out,
                            std::optional<std::uint32_t>& rejected) {
  constexpr CurveId curve = curve_id_of<Curve>();
  constexpr std::size_t point_bytes = affine_point_bytes(curve);
  static_assert(sizeof(AffinePoint<Curve>) == point_bytes, "the host's points are the shaders' layout");
  out = {};
  rejected.reset();
  const std::size_t n = points.size();
  if (std::uint64_t{n} * point_bytes > kMaxBindingBytes)  // 64-bit: size_t is 32 bits in WebAssembly
    return Status::error("at most " + std::to_string(kMaxBindingBytes / point_bytes) +
                             " points on WebGPU (WebGPU's default maxStorageBufferBindingSize, 128 MiB)",
                         Failure::invalid_argument);
  if (n == 0) return {};
  Context* context = nullptr;
  if (Status got = Context::get(&context); !got.ok) return got;
  DeviceBases made;
  made.n = n;
  Buffer staging, first_rejected, arguments;
  {
    Context::AllocationScope allocations(*context);
    if (Status s = context->storage_buffer(n * point_bytes, made.points); !s.ok) return s;
    if (Status s = context->staging_buffer(n * point_bytes, staging); !s.ok) return s;
    if (Status s = context->storage_buffer(4, first_rejected); !s.ok) return s;
    if (Status s = context->uniform_buffer(kConvertArgumentBytes, arguments); !s.ok) return s;
    if (Status s = allocations.close(); !s.ok) return s;
  }
  const Context::UploadPart part[] = {{&made.points, points.data(), n * point_bytes}};
  if (Status s = context->upload(staging, part); !s.ok) return s;
  if (form.canonical || form.validate) {
    if (Status s = record_convert_points(*context, curve, made.points, static_cast<std::uint32_t>(n), form.canonical,
                                         form.validate, first_rejected, arguments);
        !s.ok)
      return s;
    std::uint32_t lowest = kNoRejectedPoint;
    if (Status s = context->read(first_rejected, &lowest, sizeof lowest); !s.ok) return s;
    if (lowest != kNoRejectedPoint) {
      rejected = lowest;
      return {};
    }
  } else if (Status s = context->wait("upload_bases"); !s.ok) {
    return s;
  }
  out = std::move(made);
  return {};
}

#define ZKMSM_WEBGPU_DEVICE_BASES(Curve)                                                                   \
  template Status prepare_device_bases<Curve>(std::span<const AffinePoint<Curve>>, const WebGpuPointForm&, \
                                              DeviceBases&, std::optional<std::uint32_t>&);
ZKMSM_WEBGPU_DEVICE_BASES(Bn254G1)
ZKMSM_WEBGPU_DEVICE_BASES(GrumpkinG1)
ZKMSM_WEBGPU_DEVICE_BASES(Bls12381G1)
#undef ZKMSM_WEBGPU_DEVICE_BASES

}  // namespace zkmsm::webgpu
