// Membership of an on-curve point in the prime-order subgroup the MSM works in.
//
// Every curve says whether it has a cofactor (Curve::has_cofactor). BN254 G1 and Grumpkin do not:
// every point on the curve is in the group. A curve with one (BLS12-381 G1) supplies |z|, the
// sign-less curve parameter, and β', and the test is Scott's (ePrint 2021/1130, §6, proved exact for BLS12 G1):
//   P ∈ G1  ⟺  σ(P) = [−z²]P,  σ(x, y) = (β'·x, y),
// computed as [z²]P = [|z|]([|z|]P) (z² = |z|²: two 64-bit double-and-add chains over the sparse
// |z|, 126 doublings and 10 additions in Jacobian coordinates) compared with −σ(P) = (β'·x, −y)
// by cross-multiplication, no inversion. Variable time (public inputs).
//
// clear_cofactor maps any point of such a curve into the group ([h_eff]P, the curve's
// effective_cofactor_hex); the identity on a curve of cofactor 1.
#pragma once

#include "core/bigint.hpp"
#include "curve/affine_point.hpp"
#include "curve/jacobian_point.hpp"

namespace zkmsm {

// The constants of Scott's test for a curve with a cofactor, from its hex definitions: |z|, the
// magnitude of the curve parameter, and β' in the curve's base field (Montgomery form).
template <class Curve>
constexpr std::uint64_t subgroup_z_magnitude() {
  return parse_hex<1>(Curve::subgroup_z_magnitude_hex).limb[0];
}

template <class Curve>
constexpr typename Curve::BaseField subgroup_beta() {
  using Base = typename Curve::BaseField;
  return Base::from_canonical(parse_hex<Base::limbs>(Curve::subgroup_beta_hex));
}

namespace subgroup_detail {

// [k]Q by double-and-add, most significant bit first (k a 64-bit magnitude).
template <class Curve>
constexpr JacobianPoint<Curve> multiply_u64(std::uint64_t k, const JacobianPoint<Curve>& q) {
  auto acc = JacobianPoint<Curve>::infinity();
  for (int bit = 63; bit >= 0; --bit) {
    acc = acc.doubled();
    if ((k >> bit) & 1) acc = acc + q;
  }
  return acc;
}

// Scott's test for p on the curve View (the curve itself, or its view over another field type with
// the same constants, as the CUDA device field's) with β' given in that field's representation;
// z is the parameter of `Constants` (the curve with the hex constants).
template <class Constants, class View>
constexpr bool scott_test(const AffinePoint<View>& p, const typename View::BaseField& beta) {
  if (p.is_infinity()) return true;
  constexpr std::uint64_t z = subgroup_z_magnitude<Constants>();
  const auto zp = multiply_u64(z, JacobianPoint<View>::from_affine(p));
  const auto z2p = multiply_u64(z, zp);
  return z2p == JacobianPoint<View>::from_affine(AffinePoint<View>{beta * p.x, -p.y});
}

}  // namespace subgroup_detail

// p on the curve (checked by the caller); true when p is in the prime-order subgroup.
template <class Curve>
constexpr bool in_prime_order_subgroup(const AffinePoint<Curve>& p) {
  if constexpr (!Curve::has_cofactor) {
    return true;
  } else {
    constexpr typename Curve::BaseField beta = subgroup_beta<Curve>();
    return subgroup_detail::scott_test<Curve>(p, beta);
  }
}

// A point of the prime-order subgroup: [h_eff]p (infinity when p's component in the group is 0).
template <class Curve>
AffinePoint<Curve> clear_cofactor(const AffinePoint<Curve>& p) {
  if constexpr (!Curve::has_cofactor) {
    return p;
  } else {
    constexpr std::uint64_t h = parse_hex<1>(Curve::effective_cofactor_hex).limb[0];
    return subgroup_detail::multiply_u64(h, JacobianPoint<Curve>::from_affine(p)).to_affine();
  }
}

}  // namespace zkmsm
