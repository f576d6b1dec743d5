// Lazily reduced field arithmetic for the hot loops (the xyzz walker's running sums): values in
// [0, 2p) instead of [0, p), where x and x + p are the same element, so that a product skips
// field.glsl's final conditional subtraction and a sum or difference corrects by 2p at most once.
// The CUDA backend's field does the same (device_field.cuh, "lazy reduction"), as does
// era-bellman-cuda's.
//
// Representation: a uint[FIELD_WORDS] holds a·R mod p plus 0 or p (Montgomery form, LAZILY
// REDUCED: < 2p). Reduced values are lazily reduced ones, so inputs mix freely. Equality is not
// word equality: field_is_zero_lazy tests the element, field_reduced brings a value back to
// [0, p) before it is stored or compared.
//
// Bounds: 4p < R (the generated constant behind FIELD_TWO_MODULUS exists only for such fields,
// shader_constants_glsl.hpp; the one behind FIELD_FOUR_MODULUS, which field_mul_sub_mul_lazy needs,
// only where also 5p < R). A sum of two lazy values is < 4p < R (no carry out of the top word); the
// Montgomery product of two is < 4p²/R + p < 2p (field_mul_below_2p).
//
// Requires field.glsl.
#ifndef ZKMSM_FIELD_LAZY_GLSL
#define ZKMSM_FIELD_LAZY_GLSL

uint[FIELD_WORDS] field_mul_lazy(uint a[FIELD_WORDS], uint b[FIELD_WORDS]) { return field_mul_below_2p(a, b); }

uint[FIELD_WORDS] field_sqr_lazy(uint a[FIELD_WORDS]) { return field_mul_below_2p(a, a); }

// [0, 2p) → [0, p).
uint[FIELD_WORDS] field_reduced(uint a[FIELD_WORDS]) { return field_reduce_once(a); }

// a − 2p when a ≥ 2p, else a (for a < 4p).
uint[FIELD_WORDS] field_subtract_two_p_once(uint a[FIELD_WORDS]) {
  return words_subtract_if_at_least(a, FIELD_TWO_MODULUS);
}

// a + b < 4p, then at most one 2p off.
uint[FIELD_WORDS] field_add_lazy(uint a[FIELD_WORDS], uint b[FIELD_WORDS]) {
  return field_subtract_two_p_once(words_add(a, b));
}

uint[FIELD_WORDS] field_double_lazy(uint a[FIELD_WORDS]) { return field_add_lazy(a, a); }

// a − b, plus 2p when a < b: in [0, 2p) for a, b < 2p.
uint[FIELD_WORDS] field_sub_lazy(uint a[FIELD_WORDS], uint b[FIELD_WORDS]) {
  return words_sub_or_add_back(a, b, FIELD_TWO_MODULUS);
}

// Whether a lazy value is the element 0 (the pattern 0 or p).
bool field_is_zero_lazy(uint a[FIELD_WORDS]) {
  uint any = 0u;
  uint diff = 0u;
  WORD_LOOP for (int i = 0; i < FIELD_WORDS; ++i) {
    any |= a[i];
    diff |= a[i] ^ FIELD_MODULUS[i];
  }
  return any == 0u || diff == 0u;
}

#if defined(ZKMSM_FIELD_INT64)
// a·b − c·d (Montgomery form: (a·b − c·d)·R⁻¹ mod p) in [0, 2p), for a, b, c, d < 2p, with one
// Montgomery reduction per row instead of two (XYZZ's Y3 = R·(Q − X3) − Y1·PPP), as the CUDA
// field's mul_sub_mul_lazy: the rows of a·b + c·e with e = 4p − d ∈ (2p, 4p], the same element.
// Bounds: between rows t < a + c + p < 5p, and a row adds < (2p + 2p + p)·2^32, so with 5p < R
// W + 1 words hold it; at the end T < 2p·2p + 2p·4p = 12p², so (T + M·p)/R < 12p²/R + p < 4p
// (4p < R), and one subtraction of 2p. Each word step x·y + t + carry ≤ 2^64 − 1, so the two products are two
// carry chains per row. Saves one of the two products' reductions: W² of 4W² multiply-adds.
uint[FIELD_WORDS] field_mul_sub_mul_lazy(uint a[FIELD_WORDS], uint b[FIELD_WORDS], uint c[FIELD_WORDS],
                                         uint d[FIELD_WORDS]) {
  uint e[FIELD_WORDS];
  words_sub(e, FIELD_FOUR_MODULUS, d);  // 4p − d: no borrow for d < 2p
  uint t[FIELD_WORDS + 1];
  WORD_LOOP for (int k = 0; k <= FIELD_WORDS; ++k) t[k] = 0u;
#if defined(ZKMSM_UNROLL_WORD_LOOPS)
  uint rest_b[FIELD_WORDS] = b;  // b's and e's words still to come (field_mul_row_word)
  uint rest_e[FIELD_WORDS] = e;
#endif
  for (int i = 0; i < FIELD_WORDS; ++i) {
#if defined(ZKMSM_UNROLL_WORD_LOOPS)
    const uint b_i = field_mul_row_word(rest_b);
    const uint e_i = field_mul_row_word(rest_e);
#else
    const uint b_i = b[i];
    const uint e_i = e[i];
#endif
    field_row_add_product(t, a, b_i);  // two carry chains: each step stays ≤ 2^64 − 1
    field_row_add_product(t, c, e_i);
    field_row_reduce(t);
  }
  uint result[FIELD_WORDS];
  WORD_LOOP for (int k = 0; k < FIELD_WORDS; ++k) result[k] = t[k];
  return field_subtract_two_p_once(result);
}
#else
// The same function from two lazy products (the 32-bit form keeps its products separate).
uint[FIELD_WORDS] field_mul_sub_mul_lazy(uint a[FIELD_WORDS], uint b[FIELD_WORDS], uint c[FIELD_WORDS],
                                         uint d[FIELD_WORDS]) {
  return field_sub_lazy(field_mul_lazy(a, b), field_mul_lazy(c, d));
}
#endif

#endif
