// A point of a short Weierstrass curve y² = x³ + b (a = 0) in affine coordinates.
//
// Representation: x, y are base-field elements in Montgomery form. The point at infinity is
// encoded as (0, 0), which is never on the curve because b ≠ 0 (the same convention as
// EIP-196 and as the GPU buffers). Affine addition itself lives in the batched accumulators
// (msm/common/affine_pair.hpp); this type only stores, negates and validates.
//
// Curve is a curve's identity card (bn254.hpp, grumpkin.hpp) on the host, or a view with only a
// BaseField (the CUDA kernels' DeviceCurveView, msm/cuda/device_points.cuh): the same code runs
// over PrimeField on the host and over DeviceField on the device. generator() and is_on_curve()
// need the identity card's constants and exist only for the first.
#pragma once

#include "core/host_device.hpp"
#include "curve/point_inline.hpp"

namespace zkmsm {

template <class Curve>
struct AffinePoint {
  using BaseField = typename Curve::BaseField;
  BaseField x;
  BaseField y;

  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE static constexpr AffinePoint infinity() {
    return {BaseField::zero(), BaseField::zero()};
  }
  ZKMSM_HOST_DEVICE static constexpr AffinePoint generator() { return {Curve::generator_x(), Curve::generator_y()}; }

  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE constexpr bool is_infinity() const { return x.is_zero() && y.is_zero(); }
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE constexpr AffinePoint operator-() const { return {x, -y}; }
  ZKMSM_HOST_DEVICE constexpr bool operator==(const AffinePoint& other) const { return x == other.x && y == other.y; }
  ZKMSM_HOST_DEVICE constexpr bool operator!=(const AffinePoint& other) const { return !(*this == other); }

  // y² = x³ + b, or the point at infinity.
  ZKMSM_HOST_DEVICE constexpr bool is_on_curve() const {
    if (is_infinity()) return true;
    return y.squared() == x.squared() * x + Curve::b();
  }
};

}  // namespace zkmsm
