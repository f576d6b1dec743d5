// One complete affine addition lhs + rhs of y² = x³ + b, split around the inversion of its
// denominator so that a batch can share one inversion (Montgomery's trick). The case analysis is
// batch_affine_add.glsl's (and the CUDA and CPU walkers'):
//   lhs at infinity              → rhs                              no denominator
//   rhs at infinity              → lhs                              no denominator
//   x_lhs ≠ x_rhs                → λ = (y_rhs − y_lhs)/(x_rhs − x_lhs)  denominator x_rhs − x_lhs
//   lhs = rhs, y ≠ 0             → λ = 3x²/(2y)   (doubling)          denominator 2y
//   lhs = −rhs (or y = 0 double) → infinity                           no denominator
// then x₃ = λ² − x_lhs − x_rhs, y₃ = λ(x_lhs − x₃) − y_lhs. Values are reduced Montgomery form.
//
// Requires field.glsl and affine_point.glsl.
#ifndef ZKMSM_AFFINE_PAIR_GLSL
#define ZKMSM_AFFINE_PAIR_GLSL

const uint kPairNone = 0u;  // no addition (an idle slot)
const uint kPairAdd = 1u;
const uint kPairDouble = 2u;
const uint kPairKeepLhs = 3u;
const uint kPairCopyRhs = 4u;
const uint kPairInfinity = 5u;

uint pair_case(AffinePoint lhs, AffinePoint rhs) {
  if (affine_is_infinity(lhs)) return kPairCopyRhs;
  if (affine_is_infinity(rhs)) return kPairKeepLhs;
  if (!field_equal(lhs.x, rhs.x)) return kPairAdd;
  if (field_equal(lhs.y, rhs.y) && !field_is_zero(lhs.y)) return kPairDouble;
  return kPairInfinity;
}

bool pair_has_denominator(uint kind) { return kind == kPairAdd || kind == kPairDouble; }

// For kPairAdd and kPairDouble: the nonzero value λ's numerator is divided by.
uint[8] pair_denominator(uint kind, AffinePoint lhs, AffinePoint rhs) {
  return kind == kPairAdd ? field_sub(rhs.x, lhs.x) : field_double(lhs.y);
}

// The sum for every case; inverse_denominator = 1 / pair_denominator(…) where there is one.
AffinePoint pair_sum(uint kind, AffinePoint lhs, AffinePoint rhs, uint inverse_denominator[8]) {
  if (kind == kPairCopyRhs) return rhs;
  if (kind == kPairKeepLhs || kind == kPairNone) return lhs;
  if (kind == kPairInfinity) return affine_infinity();
  uint numerator[8];
  if (kind == kPairAdd) {
    numerator = field_sub(rhs.y, lhs.y);
  } else {
    const uint x_squared[8] = field_sqr(lhs.x);
    numerator = field_add(field_double(x_squared), x_squared);
  }
  const uint lambda[8] = field_mul(numerator, inverse_denominator);
  const uint x3[8] = field_sub(field_sub(field_sqr(lambda), lhs.x), rhs.x);
  return AffinePoint(x3, field_sub(field_mul(lambda, field_sub(lhs.x, x3)), lhs.y));
}

#endif
