// Prime-field arithmetic for compute shaders: W = FIELD_WORDS 32-bit words (8 for the BN254
// fields and BLS12-381's scalar field, 12 for BLS12-381's base field), 32-bit operations only
// (uaddCarry, usubBorrow, umulExtended), so that GPUs without 64-bit integers run it.
//
// Representation: a uint[FIELD_WORDS] holds a·R mod p with R = 2^(32W), FULLY REDUCED to [0, p),
// word 0 least significant: bit for bit the layout of the host's PrimeField<Params> (W/2 × 64-bit
// little-endian limbs) and of the CUDA DeviceField, so host arrays are uploaded as they are.
// Every function takes and returns reduced values (field_mul_below_2p also takes and returns values
// below 2p: field_lazy.glsl); equality is word equality, zero is all zeros.
//
// The including shader first selects the field (field_params.glsl): FIELD_WORDS, FIELD_MODULUS,
// FIELD_R, FIELD_R2, FIELD_MODULUS_MINUS_2 (const uint[FIELD_WORDS]) and FIELD_NEG_INV32
// (−p⁻¹ mod 2^32).
//
// Bounds used throughout: 2p < R (p < 2^254 for the BN254 fields, < 2^381 against R = 2^384 for
// BLS12-381 Fq, < 2^255 against 2^256 for its Fr; shader_constants_glsl.hpp asserts it), so
// a + b < 2p < R never carries out of the top word, and a Montgomery product of reduced inputs is
// < 2p < R before its one conditional subtraction (the rows' transient carry word is 0 at the end).
#ifndef ZKMSM_FIELD_GLSL
#define ZKMSM_FIELD_GLSL

// WORD_LOOP marks the loops over a value's words, here and in the shaders that include this file.
// A shader that defines ZKMSM_UNROLL_WORD_LOOPS first (the MSM's hot ones in the int64 form:
// xyzz_walker.comp, split_windows.comp, walker_combine.comp) gets them [[unroll]]ed by glslc in
// the SPIR-V. The int32 form keeps its loops: it runs only where shaderInt64 is missing, and no
// measurement says unrolling helps there (its unrolled xyzz walker once gave wrong sums on
// lavapipe across dispatches, vulkan_msm_test SlotsThatFinishInTheFirstDispatchStayFinished; since
// the walker's lazy rewrite the three shaders unrolled in the int32 form pass all of vulkan_msm_test
// on lavapipe, five seeds, 2026-12-07 — not reproduced, not explained). The rows
// of a product stay a loop (unrolling them too made glslc take minutes and run out of memory on
// the 12-word shaders) but index no array by the row. A word array indexed at run time cannot live
// in registers: NVIDIA's compiler left loops of the xyzz walker rolled, and with them unrolled its
// BN254 accumulate took 7.7 ms instead of 9.7 at 2^20 on an H100 (registers 128 → 96; BLS12-381's
// local memory 1,312 → 16 bytes per invocation, −2 %; ZKMSM_VULKAN_PIPELINE_STATS=1 shows them).
// The other shaders keep plain loops: unrolled, lavapipe compiled them ~30 % slower (CI time).
#if defined(ZKMSM_UNROLL_WORD_LOOPS)
#extension GL_EXT_control_flow_attributes : require
#define WORD_LOOP [[unroll]]
#else
#define WORD_LOOP
#endif

uint[FIELD_WORDS] field_zero() {
  uint zero[FIELD_WORDS];
  WORD_LOOP for (int i = 0; i < FIELD_WORDS; ++i) zero[i] = 0u;
  return zero;
}

uint[FIELD_WORDS] field_one() { return FIELD_R; }

bool field_is_zero(uint a[FIELD_WORDS]) {
  uint any = 0u;
  WORD_LOOP for (int i = 0; i < FIELD_WORDS; ++i) any |= a[i];
  return any == 0u;
}

bool field_equal(uint a[FIELD_WORDS], uint b[FIELD_WORDS]) {
  uint diff = 0u;
  WORD_LOOP for (int i = 0; i < FIELD_WORDS; ++i) diff |= a[i] ^ b[i];
  return diff == 0u;
}

// r = a − b mod R; returns the borrow out (1 when a < b, else 0).
uint words_sub(out uint r[FIELD_WORDS], uint a[FIELD_WORDS], uint b[FIELD_WORDS]) {
  uint borrow = 0u;
  WORD_LOOP for (int i = 0; i < FIELD_WORDS; ++i) {
    uint borrow_a;
    uint borrow_b;
    const uint d = usubBorrow(a[i], b[i], borrow_a);
    r[i] = usubBorrow(d, borrow, borrow_b);
    borrow = borrow_a | borrow_b;
  }
  return borrow;
}

// a − m when a ≥ m, else a (a word-wise select, no divergent branch). m is p here, 2p in
// field_lazy.glsl; the shaders pass constants, which glslc's inlining folds in.
uint[FIELD_WORDS] words_subtract_if_at_least(uint a[FIELD_WORDS], uint m[FIELD_WORDS]) {
  uint reduced[FIELD_WORDS];
  const uint borrow = words_sub(reduced, a, m);
  WORD_LOOP for (int i = 0; i < FIELD_WORDS; ++i) reduced[i] = borrow != 0u ? a[i] : reduced[i];
  return reduced;
}

// a + b mod R (the callers' bounds keep it below R).
uint[FIELD_WORDS] words_add(uint a[FIELD_WORDS], uint b[FIELD_WORDS]) {
  uint sum[FIELD_WORDS];
  uint carry = 0u;
  WORD_LOOP for (int i = 0; i < FIELD_WORDS; ++i) {
    uint carry_a;
    uint carry_b;
    const uint s = uaddCarry(a[i], b[i], carry_a);
    sum[i] = uaddCarry(s, carry, carry_b);
    carry = carry_a | carry_b;
  }
  return sum;
}

// a − b, plus m when a < b (m masked to zero otherwise).
uint[FIELD_WORDS] words_sub_or_add_back(uint a[FIELD_WORDS], uint b[FIELD_WORDS], uint m[FIELD_WORDS]) {
  uint diff[FIELD_WORDS];
  const uint borrow = words_sub(diff, a, b);
  const uint mask = 0u - borrow;
  uint carry = 0u;
  WORD_LOOP for (int i = 0; i < FIELD_WORDS; ++i) {
    uint carry_a;
    uint carry_b;
    const uint s = uaddCarry(diff[i], m[i] & mask, carry_a);
    diff[i] = uaddCarry(s, carry, carry_b);
    carry = carry_a | carry_b;
  }
  return diff;
}

// For a < 2p: a − p when a ≥ p, else a.
uint[FIELD_WORDS] field_reduce_once(uint a[FIELD_WORDS]) { return words_subtract_if_at_least(a, FIELD_MODULUS); }

uint[FIELD_WORDS] field_add(uint a[FIELD_WORDS], uint b[FIELD_WORDS]) { return field_reduce_once(words_add(a, b)); }

uint[FIELD_WORDS] field_sub(uint a[FIELD_WORDS], uint b[FIELD_WORDS]) {
  return words_sub_or_add_back(a, b, FIELD_MODULUS);
}

uint[FIELD_WORDS] field_neg(uint a[FIELD_WORDS]) { return field_sub(field_zero(), a); }

uint[FIELD_WORDS] field_double(uint a[FIELD_WORDS]) { return field_add(a, a); }

#if defined(ZKMSM_UNROLL_WORD_LOOPS)
// The first word of `rest`, which moves down one word: the rows of a product take b's words
// through it, so no array is indexed by the row, which stays a loop.
uint field_mul_row_word(inout uint rest[FIELD_WORDS]) {
  const uint first = rest[0];
  WORD_LOOP for (int k = 0; k + 1 < FIELD_WORDS; ++k) rest[k] = rest[k + 1];
  return first;
}
#endif

// Montgomery product a·b·R⁻¹ mod p by CIOS (Koç, Acar, Kaliski, "Analyzing and comparing
// Montgomery multiplication algorithms", IEEE Micro 1996) on 32-bit words: per row, t += a·b[i],
// then t = (t + m·p) / 2^32 with m = t[0]·(−p⁻¹) mod 2^32. t stays < a + p < R between rows, so
// W + 1 words hold it (t[W] is only the row's transient top word). Each word step
// x·y + t + carry ≤ (2^32 − 1)² + 2(2^32 − 1) = 2^64 − 1 fits the (hi, lo) pair exactly.
// field_mul_below_2p is the product before its conditional subtraction: < a·b/R + p, so < 2p for
// reduced a, b (2p < R) and for a, b < 2p where 4p < R (field_lazy.glsl); field_mul reduces it.
// The even/odd split of the CUDA field is a possible later speed-up (not measured here).
#if defined(ZKMSM_FIELD_INT64)
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// The same CIOS product with 64-bit accumulators (GL_EXT_shader_explicit_arithmetic_types_int64,
// for devices with shaderInt64): each word step x·y + t + carry is one 64-bit multiply-add, which
// NVIDIA's compiler can emit as a wide multiply-add instead of a multiply and two carry chains.
// Every shader is built in both forms; a context runs this one where the device has shaderInt64
// (field_form.hpp).

// One row's t += x·word over the W words, the carry into the row's transient top word t[W].
void field_row_add_product(inout uint t[FIELD_WORDS + 1], uint x[FIELD_WORDS], uint word) {
  uint64_t carry = 0ul;
  WORD_LOOP for (int j = 0; j < FIELD_WORDS; ++j) {
    const uint64_t step = uint64_t(x[j]) * uint64_t(word) + uint64_t(t[j]) + carry;
    t[j] = uint(step);
    carry = step >> 32;
  }
  t[FIELD_WORDS] = uint(uint64_t(t[FIELD_WORDS]) + carry);
}

// One row's Montgomery step: t = (t + m·p) / 2^32 with m = t[0]·(−p⁻¹) mod 2^32.
void field_row_reduce(inout uint t[FIELD_WORDS + 1]) {
  const uint m = t[0] * FIELD_NEG_INV32;
  uint64_t reduction = (uint64_t(m) * uint64_t(FIELD_MODULUS[0]) + uint64_t(t[0])) >> 32;
  WORD_LOOP for (int j = 1; j < FIELD_WORDS; ++j) {
    const uint64_t step = uint64_t(m) * uint64_t(FIELD_MODULUS[j]) + uint64_t(t[j]) + reduction;
    t[j - 1] = uint(step);
    reduction = step >> 32;
  }
  const uint64_t last = uint64_t(t[FIELD_WORDS]) + reduction;
  t[FIELD_WORDS - 1] = uint(last);
  t[FIELD_WORDS] = uint(last >> 32);
}

uint[FIELD_WORDS] field_mul_below_2p(uint a[FIELD_WORDS], uint b[FIELD_WORDS]) {
  uint t[FIELD_WORDS + 1];
  WORD_LOOP for (int k = 0; k <= FIELD_WORDS; ++k) t[k] = 0u;
#if defined(ZKMSM_UNROLL_WORD_LOOPS)
  uint rest[FIELD_WORDS] = b;  // b's words still to come, the row's first (field_mul_row_word)
#endif
  for (int i = 0; i < FIELD_WORDS; ++i) {
#if defined(ZKMSM_UNROLL_WORD_LOOPS)
    const uint b_i = field_mul_row_word(rest);
#else
    const uint b_i = b[i];
#endif
    field_row_add_product(t, a, b_i);
    field_row_reduce(t);
  }
  uint product[FIELD_WORDS];
  WORD_LOOP for (int k = 0; k < FIELD_WORDS; ++k) product[k] = t[k];
  return product;
}

uint[FIELD_WORDS] field_mul(uint a[FIELD_WORDS], uint b[FIELD_WORDS]) {
  return field_reduce_once(field_mul_below_2p(a, b));
}

uint[FIELD_WORDS] field_sqr(uint a[FIELD_WORDS]) { return field_mul(a, a); }
#else
uint[FIELD_WORDS] field_mul_below_2p(uint a[FIELD_WORDS], uint b[FIELD_WORDS]) {
  uint t[FIELD_WORDS + 1];
  WORD_LOOP for (int k = 0; k <= FIELD_WORDS; ++k) t[k] = 0u;
#if defined(ZKMSM_UNROLL_WORD_LOOPS)
  uint rest[FIELD_WORDS] = b;  // b's words still to come, the row's first (field_mul_row_word)
#endif
  for (int i = 0; i < FIELD_WORDS; ++i) {
    // t += a·b[i]
#if defined(ZKMSM_UNROLL_WORD_LOOPS)
    const uint b_i = field_mul_row_word(rest);
#else
    const uint b_i = b[i];
#endif
    uint carry = 0u;
    WORD_LOOP for (int j = 0; j < FIELD_WORDS; ++j) {
      uint hi;
      uint lo;
      uint carry_t;
      uint carry_c;
      umulExtended(a[j], b_i, hi, lo);
      lo = uaddCarry(lo, t[j], carry_t);
      t[j] = uaddCarry(lo, carry, carry_c);
      carry = hi + carry_t + carry_c;
    }
    t[FIELD_WORDS] += carry;
    // t = (t + m·p) / 2^32; the low word becomes zero and is dropped.
    const uint m = t[0] * FIELD_NEG_INV32;
    uint hi;
    uint lo;
    uint carry_t;
    uint carry_c;
    umulExtended(m, FIELD_MODULUS[0], hi, lo);
    uaddCarry(lo, t[0], carry_t);
    carry = hi + carry_t;
    WORD_LOOP for (int j = 1; j < FIELD_WORDS; ++j) {
      umulExtended(m, FIELD_MODULUS[j], hi, lo);
      lo = uaddCarry(lo, t[j], carry_t);
      t[j - 1] = uaddCarry(lo, carry, carry_c);
      carry = hi + carry_t + carry_c;
    }
    t[FIELD_WORDS - 1] = uaddCarry(t[FIELD_WORDS], carry, carry_c);
    t[FIELD_WORDS] = carry_c;
  }
  uint product[FIELD_WORDS];
  WORD_LOOP for (int k = 0; k < FIELD_WORDS; ++k) product[k] = t[k];
  return product;
}

uint[FIELD_WORDS] field_mul(uint a[FIELD_WORDS], uint b[FIELD_WORDS]) {
  return field_reduce_once(field_mul_below_2p(a, b));
}

// a²·R⁻¹ mod p: the 2W-word square with each off-diagonal product a[i]·a[j] (i < j) computed
// once and doubled (W(W − 1)/2 + W word products instead of W²: 36 + 8 for W = 8), then a
// separated Montgomery reduction (SOS in Koç–Acar–Kaliski). a² < p², so the reduced value is < 2p before the final subtraction.
uint[FIELD_WORDS] field_sqr(uint a[FIELD_WORDS]) {
  uint t[2 * FIELD_WORDS];
  for (int k = 0; k < 2 * FIELD_WORDS; ++k) t[k] = 0u;
  // Off-diagonal products. Row i's carry is the first value of t[i + W] (rows before it stopped at t[i + W − 1]).
  for (int i = 0; i < FIELD_WORDS; ++i) {
    uint carry = 0u;
    for (int j = i + 1; j < FIELD_WORDS; ++j) {
      uint hi;
      uint lo;
      uint carry_t;
      uint carry_c;
      umulExtended(a[i], a[j], hi, lo);
      lo = uaddCarry(lo, t[i + j], carry_t);
      t[i + j] = uaddCarry(lo, carry, carry_c);
      carry = hi + carry_t + carry_c;
    }
    t[i + FIELD_WORDS] = carry;
  }
  // Double them (the sum of off-diagonal products is < 2^(64W − 1), so no bit leaves the top word).
  uint top = 0u;
  for (int k = 0; k < 2 * FIELD_WORDS; ++k) {
    const uint next_top = t[k] >> 31;
    t[k] = (t[k] << 1) | top;
    top = next_top;
  }
  // Add the diagonal a[i]²; each word's carry is at most 1.
  uint carry = 0u;
  for (int i = 0; i < FIELD_WORDS; ++i) {
    uint hi;
    uint lo;
    uint carry_a;
    uint carry_b;
    umulExtended(a[i], a[i], hi, lo);
    const uint low = uaddCarry(t[2 * i], lo, carry_a);
    t[2 * i] = uaddCarry(low, carry, carry_b);
    carry = carry_a + carry_b;
    const uint high = uaddCarry(t[2 * i + 1], hi, carry_a);
    t[2 * i + 1] = uaddCarry(high, carry, carry_b);
    carry = carry_a + carry_b;
  }
  // Montgomery reduction, one word per row: t += m·p·2^(32i) clears word i.
  uint high_carry = 0u;
  for (int i = 0; i < FIELD_WORDS; ++i) {
    const uint m = t[i] * FIELD_NEG_INV32;
    uint c = 0u;
    for (int j = 0; j < FIELD_WORDS; ++j) {
      uint hi;
      uint lo;
      uint carry_t;
      uint carry_c;
      umulExtended(m, FIELD_MODULUS[j], hi, lo);
      lo = uaddCarry(lo, t[i + j], carry_t);
      t[i + j] = uaddCarry(lo, c, carry_c);
      c = hi + carry_t + carry_c;
    }
    uint carry_a;
    uint carry_b;
    const uint s = uaddCarry(t[i + FIELD_WORDS], c, carry_a);
    t[i + FIELD_WORDS] = uaddCarry(s, high_carry, carry_b);
    high_carry = carry_a + carry_b;
  }
  uint square[FIELD_WORDS];
  for (int k = 0; k < FIELD_WORDS; ++k) square[k] = t[FIELD_WORDS + k];
  return field_reduce_once(square);
}

#endif

// a⁻¹ = a^(p−2) by Fermat (left-to-right square-and-multiply over the bits of p − 2; 0 ↦ 0, as
// the host's inverse_vartime). Constant time: 32W squarings and one multiplication per set bit of
// the public exponent. The stages use safegcd_inverse.glsl instead (faster, README.md); this one
// stays as the device-side reference of the tests and the baseline of the inversion timing.
uint[FIELD_WORDS] field_inverse_fermat(uint a[FIELD_WORDS]) {
  uint result[FIELD_WORDS] = field_one();
  for (int bit = 32 * FIELD_WORDS - 1; bit >= 0; --bit) {
    result = field_sqr(result);
    if (((FIELD_MODULUS_MINUS_2[bit >> 5] >> (bit & 31)) & 1u) != 0u) result = field_mul(result, a);
  }
  return result;
}

#endif
