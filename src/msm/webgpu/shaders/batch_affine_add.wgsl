// Complete batched affine addition inside one invocation (the Vulkan shaders'
// batch_affine_add.glsl): up to BATCH_SLOTS independent sums batch_lhs[i] ← batch_lhs[i] +
// batch_rhs[i] with ONE field inversion (Montgomery's trick: prefix products of the denominators
// forward, one inversion, peel backward), correct for every input: each pair's case,
// denominator and sum are affine_pair.wgsl's. A pair without a denominator adds nothing to the
// product, so the product is never zero and no pair can poison its batch.
// Cost per generic pair: 6 multiplications (1 forward, 2 backward, λ, λ², y₃) plus 1/used of an
// inversion, by safegcd (safegcd_inverse.wgsl).
//
// BATCH_SLOTS (S) is a `const` the host prepends (WGSL sizes private arrays by constants only):
// one pipeline per S. Private state per invocation: (5W + 1)·S words (W = FIELD_WORDS: 41·S for
// 8 words).
//
// Denominator cache (the pair tree's dx cache, the seeds' "super_opt"): the host also prepends the
// `const` bool BATCH_CACHE_DENOMINATORS (both constants: wgsl_batch_constants in
// wgsl_constants.hpp). When it is true the forward pass keeps every slot's denominator
// (x_rhs − x_lhs or 2y, Montgomery form, W = FIELD_WORDS words per slot: (6W + 1)·S words in
// all) and the backward pass reads it back instead of recomputing it from the operands; when
// false the cache is never touched and the code is the uncached one.
// Requires field.wgsl, curve.wgsl and affine_pair.wgsl.

var<private> batch_lhs: array<AffinePoint, BATCH_SLOTS>;  // operands in, sums out
var<private> batch_rhs: array<AffinePoint, BATCH_SLOTS>;  // operands in, unchanged
var<private> batch_prefix: array<Field, BATCH_SLOTS>;     // Π of the denominators of slots 0 … i
var<private> batch_case: array<u32, BATCH_SLOTS>;
var<private> batch_denominator: array<Field, BATCH_SLOTS>;  // slot i's denominator, when cached

// Slots 0 … used − 1 (used ≤ BATCH_SLOTS): batch_lhs[i] ← batch_lhs[i] + batch_rhs[i].
fn batch_affine_add(used: u32) {
  // Forward: prefix products of the denominators.
  var product = field_one();
  for (var i = 0u; i < used; i++) {
    let kind = classify_affine_pair(batch_lhs[i], batch_rhs[i]);
    if (affine_pair_has_denominator(kind)) {
      let denominator = affine_pair_denominator(kind, batch_lhs[i], batch_rhs[i]);
      if (BATCH_CACHE_DENOMINATORS) { batch_denominator[i] = denominator; }
      product = field_mul(product, denominator);
    }
    batch_case[i] = kind;
    batch_prefix[i] = product;
  }
  // inverse = (Π of all denominators)⁻¹, then peel one denominator per slot, last slot first.
  var inverse = field_inverse(product);
  for (var k = 0u; k < used; k++) {
    let i = used - 1u - k;
    let kind = batch_case[i];
    let lhs = batch_lhs[i];
    let rhs = batch_rhs[i];
    var inverse_denominator = inverse;
    if (affine_pair_has_denominator(kind)) {
      // 1/denominator_i = (Π_{j ≤ i})⁻¹ · Π_{j < i}
      if (i > 0u) { inverse_denominator = field_mul(inverse, batch_prefix[i - 1u]); }
      var denominator: Field;
      if (BATCH_CACHE_DENOMINATORS) {
        denominator = batch_denominator[i];
      } else {
        denominator = affine_pair_denominator(kind, lhs, rhs);
      }
      inverse = field_mul(inverse, denominator);
    }
    batch_lhs[i] = affine_pair_sum(kind, lhs, rhs, inverse_denominator);
  }
}
