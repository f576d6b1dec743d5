// The reference MSM: Σ sᵢ·Pᵢ as a plain sum of double-and-add scalar multiplications in
// Jacobian coordinates. Short and obviously right; the oracle for every backend. O(n·254)
// point operations: use it for n up to a few thousand.
//
// Inputs: affine points in Montgomery form ((0,0) = infinity), scalars as canonical integers
// of any size (reduced mod r first). Output: the affine sum.
#pragma once

#include <cstddef>
#include <span>

#include "core/bigint.hpp"
#include "curve/affine_point.hpp"
#include "curve/jacobian_point.hpp"
#include "msm/common/signed_digits.hpp"

namespace zkmsm {

template <class Curve>
JacobianPoint<Curve> scalar_mul_vartime(const AffinePoint<Curve>& point,
                                        const typename Curve::ScalarField::Integer& scalar) {
  JacobianPoint<Curve> acc = JacobianPoint<Curve>::infinity();
  for (std::size_t bit = scalar.bit_length(); bit-- > 0;) {
    acc = acc.doubled();
    if (scalar.bit(bit)) acc = acc.add_affine(point);
  }
  return acc;
}

template <class Curve>
AffinePoint<Curve> reference_msm(std::span<const AffinePoint<Curve>> points,
                                 std::span<const typename Curve::ScalarField::Integer> scalars) {
  using ScalarField = typename Curve::ScalarField;
  JacobianPoint<Curve> sum = JacobianPoint<Curve>::infinity();
  for (std::size_t i = 0; i < points.size(); ++i) {
    const auto reduced = reduce_mod(scalars[i], ScalarField::modulus());
    sum = sum + scalar_mul_vartime(points[i], reduced);
  }
  return sum.to_affine();
}

}  // namespace zkmsm
