// Complete batched affine addition inside one invocation: up to BATCH_SLOTS independent sums
// batch_lhs[i] ← batch_lhs[i] + batch_rhs[i] with ONE field inversion (Montgomery's trick:
// prefix products of the denominators forward, one safegcd inversion, peel backward), correct for
// every input: each pair's case, denominator and sum are affine_pair.glsl's (the CUDA walker's
// and the CPU's case analysis: a copy for an infinity operand, the doubling's denominator 2y,
// infinity for P + (−P)). A pair without a denominator adds nothing to the product, so the
// product is never zero and no pair can poison its batch.
// Cost per generic pair: 6 multiplications (1 forward, 2 backward, λ, λ², y₃) plus 1/used of a
// safegcd inversion; the fast path is one x comparison per pair after the infinity checks.
//
// The including shader declares BATCH_SLOTS (a specialization constant, so S is a knob without
// recompiling) before including this file. Per-invocation private state: the operands and
// results (2 · 2W words per slot), the prefix products (W words per slot) and the case (1 word
// per slot): (5W + 1)·S words; no workgroup memory.
//
// Denominator cache (optional; the pair tree's dx-cache knob, the seeds' "super_opt"): a shader
// that defines ZKMSM_BATCH_DENOMINATOR_CACHE before including this file also declares a bool
// BATCH_CACHE_DENOMINATORS (a specialization constant); when it is true the forward pass keeps
// every slot's denominator (x_rhs − x_lhs or 2y, W words per slot: (6W + 1)·S words in all) and the
// backward pass reads it back instead of recomputing it from the operands. Without the define
// (stream_walker.comp, the test kernel) the code is exactly the uncached one.
//
// The cases and the split addition are affine_pair.glsl's (shared with
// stream_walker_global.comp). Requires field.glsl, safegcd_inverse.glsl and affine_point.glsl.
#ifndef ZKMSM_BATCH_AFFINE_ADD_GLSL
#define ZKMSM_BATCH_AFFINE_ADD_GLSL

#include "affine_pair.glsl"

AffinePoint batch_lhs[BATCH_SLOTS];  // operands in, sums out
AffinePoint batch_rhs[BATCH_SLOTS];  // operands in, unchanged
uint batch_prefix[BATCH_SLOTS][FIELD_WORDS];   // Π of the denominators of slots 0 … i (Montgomery form)
uint batch_case[BATCH_SLOTS];

#ifdef ZKMSM_BATCH_DENOMINATOR_CACHE
uint batch_denominator[BATCH_SLOTS][FIELD_WORDS];  // the denominator of slot i (Montgomery form), when cached

// Forward pass: slot i's denominator d, kept when the cache is on.
uint[FIELD_WORDS] batch_keep_denominator(uint i, uint d[FIELD_WORDS]) {
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

// Slots 0 … used − 1 (used ≤ BATCH_SLOTS): batch_lhs[i] ← batch_lhs[i] + batch_rhs[i].
void batch_affine_add(uint used) {
  // Forward: prefix products of the denominators.
  uint product[FIELD_WORDS] = field_one();
  for (uint i = 0u; i < used; ++i) {
    const uint kind = classify_affine_pair(batch_lhs[i], batch_rhs[i]);
    if (affine_pair_has_denominator(kind)) {
      product =
          field_mul(product, BATCH_FORWARD_DENOMINATOR(i, affine_pair_denominator(kind, batch_lhs[i], batch_rhs[i])));
    }
    batch_case[i] = kind;
    batch_prefix[i] = product;
  }
  // inverse = (Π of all denominators)⁻¹, then peel one denominator per slot, last slot first.
  uint inverse[FIELD_WORDS] = field_inverse_safegcd(product);
  for (int i = int(used) - 1; i >= 0; --i) {
    const uint kind = batch_case[i];
    const AffinePoint lhs = batch_lhs[i];
    const AffinePoint rhs = batch_rhs[i];
    uint inverse_denominator[FIELD_WORDS] = inverse;
    if (affine_pair_has_denominator(kind)) {
      // 1/denominator_i = (Π_{j ≤ i})⁻¹ · Π_{j < i}
      if (i > 0) inverse_denominator = field_mul(inverse, batch_prefix[i - 1]);
      inverse = field_mul(inverse, BATCH_BACKWARD_DENOMINATOR(i, affine_pair_denominator(kind, lhs, rhs)));
    }
    batch_lhs[i] = affine_pair_sum(kind, lhs, rhs, inverse_denominator);
  }
}

#endif
