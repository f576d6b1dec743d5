// Inputs of the conformance suite in the public form (zkmsm::Point and zkmsm::Scalar, canonical
// little-endian limbs): independent random points, adversarial point sets, boundary scalars, and
// the conversions between the public form and the internal curve types the reference MSM takes.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "api/api_test_support.hpp"
#include "api/curve_map.hpp"
#include "msm/msm_test_support.hpp"
#include "zkmsm/random_inputs.hpp"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm::test {

template <class Curve>
using PublicPoints = std::vector<Point<Curve>>;
template <class Curve>
using PublicScalars = std::vector<Scalar<Curve>>;

// A canonical public point as an internal affine point (Montgomery form); (0, 0) is infinity.
template <class Curve>
AffinePoint<api::InternalCurve<Curve>> to_internal_point(const Point<Curve>& point) {
  using BaseField = typename api::InternalCurve<Curve>::BaseField;
  typename BaseField::Integer x{}, y{};
  for (std::size_t l = 0; l < Curve::base_limbs; ++l) {
    x.limb[l] = point.x[l];
    y.limb[l] = point.y[l];
  }
  return {BaseField::from_canonical(x), BaseField::from_canonical(y)};
}

template <class Curve>
Integer<api::InternalCurve<Curve>> to_internal_scalar(const Scalar<Curve>& scalar) {
  Integer<api::InternalCurve<Curve>> integer{};
  for (std::size_t l = 0; l < Curve::scalar_limbs; ++l) integer.limb[l] = scalar[l];
  return integer;
}

template <class Curve>
Scalar<Curve> to_public_scalar(const Integer<api::InternalCurve<Curve>>& integer) {
  Scalar<Curve> scalar{};
  for (std::size_t l = 0; l < Curve::scalar_limbs; ++l) scalar[l] = integer.limb[l];
  return scalar;
}

// n independent random points (never an arithmetic progression), drawn from the test's rng.
template <class Curve>
PublicPoints<Curve> random_public_points(std::size_t n, std::mt19937_64& rng) {
  return random_points<Curve>(n, rng());
}

// n uniform scalars in [0, r).
template <class Curve>
PublicScalars<Curve> scalars_below_r(std::size_t n, std::mt19937_64& rng) {
  return random_scalars<Curve>(n, rng());
}

// Scalars in [1, bound]: many equal digits, so many equal partial sums inside the buckets.
template <class Curve>
PublicScalars<Curve> small_scalars(std::size_t n, std::uint64_t bound, std::mt19937_64& rng) {
  PublicScalars<Curve> scalars(n);
  for (auto& s : scalars) s[0] = 1 + rng() % bound;
  return scalars;
}

template <class Curve>
Scalar<Curve> scalar_of(std::uint64_t value) {
  Scalar<Curve> s{};
  s[0] = value;
  return s;
}

// r + delta, for small delta (delta ≥ −r).
template <class Curve>
Scalar<Curve> group_order_plus(std::int64_t delta) {
  return to_public_scalar<Curve>(order_plus<api::InternalCurve<Curve>>(delta));
}

// 2^256 − 1, the largest scalar the public form can hold.
template <class Curve>
Scalar<Curve> largest_scalar() {
  Scalar<Curve> s;
  s.fill(~std::uint64_t{0});
  return s;
}

template <class Curve>
Point<Curve> negated(const Point<Curve>& point) {
  return api::to_public_point<Curve>(-to_internal_point(point));
}

// P_0, −P_0, P_1, −P_1, …: with equal scalars for each pair every pair cancels.
template <class Curve>
PublicPoints<Curve> plus_minus_pairs(std::size_t pairs, std::mt19937_64& rng) {
  PublicPoints<Curve> out;
  out.reserve(2 * pairs);
  for (const auto& p : random_public_points<Curve>(pairs, rng)) {
    out.push_back(p);
    out.push_back(negated(p));
  }
  return out;
}

// (s_0, s_0, s_1, s_1, …): one scalar for each pair of plus_minus_pairs.
template <class Curve>
PublicScalars<Curve> each_twice(const PublicScalars<Curve>& scalars) {
  PublicScalars<Curve> out;
  out.reserve(2 * scalars.size());
  for (const auto& s : scalars) {
    out.push_back(s);
    out.push_back(s);
  }
  return out;
}

// k·G for k = 1 … n: an adversarial input whose bucket partial sums meet equal x-coordinates.
template <class Curve>
PublicPoints<Curve> public_arithmetic_progression(std::size_t n) {
  const auto internal = arithmetic_progression<api::InternalCurve<Curve>>(n);
  PublicPoints<Curve> points(n);
  for (std::size_t i = 0; i < n; ++i) points[i] = api::to_public_point<Curve>(internal[i]);
  return points;
}

}  // namespace zkmsm::test
