// Maps the public curve tags (zkmsm::Bn254, zkmsm::Grumpkin, zkmsm::Bls12381) to the internal curve types.
#pragma once

#include "curve/affine_point.hpp"
#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm::api {

template <class PublicCurve>
struct InternalCurveOf;
template <>
struct InternalCurveOf<Bn254> {
  using type = Bn254G1;
};
template <>
struct InternalCurveOf<Grumpkin> {
  using type = GrumpkinG1;
};
template <>
struct InternalCurveOf<Bls12381> {
  using type = Bls12381G1;
};
template <class PublicCurve>
using InternalCurve = typename InternalCurveOf<PublicCurve>::type;

// The public Point and the internal AffinePoint share one layout (x limbs then y limbs), so a
// span of Montgomery-form public points can be read in place.
// The public curve of an internal curve type (the inverse of InternalCurve).
template <class Internal>
struct PublicCurveOf;
template <>
struct PublicCurveOf<Bn254G1> {
  using type = Bn254;
};
template <>
struct PublicCurveOf<GrumpkinG1> {
  using type = Grumpkin;
};
template <>
struct PublicCurveOf<Bls12381G1> {
  using type = Bls12381;
};
template <class Internal>
using PublicCurve = typename PublicCurveOf<Internal>::type;

static_assert(sizeof(Point<Bn254>) == sizeof(AffinePoint<Bn254G1>));
static_assert(sizeof(Point<Grumpkin>) == sizeof(AffinePoint<GrumpkinG1>));
static_assert(sizeof(Point<Bls12381>) == sizeof(AffinePoint<Bls12381G1>));

// The canonical public form of an internal affine point.
template <class Curve>
Point<Curve> to_public_point(const AffinePoint<InternalCurve<Curve>>& sum) {
  Point<Curve> result;
  if (sum.is_infinity()) return result;
  const auto x = sum.x.to_canonical();
  const auto y = sum.y.to_canonical();
  for (std::size_t i = 0; i < Curve::base_limbs; ++i) {
    result.x[i] = x.limb[i];
    result.y[i] = y.limb[i];
  }
  return result;
}

}  // namespace zkmsm::api
