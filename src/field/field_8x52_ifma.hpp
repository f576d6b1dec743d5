// Eight prime-field elements at once, for AVX-512 IFMA (vpmadd52luq / vpmadd52huq).
//
// Representation: Field8x52<Params>::limb[j] holds limb j of eight independent elements, one
// per 64-bit lane; an element is Σ limb[j]·2^(52·j), j < 5, with every limb < 2^52
// ("normalised"). Values are in Montgomery form with the radix R' = 2^260 (NOT the 2^256 of
// PrimeField): a lane holding A represents A·2^−260 mod p. Values are LAZY: mul() accepts
// inputs < 2^256 and returns a value < 2p; add/sub state their output range; reduce_*()
// brings a value back to [0, p) when a canonical form is needed (equality, storage).
//
// Why < 2p needs no final subtraction: with a, b < 2^256 and p > 2^252, the Montgomery
// quotient (a·b + m·p)/2^260 < 2^512/2^260 + p = 2^252 + p < 2p.
//
// Multiplication: operand scanning (CIOS) over 52-bit digits, 5 rows of
//   t += a·b[i] (5 low + 5 high halves), m = t₀·(−p⁻¹) mod 2^52, t += m·p, t >>= 52,
// i.e. 105 IFMA µops per 8 products, limbs accumulated unnormalised in 64-bit lanes (at most
// 20 terms of < 2^52 per limb: no overflow) and normalised once at the end.
//
// Only for moduli of 253 or 254 bits in 4 64-bit limbs (BN254's Fq and Fr). Conversions to and
// from PrimeField's 4×64 Montgomery form multiply by the constants below.
#pragma once

// Compiled into every x86-64 build with GCC or Clang, whatever -march says: the code below
// carries the target attribute avx512f + avx512dq + avx512ifma (the pragmas), and the CPU
// backend calls it only where cpuid reports all three (host/cpu_features.hpp). Everything
// included is outside the pragmas, so no shared inline function (PrimeField, std::) is compiled
// for AVX-512 by accident and then picked by the linker for callers on other CPUs.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__CUDACC__)
#define ZKMSM_HAVE_FIELD_8X52_IFMA 1

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "core/bigint.hpp"
#include "field/field_constants.hpp"

// Brackets code compiled for AVX512F + AVX512DQ + AVX512IFMA (batch_affine_add_x8.hpp too).
#if defined(__clang__)
#define ZKMSM_BEGIN_AVX512_IFMA_CODE \
  _Pragma("clang attribute push(__attribute__((target(\"avx512f,avx512dq,avx512ifma\"))), apply_to = function)")
#define ZKMSM_END_AVX512_IFMA_CODE _Pragma("clang attribute pop")
#else
#define ZKMSM_BEGIN_AVX512_IFMA_CODE _Pragma("GCC push_options") _Pragma("GCC target(\"avx512f,avx512dq,avx512ifma\")")
#define ZKMSM_END_AVX512_IFMA_CODE _Pragma("GCC pop_options")
#endif

ZKMSM_BEGIN_AVX512_IFMA_CODE

namespace zkmsm {

namespace simd512 {
// Shifts through the GCC/Clang vector extensions: gcc 12's _mm512_s?li_epi64 intrinsics trip a
// false -Wuninitialized (their _mm512_undefined_epi32 self-initialises); the code is the same.
typedef unsigned long long u64x8 __attribute__((vector_size(64)));
typedef long long i64x8 __attribute__((vector_size(64)));
inline __attribute__((always_inline)) __m512i srli(__m512i x, int n) { return (__m512i)((u64x8)x >> n); }
inline __attribute__((always_inline)) __m512i slli(__m512i x, int n) { return (__m512i)((u64x8)x << n); }
inline __attribute__((always_inline)) __m512i srai(__m512i x, int n) { return (__m512i)((i64x8)x >> n); }
}  // namespace simd512

// The Params of a PrimeField<Params>.
template <class Field>
struct PrimeFieldParams;
template <class Params>
class PrimeField;
template <class Params>
struct PrimeFieldParams<PrimeField<Params>> {
  using type = Params;
};

// Whether Field8x52 supports the field with these Params (4 limbs, a 253- or 254-bit p).
template <class Params>
inline constexpr bool field_8x52_supports =
    Params::limbs == 4 && FieldConstants<Params>::modulus_bits >= 253 && FieldConstants<Params>::modulus_bits <= 254;

template <class Params>
struct Field8x52Constants {
  using Constants = FieldConstants<Params>;
  static_assert(Params::limbs == 4, "Field8x52 is for 4-limb fields");
  static_assert(Constants::modulus_bits >= 253 && Constants::modulus_bits <= 254,
                "the lazy bound (< 2p without a final subtraction) needs 2^252 < p < 2^254");
  static constexpr std::uint64_t kMask52 = (std::uint64_t{1} << 52) - 1;

  // x (< 2^260) split into five 52-bit digits.
  static constexpr BigInt<5> digits(const BigInt<4>& x) {
    BigInt<5> d{};
    d.limb[0] = x.limb[0] & kMask52;
    d.limb[1] = ((x.limb[0] >> 52) | (x.limb[1] << 12)) & kMask52;
    d.limb[2] = ((x.limb[1] >> 40) | (x.limb[2] << 24)) & kMask52;
    d.limb[3] = ((x.limb[2] >> 28) | (x.limb[3] << 36)) & kMask52;
    d.limb[4] = x.limb[3] >> 16;
    return d;
  }
  static constexpr BigInt<4> times(const BigInt<4>& x, std::uint64_t k) {
    BigInt<4> out{};
    BigInt<4> addend = x;
    for (; k != 0; k >>= 1) {
      if (k & 1) add_with_carry(out, out, addend);
      add_with_carry(addend, addend, addend);
    }
    return out;
  }

  // p, 2p, 4p in digits; −p⁻¹ mod 2^52.
  static constexpr BigInt<5> p = digits(Constants::modulus);
  static constexpr BigInt<5> p2 = digits(times(Constants::modulus, 2));
  static constexpr BigInt<5> p4 = digits(times(Constants::modulus, 4));
  static constexpr std::uint64_t neg_inv52 = Constants::neg_inv64 & kMask52;
  // 1 in R'-Montgomery form: 2^260 mod p.
  static constexpr BigInt<5> one = digits(power_of_two_mod(260, Constants::modulus));
  // mont'(A, 2^264 mod p) turns PrimeField's A = a·2^256 into a·2^260.
  static constexpr BigInt<5> from_mont256 = digits(power_of_two_mod(264, Constants::modulus));
  // mont'(A, 2^256 mod p) turns a·2^260 into PrimeField's a·2^256.
  static constexpr BigInt<5> to_mont256 = digits(power_of_two_mod(256, Constants::modulus));
  // mont'(x, 2^516 mod p) turns a canonical x into PrimeField's x·2^256.
  static constexpr BigInt<5> canonical_to_mont256 = digits(power_of_two_mod(516, Constants::modulus));
  // mont'(x, 2^520 mod p) turns a canonical x into the R' form x·2^260.
  static constexpr BigInt<5> canonical_to_r260 = digits(power_of_two_mod(520, Constants::modulus));
};

// alignas(64) explicitly: <immintrin.h> is parsed for the default target, where GCC caps the
// alignment of __m512i at 16 bytes, so std::vector<Field8x52> would allocate with plain new
// while the AVX-512 code moves the limbs with aligned 64-byte stores.
template <class Params>
struct alignas(64) Field8x52 {
  using K = Field8x52Constants<Params>;
  __m512i limb[5];

  static inline __attribute__((always_inline)) __m512i mask52() { return _mm512_set1_epi64(K::kMask52); }
  static inline __attribute__((always_inline)) Field8x52 broadcast(const BigInt<5>& digits) {
    Field8x52 out;
    for (int j = 0; j < 5; ++j) out.limb[j] = _mm512_set1_epi64(static_cast<long long>(digits.limb[j]));
    return out;
  }
  static inline Field8x52 zero() {
    Field8x52 out;
    for (int j = 0; j < 5; ++j) out.limb[j] = _mm512_setzero_si512();
    return out;
  }
  static inline Field8x52 one() { return broadcast(K::one); }

  // ---- 4×64 ↔ 5×52 (lane k of x[i] is limb i of element k) ---------------------------------
  static inline __attribute__((always_inline)) Field8x52 from_4x64(const __m512i x[4]) {
    const __m512i m = mask52();
    Field8x52 out;
    out.limb[0] = _mm512_and_si512(x[0], m);
    out.limb[1] = _mm512_and_si512(_mm512_or_si512(simd512::srli(x[0], 52), simd512::slli(x[1], 12)), m);
    out.limb[2] = _mm512_and_si512(_mm512_or_si512(simd512::srli(x[1], 40), simd512::slli(x[2], 24)), m);
    out.limb[3] = _mm512_and_si512(_mm512_or_si512(simd512::srli(x[2], 28), simd512::slli(x[3], 36)), m);
    out.limb[4] = simd512::srli(x[3], 16);
    return out;
  }
  // Normalised value < 2^256 → 4×64.
  inline __attribute__((always_inline)) void to_4x64(__m512i x[4]) const {
    x[0] = _mm512_or_si512(limb[0], simd512::slli(limb[1], 52));
    x[1] = _mm512_or_si512(simd512::srli(limb[1], 12), simd512::slli(limb[2], 40));
    x[2] = _mm512_or_si512(simd512::srli(limb[2], 24), simd512::slli(limb[3], 28));
    x[3] = _mm512_or_si512(simd512::srli(limb[3], 36), simd512::slli(limb[4], 16));
  }

  // ---- multiplication ---------------------------------------------------------------------
  // a·b·2^−260 mod p in [0, 2p) for normalised a, b < 2^256.
  static inline __attribute__((always_inline)) Field8x52 mul(const Field8x52& a, const Field8x52& b) {
    const __m512i zero = _mm512_setzero_si512();
    const __m512i n0 = _mm512_set1_epi64(static_cast<long long>(K::neg_inv52));
    __m512i p[5];
    for (int j = 0; j < 5; ++j) p[j] = _mm512_set1_epi64(static_cast<long long>(K::p.limb[j]));
    __m512i t0 = zero, t1 = zero, t2 = zero, t3 = zero, t4 = zero, t5 = zero;
#define ZKMSM_F8X52_ROW(bi)                                                     \
  {                                                                             \
    const __m512i b_i = (bi);                                                   \
    t0 = _mm512_madd52lo_epu64(t0, a.limb[0], b_i);                             \
    t1 = _mm512_madd52lo_epu64(t1, a.limb[1], b_i);                             \
    t2 = _mm512_madd52lo_epu64(t2, a.limb[2], b_i);                             \
    t3 = _mm512_madd52lo_epu64(t3, a.limb[3], b_i);                             \
    t4 = _mm512_madd52lo_epu64(t4, a.limb[4], b_i);                             \
    t1 = _mm512_madd52hi_epu64(t1, a.limb[0], b_i);                             \
    t2 = _mm512_madd52hi_epu64(t2, a.limb[1], b_i);                             \
    t3 = _mm512_madd52hi_epu64(t3, a.limb[2], b_i);                             \
    t4 = _mm512_madd52hi_epu64(t4, a.limb[3], b_i);                             \
    t5 = _mm512_madd52hi_epu64(t5, a.limb[4], b_i);                             \
    const __m512i m = _mm512_madd52lo_epu64(zero, t0, n0);                      \
    t0 = _mm512_madd52lo_epu64(t0, m, p[0]);                                    \
    t1 = _mm512_madd52lo_epu64(t1, m, p[1]);                                    \
    t2 = _mm512_madd52lo_epu64(t2, m, p[2]);                                    \
    t3 = _mm512_madd52lo_epu64(t3, m, p[3]);                                    \
    t4 = _mm512_madd52lo_epu64(t4, m, p[4]);                                    \
    t1 = _mm512_madd52hi_epu64(t1, m, p[0]);                                    \
    t2 = _mm512_madd52hi_epu64(t2, m, p[1]);                                    \
    t3 = _mm512_madd52hi_epu64(t3, m, p[2]);                                    \
    t4 = _mm512_madd52hi_epu64(t4, m, p[3]);                                    \
    t5 = _mm512_madd52hi_epu64(t5, m, p[4]);                                    \
    /* t0 ≡ 0 mod 2^52 now: carry its top into t1 and shift one digit down */ \
    t0 = _mm512_add_epi64(t1, simd512::srli(t0, 52));                           \
    t1 = t2;                                                                    \
    t2 = t3;                                                                    \
    t3 = t4;                                                                    \
    t4 = t5;                                                                    \
    t5 = zero;                                                                  \
  }
    ZKMSM_F8X52_ROW(b.limb[0])
    ZKMSM_F8X52_ROW(b.limb[1])
    ZKMSM_F8X52_ROW(b.limb[2])
    ZKMSM_F8X52_ROW(b.limb[3])
    ZKMSM_F8X52_ROW(b.limb[4])
#undef ZKMSM_F8X52_ROW
    Field8x52 out;
    out.limb[0] = t0;
    out.limb[1] = t1;
    out.limb[2] = t2;
    out.limb[3] = t3;
    out.limb[4] = t4;
    out.normalize();
    return out;
  }
  inline Field8x52 operator*(const Field8x52& b) const { return mul(*this, b); }
  inline Field8x52 squared() const { return mul(*this, *this); }

  // ---- lazy additive operations (results normalised; ranges stated) ------------------------
  // Carry-propagates limbs that may be ≥ 2^52 or negative (as signed 64-bit); the value must
  // be in [0, 2^260).
  inline __attribute__((always_inline)) void normalize() {
    const __m512i m = mask52();
    for (int j = 0; j < 4; ++j) {
      limb[j + 1] = _mm512_add_epi64(limb[j + 1], simd512::srai(limb[j], 52));
      limb[j] = _mm512_and_si512(limb[j], m);
    }
  }
  // a + b (no reduction): a value < 2^260.
  static inline __attribute__((always_inline)) Field8x52 add(const Field8x52& a, const Field8x52& b) {
    Field8x52 out;
    for (int j = 0; j < 5; ++j) out.limb[j] = _mm512_add_epi64(a.limb[j], b.limb[j]);
    out.normalize();
    return out;
  }
  // a − b + k·p for a multiple kp = k·p given in digits (K::p, K::p2, K::p4); the caller
  // guarantees b ≤ a + kp.
  static inline __attribute__((always_inline)) Field8x52 sub(const Field8x52& a,
                                                             const Field8x52& b,
                                                             const BigInt<5>& kp) {
    Field8x52 out;
    for (int j = 0; j < 5; ++j)
      out.limb[j] = _mm512_sub_epi64(_mm512_add_epi64(a.limb[j], _mm512_set1_epi64(static_cast<long long>(kp.limb[j]))),
                                     b.limb[j]);
    out.normalize();
    return out;
  }
  // a − kp if that is ≥ 0, else a (lane-wise). For a < 2kp the result is < kp.
  inline __attribute__((always_inline)) void subtract_if_ge(const BigInt<5>& kp) {
    Field8x52 d;
    for (int j = 0; j < 5; ++j)
      d.limb[j] = _mm512_sub_epi64(limb[j], _mm512_set1_epi64(static_cast<long long>(kp.limb[j])));
    d.normalize();
    const __mmask8 negative = _mm512_movepi64_mask(d.limb[4]);
    for (int j = 0; j < 5; ++j) limb[j] = _mm512_mask_blend_epi64(negative, d.limb[j], limb[j]);
  }
  // [0, 2p) → [0, p).
  inline void reduce_from_2p() { subtract_if_ge(K::p); }
  // [0, 4p) → [0, p).
  inline void reduce_from_4p() {
    subtract_if_ge(K::p2);
    subtract_if_ge(K::p);
  }

  // ---- lane predicates and selection (canonical values) ------------------------------------
  static inline __mmask8 equal(const Field8x52& a, const Field8x52& b) {
    __mmask8 eq = 0xff;
    for (int j = 0; j < 5; ++j) eq &= _mm512_cmpeq_epi64_mask(a.limb[j], b.limb[j]);
    return eq;
  }
  inline __mmask8 is_zero() const {
    __m512i any = limb[0];
    for (int j = 1; j < 5; ++j) any = _mm512_or_si512(any, limb[j]);
    return _mm512_testn_epi64_mask(any, any);
  }
  // Lanes in `mask` take b, the others keep a.
  static inline __attribute__((always_inline)) Field8x52 select(__mmask8 mask, const Field8x52& a, const Field8x52& b) {
    Field8x52 out;
    for (int j = 0; j < 5; ++j) out.limb[j] = _mm512_mask_blend_epi64(mask, a.limb[j], b.limb[j]);
    return out;
  }

  // ---- single lanes -------------------------------------------------------------------------
  // Lane k as a 4×64 integer (the value must be < 2^256).
  inline BigInt<4> lane(int k) const {
    alignas(64) std::uint64_t d[5][8];
    for (int j = 0; j < 5; ++j) _mm512_store_si512(reinterpret_cast<__m512i*>(d[j]), limb[j]);
    BigInt<4> x{};
    x.limb[0] = d[0][k] | (d[1][k] << 52);
    x.limb[1] = (d[1][k] >> 12) | (d[2][k] << 40);
    x.limb[2] = (d[2][k] >> 24) | (d[3][k] << 28);
    x.limb[3] = (d[3][k] >> 36) | (d[4][k] << 16);
    return x;
  }
  // Eight 4×64 integers (< 2^256) as lanes.
  static inline Field8x52 from_lanes(const BigInt<4> values[8]) {
    alignas(64) std::uint64_t d[4][8];
    for (int k = 0; k < 8; ++k)
      for (int i = 0; i < 4; ++i) d[i][k] = values[k].limb[i];
    __m512i x[4];
    for (int i = 0; i < 4; ++i) x[i] = _mm512_load_si512(reinterpret_cast<const __m512i*>(d[i]));
    return from_4x64(x);
  }
};

}  // namespace zkmsm

ZKMSM_END_AVX512_IFMA_CODE

#endif
