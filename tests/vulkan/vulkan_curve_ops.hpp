// Runs the curve test kernels: shaders/curve_ops.comp (XYZZ add, mixed add, doubling, affine
// on-curve check) and shaders/batch_affine_add_ops.comp (batched complete affine sums, S pairs
// per invocation). Points are uploaded as they are: AffinePoint<Curve> and XyzzPoint<Curve> have
// the shaders' word layouts.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "curve/affine_point.hpp"
#include "curve/xyzz_point.hpp"
#include "msm/vulkan/shader_curve.hpp"
#include "vulkan/vulkan_kernel_runner.hpp"

namespace zkmsm::vulkan::test {

template <class Curve>
struct CurveOpsResults {
  std::vector<std::array<XyzzPoint<Curve>, 3>> xyzz;  // p + q, p + a, 2p
  std::vector<std::uint32_t> on_curve;                // a on the curve (or infinity)
};

template <class Curve>
Status run_curve_ops(CurveOpsResults<Curve>& out,
                     Context& context,
                     ShaderId shader,
                     std::span<const XyzzPoint<Curve>> p,
                     std::span<const XyzzPoint<Curve>> q,
                     std::span<const AffinePoint<Curve>> a) {
  static_assert(sizeof(XyzzPoint<Curve>) == xyzz_point_bytes(shader_curve_of<Curve>()) &&
                sizeof(AffinePoint<Curve>) == affine_point_bytes(shader_curve_of<Curve>()));
  const std::uint32_t count = static_cast<std::uint32_t>(p.size());
  constexpr std::uint32_t kWorkgroup = 64;
  KernelLaunch launch{shader,
                      {kWorkgroup},
                      {std::as_bytes(p), std::as_bytes(q), std::as_bytes(a)},
                      {3 * p.size_bytes(), 4 * p.size()},
                      count,
                      (count + kWorkgroup - 1) / kWorkgroup};
  std::vector<std::vector<std::byte>> outputs;
  if (Status s = run_kernel(outputs, nullptr, context, launch); !s.ok()) return s;
  out.xyzz = from_bytes<std::array<XyzzPoint<Curve>, 3>>(outputs[0]);
  out.on_curve = from_bytes<std::uint32_t>(outputs[1]);
  return Status::success();
}

// sums[k] = lhs[k] + rhs[k]; `slots` pairs per invocation (BATCH_SLOTS).
template <class Curve>
Status run_batch_affine_add(std::vector<AffinePoint<Curve>>& sums,
                            Context& context,
                            ShaderId shader,
                            std::uint32_t slots,
                            std::uint32_t workgroup_size,
                            std::span<const AffinePoint<Curve>> lhs,
                            std::span<const AffinePoint<Curve>> rhs) {
  const std::uint32_t count = static_cast<std::uint32_t>(lhs.size());
  const std::uint32_t invocations = (count + slots - 1) / slots;
  KernelLaunch launch{shader,
                      {workgroup_size, slots},
                      {std::as_bytes(lhs), std::as_bytes(rhs)},
                      {lhs.size_bytes()},
                      count,
                      (invocations + workgroup_size - 1) / workgroup_size};
  std::vector<std::vector<std::byte>> outputs;
  if (Status s = run_kernel(outputs, nullptr, context, launch); !s.ok()) return s;
  sums = from_bytes<AffinePoint<Curve>>(outputs[0]);
  return Status::success();
}

}  // namespace zkmsm::vulkan::test
