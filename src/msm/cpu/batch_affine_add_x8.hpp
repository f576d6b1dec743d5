// Complete batched affine additions, eight pairs per AVX-512 IFMA instruction stream.
//
// Same contract as msm/common/batch_affine_add.hpp and the one case analysis of
// msm/common/affine_pair.hpp (AffinePairCase: copy_rhs, copy_lhs, add, doubling, infinity),
// here as one lane mask per case (AffinePairCaseMasks, the lane form of classify_affine_pair),
// computed with
// Field8x52 on eight independent prefix-product chains, one per lane. The eight lane products
// share ONE scalar safegcd inversion (Montgomery's trick across the lanes), so a batch of
// `count` pairs costs 6 lane multiplications per pair plus one inversion and ≈ 30 scalar
// multiplications. Special lanes are handled with masks; the doubling numerator 3x² is only
// computed for groups that contain a doubling.
//
// Storage form (AffineR260): x, y as 4×64-bit little-endian integers holding the CANONICAL
// (< p) value of a·2^260 mod p, i.e. Field8x52's Montgomery form, one 64-byte line per point.
// (0, 0) is the point at infinity, as in AffinePoint.
#pragma once

#include "field/field_8x52_ifma.hpp"

#if defined(ZKMSM_HAVE_FIELD_8X52_IFMA)

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/uninitialized_buffer.hpp"

#include "core/bigint.hpp"
#include "field/prime_field.hpp"

// Compiled for AVX512F + AVX512DQ + AVX512IFMA whatever -march says; called only where cpuid has them.
ZKMSM_BEGIN_AVX512_IFMA_CODE

namespace zkmsm::cpu {

struct alignas(64) AffineR260 {
  std::uint64_t x[4];
  std::uint64_t y[4];
};

// In-register transpose of an 8×8 matrix of 64-bit words (rows r[0..7] → columns r[0..7]):
// 3 stages of 8 shuffles. Moves 8 points between their memory layout (one 64-byte row each:
// x0..x3, y0..y3) and lane layout (vector j = word j of the 8 points) without gathers or
// scatters, which are microcoded and slow on AMD Zen 4.
inline __attribute__((always_inline)) void transpose_8x8(__m512i r[8]) {
  __m512i t[8], u[8];
  for (int i = 0; i < 4; ++i) {
    t[2 * i] = _mm512_unpacklo_epi64(r[2 * i], r[2 * i + 1]);      // r2i[0] r2i+1[0] r2i[2] …
    t[2 * i + 1] = _mm512_unpackhi_epi64(r[2 * i], r[2 * i + 1]);  // r2i[1] r2i+1[1] r2i[3] …
  }
  for (int h = 0; h < 2; ++h) {  // rows 4h .. 4h+3
    const __m512i* th = t + 4 * h;
    u[4 * h + 0] = _mm512_shuffle_i64x2(th[0], th[2], 0x88);  // columns 0, 4
    u[4 * h + 1] = _mm512_shuffle_i64x2(th[0], th[2], 0xDD);  // columns 2, 6
    u[4 * h + 2] = _mm512_shuffle_i64x2(th[1], th[3], 0x88);  // columns 1, 5
    u[4 * h + 3] = _mm512_shuffle_i64x2(th[1], th[3], 0xDD);  // columns 3, 7
  }
  r[0] = _mm512_shuffle_i64x2(u[0], u[4], 0x88);
  r[4] = _mm512_shuffle_i64x2(u[0], u[4], 0xDD);
  r[2] = _mm512_shuffle_i64x2(u[1], u[5], 0x88);
  r[6] = _mm512_shuffle_i64x2(u[1], u[5], 0xDD);
  r[1] = _mm512_shuffle_i64x2(u[2], u[6], 0x88);
  r[5] = _mm512_shuffle_i64x2(u[2], u[6], 0xDD);
  r[3] = _mm512_shuffle_i64x2(u[3], u[7], 0x88);
  r[7] = _mm512_shuffle_i64x2(u[3], u[7], 0xDD);
}

// Lane k ← the point row[k] (8 × 64-byte rows) as Field8x52 coordinates.
template <class F>
inline __attribute__((always_inline)) void load_points_x8(F& x, F& y, const AffineR260* const row[8]) {
  __m512i r[8];
  for (int k = 0; k < 8; ++k) r[k] = _mm512_load_si512(reinterpret_cast<const __m512i*>(row[k]));
  transpose_8x8(r);
  x = F::from_4x64(r);
  y = F::from_4x64(r + 4);
}

// The first `lanes` lanes of canonical x, y → the points row[k].
template <class F>
inline __attribute__((always_inline)) void store_points_x8(AffineR260* const row[8],
                                                           std::size_t lanes,
                                                           const F& x,
                                                           const F& y) {
  __m512i r[8];
  x.to_4x64(r);
  y.to_4x64(r + 4);
  transpose_8x8(r);
  for (std::size_t k = 0; k < lanes; ++k) _mm512_store_si512(reinterpret_cast<__m512i*>(row[k]), r[k]);
}

// out[i] = in[i]·constant·2^−260 mod p (canonical) for both coordinates of `count` points
// (8 at a time); in and out may be the same array. Converts between PrimeField's Montgomery
// form and AffineR260 with Field8x52Constants::from_mont256 / to_mont256. Infinity stays (0, 0).
template <class Params>
void convert_points_x8(std::uint64_t* out, const std::uint64_t* in, std::size_t count, const BigInt<5>& constant) {
  using F = Field8x52<Params>;
  const F c = F::broadcast(constant);
  for (std::size_t i = 0; i < count; i += 8) {
    const std::size_t lanes = count - i < 8 ? count - i : 8;
    __m512i r[8];
    for (std::size_t k = 0; k < 8; ++k)
      r[k] = k < lanes ? _mm512_loadu_si512(in + 8 * (i + k)) : _mm512_setzero_si512();
    transpose_8x8(r);
    F x = F::mul(F::from_4x64(r), c);
    F y = F::mul(F::from_4x64(r + 4), c);
    x.reduce_from_2p();
    y.reduce_from_2p();
    x.to_4x64(r);
    y.to_4x64(r + 4);
    transpose_8x8(r);
    for (std::size_t k = 0; k < lanes; ++k) _mm512_storeu_si512(out + 8 * (i + k), r[k]);
  }
}

// Batched complete additions of `count` pairs of AffineR260 points, in two forms:
//   add_adjacent_pairs:     out[dest[i]] = src[left[i]] + src[left[i] + 1];
//   add_signed_entry_pairs: out[dest[i]] = ±points[entries[left[i]]] + ±points[entries[left[i] + 1]],
//     an entry being a point index | kSignBit when the point is negated (the first level of the
//     bucket accumulator, read straight from the point table: no gathered copy, and the random
//     reads prefetched two groups ahead of the arithmetic).
// `left` and `dest` must have room for count rounded up to a multiple of 8 (the tail is padded
// here). out must not overlap what is read.
template <class Params>
class BatchAffineAdderX8 {
 public:
  using F = Field8x52<Params>;
  using K = Field8x52Constants<Params>;
  using Scalar = PrimeField<Params>;

  // The sign bit of an entry (sort_by_bucket.hpp's kNegativeDigit).
  static constexpr std::uint32_t kSignBit = 1u << 31;

  void add_adjacent_pairs(
      AffineR260* out, const AffineR260* src, std::uint32_t* left, std::uint32_t* dest, std::size_t count) {
    add_pairs(out, left, dest, count, [&](std::size_t g, F& x1, F& y1, F& x2, F& y2) {
      const AffineR260* lhs[8];
      const AffineR260* rhs[8];
      for (int k = 0; k < 8; ++k) {
        lhs[k] = src + left[8 * g + k];
        rhs[k] = lhs[k] + 1;
      }
      load_points_x8(x1, y1, lhs);
      load_points_x8(x2, y2, rhs);
    });
  }

  void add_signed_entry_pairs(AffineR260* out,
                              const AffineR260* points,
                              const std::uint32_t* entries,
                              std::uint32_t* left,
                              std::uint32_t* dest,
                              std::size_t count) {
    const std::size_t groups = (count + 7) / 8;
    add_pairs(out, left, dest, count, [&](std::size_t g, F& x1, F& y1, F& x2, F& y2) {
      if (g + kPrefetchGroups < groups) {
        for (int k = 0; k < 8; ++k) {
          const std::uint32_t e = left[8 * (g + kPrefetchGroups) + k];
          __builtin_prefetch(points + (entries[e] & ~kSignBit));
          __builtin_prefetch(points + (entries[e + 1] & ~kSignBit));
        }
      }
      const AffineR260* lhs[8];
      const AffineR260* rhs[8];
      __mmask8 negate_lhs = 0, negate_rhs = 0;
      for (int k = 0; k < 8; ++k) {
        const std::uint32_t a = entries[left[8 * g + k]];
        const std::uint32_t b = entries[left[8 * g + k] + 1];
        lhs[k] = points + (a & ~kSignBit);
        rhs[k] = points + (b & ~kSignBit);
        negate_lhs |= static_cast<__mmask8>((a >> 31) << k);
        negate_rhs |= static_cast<__mmask8>((b >> 31) << k);
      }
      load_points_x8(x1, y1, lhs);
      load_points_x8(x2, y2, rhs);
      negate_lanes(y1, negate_lhs);
      negate_lanes(y2, negate_rhs);
    });
  }

  std::size_t scratch_bytes() const { return pairs_.bytes() + prefix_.bytes() + kinds_.bytes(); }

 private:
  // Groups of 8 pairs between a prefetch and the loads it serves (add_signed_entry_pairs): 32
  // random points in flight.
  static constexpr std::size_t kPrefetchGroups = 2;

  // y ← p − y in the lanes of `mask` whose y is nonzero (canonical in, canonical out; the
  // point at infinity stays (0, 0)).
  static inline __attribute__((always_inline)) void negate_lanes(F& y, __mmask8 mask) {
    mask &= static_cast<__mmask8>(~y.is_zero());
    if (mask != 0) y = F::select(mask, y, F::sub(F::zero(), y, K::p));
  }

  // The pairs of group g (8 lanes) are load(g, x1, y1, x2, y2)'s canonical AffineR260 coordinates.
  template <class Load>
  void add_pairs(AffineR260* out, std::uint32_t* left, std::uint32_t* dest, std::size_t count, Load&& load) {
    if (count == 0) return;
    const std::size_t groups = (count + 7) / 8;
    for (std::size_t i = count; i < 8 * groups; ++i) {
      left[i] = left[0];
      dest[i] = dest[0];
    }
    if (pairs_.size() < groups) {
      pairs_.resize(groups);
      prefix_.resize(groups);
      kinds_.resize(groups);
    }
    const F one = F::one();

    // Forward: per lane, prefix[g] = Π_{g' ≤ g} denominator.
    F acc = one;
    for (std::size_t g = 0; g < groups; ++g) {
      Pair& pair = pairs_[g];
      load(g, pair.x1, pair.y1, pair.x2, pair.y2);
      AffinePairCaseMasks& kind = kinds_[g];
      const __mmask8 inf_p = pair.x1.is_zero() & pair.y1.is_zero();
      const __mmask8 inf_q = pair.x2.is_zero() & pair.y2.is_zero();
      const __mmask8 normal = static_cast<__mmask8>(~inf_p & ~inf_q);
      const __mmask8 same_x = F::equal(pair.x1, pair.x2);
      kind.add = normal & static_cast<__mmask8>(~same_x);
      kind.doubling = normal & same_x & F::equal(pair.y1, pair.y2) & static_cast<__mmask8>(~pair.y1.is_zero());
      kind.copy_lhs = static_cast<__mmask8>(~inf_p) & inf_q;
      kind.copy_rhs = inf_p;
      acc = F::mul(acc, denominator(pair, kind, one));
      prefix_[g] = acc;
    }

    F inverse = lane_inverses(acc);

    // Backward: peel one denominator per group, finish the additions.
    for (std::size_t g = groups; g-- > 0;) {
      const Pair& pair = pairs_[g];
      const AffinePairCaseMasks& kind = kinds_[g];
      F inv_denominator = inverse;
      if (g != 0) {
        inv_denominator = F::mul(inverse, prefix_[g - 1]);
        inverse = F::mul(inverse, denominator(pair, kind, one));
      }
      F numerator = F::sub(pair.y2, pair.y1, K::p);  // (0, 2p)
      if (kind.doubling != 0) {
        const F x_squared = F::mul(pair.x1, pair.x1);  // 3x² < 6p: fine against a factor < 2p
        numerator = F::select(kind.doubling, numerator, F::add(F::add(x_squared, x_squared), x_squared));
      }
      const F lambda = F::mul(numerator, inv_denominator);                     // < 2p
      F x3 = F::sub(F::mul(lambda, lambda), F::add(pair.x1, pair.x2), K::p2);  // (0, 4p)
      const F t = F::sub(pair.x1, x3, K::p4);                                  // (0, 5p)
      F y3 = F::sub(F::mul(lambda, t), pair.y1, K::p);                         // (0, 3p)
      x3.reduce_from_4p();
      y3.reduce_from_4p();
      const __mmask8 computed = kind.add | kind.doubling;
      if (computed != 0xff) {
        x3 = F::select(kind.copy_lhs, x3, pair.x1);
        y3 = F::select(kind.copy_lhs, y3, pair.y1);
        x3 = F::select(kind.copy_rhs, x3, pair.x2);
        y3 = F::select(kind.copy_rhs, y3, pair.y2);
        const __mmask8 infinity = static_cast<__mmask8>(~(computed | kind.copy_lhs | kind.copy_rhs));
        x3 = F::select(infinity, x3, F::zero());
        y3 = F::select(infinity, y3, F::zero());
      }
      const std::size_t lanes = count - 8 * g < 8 ? count - 8 * g : 8;
      AffineR260* rows[8];
      for (int k = 0; k < 8; ++k) rows[k] = out + dest[8 * g + k];
      store_points_x8(rows, lanes, x3, y3);
    }
  }

  struct Pair {
    F x1, y1, x2, y2;
  };
  // Lane k's bit is set in the mask of its AffinePairCase (classify_affine_pair's order:
  // copy_rhs, copy_lhs, add, doubling); a lane in none of them is the infinity case.
  struct AffinePairCaseMasks {
    __mmask8 add, doubling, copy_lhs, copy_rhs;
  };

  // x2 − x1 for additions, 2y1 for doublings, 1 for the rest.
  static inline __attribute__((always_inline)) F denominator(const Pair& pair,
                                                             const AffinePairCaseMasks& kind,
                                                             const F& one) {
    F d = F::sub(pair.x2, pair.x1, K::p);  // (0, 2p)
    if (kind.doubling != 0) d = F::select(kind.doubling, d, F::add(pair.y1, pair.y1));
    const __mmask8 computed = kind.add | kind.doubling;
    if (computed != 0xff) d = F::select(static_cast<__mmask8>(~computed), d, one);
    return d;
  }

  // The Field8x52 inverse of every lane of `product` (all lanes nonzero), with one scalar
  // safegcd. A lane A = a·2^260 read as a PrimeField raw value is the element e = A·2^−256;
  // raw(e⁻¹) = 2^512/A, and 2^520/A (the R'-form of a⁻¹) is that times 2^8.
  static F lane_inverses(const F& product) {
    Scalar e[8];
    Scalar prefix[8];
    for (int k = 0; k < 8; ++k) {
      e[k] = Scalar::from_raw(reduce_mod(product.lane(k), Scalar::modulus()));
      prefix[k] = k == 0 ? e[k] : prefix[k - 1] * e[k];
    }
    Scalar inverse = prefix[7].inverse_vartime() * Scalar::from_u64(256);
    BigInt<4> lanes[8];
    for (int k = 7; k > 0; --k) {
      lanes[k] = (inverse * prefix[k - 1]).raw();
      inverse = inverse * e[k];
    }
    lanes[0] = inverse.raw();
    return F::from_lanes(lanes);
  }

  UninitializedBuffer<Pair> pairs_;  // written before read
  UninitializedBuffer<F> prefix_;
  UninitializedBuffer<AffinePairCaseMasks> kinds_;
};

}  // namespace zkmsm::cpu

ZKMSM_END_AVX512_IFMA_CODE

#endif
