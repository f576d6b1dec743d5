// A point in extended Jacobian "XYZZ" coordinates (X, Y, ZZ, ZZZ) ↦ (X/ZZ, Y/ZZZ) with
// ZZ³ = ZZZ², on y² = x³ + b (a = 0). Cheaper mixed additions than Jacobian: used for bucket
// running sums. Representation: Montgomery-form coordinates; ZZ = 0 is the point at infinity.
// Operations are complete. Formulas: https://hyperelliptic.org/EFD/g1p/auto-shortw-xyzz.html
//   dbl-2008-s-1    6M + 3S   (doubling)
//   mdbl-2008-s-1   2M + 3S   (doubling of an affine point)
//   madd-2008-s     8M + 2S   (mixed addition, affine operand)
//   add-2008-s     12M + 2S   (full addition)
// One copy for the host (PrimeField) and the CUDA kernels (DeviceField): see affine_point.hpp.
#pragma once

#include "core/host_device.hpp"
#include "curve/affine_point.hpp"
#include "curve/jacobian_point.hpp"
#include "curve/point_inline.hpp"

namespace zkmsm {

template <class Curve>
struct XyzzPoint {
  using BaseField = typename Curve::BaseField;
  using Affine = AffinePoint<Curve>;
  BaseField X;
  BaseField Y;
  BaseField ZZ;
  BaseField ZZZ;

  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE static constexpr XyzzPoint infinity() {
    return {BaseField::one(), BaseField::one(), BaseField::zero(), BaseField::zero()};
  }
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE static constexpr XyzzPoint from_affine(const Affine& p) {
    return p.is_infinity() ? infinity() : XyzzPoint{p.x, p.y, BaseField::one(), BaseField::one()};
  }
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE constexpr bool is_infinity() const { return ZZ.is_zero(); }
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE constexpr XyzzPoint operator-() const { return {X, -Y, ZZ, ZZZ}; }

  // The same point as Jacobian (X·ZZ², Y·ZZZ², ZZZ), without inversion. With ZZ = z² and
  // ZZZ = z³: X·z⁴/z⁶ = X/ZZ and Y·z⁶/z⁹ = Y/ZZZ. Infinity (ZZ = ZZZ = 0) maps to Z = 0, the
  // Jacobian infinity, without a branch (combine_windows' Horner chain takes none).
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE constexpr JacobianPoint<Curve> to_jacobian() const {
    return {X * ZZ.squared(), Y * ZZZ.squared(), ZZZ};
  }
  // (X, Y, Z², Z³); the Jacobian infinity (Z = 0) maps to ZZ = 0.
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE static constexpr XyzzPoint from_jacobian(const JacobianPoint<Curve>& p) {
    const BaseField zz = p.Z.squared();
    return {p.X, p.Y, zz, zz * p.Z};
  }

  // One inversion: ZZZ⁻¹ gives 1/z³, and ZZ/ZZZ = 1/z.
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE Affine to_affine() const {
    if (is_infinity()) return Affine::infinity();
    const BaseField zzz_inv = ZZZ.inverse_vartime();
    const BaseField z_inv = zzz_inv * ZZ;  // 1/Z = ZZ/ZZZ
    return {X * z_inv.squared(), Y * zzz_inv};
  }

  // dbl-2008-s-1: 6M + 3S.
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE constexpr XyzzPoint doubled() const {
    if (is_infinity()) return *this;
    const BaseField U = Y.doubled();  // U = 2·Y1
    const BaseField V = U.squared();  // V = U²
    const BaseField W = U * V;        // W = U·V
    const BaseField S = X * V;        // S = X1·V
    const BaseField X2 = X.squared();
    const BaseField M = X2.doubled() + X2;  // M = 3·X1²
    XyzzPoint out;
    out.X = M.squared() - S.doubled();  // X3 = M² − 2S
    out.Y = M * (S - out.X) - W * Y;    // Y3 = M(S − X3) − W·Y1
    out.ZZ = V * ZZ;                    // ZZ3 = V·ZZ1
    out.ZZZ = W * ZZZ;                  // ZZZ3 = W·ZZZ1
    return out;
  }

  // mdbl-2008-s-1 (2M + 3S): 2·q for an affine q ≠ infinity (dbl-2008-s-1 with ZZ1 = ZZZ1 = 1).
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE static constexpr XyzzPoint doubled_affine(const Affine& q) {
    const BaseField U = q.y.doubled();  // U = 2·y1
    const BaseField V = U.squared();    // V = U²
    const BaseField W = U * V;          // W = U·V
    const BaseField S = q.x * V;        // S = x1·V
    const BaseField X2 = q.x.squared();
    const BaseField M = X2.doubled() + X2;  // M = 3·x1²
    XyzzPoint out;
    out.X = M.squared() - S.doubled();  // X3 = M² − 2S
    out.Y = M * (S - out.X) - W * q.y;  // Y3 = M(S − X3) − W·y1
    out.ZZ = V;                         // ZZ3 = V
    out.ZZZ = W;                        // ZZZ3 = W
    return out;
  }

  // add-2008-s: 12M + 2S.
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE constexpr XyzzPoint operator+(const XyzzPoint& q) const {
    if (is_infinity()) return q;
    if (q.is_infinity()) return *this;
    const BaseField U1 = X * q.ZZ;   // U1 = X1·ZZ2
    const BaseField U2 = q.X * ZZ;   // U2 = X2·ZZ1
    const BaseField S1 = Y * q.ZZZ;  // S1 = Y1·ZZZ2
    const BaseField S2 = q.Y * ZZZ;  // S2 = Y2·ZZZ1
    const BaseField P = U2 - U1;     // P = U2 − U1
    const BaseField R = S2 - S1;     // R = S2 − S1
    if (P.is_zero()) return R.is_zero() ? doubled() : infinity();
    const BaseField PP = P.squared();  // PP = P²
    const BaseField PPP = P * PP;      // PPP = P·PP
    const BaseField Q = U1 * PP;       // Q = U1·PP
    XyzzPoint out;
    out.X = R.squared() - PPP - Q.doubled();  // X3 = R² − PPP − 2Q
    out.Y = R * (Q - out.X) - S1 * PPP;       // Y3 = R(Q − X3) − S1·PPP
    out.ZZ = ZZ * q.ZZ * PP;                  // ZZ3 = ZZ1·ZZ2·PP
    out.ZZZ = ZZZ * q.ZZZ * PPP;              // ZZZ3 = ZZZ1·ZZZ2·PPP
    return out;
  }

  // madd-2008-s (mixed, q affine): 8M + 2S. When q equals this point the sum is 2·q, from q's
  // affine coordinates (mdbl-2008-s-1).
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE constexpr XyzzPoint add_affine(const Affine& q) const {
    if (q.is_infinity()) return *this;
    if (is_infinity()) return from_affine(q);
    const BaseField U2 = q.x * ZZ;   // U2 = X2·ZZ1
    const BaseField S2 = q.y * ZZZ;  // S2 = Y2·ZZZ1
    const BaseField P = U2 - X;      // P = U2 − X1
    const BaseField R = S2 - Y;      // R = S2 − Y1
    if (P.is_zero()) return R.is_zero() ? doubled_affine(q) : infinity();
    const BaseField PP = P.squared();  // PP = P²
    const BaseField PPP = P * PP;      // PPP = P·PP
    const BaseField Q = X * PP;        // Q = X1·PP
    XyzzPoint out;
    out.X = R.squared() - PPP - Q.doubled();  // X3 = R² − PPP − 2Q
    out.Y = R * (Q - out.X) - Y * PPP;        // Y3 = R(Q − X3) − Y1·PPP
    out.ZZ = ZZ * PP;                         // ZZ3 = ZZ1·PP
    out.ZZZ = ZZZ * PPP;                      // ZZZ3 = ZZZ1·PPP
    return out;
  }
};

}  // namespace zkmsm
