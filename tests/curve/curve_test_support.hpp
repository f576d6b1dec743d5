// Helpers for the typed curve tests: the curve list, naive scalar multiplication (the tests'
// own double-and-add, independent of any MSM code), random points and readable printing.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <ostream>
#include <random>

#include "core/bigint.hpp"
#include "curve/affine_point.hpp"
#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "curve/jacobian_point.hpp"
#include "curve/xyzz_point.hpp"
#include "field/test_support.hpp"

namespace zkmsm::test {

using AllCurves = ::testing::Types<Bn254G1, GrumpkinG1, Bls12381G1>;

template <class Curve>
using ScalarInteger = typename Curve::ScalarField::Integer;

template <class Curve>
AffinePoint<Curve> affine_from_hex(const char* x_hex, const char* y_hex) {
  using Base = typename Curve::BaseField;
  return {Base::from_canonical(parse_hex<Base::limbs>(x_hex)), Base::from_canonical(parse_hex<Base::limbs>(y_hex))};
}

// [k]P by double-and-add, most significant bit first, with mixed (affine) additions.
template <class Curve, std::size_t N>
JacobianPoint<Curve> mul_jacobian(const BigInt<N>& k, const AffinePoint<Curve>& p) {
  auto acc = JacobianPoint<Curve>::infinity();
  for (std::size_t i = k.bit_length(); i-- > 0;) {
    acc = acc.doubled();
    if (k.bit(i)) acc = acc.add_affine(p);
  }
  return acc;
}

// [k]P by double-and-add with full Jacobian additions (P keeps its own Z).
template <class Curve, std::size_t N>
JacobianPoint<Curve> mul_jacobian_full(const BigInt<N>& k, const JacobianPoint<Curve>& p) {
  auto acc = JacobianPoint<Curve>::infinity();
  for (std::size_t i = k.bit_length(); i-- > 0;) {
    acc = acc.doubled();
    if (k.bit(i)) acc = acc + p;
  }
  return acc;
}

// [k]P by double-and-add in XYZZ coordinates with mixed additions.
template <class Curve, std::size_t N>
XyzzPoint<Curve> mul_xyzz(const BigInt<N>& k, const AffinePoint<Curve>& p) {
  auto acc = XyzzPoint<Curve>::infinity();
  for (std::size_t i = k.bit_length(); i-- > 0;) {
    acc = acc.doubled();
    if (k.bit(i)) acc = acc.add_affine(p);
  }
  return acc;
}

// The same point with another projective representative: (t²X, t³Y, tZ).
template <class Curve>
JacobianPoint<Curve> rescaled(const JacobianPoint<Curve>& p, const typename Curve::BaseField& t) {
  const auto t2 = t.squared();
  return {p.X * t2, p.Y * t2 * t, p.Z * t};
}

// The same point with another representative: (t²X, t³Y, t²ZZ, t³ZZZ).
template <class Curve>
XyzzPoint<Curve> rescaled(const XyzzPoint<Curve>& p, const typename Curve::BaseField& t) {
  const auto t2 = t.squared();
  const auto t3 = t2 * t;
  return {p.X * t2, p.Y * t3, p.ZZ * t2, p.ZZZ * t3};
}

template <class Curve>
ScalarInteger<Curve> random_scalar(std::mt19937_64& rng) {
  return random_below(rng, Curve::ScalarField::modulus());
}

// A uniformly random point [k]G, k ≠ 0 (the groups have prime order, so P ≠ ∞).
template <class Curve>
AffinePoint<Curve> random_point(std::mt19937_64& rng) {
  for (;;) {
    const auto k = random_scalar<Curve>(rng);
    if (!k.is_zero()) return mul_jacobian(k, AffinePoint<Curve>::generator()).to_affine();
  }
}

}  // namespace zkmsm::test

namespace zkmsm {

template <class Curve>
void PrintTo(const AffinePoint<Curve>& p, std::ostream* os) {
  if (p.is_infinity()) {
    *os << "infinity";
    return;
  }
  *os << "(" << test::to_hex(p.x.to_canonical()) << ", " << test::to_hex(p.y.to_canonical()) << ")";
}

template <class Curve>
void PrintTo(const JacobianPoint<Curve>& p, std::ostream* os) {
  *os << "Jacobian ";
  PrintTo(p.to_affine(), os);
}

template <class Curve>
void PrintTo(const XyzzPoint<Curve>& p, std::ostream* os) {
  *os << "XYZZ ";
  PrintTo(p.to_affine(), os);
}

}  // namespace zkmsm
