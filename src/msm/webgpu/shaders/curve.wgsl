// Points of y² = x³ + b (a = 0) over field.wgsl's field: affine (x, y) with (0, 0) the point at
// infinity, and extended Jacobian "XYZZ" (X, Y, ZZ, ZZZ) ↦ (X/ZZ, Y/ZZZ) with ZZ³ = ZZZ² for
// additions without inversion. Reduced Montgomery-form coordinates, the layouts of the host's
// AffinePoint (AFFINE_WORDS = 2W words: x, y) and XyzzPoint (XYZZ_WORDS = 4W words: X, Y, ZZ,
// ZZZ), W = FIELD_WORDS; the buffers of points hold them back to back. ZZ = 0 is infinity; the
// canonical one is (1, 1, 0, 0) as on the host. Every operation is complete (P + P, P + (−P) and
// infinity included) and is the host's formula step for step, as in the Vulkan shaders
// (xyzz_point.glsl). Formulas: https://hyperelliptic.org/EFD/g1p/auto-shortw-xyzz.html (a = 0).

const AFFINE_WORDS = 2u * FIELD_WORDS;
const XYZZ_WORDS = 4u * FIELD_WORDS;

struct AffinePoint {
  x: Field,
  y: Field,
}

struct XyzzPoint {
  X: Field,
  Y: Field,
  ZZ: Field,
  ZZZ: Field,
}

fn affine_infinity() -> AffinePoint { return AffinePoint(field_zero(), field_zero()); }

fn affine_is_infinity(p: AffinePoint) -> bool { return field_is_zero(p.x) && field_is_zero(p.y); }

fn affine_negate(p: AffinePoint) -> AffinePoint { return AffinePoint(p.x, field_neg(p.y)); }

fn xyzz_infinity() -> XyzzPoint { return XyzzPoint(field_one(), field_one(), field_zero(), field_zero()); }

fn xyzz_is_infinity(p: XyzzPoint) -> bool { return field_is_zero(p.ZZ); }

fn xyzz_from_affine(p: AffinePoint) -> XyzzPoint {
  if (affine_is_infinity(p)) { return xyzz_infinity(); }
  return XyzzPoint(p.x, p.y, field_one(), field_one());
}

// One inversion: ZZZ⁻¹ gives 1/z³, and ZZ·ZZZ⁻¹ = 1/z.
fn xyzz_to_affine(p: XyzzPoint) -> AffinePoint {
  if (xyzz_is_infinity(p)) { return affine_infinity(); }
  let zzz_inverse = field_inverse(p.ZZZ);
  let z_inverse = field_mul(zzz_inverse, p.ZZ);
  return AffinePoint(field_mul(p.X, field_sqr(z_inverse)), field_mul(p.Y, zzz_inverse));
}

// dbl-2008-s-1: 6M + 3S.
fn xyzz_doubled(p: XyzzPoint) -> XyzzPoint {
  if (xyzz_is_infinity(p)) { return p; }
  let U = field_double(p.Y);                // U = 2·Y1
  let V = field_sqr(U);                     // V = U²
  let W = field_mul(U, V);                  // W = U·V
  let S = field_mul(p.X, V);                // S = X1·V
  let X2 = field_sqr(p.X);
  let M = field_add(field_double(X2), X2);  // M = 3·X1²
  let X3 = field_sub(field_sqr(M), field_double(S));                           // X3 = M² − 2S
  let Y3 = field_sub(field_mul(M, field_sub(S, X3)), field_mul(W, p.Y));       // Y3 = M(S − X3) − W·Y1
  return XyzzPoint(X3, Y3, field_mul(V, p.ZZ), field_mul(W, p.ZZZ));           // ZZ3 = V·ZZ1, ZZZ3 = W·ZZZ1
}

// mdbl-2008-s-1 (2M + 3S): 2·q for an affine q ≠ infinity.
fn xyzz_doubled_affine(q: AffinePoint) -> XyzzPoint {
  let U = field_double(q.y);                // U = 2·y1
  let V = field_sqr(U);                     // V = U²
  let W = field_mul(U, V);                  // W = U·V
  let S = field_mul(q.x, V);                // S = x1·V
  let X2 = field_sqr(q.x);
  let M = field_add(field_double(X2), X2);  // M = 3·x1²
  let X3 = field_sub(field_sqr(M), field_double(S));                           // X3 = M² − 2S
  let Y3 = field_sub(field_mul(M, field_sub(S, X3)), field_mul(W, q.y));       // Y3 = M(S − X3) − W·y1
  return XyzzPoint(X3, Y3, V, W);                                              // ZZ3 = V, ZZZ3 = W
}

// add-2008-s: 12M + 2S. P = 0 means equal x: doubling when R = 0 too, else p = −q (infinity).
fn xyzz_add(p: XyzzPoint, q: XyzzPoint) -> XyzzPoint {
  if (xyzz_is_infinity(p)) { return q; }
  if (xyzz_is_infinity(q)) { return p; }
  let U1 = field_mul(p.X, q.ZZ);   // U1 = X1·ZZ2
  let U2 = field_mul(q.X, p.ZZ);   // U2 = X2·ZZ1
  let S1 = field_mul(p.Y, q.ZZZ);  // S1 = Y1·ZZZ2
  let S2 = field_mul(q.Y, p.ZZZ);  // S2 = Y2·ZZZ1
  let P = field_sub(U2, U1);       // P = U2 − U1
  let R = field_sub(S2, S1);       // R = S2 − S1
  if (field_is_zero(P)) {
    if (field_is_zero(R)) { return xyzz_doubled(p); }
    return xyzz_infinity();
  }
  let PP = field_sqr(P);           // PP = P²
  let PPP = field_mul(P, PP);      // PPP = P·PP
  let Q = field_mul(U1, PP);       // Q = U1·PP
  let X3 = field_sub(field_sub(field_sqr(R), PPP), field_double(Q));           // X3 = R² − PPP − 2Q
  let Y3 = field_sub(field_mul(R, field_sub(Q, X3)), field_mul(S1, PPP));      // Y3 = R(Q − X3) − S1·PPP
  return XyzzPoint(X3, Y3, field_mul(field_mul(p.ZZ, q.ZZ), PP),               // ZZ3 = ZZ1·ZZ2·PP
                   field_mul(field_mul(p.ZZZ, q.ZZZ), PPP));                   // ZZZ3 = ZZZ1·ZZZ2·PPP
}

// madd-2008-s (q affine): 8M + 2S. Same cases as xyzz_add; when q equals p the sum is 2·q from q's
// affine coordinates (mdbl-2008-s-1), as on the host.
fn xyzz_add_affine(p: XyzzPoint, q: AffinePoint) -> XyzzPoint {
  if (affine_is_infinity(q)) { return p; }
  if (xyzz_is_infinity(p)) { return xyzz_from_affine(q); }
  let U2 = field_mul(q.x, p.ZZ);   // U2 = X2·ZZ1
  let S2 = field_mul(q.y, p.ZZZ);  // S2 = Y2·ZZZ1
  let P = field_sub(U2, p.X);      // P = U2 − X1
  let R = field_sub(S2, p.Y);      // R = S2 − Y1
  if (field_is_zero(P)) {
    if (field_is_zero(R)) { return xyzz_doubled_affine(q); }
    return xyzz_infinity();
  }
  let PP = field_sqr(P);           // PP = P²
  let PPP = field_mul(P, PP);      // PPP = P·PP
  let Q = field_mul(p.X, PP);      // Q = X1·PP
  let X3 = field_sub(field_sub(field_sqr(R), PPP), field_double(Q));           // X3 = R² − PPP − 2Q
  let Y3 = field_sub(field_mul(R, field_sub(Q, X3)), field_mul(p.Y, PPP));     // Y3 = R(Q − X3) − Y1·PPP
  return XyzzPoint(X3, Y3, field_mul(p.ZZ, PP), field_mul(p.ZZZ, PPP));        // ZZ3 = ZZ1·PP, ZZZ3 = ZZZ1·PPP
}
