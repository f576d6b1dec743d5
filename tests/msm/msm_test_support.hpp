// Inputs for MSM tests: independent random points ([k]G for independent uniform k) and
// random scalars in internal form, plus adversarial point sets.
#pragma once

#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "api/curve_map.hpp"
#include "curve/affine_point.hpp"
#include "curve/jacobian_point.hpp"
#include "msm/reference/reference_msm.hpp"
#include "zkmsm/random_inputs.hpp"

namespace zkmsm::test {

template <class Curve>
using Integer = typename Curve::ScalarField::Integer;

template <class Curve>
std::vector<AffinePoint<Curve>> independent_points(std::size_t n, std::uint64_t seed) {
  using Public = api::PublicCurve<Curve>;
  using BaseField = typename Curve::BaseField;
  const auto canonical = random_points<Public>(n, seed, 1);
  std::vector<AffinePoint<Curve>> points(n);
  for (std::size_t i = 0; i < n; ++i) {
    typename BaseField::Integer x{}, y{};
    for (std::size_t l = 0; l < BaseField::limbs; ++l) {
      x.limb[l] = canonical[i].x[l];
      y.limb[l] = canonical[i].y[l];
    }
    points[i] = {BaseField::from_canonical(x), BaseField::from_canonical(y)};
  }
  return points;
}

// Uniform 256-bit integers: covers scalars ≥ r too.
template <class Curve>
std::vector<Integer<Curve>> random_scalars_256(std::size_t n, std::mt19937_64& rng) {
  std::vector<Integer<Curve>> scalars(n);
  for (auto& s : scalars)
    for (auto& limb : s.limb) limb = rng();
  return scalars;
}

template <class Curve>
std::vector<Integer<Curve>> random_scalars_below_r(std::size_t n, std::mt19937_64& rng) {
  auto scalars = random_scalars_256<Curve>(n, rng);
  for (auto& s : scalars) s = reduce_mod(s, Curve::ScalarField::modulus());
  return scalars;
}

template <class Curve>
Integer<Curve> small_scalar(std::uint64_t value) {
  Integer<Curve> s{};
  s.limb[0] = value;
  return s;
}

// r + delta for small signed delta (delta ≥ −r).
template <class Curve>
Integer<Curve> order_plus(std::int64_t delta) {
  Integer<Curve> s = Curve::ScalarField::modulus();
  Integer<Curve> d = small_scalar<Curve>(static_cast<std::uint64_t>(delta < 0 ? -delta : delta));
  if (delta < 0) {
    sub_with_borrow(s, s, d);
  } else {
    add_with_carry(s, s, d);
  }
  return s;
}

template <class Curve>
Integer<Curve> all_ones() {
  Integer<Curve> s{};
  for (auto& limb : s.limb) limb = ~std::uint64_t{0};
  return s;
}

// k·G for k = 1, 2, …, n: an arithmetic progression whose partial sums collide in x.
template <class Curve>
std::vector<AffinePoint<Curve>> arithmetic_progression(std::size_t n) {
  std::vector<AffinePoint<Curve>> points(n);
  JacobianPoint<Curve> acc = JacobianPoint<Curve>::infinity();
  for (auto& p : points) {
    acc = acc.add_affine(AffinePoint<Curve>::generator());
    p = acc.to_affine();
  }
  return points;
}

}  // namespace zkmsm::test
