// A point of y² = x³ + b (a = 0) in affine coordinates.
//
// Representation: x, y are reduced Montgomery-form field elements (field.glsl), the layout of
// the host's AffinePoint<Curve> (2W words: x then y). The point at infinity is (0, 0), never on
// the curve because b ≠ 0 (EIP-196's encoding, and the host's). Addition of affine points lives
// in batch_affine_add.glsl (it needs an inversion, so it is only done in batches).
//
// Requires field.glsl and CURVE_B (curve_params.glsl).
#ifndef ZKMSM_AFFINE_POINT_GLSL
#define ZKMSM_AFFINE_POINT_GLSL

struct AffinePoint {
  uint x[FIELD_WORDS];
  uint y[FIELD_WORDS];
};

AffinePoint affine_infinity() { return AffinePoint(field_zero(), field_zero()); }

bool affine_is_infinity(AffinePoint p) { return field_is_zero(p.x) && field_is_zero(p.y); }

// −(x, y) = (x, −y); infinity stays (0, 0).
AffinePoint affine_negate(AffinePoint p) { return AffinePoint(p.x, field_neg(p.y)); }

// y² = x³ + b, or the point at infinity.
bool affine_is_on_curve(AffinePoint p) {
  if (affine_is_infinity(p)) return true;
  return field_equal(field_sqr(p.y), field_add(field_mul(field_sqr(p.x), p.x), CURVE_B));
}

#endif
