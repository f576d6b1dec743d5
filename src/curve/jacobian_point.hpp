// A point in Jacobian coordinates (X, Y, Z) ↦ (X/Z², Y/Z³) on y² = x³ + b (a = 0).
//
// Representation: Montgomery-form coordinates; Z = 0 is the point at infinity. All operations
// are complete: they handle infinity, P + P and P + (−P). Formulas from the Explicit-Formulas
// Database (https://hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-0.html). One copy for the
// host (PrimeField) and the CUDA kernels (DeviceField): see affine_point.hpp.
#pragma once

#include "core/host_device.hpp"
#include "curve/affine_point.hpp"
#include "curve/point_inline.hpp"

namespace zkmsm {

// The three products of a doubling round (JacobianPoint::doubled), one after the other; a caller
// with parallel hardware for one chain (lanes of a warp) can pass its own.
struct SequentialMul3 {
  template <class Field>
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE constexpr void operator()(Field& r0,
                                                                 Field& r1,
                                                                 Field& r2,
                                                                 const Field& a0,
                                                                 const Field& b0,
                                                                 const Field& a1,
                                                                 const Field& b1,
                                                                 const Field& a2,
                                                                 const Field& b2) const {
    r0 = a0 * b0;
    r1 = a1 * b1;
    r2 = a2 * b2;
  }
};

template <class Curve>
struct JacobianPoint {
  using BaseField = typename Curve::BaseField;
  using Affine = AffinePoint<Curve>;
  BaseField X;
  BaseField Y;
  BaseField Z;

  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE static constexpr JacobianPoint infinity() {
    return {BaseField::one(), BaseField::one(), BaseField::zero()};
  }
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE static constexpr JacobianPoint from_affine(const Affine& p) {
    return p.is_infinity() ? infinity() : JacobianPoint{p.x, p.y, BaseField::one()};
  }
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE constexpr bool is_infinity() const { return Z.is_zero(); }
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE constexpr JacobianPoint operator-() const { return {X, -Y, Z}; }

  // One inversion; use batch normalization for many points.
  ZKMSM_HOST_DEVICE Affine to_affine() const {
    if (is_infinity()) return Affine::infinity();
    const BaseField z_inv = Z.inverse_vartime();
    const BaseField z_inv2 = z_inv.squared();
    return {X * z_inv2, Y * z_inv2 * z_inv};
  }

  // dbl-2009-l: 2M + 5S.
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE constexpr JacobianPoint doubled() const {
    if (is_infinity()) return *this;
    return doubled(SequentialMul3{});
  }

  // dbl-2009-l (2M + 5S) in three rounds of independent multiplications:
  //   A = X², B = Y², YZ = Y·Z  |  C = B², T = (X + B)², F = (3A)²  |  E·(D − X3)
  // `mul3(r0, r1, r2, a0, b0, a1, b1, a2, b2)` computes a round's three products (SequentialMul3,
  // or a caller's parallel version). No infinity branch: Z3 = 2·Y1·Z1 keeps
  // Z = 0 for infinity, and no point of the prime-order groups here has y = 0.
  template <class Mul3>
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE constexpr JacobianPoint doubled(Mul3 mul3) const {
    BaseField A, B, YZ;
    mul3(A, B, YZ, X, X, Y, Y, Y, Z);
    const BaseField E = A.doubled() + A;  // E = 3A
    const BaseField XB = X + B;
    BaseField C, T, F;
    mul3(C, T, F, B, B, XB, XB, E, E);
    const BaseField D = (T - A - C).doubled();  // D = 2((X1 + B)² − A − C)
    JacobianPoint out;
    out.X = F - D.doubled();                                    // X3 = F − 2D
    out.Y = E * (D - out.X) - C.doubled().doubled().doubled();  // Y3 = E(D − X3) − 8C
    out.Z = YZ.doubled();                                       // Z3 = 2·Y1·Z1
    return out;
  }

  // add-2007-bl: 11M + 5S.
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE constexpr JacobianPoint operator+(const JacobianPoint& q) const {
    if (is_infinity()) return q;
    if (q.is_infinity()) return *this;
    const BaseField Z1Z1 = Z.squared();    // Z1Z1 = Z1²
    const BaseField Z2Z2 = q.Z.squared();  // Z2Z2 = Z2²
    const BaseField U1 = X * Z2Z2;         // U1 = X1·Z2Z2
    const BaseField U2 = q.X * Z1Z1;       // U2 = X2·Z1Z1
    const BaseField S1 = Y * q.Z * Z2Z2;   // S1 = Y1·Z2·Z2Z2
    const BaseField S2 = q.Y * Z * Z1Z1;   // S2 = Y2·Z1·Z1Z1
    if (U1 == U2) return S1 == S2 ? doubled() : infinity();
    const BaseField H = U2 - U1;                // H = U2 − U1
    const BaseField I = H.doubled().squared();  // I = (2H)²
    const BaseField J = H * I;                  // J = H·I
    const BaseField r = (S2 - S1).doubled();    // r = 2(S2 − S1)
    const BaseField V = U1 * I;                 // V = U1·I
    JacobianPoint out;
    out.X = r.squared() - J - V.doubled();            // X3 = r² − J − 2V
    out.Y = r * (V - out.X) - (S1 * J).doubled();     // Y3 = r(V − X3) − 2·S1·J
    out.Z = ((Z + q.Z).squared() - Z1Z1 - Z2Z2) * H;  // Z3 = ((Z1 + Z2)² − Z1Z1 − Z2Z2)·H
    return out;
  }

  // madd-2007-bl (mixed, q affine): 7M + 4S.
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE constexpr JacobianPoint add_affine(const Affine& q) const {
    if (q.is_infinity()) return *this;
    if (is_infinity()) return from_affine(q);
    const BaseField Z1Z1 = Z.squared();   // Z1Z1 = Z1²
    const BaseField U2 = q.x * Z1Z1;      // U2 = X2·Z1Z1
    const BaseField S2 = q.y * Z * Z1Z1;  // S2 = Y2·Z1·Z1Z1
    if (U2 == X) return S2 == Y ? doubled() : infinity();
    const BaseField H = U2 - X;                  // H = U2 − X1
    const BaseField HH = H.squared();            // HH = H²
    const BaseField I = HH.doubled().doubled();  // I = 4·HH
    const BaseField J = H * I;                   // J = H·I
    const BaseField r = (S2 - Y).doubled();      // r = 2(S2 − Y1)
    const BaseField V = X * I;                   // V = X1·I
    JacobianPoint out;
    out.X = r.squared() - J - V.doubled();        // X3 = r² − J − 2V
    out.Y = r * (V - out.X) - (Y * J).doubled();  // Y3 = r(V − X3) − 2·Y1·J
    out.Z = (Z + H).squared() - Z1Z1 - HH;        // Z3 = (Z1 + H)² − Z1Z1 − HH
    return out;
  }

  // Equality of the represented points (cross-multiplied, no inversion).
  ZKMSM_HOST_DEVICE ZKMSM_POINT_INLINE constexpr bool operator==(const JacobianPoint& q) const {
    if (is_infinity() || q.is_infinity()) return is_infinity() == q.is_infinity();
    const BaseField Z1Z1 = Z.squared();
    const BaseField Z2Z2 = q.Z.squared();
    return X * Z2Z2 == q.X * Z1Z1 && Y * q.Z * Z2Z2 == q.Y * Z * Z1Z1;
  }
};

}  // namespace zkmsm
