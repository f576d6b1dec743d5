// One complete affine addition lhs + rhs of y² = x³ + b, split around the inversion of its
// denominator so that a batch can share one inversion (Montgomery's trick): the Vulkan shaders'
// affine_pair.glsl, whose case analysis is the project's one (msm/common/affine_pair.hpp). The
// case numbers kAffinePair<Case> are written by the host from AffinePairCase (wgsl_constants.hpp):
//   kAffinePairCopyRhs   lhs at infinity              → rhs                  no denominator
//   kAffinePairCopyLhs   rhs at infinity              → lhs                  no denominator
//   kAffinePairAdd       x_lhs ≠ x_rhs                → λ = (y_rhs − y_lhs)/(x_rhs − x_lhs)  x_rhs − x_lhs
//   kAffinePairDoubling  lhs = rhs, y ≠ 0             → λ = 3x²/(2y)         2y
//   kAffinePairInfinity  lhs = −rhs (or y = 0 double) → infinity             no denominator
//   kAffinePairNone      no addition (an idle slot)   → lhs                  no denominator
// then x₃ = λ² − x_lhs − x_rhs, y₃ = λ(x_lhs − x₃) − y_lhs. Values are reduced Montgomery form.
// Requires field.wgsl and curve.wgsl.

fn classify_affine_pair(lhs: AffinePoint, rhs: AffinePoint) -> u32 {
  if (affine_is_infinity(lhs)) { return kAffinePairCopyRhs; }
  if (affine_is_infinity(rhs)) { return kAffinePairCopyLhs; }
  if (!field_equal(lhs.x, rhs.x)) { return kAffinePairAdd; }
  if (field_equal(lhs.y, rhs.y) && !field_is_zero(lhs.y)) { return kAffinePairDoubling; }
  return kAffinePairInfinity;
}

fn affine_pair_has_denominator(kind: u32) -> bool { return kind == kAffinePairAdd || kind == kAffinePairDoubling; }

// For kAffinePairAdd and kAffinePairDoubling: the nonzero value λ's numerator is divided by.
fn affine_pair_denominator(kind: u32, lhs: AffinePoint, rhs: AffinePoint) -> Field {
  if (kind == kAffinePairAdd) { return field_sub(rhs.x, lhs.x); }
  return field_double(lhs.y);
}

// The sum for every case; inverse_denominator = 1 / affine_pair_denominator(…) where there is one.
fn affine_pair_sum(kind: u32, lhs: AffinePoint, rhs: AffinePoint, inverse_denominator: Field) -> AffinePoint {
  if (kind == kAffinePairCopyRhs) { return rhs; }
  if (kind == kAffinePairCopyLhs || kind == kAffinePairNone) { return lhs; }
  if (kind == kAffinePairInfinity) { return affine_infinity(); }
  var numerator: Field;
  if (kind == kAffinePairAdd) {
    numerator = field_sub(rhs.y, lhs.y);
  } else {
    let x_squared = field_sqr(lhs.x);
    numerator = field_add(field_double(x_squared), x_squared);
  }
  let lambda = field_mul(numerator, inverse_denominator);
  let x3 = field_sub(field_sub(field_sqr(lambda), lhs.x), rhs.x);
  return AffinePoint(x3, field_sub(field_mul(lambda, field_sub(lhs.x, x3)), lhs.y));
}
