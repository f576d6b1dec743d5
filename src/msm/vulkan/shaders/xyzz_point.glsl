// A point of y² = x³ + b (a = 0) in extended Jacobian "XYZZ" coordinates (X, Y, ZZ, ZZZ) ↦
// (X/ZZ, Y/ZZZ) with ZZ³ = ZZZ²: additions without inversion, for bucket sums and reductions.
//
// Representation: reduced Montgomery-form coordinates (field.glsl), the layout of the host's
// XyzzPoint<Curve> (4W words: X, Y, ZZ, ZZZ). ZZ = 0 is the point at infinity; the canonical one
// is (1, 1, 0, 0) as on the host. Every operation is complete and is the host's formula step for
// step, so results are bit for bit those of XyzzPoint (tests/vulkan/vulkan_curve_test.cpp).
// Formulas: https://hyperelliptic.org/EFD/g1p/auto-shortw-xyzz.html (a = 0).
//
// Requires field.glsl and affine_point.glsl.
#ifndef ZKMSM_XYZZ_POINT_GLSL
#define ZKMSM_XYZZ_POINT_GLSL

struct XyzzPoint {
  uint X[FIELD_WORDS];
  uint Y[FIELD_WORDS];
  uint ZZ[FIELD_WORDS];
  uint ZZZ[FIELD_WORDS];
};

XyzzPoint xyzz_infinity() { return XyzzPoint(field_one(), field_one(), field_zero(), field_zero()); }

bool xyzz_is_infinity(XyzzPoint p) { return field_is_zero(p.ZZ); }

XyzzPoint xyzz_from_affine(AffinePoint p) {
  if (affine_is_infinity(p)) return xyzz_infinity();
  return XyzzPoint(p.x, p.y, field_one(), field_one());
}

// dbl-2008-s-1: 6M + 3S.
XyzzPoint xyzz_doubled(XyzzPoint p) {
  if (xyzz_is_infinity(p)) return p;
  const uint U[FIELD_WORDS] = field_double(p.Y);     // U = 2·Y1
  const uint V[FIELD_WORDS] = field_sqr(U);          // V = U²
  const uint W[FIELD_WORDS] = field_mul(U, V);       // W = U·V
  const uint S[FIELD_WORDS] = field_mul(p.X, V);     // S = X1·V
  const uint X2[FIELD_WORDS] = field_sqr(p.X);       // X1²
  const uint M[FIELD_WORDS] = field_add(field_double(X2), X2);  // M = 3·X1²
  XyzzPoint result;
  result.X = field_sub(field_sqr(M), field_double(S));                         // X3 = M² − 2S
  result.Y = field_sub(field_mul(M, field_sub(S, result.X)), field_mul(W, p.Y));  // Y3 = M(S − X3) − W·Y1
  result.ZZ = field_mul(V, p.ZZ);                                              // ZZ3 = V·ZZ1
  result.ZZZ = field_mul(W, p.ZZZ);                                            // ZZZ3 = W·ZZZ1
  return result;
}

// mdbl-2008-s-1 (2M + 3S): 2·q for an affine q ≠ infinity (dbl-2008-s-1 with ZZ1 = ZZZ1 = 1).
XyzzPoint xyzz_doubled_affine(AffinePoint q) {
  const uint U[FIELD_WORDS] = field_double(q.y);     // U = 2·y1
  const uint V[FIELD_WORDS] = field_sqr(U);          // V = U²
  const uint W[FIELD_WORDS] = field_mul(U, V);       // W = U·V
  const uint S[FIELD_WORDS] = field_mul(q.x, V);     // S = x1·V
  const uint X2[FIELD_WORDS] = field_sqr(q.x);       // x1²
  const uint M[FIELD_WORDS] = field_add(field_double(X2), X2);  // M = 3·x1²
  XyzzPoint result;
  result.X = field_sub(field_sqr(M), field_double(S));                         // X3 = M² − 2S
  result.Y = field_sub(field_mul(M, field_sub(S, result.X)), field_mul(W, q.y));  // Y3 = M(S − X3) − W·y1
  result.ZZ = V;                                                               // ZZ3 = V
  result.ZZZ = W;                                                              // ZZZ3 = W
  return result;
}

// add-2008-s: 12M + 2S. P = 0 means equal x: doubling when R = 0 too, else p = −q (infinity).
XyzzPoint xyzz_add(XyzzPoint p, XyzzPoint q) {
  if (xyzz_is_infinity(p)) return q;
  if (xyzz_is_infinity(q)) return p;
  const uint U1[FIELD_WORDS] = field_mul(p.X, q.ZZ);   // U1 = X1·ZZ2
  const uint U2[FIELD_WORDS] = field_mul(q.X, p.ZZ);   // U2 = X2·ZZ1
  const uint S1[FIELD_WORDS] = field_mul(p.Y, q.ZZZ);  // S1 = Y1·ZZZ2
  const uint S2[FIELD_WORDS] = field_mul(q.Y, p.ZZZ);  // S2 = Y2·ZZZ1
  const uint P[FIELD_WORDS] = field_sub(U2, U1);       // P = U2 − U1
  const uint R[FIELD_WORDS] = field_sub(S2, S1);       // R = S2 − S1
  if (field_is_zero(P)) return field_is_zero(R) ? xyzz_doubled(p) : xyzz_infinity();
  const uint PP[FIELD_WORDS] = field_sqr(P);           // PP = P²
  const uint PPP[FIELD_WORDS] = field_mul(P, PP);      // PPP = P·PP
  const uint Q[FIELD_WORDS] = field_mul(U1, PP);       // Q = U1·PP
  XyzzPoint result;
  result.X = field_sub(field_sub(field_sqr(R), PPP), field_double(Q));          // X3 = R² − PPP − 2Q
  result.Y = field_sub(field_mul(R, field_sub(Q, result.X)), field_mul(S1, PPP));  // Y3 = R(Q − X3) − S1·PPP
  result.ZZ = field_mul(field_mul(p.ZZ, q.ZZ), PP);                             // ZZ3 = ZZ1·ZZ2·PP
  result.ZZZ = field_mul(field_mul(p.ZZZ, q.ZZZ), PPP);                         // ZZZ3 = ZZZ1·ZZZ2·PPP
  return result;
}

// madd-2008-s (q affine): 8M + 2S. Same cases as xyzz_add; when q equals p the sum is 2·q, from q's
// affine coordinates (mdbl-2008-s-1), as on the host.
XyzzPoint xyzz_add_affine(XyzzPoint p, AffinePoint q) {
  if (affine_is_infinity(q)) return p;
  if (xyzz_is_infinity(p)) return xyzz_from_affine(q);
  const uint U2[FIELD_WORDS] = field_mul(q.x, p.ZZ);   // U2 = X2·ZZ1
  const uint S2[FIELD_WORDS] = field_mul(q.y, p.ZZZ);  // S2 = Y2·ZZZ1
  const uint P[FIELD_WORDS] = field_sub(U2, p.X);      // P = U2 − X1
  const uint R[FIELD_WORDS] = field_sub(S2, p.Y);      // R = S2 − Y1
  if (field_is_zero(P)) return field_is_zero(R) ? xyzz_doubled_affine(q) : xyzz_infinity();
  const uint PP[FIELD_WORDS] = field_sqr(P);           // PP = P²
  const uint PPP[FIELD_WORDS] = field_mul(P, PP);      // PPP = P·PP
  const uint Q[FIELD_WORDS] = field_mul(p.X, PP);      // Q = X1·PP
  XyzzPoint result;
  result.X = field_sub(field_sub(field_sqr(R), PPP), field_double(Q));           // X3 = R² − PPP − 2Q
  result.Y = field_sub(field_mul(R, field_sub(Q, result.X)), field_mul(p.Y, PPP));  // Y3 = R(Q − X3) − Y1·PPP
  result.ZZ = field_mul(p.ZZ, PP);                                               // ZZ3 = ZZ1·PP
  result.ZZZ = field_mul(p.ZZZ, PPP);                                            // ZZZ3 = ZZZ1·PPP
  return result;
}

#endif
