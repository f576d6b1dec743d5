// XYZZ additions on LAZILY REDUCED coordinates: X, Y, ZZ, ZZZ in [0, 2p) (device_field.cuh, "lazy
// reduction"), so that their multiplications skip the final conditional subtraction: the xyzz
// walker's running bucket sums and reduce_buckets' sums. Only registers hold such points:
// fully_reduced() brings one back to the pipeline's representation (Montgomery form, fully
// reduced) before it is stored.
//
// Infinity stays exact: ZZ is the all-zero pattern only where infinity() or from_affine((0, 0))
// set it, since ZZ3 = ZZ1·PP is a product of two non-zero elements, never the pattern 0 or p; so
// is_infinity() needs no reduction (nor in add_lazy, where ZZ3 = ZZ1·ZZ2·PP). P = 0 is tested as
// an element (is_zero_lazy: pattern 0 or p).
#pragma once

#include "core/host_device.hpp"
#include "msm/cuda/device_points.cuh"

namespace zkmsm::cuda::detail {

// The same point with every coordinate in [0, p).
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceXyzz<Fd> fully_reduced(const DeviceXyzz<Fd>& a) {
  return {a.X.reduced(), a.Y.reduced(), a.ZZ.reduced(), a.ZZZ.reduced()};
}

// madd-2008-s (8M + 2S) as XyzzPoint::add_affine, complete: a = q gives 2q (mdbl-2008-s-1 from
// q's canonical coordinates), a = −q gives infinity. a lazily reduced, q fully reduced.
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceXyzz<Fd> add_affine_lazy(const DeviceXyzz<Fd>& a,
                                                                    const DeviceAffine<Fd>& q) {
  using Xyzz = DeviceXyzz<Fd>;
  if (q.is_infinity()) return a;
  if (a.is_infinity()) return Xyzz::from_affine(q);
  const Fd U2 = q.x.mul_lazy(a.ZZ);   // U2 = X2·ZZ1
  const Fd S2 = q.y.mul_lazy(a.ZZZ);  // S2 = Y2·ZZZ1
  const Fd P = U2.sub_lazy(a.X);      // P = U2 − X1
  const Fd R = S2.sub_lazy(a.Y);      // R = S2 − Y1
  if (P.is_zero_lazy()) return R.is_zero_lazy() ? Xyzz::doubled_affine(q) : Xyzz::infinity();
  const Fd PP = P.squared_lazy();  // PP = P²
  const Fd PPP = P.mul_lazy(PP);   // PPP = P·PP
  const Fd Q = a.X.mul_lazy(PP);   // Q = X1·PP
  Xyzz out;
  out.X = R.squared_lazy().sub_lazy(PPP).sub_lazy(Q.doubled_lazy());  // X3 = R² − PPP − 2Q
  out.Y = R.mul_sub_mul_lazy(Q.sub_lazy(out.X), a.Y, PPP);            // Y3 = R(Q − X3) − Y1·PPP
  out.ZZ = a.ZZ.mul_lazy(PP);                                         // ZZ3 = ZZ1·PP
  out.ZZZ = a.ZZZ.mul_lazy(PPP);                                      // ZZZ3 = ZZZ1·PPP
  return out;
}

// add-2008-s (12M + 2S) as XyzzPoint::operator+, complete, both operands lazily reduced.
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceXyzz<Fd> add_lazy(const DeviceXyzz<Fd>& a, const DeviceXyzz<Fd>& q) {
  using Xyzz = DeviceXyzz<Fd>;
  if (a.is_infinity()) return q;
  if (q.is_infinity()) return a;
  const Fd U1 = a.X.mul_lazy(q.ZZ);   // U1 = X1·ZZ2
  const Fd U2 = q.X.mul_lazy(a.ZZ);   // U2 = X2·ZZ1
  const Fd S1 = a.Y.mul_lazy(q.ZZZ);  // S1 = Y1·ZZZ2
  const Fd S2 = q.Y.mul_lazy(a.ZZZ);  // S2 = Y2·ZZZ1
  const Fd P = U2.sub_lazy(U1);       // P = U2 − U1
  const Fd R = S2.sub_lazy(S1);       // R = S2 − S1
  if (P.is_zero_lazy()) return R.is_zero_lazy() ? fully_reduced(a).doubled() : Xyzz::infinity();
  const Fd PP = P.squared_lazy();  // PP = P²
  const Fd PPP = P.mul_lazy(PP);   // PPP = P·PP
  const Fd Q = U1.mul_lazy(PP);    // Q = U1·PP
  Xyzz out;
  out.X = R.squared_lazy().sub_lazy(PPP).sub_lazy(Q.doubled_lazy());  // X3 = R² − PPP − 2Q
  out.Y = R.mul_sub_mul_lazy(Q.sub_lazy(out.X), S1, PPP);             // Y3 = R(Q − X3) − S1·PPP
  out.ZZ = a.ZZ.mul_lazy(q.ZZ).mul_lazy(PP);                          // ZZ3 = ZZ1·ZZ2·PP
  out.ZZZ = a.ZZZ.mul_lazy(q.ZZZ).mul_lazy(PPP);                      // ZZZ3 = ZZZ1·ZZZ2·PPP
  return out;
}

}  // namespace zkmsm::cuda::detail
