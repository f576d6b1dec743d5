// The caller's canonical points straight into the 8-lane adder's form, checked on the way: one
// pass over each point instead of a Montgomery copy (host/host_inputs.hpp) and a second copy in
// the adder's form (convert_points_x8).
//
// Input: the public Point layout (x then y, 4×64-bit little-endian canonical integers; (0, 0) =
// infinity). Output: AffineR260 (batch_affine_add_x8.hpp), canonical a·2^260 mod p.
// Per 8 points: two transposes, 2 multiplications for the conversion and, when validating, 3 for
// y² = x³ + b, all 8 lanes at once.
#pragma once

#include "msm/cpu/batch_affine_add_x8.hpp"

#if defined(ZKMSM_HAVE_FIELD_8X52_IFMA)

#include <cstddef>
#include <cstdint>

#include "core/bigint.hpp"

ZKMSM_BEGIN_AVX512_IFMA_CODE

namespace zkmsm::cpu {

// Lanes whose 4×64 integer (lane k of limbs[i] is limb i of element k) is below `bound`.
inline __attribute__((always_inline)) __mmask8 lanes_below(const __m512i limbs[4], const BigInt<4>& bound) {
  __mmask8 less = 0;
  __mmask8 equal_so_far = 0xff;
  for (int i = 3; i >= 0; --i) {
    const __m512i b = _mm512_set1_epi64(static_cast<long long>(bound.limb[i]));
    less |= equal_so_far & _mm512_cmplt_epu64_mask(limbs[i], b);
    equal_so_far &= _mm512_cmpeq_epi64_mask(limbs[i], b);
  }
  return less;
}

// A canonical value (< p) in the R' form a·2^260 mod p, canonical, as five 52-bit digits.
template <class Params>
BigInt<5> r260_digits(const BigInt<4>& canonical) {
  using F = Field8x52<Params>;
  using K = Field8x52Constants<Params>;
  F value = F::mul(F::broadcast(K::digits(canonical)), F::broadcast(K::canonical_to_r260));
  value.reduce_from_2p();
  return K::digits(value.lane(0));
}

// out[i] = in[i] in AffineR260 form for i < count. in: 8 words per point (x then y, canonical
// little-endian limbs). Checks each coordinate < p and, when `validate`, y² = x³ + b
// (b_r260: the curve's b in the R' form; infinity (0, 0) passes). Returns the index of the first
// point that fails, or count when all pass (out is then complete; after a failure it is not).
template <class Params>
std::size_t canonical_points_to_r260_x8(
    AffineR260* out, const std::uint64_t* in, std::size_t count, const BigInt<5>& b_r260, bool validate) {
  using F = Field8x52<Params>;
  using K = Field8x52Constants<Params>;
  const F to_r260 = F::broadcast(K::canonical_to_r260);
  const F b = F::broadcast(b_r260);
  for (std::size_t i = 0; i < count; i += 8) {
    const std::size_t lanes = count - i < 8 ? count - i : 8;
    const __mmask8 present = static_cast<__mmask8>((1u << lanes) - 1);
    __m512i r[8];
    for (std::size_t k = 0; k < 8; ++k)
      r[k] = k < lanes ? _mm512_loadu_si512(in + 8 * (i + k)) : _mm512_setzero_si512();
    transpose_8x8(r);
    __mmask8 good =
        lanes_below(r, FieldConstants<Params>::modulus) & lanes_below(r + 4, FieldConstants<Params>::modulus);
    const F raw_x = F::from_4x64(r);
    const F raw_y = F::from_4x64(r + 4);
    const __mmask8 infinity = raw_x.is_zero() & raw_y.is_zero();
    F x = F::mul(raw_x, to_r260);  // < 2p < 2^256: a valid multiplicand
    F y = F::mul(raw_y, to_r260);
    if (validate) {
      F lhs = y.squared();
      F rhs = F::add(F::mul(x.squared(), x), b);  // < 2p + p
      lhs.reduce_from_2p();
      rhs.reduce_from_4p();
      good &= F::equal(lhs, rhs) | infinity;
    }
    if ((good & present) != present) return i + static_cast<std::size_t>(__builtin_ctz(~good & present));
    x.reduce_from_2p();
    y.reduce_from_2p();
    x.to_4x64(r);
    y.to_4x64(r + 4);
    transpose_8x8(r);
    for (std::size_t k = 0; k < lanes; ++k) _mm512_store_si512(reinterpret_cast<__m512i*>(out + i + k), r[k]);
  }
  return count;
}

}  // namespace zkmsm::cpu

ZKMSM_END_AVX512_IFMA_CODE

#endif
