// XYZZ additions on LAZILY REDUCED coordinates (field_lazy.glsl: X, Y, ZZ, ZZZ in [0, 2p)): the
// xyzz walker's running bucket sums, as the CUDA backend's lazy_xyzz.cuh. Only registers and the
// walker's saved state hold such points; xyzz_fully_reduced brings one back to xyzz_point.glsl's
// representation (reduced Montgomery form) before it is emitted.
//
// Infinity stays exact: ZZ is the all-zero pattern only where xyzz_infinity() or
// xyzz_from_affine(infinity) set it, since ZZ3 = ZZ1·PP is a product of two non-zero elements,
// never the pattern 0 or p; so xyzz_is_infinity() needs no reduction. P = 0 is tested as an
// element (field_is_zero_lazy).
//
// Requires field_lazy.glsl and xyzz_point.glsl.
#ifndef ZKMSM_XYZZ_POINT_LAZY_GLSL
#define ZKMSM_XYZZ_POINT_LAZY_GLSL

XyzzPoint xyzz_fully_reduced(XyzzPoint p) {
  return XyzzPoint(field_reduced(p.X), field_reduced(p.Y), field_reduced(p.ZZ), field_reduced(p.ZZZ));
}

// madd-2008-s (8M + 2S) as xyzz_add_affine, complete: p = q gives 2q (mdbl-2008-s-1 from q's
// reduced coordinates), p = −q gives infinity. p lazily reduced, q reduced; the result lazily
// reduced. The multiplications are ordered so that few values are live at once (p.ZZ and PP die
// early), and Y3 takes one reduction for its two products (field_mul_sub_mul_lazy).
XyzzPoint xyzz_add_affine_lazy(XyzzPoint p, AffinePoint q) {
  if (affine_is_infinity(q)) return p;
  if (xyzz_is_infinity(p)) return xyzz_from_affine(q);
  const uint U2[FIELD_WORDS] = field_mul_lazy(q.x, p.ZZ);   // U2 = X2·ZZ1
  const uint S2[FIELD_WORDS] = field_mul_lazy(q.y, p.ZZZ);  // S2 = Y2·ZZZ1
  const uint P[FIELD_WORDS] = field_sub_lazy(U2, p.X);      // P = U2 − X1
  const uint R[FIELD_WORDS] = field_sub_lazy(S2, p.Y);      // R = S2 − Y1
  if (field_is_zero_lazy(P)) return field_is_zero_lazy(R) ? xyzz_doubled_affine(q) : xyzz_infinity();
  const uint PP[FIELD_WORDS] = field_sqr_lazy(P);  // PP = P²
  XyzzPoint result;
  result.ZZ = field_mul_lazy(p.ZZ, PP);                 // ZZ3 = ZZ1·PP
  const uint PPP[FIELD_WORDS] = field_mul_lazy(P, PP);  // PPP = P·PP
  const uint Q[FIELD_WORDS] = field_mul_lazy(p.X, PP);  // Q = X1·PP
  result.ZZZ = field_mul_lazy(p.ZZZ, PPP);              // ZZZ3 = ZZZ1·PPP
  result.X = field_sub_lazy(field_sub_lazy(field_sqr_lazy(R), PPP), field_double_lazy(Q));  // X3 = R² − PPP − 2Q
  result.Y = field_mul_sub_mul_lazy(R, field_sub_lazy(Q, result.X), p.Y, PPP);  // Y3 = R(Q − X3) − Y1·PPP
  return result;
}

#endif
