// Inputs for the public API's tests: random public points and scalars, their Montgomery forms,
// and points that break validation.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "api/curve_map.hpp"
#include "zkmsm/random_inputs.hpp"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm::test {

template <class Curve>
std::vector<Scalar<Curve>> uniform_256_bit_scalars(std::size_t n, std::mt19937_64& rng) {
  std::vector<Scalar<Curve>> scalars(n);
  for (auto& s : scalars)
    for (auto& limb : s) limb = rng();
  return scalars;
}

// The same points with Montgomery-form coordinates (x·R mod p), for points_in_montgomery.
template <class Curve>
std::vector<Point<Curve>> montgomery_points(const std::vector<Point<Curve>>& points) {
  using BaseField = typename api::InternalCurve<Curve>::BaseField;
  std::vector<Point<Curve>> out(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    typename BaseField::Integer x{}, y{};
    for (std::size_t l = 0; l < Curve::base_limbs; ++l) {
      x.limb[l] = points[i].x[l];
      y.limb[l] = points[i].y[l];
    }
    const auto mx = BaseField::from_canonical(x).raw();
    const auto my = BaseField::from_canonical(y).raw();
    for (std::size_t l = 0; l < Curve::base_limbs; ++l) {
      out[i].x[l] = mx.limb[l];
      out[i].y[l] = my.limb[l];
    }
  }
  return out;
}

// The same scalars in Montgomery form (s·R mod r), for scalars_in_montgomery; s is taken mod r.
template <class Curve>
std::vector<Scalar<Curve>> montgomery_scalars(const std::vector<Scalar<Curve>>& scalars) {
  using ScalarField = typename api::InternalCurve<Curve>::ScalarField;
  std::vector<Scalar<Curve>> out(scalars.size());
  for (std::size_t i = 0; i < scalars.size(); ++i) {
    typename ScalarField::Integer s{};
    for (std::size_t l = 0; l < Curve::scalar_limbs; ++l) s.limb[l] = scalars[i][l];
    const auto m = ScalarField::from_canonical(reduce_mod(s, ScalarField::modulus())).raw();
    for (std::size_t l = 0; l < Curve::scalar_limbs; ++l) out[i][l] = m.limb[l];
  }
  return out;
}

// A point off the curve: y + 1.
template <class Curve>
Point<Curve> off_curve(Point<Curve> p) {
  p.y[0] += 1;
  return p;
}

// A point whose x is p itself (not below the modulus).
template <class Curve>
Point<Curve> x_equal_to_modulus(Point<Curve> p) {
  const auto& modulus = api::InternalCurve<Curve>::BaseField::modulus();
  for (std::size_t l = 0; l < Curve::base_limbs; ++l) p.x[l] = modulus.limb[l];
  return p;
}

}  // namespace zkmsm::test
