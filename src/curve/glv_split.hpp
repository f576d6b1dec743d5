// The GLV split of a scalar (Gallant–Lambert–Vanstone 2001, §4): for k < r,
//   k ≡ k1 + k2·λ (mod r), |k1|, |k2| < 2^Curve::glv_half_bits (127 for BN254 and Grumpkin, 128
//   for BLS12-381),
// so that k·P = k1·P + k2·φ(P) with φ(x, y) = (β·x, y): two half-length scalars for twice the
// points. Used where an MSM trades windows for points (GLV); the curve supplies λ and the reduced
// lattice basis v1 = (a1, b1), v2 = (a2, b2) of {(x, y) : x + y·λ ≡ 0 mod r} (bn254.hpp,
// grumpkin.hpp; tested in tests/curve/curve_glv_test.cpp).
//
// Method: (k, 0) = α·v1 + β·v2 with α = k·b2/det, β = −k·b1/det (det = a1·b2 − a2·b1 = r for
// both curves here); c1, c2 are α, β rounded through the constants g1 = round(2^256·|b2|/r) and
// g2 = round(2^256·|b1|/r), derived at compile time: c = ⌊(k·g + 2^255)/2^256⌋, within 1 of the
// exact quotient (the rounding's 1/2 plus k·|g − 2^256·b/r|/2^256 < 1/2). Then
// (k1, k2) = (k, 0) − c1·v1 − c2·v2 = (α − c1)·v1 + (β − c2)·v2, so |k1| < |a1| + |a2| and
// |k2| < |b1| + |b2|, both < 2^glv_half_bits (static_asserts below).
//
// Representation: k canonical (< r, not Montgomery form), 4 × 64-bit limbs; each half a
// magnitude in 2 × 64-bit limbs and a sign. Arithmetic is two's complement mod 2^256.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/bigint.hpp"
#include "core/host_device.hpp"
#include "core/wide_arith.hpp"

namespace zkmsm {

// A signed half of a split scalar: |value| < 2^128.
struct GlvHalf {
  BigInt<2> magnitude;
  bool negative;
};

struct GlvHalves {
  GlvHalf k1;
  GlvHalf k2;
};

namespace glv_detail {

// a·b for N- and M-limb operands, N + M limbs.
template <std::size_t N, std::size_t M>
ZKMSM_HOST_DEVICE constexpr BigInt<N + M> multiply(const BigInt<N>& a, const BigInt<M>& b) {
  BigInt<N + M> out{};
  for (std::size_t i = 0; i < N; ++i) {
    std::uint64_t carry = 0;
    for (std::size_t j = 0; j < M; ++j) {
      carry = mul_add_carry(out.limb[i + j], out.limb[i + j], a.limb[i], b.limb[j], carry);
    }
    out.limb[i + M] = carry;
  }
  return out;
}

// Zero-extended or truncated to N limbs.
template <std::size_t N, std::size_t M>
ZKMSM_HOST_DEVICE constexpr BigInt<N> resize(const BigInt<M>& x) {
  BigInt<N> out{};
  for (std::size_t i = 0; i < N && i < M; ++i) out.limb[i] = x.limb[i];
  return out;
}

// round(2^256·b/r) by binary long division, for b < r (compile time only).
template <std::size_t N>
constexpr BigInt<N> scaled_quotient(const BigInt<4>& b, const BigInt<4>& r) {
  // Remainder < r < 2^256 kept in 5 limbs (doubling may pass 2^256 before the subtraction).
  BigInt<5> remainder{};
  BigInt<N> quotient{};
  const BigInt<5> modulus = resize<5>(r);
  for (std::size_t step = 0; step < 512; ++step) {
    const std::size_t bit = 511 - step;  // bits of b·2^256, from the top
    const bool in = bit >= 256 && b.bit(bit - 256);
    std::uint64_t carry = in ? 1 : 0;
    for (std::size_t i = 0; i < 5; ++i) {
      const std::uint64_t next = remainder.limb[i] >> 63;
      remainder.limb[i] = (remainder.limb[i] << 1) | carry;
      carry = next;
    }
    const bool fits = compare(remainder, modulus) >= 0;
    if (fits) sub_with_borrow(remainder, remainder, modulus);
    if (fits && bit < 64 * N) quotient.limb[bit / 64] |= std::uint64_t{1} << (bit % 64);
  }
  BigInt<5> twice{};
  add_with_carry(twice, remainder, remainder);
  if (compare(twice, modulus) >= 0) {
    BigInt<N> one{};
    one.limb[0] = 1;
    add_with_carry(quotient, quotient, one);
  }
  return quotient;
}

// x or 2^256 − x.
ZKMSM_HOST_DEVICE constexpr BigInt<4> with_sign(const BigInt<4>& x, bool negative) {
  if (!negative) return x;
  BigInt<4> out{};
  sub_with_borrow(out, BigInt<4>{}, x);
  return out;
}

// A two's complement value mod 2^256 with |value| < 2^128 as a GlvHalf.
ZKMSM_HOST_DEVICE constexpr GlvHalf to_half(const BigInt<4>& x) {
  const bool negative = (x.limb[3] >> 63) != 0;
  const BigInt<4> magnitude = with_sign(x, negative);
  return {resize<2>(magnitude), negative};
}

}  // namespace glv_detail

template <class Curve>
struct GlvSplitConstants {
  using Scalar = typename Curve::ScalarField;
  static constexpr BigInt<4> r = Scalar::modulus();
  static constexpr BigInt<2> a1 = parse_hex<2>(Curve::glv_a1_hex);
  static constexpr BigInt<2> b1 = parse_hex<2>(Curve::glv_b1_hex);
  static constexpr BigInt<2> a2 = parse_hex<2>(Curve::glv_a2_hex);
  static constexpr BigInt<2> b2 = parse_hex<2>(Curve::glv_b2_hex);
  // α = k·b2/r and β = −k·b1/r (det = +r: tests/curve/curve_glv_test.cpp) have the signs of b2
  // and of −b1; g1, g2 are their magnitudes' scaled quotients (3 limbs: < 2^131).
  static constexpr bool c1_negative = Curve::glv_b2_negative;
  static constexpr bool c2_negative = !Curve::glv_b1_negative;
  static constexpr BigInt<3> g1 = glv_detail::scaled_quotient<3>(glv_detail::resize<4>(b2), r);
  static constexpr BigInt<3> g2 = glv_detail::scaled_quotient<3>(glv_detail::resize<4>(b1), r);

  static constexpr bool sum_fits_half(const BigInt<2>& x, const BigInt<2>& y) {
    BigInt<2> sum{};
    return add_with_carry(sum, x, y) == 0 && sum.bit_length() <= Curve::glv_half_bits;
  }
  static_assert(Curve::glv_half_bits <= 128, "a GlvHalf holds 128 bits");
  static_assert(sum_fits_half(a1, a2) && sum_fits_half(b1, b2), "GLV halves would not fit glv_half_bits bits");
  static_assert(g1.bit_length() <= 131 && g2.bit_length() <= 131);
};

// ⌊(k·g + 2^255)/2^256⌋ for k < 2^256, g < 2^192: < 2^192, and < 2^128 for the callers' g.
ZKMSM_HOST_DEVICE constexpr BigInt<2> rounded_scaled_product(const BigInt<4>& k, const BigInt<3>& g) {
  BigInt<7> product = glv_detail::multiply(k, g);
  BigInt<7> half{};
  half.limb[3] = std::uint64_t{1} << 63;
  add_with_carry(product, product, half);
  return {{product.limb[4], product.limb[5]}};
}

// k1, k2 for a canonical k < r (see the top of the file).
template <class Curve>
ZKMSM_HOST_DEVICE constexpr GlvHalves glv_split(const BigInt<4>& k) {
  using C = GlvSplitConstants<Curve>;
  using glv_detail::multiply;
  using glv_detail::resize;
  using glv_detail::with_sign;
  // Local copies: device code may not take the address of the static members.
  constexpr BigInt<3> g1 = C::g1, g2 = C::g2;
  constexpr BigInt<2> a1 = C::a1, b1 = C::b1, a2 = C::a2, b2 = C::b2;
  const BigInt<2> c1 = rounded_scaled_product(k, g1);
  const BigInt<2> c2 = rounded_scaled_product(k, g2);
  // Signed products c·v, mod 2^256.
  const BigInt<4> c1a1 = with_sign(multiply(c1, a1), C::c1_negative != Curve::glv_a1_negative);
  const BigInt<4> c2a2 = with_sign(multiply(c2, a2), C::c2_negative != Curve::glv_a2_negative);
  const BigInt<4> c1b1 = with_sign(multiply(c1, b1), C::c1_negative != Curve::glv_b1_negative);
  const BigInt<4> c2b2 = with_sign(multiply(c2, b2), C::c2_negative != Curve::glv_b2_negative);
  BigInt<4> k1{}, k2{};
  sub_with_borrow(k1, k, c1a1);
  sub_with_borrow(k1, k1, c2a2);
  sub_with_borrow(k2, BigInt<4>{}, c1b1);
  sub_with_borrow(k2, k2, c2b2);
  return {glv_detail::to_half(k1), glv_detail::to_half(k2)};
}

}  // namespace zkmsm
