// Complete batched affine addition inside one invocation: up to BATCH_SLOTS independent sums
// batch_lhs[i] ← batch_lhs[i] + batch_rhs[i] with ONE field inversion (Montgomery's trick:
// prefix products of the denominators forward, one safegcd inversion, peel backward), correct for
// every input. The case analysis is the CUDA walker's (src/msm/cuda/pipeline.cuh) and the CPU's
// (src/msm/common/batch_affine_add.hpp):
//   lhs at infinity             → rhs (copy)                        no denominator
//   rhs at infinity             → lhs (kept)                        no denominator
//   x_lhs ≠ x_rhs               → λ = (y_rhs − y_lhs)/(x_rhs − x_lhs)  denominator x_rhs − x_lhs
//   lhs = rhs, y ≠ 0            → λ = 3x²/(2y)   (doubling)          denominator 2y
//   lhs = −rhs (or y = 0 double) → infinity                          no denominator
// then x₃ = λ² − x_lhs − x_rhs, y₃ = λ(x_lhs − x₃) − y_lhs. A pair without a denominator adds
// nothing to the product, so the product is never zero and no pair can poison its batch.
// Cost per generic pair: 6 multiplications (1 forward, 2 backward, λ, λ², y₃) plus 1/used of a
// safegcd inversion; the fast path is one x comparison per pair after the infinity checks.
//
// The including shader declares BATCH_SLOTS (a specialization constant, so S is a knob without
// recompiling) before including this file. Per-invocation private state: the operands and
// results (2 · 16 words per slot), the prefix products (8 words per slot) and the case (1 word
// per slot): 41·S words; no workgroup memory.
//
// Denominator cache (optional; the pair tree's dx-cache knob, the seeds' "super_opt"): a shader
// that defines ZKMSM_BATCH_DENOMINATOR_CACHE before including this file also declares a bool
// BATCH_CACHE_DENOMINATORS (a specialization constant); when it is true the forward pass keeps
// every slot's denominator (x_rhs − x_lhs or 2y, 8 words per slot: 49·S words in all) and the
// backward pass reads it back instead of recomputing it from the operands. Without the define
// (stream_walker.comp, the test kernel) the code is exactly the uncached one.
//
// Requires field.glsl, safegcd_inverse.glsl and affine_point.glsl.
#ifndef ZKMSM_BATCH_AFFINE_ADD_GLSL
#define ZKMSM_BATCH_AFFINE_ADD_GLSL

const uint kBatchCaseAdd = 1u;
const uint kBatchCaseDouble = 2u;
const uint kBatchCaseKeepLhs = 3u;
const uint kBatchCaseCopyRhs = 4u;
const uint kBatchCaseInfinity = 5u;

AffinePoint batch_lhs[BATCH_SLOTS];  // operands in, sums out
AffinePoint batch_rhs[BATCH_SLOTS];  // operands in, unchanged
uint batch_prefix[BATCH_SLOTS][8];   // Π of the denominators of slots 0 … i (Montgomery form)
uint batch_case[BATCH_SLOTS];

#ifdef ZKMSM_BATCH_DENOMINATOR_CACHE
uint batch_denominator[BATCH_SLOTS][8];  // the denominator of slot i (Montgomery form), when cached

// Forward pass: slot i's denominator d, kept when the cache is on.
uint[8] batch_keep_denominator(uint i, uint d[8]) {
  if (BATCH_CACHE_DENOMINATORS) batch_denominator[i] = d;
  return d;
}
#define BATCH_FORWARD_DENOMINATOR(i, d) batch_keep_denominator(i, d)
// Backward pass: slot i's denominator, the cached one or `recomputed`.
#define BATCH_BACKWARD_DENOMINATOR(i, recomputed) (BATCH_CACHE_DENOMINATORS ? batch_denominator[i] : (recomputed))
#else
#define BATCH_FORWARD_DENOMINATOR(i, d) (d)
#define BATCH_BACKWARD_DENOMINATOR(i, recomputed) (recomputed)
#endif

uint batch_classify(AffinePoint lhs, AffinePoint rhs) {
  if (affine_is_infinity(lhs)) return kBatchCaseCopyRhs;
  if (affine_is_infinity(rhs)) return kBatchCaseKeepLhs;
  if (!field_equal(lhs.x, rhs.x)) return kBatchCaseAdd;
  if (field_equal(lhs.y, rhs.y) && !field_is_zero(lhs.y)) return kBatchCaseDouble;
  return kBatchCaseInfinity;
}

// Slots 0 … used − 1 (used ≤ BATCH_SLOTS): batch_lhs[i] ← batch_lhs[i] + batch_rhs[i].
void batch_affine_add(uint used) {
  // Forward: prefix products of the denominators.
  uint product[8] = field_one();
  for (uint i = 0u; i < used; ++i) {
    const uint kind = batch_classify(batch_lhs[i], batch_rhs[i]);
    if (kind == kBatchCaseAdd) {
      product = field_mul(product, BATCH_FORWARD_DENOMINATOR(i, field_sub(batch_rhs[i].x, batch_lhs[i].x)));
    } else if (kind == kBatchCaseDouble) {
      product = field_mul(product, BATCH_FORWARD_DENOMINATOR(i, field_double(batch_lhs[i].y)));
    }
    batch_case[i] = kind;
    batch_prefix[i] = product;
  }
  // inverse = (Π of all denominators)⁻¹, then peel one denominator per slot, last slot first.
  uint inverse[8] = field_inverse_safegcd(product);
  for (int i = int(used) - 1; i >= 0; --i) {
    const uint kind = batch_case[i];
    if (kind == kBatchCaseAdd || kind == kBatchCaseDouble) {
      const AffinePoint lhs = batch_lhs[i];
      const AffinePoint rhs = batch_rhs[i];
      // 1/denominator_i = (Π_{j ≤ i})⁻¹ · Π_{j < i}
      const uint inverse_denominator[8] = i == 0 ? inverse : field_mul(inverse, batch_prefix[i - 1]);
      uint lambda[8];
      if (kind == kBatchCaseAdd) {
        inverse = field_mul(inverse, BATCH_BACKWARD_DENOMINATOR(i, field_sub(rhs.x, lhs.x)));
        lambda = field_mul(field_sub(rhs.y, lhs.y), inverse_denominator);
      } else {
        inverse = field_mul(inverse, BATCH_BACKWARD_DENOMINATOR(i, field_double(lhs.y)));
        const uint x_squared[8] = field_sqr(lhs.x);
        lambda = field_mul(field_add(field_double(x_squared), x_squared), inverse_denominator);
      }
      const uint x3[8] = field_sub(field_sub(field_sqr(lambda), lhs.x), rhs.x);
      batch_lhs[i].y = field_sub(field_mul(lambda, field_sub(lhs.x, x3)), lhs.y);
      batch_lhs[i].x = x3;
    } else if (kind == kBatchCaseCopyRhs) {
      batch_lhs[i] = batch_rhs[i];
    } else if (kind == kBatchCaseInfinity) {
      batch_lhs[i] = affine_infinity();
    }
  }
}

#endif
