// Curve points for CUDA kernels over DeviceField: affine (x, y) with (0, 0) = infinity, and
// extended Jacobian XYZZ (X, Y, ZZ, ZZZ) ↦ (X/ZZ, Y/ZZZ) with ZZ = 0 = infinity, on
// y² = x³ + b (a = 0). The layouts match the host AffinePoint<Curve> / XyzzPoint<Curve>.
//
// All XYZZ operations are complete (infinity, P + P, P + (−P)). Formulas from the
// Explicit-Formulas Database, https://hyperelliptic.org/EFD/g1p/auto-shortw-xyzz.html:
//   dbl-2008-s-1    6M + 3S   (doubling)
//   mdbl-2008-s-1   2M + 3S   (doubling of an affine point)
//   madd-2008-s     8M + 2S   (mixed addition, affine operand)
//   add-2008-s     12M + 2S   (full addition)
// and Jacobian (X, Y, Z) ↦ (X/Z², Y/Z³) for chains of doublings,
// https://hyperelliptic.org/EFD/g1p/auto-shortw-jacobian-0.html:
//   dbl-2009-l      2M + 5S
// Everything is inlined (run 1: out-of-line XYZZ calls cost ~8 µs each in latency-bound
// kernels, see docs/cuda_notes.md); only the inversion stays out of line.
#pragma once

#include "curve/affine_point.hpp"
#include "field/prime_field.hpp"
#include "msm/cuda/device_field.cuh"

namespace zkmsm::cuda {

template <class Field>
struct FieldParamsOf;
template <class Params>
struct FieldParamsOf<PrimeField<Params>> {
  using type = Params;
};

// The device field of a curve's base field.
template <class Curve>
using DeviceBase = DeviceField<typename FieldParamsOf<typename Curve::BaseField>::type>;
// The 32-bit constants of a curve's scalar field (for reducing scalars mod r).
template <class Curve>
using DeviceScalarConstants = DeviceFieldConstants<typename FieldParamsOf<typename Curve::ScalarField>::type>;

template <class Fd>
struct DeviceAffine {
  Fd x;
  Fd y;

  ZKMSM_HOST_DEVICE static constexpr DeviceAffine infinity() { return {Fd::zero(), Fd::zero()}; }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE bool is_infinity() const { return x.is_zero() && y.is_zero(); }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceAffine operator-() const { return {x, -y}; }
};

template <class Fd>
struct DeviceXyzz {
  Fd X;
  Fd Y;
  Fd ZZ;
  Fd ZZZ;

  ZKMSM_HOST_DEVICE static constexpr DeviceXyzz infinity() { return {Fd::one(), Fd::one(), Fd::zero(), Fd::zero()}; }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE static DeviceXyzz from_affine(const DeviceAffine<Fd>& p) {
    return p.is_infinity() ? infinity() : DeviceXyzz{p.x, p.y, Fd::one(), Fd::one()};
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE bool is_infinity() const { return ZZ.is_zero(); }

  // dbl-2008-s-1: 6M + 3S.
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceXyzz doubled() const {
    if (is_infinity()) return *this;
    const Fd U = Y.doubled();        // U = 2·Y1
    const Fd V = U.squared();        // V = U²
    const Fd W = U * V;              // W = U·V
    const Fd S = X * V;              // S = X1·V
    const Fd X2 = X.squared();       // X1²
    const Fd M = X2.doubled() + X2;  // M = 3·X1²
    DeviceXyzz out;
    out.X = M.squared() - S.doubled();  // X3 = M² − 2S
    out.Y = M * (S - out.X) - W * Y;    // Y3 = M(S − X3) − W·Y1
    out.ZZ = V * ZZ;                    // ZZ3 = V·ZZ1
    out.ZZZ = W * ZZZ;                  // ZZZ3 = W·ZZZ1
    return out;
  }

  // mdbl-2008-s-1 (2M + 3S): 2·q for an affine q ≠ infinity.
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE static DeviceXyzz doubled_affine(const DeviceAffine<Fd>& q) {
    const Fd U = q.y.doubled();      // U = 2·y1
    const Fd V = U.squared();        // V = U²
    const Fd W = U * V;              // W = U·V
    const Fd S = q.x * V;            // S = x1·V
    const Fd X2 = q.x.squared();     // x1²
    const Fd M = X2.doubled() + X2;  // M = 3·x1²
    DeviceXyzz out;
    out.X = M.squared() - S.doubled();  // X3 = M² − 2S
    out.Y = M * (S - out.X) - W * q.y;  // Y3 = M(S − X3) − W·y1
    out.ZZ = V;                         // ZZ3 = V
    out.ZZZ = W;                        // ZZZ3 = W
    return out;
  }

  // madd-2008-s (8M + 2S), complete.
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceXyzz add_affine(const DeviceAffine<Fd>& q) const {
    if (q.is_infinity()) return *this;
    if (is_infinity()) return from_affine(q);
    const Fd U2 = q.x * ZZ;   // U2 = x2·ZZ1
    const Fd S2 = q.y * ZZZ;  // S2 = y2·ZZZ1
    const Fd P = U2 - X;      // P = U2 − X1
    const Fd R = S2 - Y;      // R = S2 − Y1
    if (P.is_zero()) return R.is_zero() ? doubled_affine(q) : infinity();
    const Fd PP = P.squared();  // PP = P²
    const Fd PPP = P * PP;      // PPP = P·PP
    const Fd Q = X * PP;        // Q = X1·PP
    DeviceXyzz out;
    out.X = R.squared() - PPP - Q.doubled();  // X3 = R² − PPP − 2Q
    out.Y = R * (Q - out.X) - Y * PPP;        // Y3 = R(Q − X3) − Y1·PPP
    out.ZZ = ZZ * PP;                         // ZZ3 = ZZ1·PP
    out.ZZZ = ZZZ * PPP;                      // ZZZ3 = ZZZ1·PPP
    return out;
  }

  // add-2008-s (12M + 2S), complete.
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceXyzz operator+(const DeviceXyzz& q) const {
    if (is_infinity()) return q;
    if (q.is_infinity()) return *this;
    const Fd U1 = X * q.ZZ;   // U1 = X1·ZZ2
    const Fd U2 = q.X * ZZ;   // U2 = X2·ZZ1
    const Fd S1 = Y * q.ZZZ;  // S1 = Y1·ZZZ2
    const Fd S2 = q.Y * ZZZ;  // S2 = Y2·ZZZ1
    const Fd P = U2 - U1;     // P = U2 − U1
    const Fd R = S2 - S1;     // R = S2 − S1
    if (P.is_zero()) return R.is_zero() ? doubled() : infinity();
    const Fd PP = P.squared();  // PP = P²
    const Fd PPP = P * PP;      // PPP = P·PP
    const Fd Q = U1 * PP;       // Q = U1·PP
    DeviceXyzz out;
    out.X = R.squared() - PPP - Q.doubled();  // X3 = R² − PPP − 2Q
    out.Y = R * (Q - out.X) - S1 * PPP;       // Y3 = R(Q − X3) − S1·PPP
    out.ZZ = ZZ * q.ZZ * PP;                  // ZZ3 = ZZ1·ZZ2·PP
    out.ZZZ = ZZZ * q.ZZZ * PPP;              // ZZZ3 = ZZZ1·ZZZ2·PPP
    return out;
  }

  // One inversion: ZZZ⁻¹ gives 1/z³, and ZZ/ZZZ = 1/z.
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceAffine<Fd> to_affine() const {
    if (is_infinity()) return DeviceAffine<Fd>::infinity();
    const Fd zzz_inv = ZZZ.inverse();
    const Fd z_inv = zzz_inv * ZZ;
    return {X * z_inv.squared(), Y * zzz_inv};
  }
};

// The three products of a doubling round, one after the other.
struct SequentialMul3 {
  template <class Fd>
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void operator()(
      Fd& r0, Fd& r1, Fd& r2, const Fd& a0, const Fd& b0, const Fd& a1, const Fd& b1, const Fd& a2, const Fd& b2)
      const {
    r0 = a0 * b0;
    r1 = a1 * b1;
    r2 = a2 * b2;
  }
};

// Jacobian coordinates, only for doubling chains (Horner in combine_windows).
template <class Fd>
struct DeviceJacobian {
  Fd X;
  Fd Y;
  Fd Z;

  // (X·ZZ², Y·ZZZ², ZZZ): with ZZ = z², ZZZ = z³ the same affine point; Z = 0 for infinity.
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE static DeviceJacobian from_xyzz(const DeviceXyzz<Fd>& p) {
    return {p.X * p.ZZ.squared(), p.Y * p.ZZZ.squared(), p.ZZZ};
  }
  // (X, Y, Z²,Z³); infinity (Z = 0) maps to ZZ = 0.
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceXyzz<Fd> to_xyzz() const {
    const Fd ZZ = Z.squared();
    return {X, Y, ZZ, ZZ * Z};
  }
  // dbl-2009-l (2M + 5S) in three rounds of independent multiplications:
  //   A = X², B = Y², YZ = Y·Z  |  C = B², T = (X + B)², F = (3A)²  |  E·(D − X3)
  // `mul3(r0, r1, r2, a0, b0, a1, b1, a2, b2)` computes a round's three products: one after the
  // other (SequentialMul3) or on three lanes of a warp (lane_parallel.cuh). Z3 = 2·Y1·Z1 keeps
  // Z = 0 for infinity; no point of the prime-order groups here has y = 0, so no other case exists.
  template <class Mul3>
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceJacobian doubled(Mul3 mul3) const {
    Fd A, B, YZ;
    mul3(A, B, YZ, X, X, Y, Y, Y, Z);
    const Fd E = A.doubled() + A;  // E = 3A
    const Fd XB = X + B;
    Fd C, T, F;
    mul3(C, T, F, B, B, XB, XB, E, E);
    const Fd D = (T - A - C).doubled();  // D = 2((X1 + B)² − A − C)
    DeviceJacobian out;
    out.X = F - D.doubled();                                    // X3 = F − 2D
    out.Y = E * (D - out.X) - C.doubled().doubled().doubled();  // Y3 = E(D − X3) − 8C
    out.Z = YZ.doubled();                                       // Z3 = 2·Y1·Z1
    return out;
  }
};

// The device types must be bit-compatible with the host ones (inputs are copied as bytes).
template <class Curve>
inline constexpr bool kDeviceLayoutMatches = sizeof(DeviceAffine<DeviceBase<Curve>>) == sizeof(AffinePoint<Curve>) &&
                                             sizeof(DeviceBase<Curve>) == 32;

}  // namespace zkmsm::cuda
