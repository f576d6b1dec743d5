// One complete affine addition lhs + rhs of y² = x³ + b, split around the inversion of its
// denominator so that a batch can share one inversion (Montgomery's trick). The case analysis is
// the project's one (msm/common/affine_pair.hpp), mirrored name for name; the case numbers
// kAffinePair<Case> come from the generated shader_constants.glsl (AffinePairCase's values):
//   kAffinePairCopyRhs   lhs at infinity              → rhs                  no denominator
//   kAffinePairCopyLhs   rhs at infinity              → lhs                  no denominator
//   kAffinePairAdd       x_lhs ≠ x_rhs                → λ = (y_rhs − y_lhs)/(x_rhs − x_lhs)  x_rhs − x_lhs
//   kAffinePairDoubling  lhs = rhs, y ≠ 0             → λ = 3x²/(2y)         2y
//   kAffinePairInfinity  lhs = −rhs (or y = 0 double) → infinity             no denominator
//   kAffinePairNone      no addition (an idle slot)   → lhs                  no denominator
// then x₃ = λ² − x_lhs − x_rhs, y₃ = λ(x_lhs − x₃) − y_lhs. Values are reduced Montgomery form.
//
// Requires field.glsl (which includes shader_constants.glsl) and affine_point.glsl.
#ifndef ZKMSM_AFFINE_PAIR_GLSL
#define ZKMSM_AFFINE_PAIR_GLSL

uint classify_affine_pair(AffinePoint lhs, AffinePoint rhs) {
  if (affine_is_infinity(lhs)) return kAffinePairCopyRhs;
  if (affine_is_infinity(rhs)) return kAffinePairCopyLhs;
  if (!field_equal(lhs.x, rhs.x)) return kAffinePairAdd;
  if (field_equal(lhs.y, rhs.y) && !field_is_zero(lhs.y)) return kAffinePairDoubling;
  return kAffinePairInfinity;
}

bool affine_pair_has_denominator(uint kind) { return kind == kAffinePairAdd || kind == kAffinePairDoubling; }

// For kAffinePairAdd and kAffinePairDoubling: the nonzero value λ's numerator is divided by.
uint[FIELD_WORDS] affine_pair_denominator(uint kind, AffinePoint lhs, AffinePoint rhs) {
  return kind == kAffinePairAdd ? field_sub(rhs.x, lhs.x) : field_double(lhs.y);
}

// The sum for every case; inverse_denominator = 1 / affine_pair_denominator(…) where there is one.
AffinePoint affine_pair_sum(uint kind, AffinePoint lhs, AffinePoint rhs, uint inverse_denominator[FIELD_WORDS]) {
  if (kind == kAffinePairCopyRhs) return rhs;
  if (kind == kAffinePairCopyLhs || kind == kAffinePairNone) return lhs;
  if (kind == kAffinePairInfinity) return affine_infinity();
  uint numerator[FIELD_WORDS];
  if (kind == kAffinePairAdd) {
    numerator = field_sub(rhs.y, lhs.y);
  } else {
    const uint x_squared[FIELD_WORDS] = field_sqr(lhs.x);
    numerator = field_add(field_double(x_squared), x_squared);
  }
  const uint lambda[FIELD_WORDS] = field_mul(numerator, inverse_denominator);
  const uint x3[FIELD_WORDS] = field_sub(field_sub(field_sqr(lambda), lhs.x), rhs.x);
  return AffinePoint(x3, field_sub(field_mul(lambda, field_sub(lhs.x, x3)), lhs.y));
}

#endif
