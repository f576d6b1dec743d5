// A prime field element for CUDA kernels: 8 × 32-bit limbs, Montgomery form with R = 2^256.
//
// Representation: v[] holds a·R mod p, FULLY REDUCED to [0, p), limb 0 least significant (the
// *_lazy operations below work on values in [0, 2p) instead, for the accumulate loop). This
// is bit for bit the layout of PrimeField<Params> (4 × 64-bit limbs, little-endian, same R), so
// host arrays of points are copied to the device as they are. Equality is limb equality, zero is
// the all-zero pattern.
//
// Constants come from the same FieldConstants<Params> as the host field (modulus, R, R², −p⁻¹
// mod 2^32); nothing is written twice.
//
// Multiplication: Montgomery with the even/odd split of the running value (Emmart, Zheng, Weems,
// "Faster modular exponentiation using double precision floating point arithmetic on the GPU",
// ARITH 2018, §IV): per row two independent carry chains of 64-bit word pairs (IMAD.WIDE.U32.X in
// SASS) instead of CIOS's four dependent chains of 32-bit halves. p < 2^254 leaves spare top bits,
// so the result is < 2p before one conditional subtraction. Measured on the H200 against CIOS
// (experiments kept in docs/cuda_notes.md, run 3): lone-thread latency 750 → 427 ns, throughput
// 3.8 → 5.8·10^10 multiplications/s. Carry chains are whole asm statements (see ptx below).
//
// Inversion: Bernstein–Yang safegcd on 32-bit words (field/safegcd_30.hpp, signed radix 2^30,
// 30 divsteps per matrix), seeded with R². Until run 3 it was the host's 64-bit safegcd compiled
// for the device (111 multiplications' worth per inversion on the H200).
//
// Off the device (__CUDA_ARCH__ undefined) every operation has a portable C++ body computing the
// same function, so the pipeline's kernels can also run as plain host loops (see exec.cuh).
#pragma once

#include <cstdint>

#include "core/bigint.hpp"
#include "core/host_device.hpp"
#include "field/field_constants.hpp"
#include "field/safegcd_30.hpp"

// Large routines called from several kernels stay out of line on the device: smaller code and
// faster builds, at a call cost that is negligible next to their 2,000+ instructions.
#if defined(__CUDACC__)
#define ZKMSM_DEVICE_NOINLINE __noinline__
#else
#define ZKMSM_DEVICE_NOINLINE
#endif

namespace zkmsm::cuda {

using u32 = std::uint32_t;

// ---- PTX carry chains ---------------------------------------------------------------------------
// Each function is ONE asm statement holding a whole carry chain: the carry flag (CC) never lives
// between statements, so the statements need not be volatile and the compiler may schedule
// independent chains freely (ptxas keeps carries in predicate registers).
namespace ptx {
#if defined(__CUDA_ARCH__)
// acc[0..8] += x0·b + x1·b·2^64 + x2·b·2^128 + x3·b·2^192. The four 64-bit products occupy
// disjoint word pairs, so one chain adds them all; each lo/hi pair of one product becomes a
// single IMAD.WIDE.U32(.X) in SASS. The carry out of word 7 goes to acc[8].
__device__ __forceinline__ void mad_word_pairs(u32 (&acc)[9], u32 x0, u32 x1, u32 x2, u32 x3, u32 b) {
  asm("mad.lo.cc.u32 %0, %9, %13, %0;\n\t"
      "madc.hi.cc.u32 %1, %9, %13, %1;\n\t"
      "madc.lo.cc.u32 %2, %10, %13, %2;\n\t"
      "madc.hi.cc.u32 %3, %10, %13, %3;\n\t"
      "madc.lo.cc.u32 %4, %11, %13, %4;\n\t"
      "madc.hi.cc.u32 %5, %11, %13, %5;\n\t"
      "madc.lo.cc.u32 %6, %12, %13, %6;\n\t"
      "madc.hi.cc.u32 %7, %12, %13, %7;\n\t"
      "addc.u32 %8, %8, 0;"
      : "+r"(acc[0]), "+r"(acc[1]), "+r"(acc[2]), "+r"(acc[3]), "+r"(acc[4]), "+r"(acc[5]), "+r"(acc[6]), "+r"(acc[7]),
        "+r"(acc[8])
      : "r"(x0), "r"(x1), "r"(x2), "r"(x3), "r"(b));
}

// low += w, its carry entering a chain like mad_word_pairs on acc, which sits one word above low:
// acc[0..8] += carry + x0·b + x1·b·2^64 + x2·b·2^128 + x3·b·2^192. How a row of the Montgomery
// multiplication absorbs the word its previous division left over (DeviceField::divide_by_word),
// with no carry propagation of its own.
__device__ __forceinline__ void add_then_mad_word_pairs(
    u32 (&acc)[9], u32& low, u32 w, u32 x0, u32 x1, u32 x2, u32 x3, u32 b) {
  asm("add.cc.u32 %9, %9, %15;\n\t"
      "madc.lo.cc.u32 %0, %10, %14, %0;\n\t"
      "madc.hi.cc.u32 %1, %10, %14, %1;\n\t"
      "madc.lo.cc.u32 %2, %11, %14, %2;\n\t"
      "madc.hi.cc.u32 %3, %11, %14, %3;\n\t"
      "madc.lo.cc.u32 %4, %12, %14, %4;\n\t"
      "madc.hi.cc.u32 %5, %12, %14, %5;\n\t"
      "madc.lo.cc.u32 %6, %13, %14, %6;\n\t"
      "madc.hi.cc.u32 %7, %13, %14, %7;\n\t"
      "addc.u32 %8, %8, 0;"
      : "+r"(acc[0]), "+r"(acc[1]), "+r"(acc[2]), "+r"(acc[3]), "+r"(acc[4]), "+r"(acc[5]), "+r"(acc[6]), "+r"(acc[7]),
        "+r"(acc[8]), "+r"(low)
      : "r"(x0), "r"(x1), "r"(x2), "r"(x3), "r"(b), "r"(w));
}

// r = a + b over 8 words; the carry out is dropped (callers keep the sum below 2^256).
__device__ __forceinline__ void add8(u32 (&r)[8], const u32 (&a)[8], const u32 (&b)[8]) {
  asm("add.cc.u32 %0, %8, %16;\n\t"
      "addc.cc.u32 %1, %9, %17;\n\t"
      "addc.cc.u32 %2, %10, %18;\n\t"
      "addc.cc.u32 %3, %11, %19;\n\t"
      "addc.cc.u32 %4, %12, %20;\n\t"
      "addc.cc.u32 %5, %13, %21;\n\t"
      "addc.cc.u32 %6, %14, %22;\n\t"
      "addc.u32 %7, %15, %23;"
      : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(a[4]), "r"(a[5]), "r"(a[6]), "r"(a[7]), "r"(b[0]), "r"(b[1]),
        "r"(b[2]), "r"(b[3]), "r"(b[4]), "r"(b[5]), "r"(b[6]), "r"(b[7]));
}

// r = a − b over 8 words; returns 0xffffffff when it borrowed (a < b), else 0.
__device__ __forceinline__ u32 sub8(u32 (&r)[8], const u32 (&a)[8], const u32 (&b)[8]) {
  u32 borrow;
  asm("sub.cc.u32 %0, %9, %17;\n\t"
      "subc.cc.u32 %1, %10, %18;\n\t"
      "subc.cc.u32 %2, %11, %19;\n\t"
      "subc.cc.u32 %3, %12, %20;\n\t"
      "subc.cc.u32 %4, %13, %21;\n\t"
      "subc.cc.u32 %5, %14, %22;\n\t"
      "subc.cc.u32 %6, %15, %23;\n\t"
      "subc.cc.u32 %7, %16, %24;\n\t"
      "subc.u32 %8, 0, 0;"
      : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7]), "=r"(borrow)
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(a[4]), "r"(a[5]), "r"(a[6]), "r"(a[7]), "r"(b[0]), "r"(b[1]),
        "r"(b[2]), "r"(b[3]), "r"(b[4]), "r"(b[5]), "r"(b[6]), "r"(b[7]));
  return borrow;
}

#endif
}  // namespace ptx

// The 32-bit view of a field's FieldConstants.
template <class Params>
struct DeviceFieldConstants {
  using Host = FieldConstants<Params>;
  static_assert(Host::limbs == 4, "the device field is written for 4 × 64-bit (8 × 32-bit) limbs");
  static_assert(Host::modulus_bits <= 254, "the no-carry CIOS bound below needs p < 2^254");

  struct Limbs {
    u32 v[8];
  };
  static constexpr Limbs split(const BigInt<4>& x) {
    Limbs out{};
    for (int i = 0; i < 8; ++i) out.v[i] = static_cast<u32>(x.limb[i / 2] >> (32 * (i % 2)));
    return out;
  }
  static constexpr Limbs doubled(const Limbs& x) {
    Limbs out{};
    u32 carry = 0;
    for (int i = 0; i < 8; ++i) {
      out.v[i] = (x.v[i] << 1) | carry;
      carry = x.v[i] >> 31;
    }
    return out;
  }
  static constexpr Limbs modulus = split(Host::modulus);       // p
  static constexpr Limbs two_modulus = doubled(modulus);       // 2p (< 2^255: the lazy bound)
  static constexpr Limbs four_modulus = doubled(two_modulus);  // 4p (< 2^256)
  static constexpr Limbs one = split(Host::r_mod_p);           // R mod p
  static constexpr Limbs r_squared = split(Host::r2_mod_p);    // R² mod p
  static constexpr u32 neg_inv32 = Host::neg_inv32;            // −p⁻¹ mod 2^32
};

template <class Params>
struct DeviceField {
  using Constants = DeviceFieldConstants<Params>;
  u32 v[8];

  ZKMSM_HOST_DEVICE static constexpr DeviceField zero() { return DeviceField{}; }
  ZKMSM_HOST_DEVICE static constexpr DeviceField one() {
    constexpr typename Constants::Limbs r = Constants::one;
    DeviceField out{};
    for (int i = 0; i < 8; ++i) out.v[i] = r.v[i];
    return out;
  }

  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE bool is_zero() const {
    u32 any = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) any |= v[i];
    return any == 0;
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE bool operator==(const DeviceField& o) const {
    u32 diff = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) diff |= v[i] ^ o.v[i];
    return diff == 0;
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE bool operator!=(const DeviceField& o) const { return !(*this == o); }

  // ---- additive group ------------------------------------------------------------------------
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField operator+(const DeviceField& b) const {
    return sum_without_carry(b).reduce_once();  // a + b < 2p: subtract p once if needed
  }

  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField operator-(const DeviceField& b) const {
    constexpr typename Constants::Limbs p = Constants::modulus;
    return subtract_or_add_back(b, p);
  }

  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField operator-() const { return zero() - *this; }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField doubled() const { return *this + *this; }

  // ---- multiplication ------------------------------------------------------------------------
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField operator*(const DeviceField& b) const {
    return product_below_2p(b).reduce_once();
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField squared() const { return *this * *this; }

  // a⁻¹ (0 for 0), Montgomery form in and out: safegcd in signed radix 2^30 on 32-bit words
  // (field/safegcd_30.hpp), seeded with R² so the Montgomery-form inverse comes out directly.
  ZKMSM_HOST_DEVICE ZKMSM_DEVICE_NOINLINE DeviceField inverse_vartime() const {
    using Host = typename Constants::Host;
    constexpr Safegcd30Modulus modulus = Safegcd30Modulus::make(Host::modulus, Host::neg_inv32);
    constexpr Signed30 seed = signed30_from_bigint(Host::r2_mod_p);
    DeviceField out;
    safegcd30_inverse_vartime(out.v, v, seed, modulus);
    return out;
  }

  // ---- lazy reduction ------------------------------------------------------------------------
  // The accumulate loop keeps its running sums LAZILY REDUCED: in [0, 2p), where x and x + p are
  // the same element (era-bellman-cuda's field does the same). p < 2^254 leaves the room: a sum
  // of two such values is < 4p < 2^256, and the Montgomery product of two is < 4p²/R + p < 2p
  // (R = 2^256 > 4p) before any correction, so mul_lazy skips reduce_once (~25 instructions of
  // the multiplication's ~230). Fully reduced values are lazily reduced ones, so inputs mix
  // freely; reduced() brings a lazy value back to [0, p) before it is stored or compared.
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField mul_lazy(const DeviceField& b) const { return product_below_2p(b); }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField squared_lazy() const { return product_below_2p(*this); }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField add_lazy(const DeviceField& b) const {
    constexpr typename Constants::Limbs two_p = Constants::two_modulus;
    return sum_without_carry(b).subtract_once(two_p);  // a + b < 4p
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField sub_lazy(const DeviceField& b) const {
    constexpr typename Constants::Limbs two_p = Constants::two_modulus;
    return subtract_or_add_back(b, two_p);
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField doubled_lazy() const { return add_lazy(*this); }
  // a·b − c·d (Montgomery form: (a·b − c·d)·R⁻¹ mod p) in [0, 2p), for a, b, c, d < 2p, with one
  // Montgomery reduction instead of two (XYZZ's Y3 = R·(Q − X3) − Y1·PPP): a·b + c·(4p − d), the
  // same element (c·4p ≡ 0), summed row by row (montgomery_rows<2>): T < 2p·2p + 2p·4p = 12p²,
  // so (T + M·p)/R < 12p²/R + p < 4p (R > 4p) and one subtraction of 2p. Saves 64 of the two
  // products' 256 wide multiply-adds and needs no 512-bit intermediate (until 2026-12-04: both
  // 512-bit products, + 4p² − c·d, a wide reduction: ~70 more instructions). Off the device: the
  // two lazy products and a lazy difference.
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField mul_sub_mul_lazy(const DeviceField& b,
                                                                    const DeviceField& c,
                                                                    const DeviceField& d) const {
#if defined(__CUDA_ARCH__)
    constexpr typename Constants::Limbs four_p = Constants::four_modulus;
    constexpr typename Constants::Limbs two_p = Constants::two_modulus;
    u32 four_p_minus_d[8];
    ptx::sub8(four_p_minus_d, four_p.v, d.v);  // in (2p, 4p]: no borrow
    const u32* const x[2] = {v, c.v};
    const u32* const y[2] = {b.v, four_p_minus_d};
    DeviceField out;
    montgomery_rows<2>(out.v, x, y);
    return out.subtract_once(two_p);
#else
    return mul_lazy(b).sub_lazy(c.mul_lazy(d));
#endif
  }
  // [0, 2p) → [0, p).
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField reduced() const { return reduce_once(); }
  // Whether a lazily reduced value is the element 0 (the pattern 0 or p).
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE bool is_zero_lazy() const {
    constexpr typename Constants::Limbs p = Constants::modulus;
    u32 any = 0, diff = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      any |= v[i];
      diff |= v[i] ^ p.v[i];
    }
    return any == 0 || diff == 0;
  }

 private:
  // The Montgomery product a·b/R mod p as a value < 2p, for a, b < 2p (see lazy reduction above).
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField product_below_2p(const DeviceField& b) const {
#if defined(__CUDA_ARCH__)
    const u32* const x[1] = {v};
    const u32* const y[1] = {b.v};
    DeviceField out;
    montgomery_rows<1>(out.v, x, y);  // < 2p
    return out;
#else
    // CIOS over 32-bit limbs, the same function as the device path.
    constexpr typename Constants::Limbs p = Constants::modulus;
    constexpr u32 neg_inv = Constants::neg_inv32;
    u32 t[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
    for (int i = 0; i < 8; ++i) {
      std::uint64_t carry = 0;
      for (int j = 0; j < 8; ++j) {
        const std::uint64_t s = std::uint64_t{v[j]} * b.v[i] + t[j] + carry;
        t[j] = static_cast<u32>(s);
        carry = s >> 32;
      }
      t[8] += static_cast<u32>(carry);
      const u32 m = t[0] * neg_inv;
      carry = (std::uint64_t{m} * p.v[0] + t[0]) >> 32;
      for (int j = 1; j < 8; ++j) {
        const std::uint64_t s = std::uint64_t{m} * p.v[j] + t[j] + carry;
        t[j - 1] = static_cast<u32>(s);
        carry = s >> 32;
      }
      const std::uint64_t top = std::uint64_t{t[8]} + carry;
      t[7] = static_cast<u32>(top);
      t[8] = static_cast<u32>(top >> 32);
    }
    DeviceField out;
    for (int i = 0; i < 8; ++i) out.v[i] = t[i];
    return out;
#endif
  }

#if defined(__CUDA_ARCH__)
  // out = Σ_k x_k·y_k·R⁻¹ + M·p/R over 8 words (the Montgomery reduction of the sum of kProducts
  // products, M < R), for the callers to bound: product_below_2p (one product, a, b < 2p: < 2p)
  // and mul_sub_mul_lazy (two: < 4p).
  // Even/odd split (Emmart, Zheng, Weems 2018): the running value is T = E + 2^32·O + w, where
  // row i adds x_k·y_k,i as the products of the even limbs of x_k into E and of the odd limbs into
  // O (each one carry chain of word pairs), then m·p the same way. The chains into E and into O
  // are independent, and each product's lo/hi pair is one wide multiply-add. Dividing by 2^32
  // (e_0 is then 0) only renames words (divide_by_word): T/2^32 = O + 2^32·(e_2 … e_8) + e_1, the
  // roles swap and e_1 is left over as w, which the next row adds at word 0 in front of its first
  // odd chain, whose first word sits one above it and takes the carry (no carry chain of its own;
  // until 2026-12-04 one 9-word chain per row, 72 instructions per multiplication, on the critical
  // path). Bounds, for one product a·b with a, b < 2p: before row i, T = (a·(b mod 2^(32i)) +
  // M·p)/2^(32i) < a + p < 3p < 2^256; inside a row T < 2^256 + 2^33·2p < 2^289, so E fits 9 words
  // and O < 2^256; at the end T < 2p; for two, a·b + c·d with d ≤ 4p, T < a + c + p < 5p before a
  // row. tests/field/device_field_chains_model.py models every chain (random and extreme operands
  // of both fields: no carry out of word 8, results in bounds and correct).
  template <int kProducts>
  __device__ static __forceinline__ void montgomery_rows(u32 (&out)[8],
                                                         const u32* const (&x)[kProducts],
                                                         const u32* const (&y)[kProducts]) {
    u32 E[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
    u32 O[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
    u32 w = 0;
#pragma unroll
    for (int i = 0; i < 8; ++i) {
#pragma unroll
      for (int k = 0; k < kProducts; ++k) {
        const u32* const a = x[k];
        const u32 bi = y[k][i];
        if (i > 0 && k == 0) {
          ptx::add_then_mad_word_pairs(O, E[0], w, a[1], a[3], a[5], a[7], bi);
        } else {
          ptx::mad_word_pairs(O, a[1], a[3], a[5], a[7], bi);
        }
        ptx::mad_word_pairs(E, a[0], a[2], a[4], a[6], bi);
      }
      add_multiple_of_modulus(E, O, E[0] * Constants::neg_inv32);
      divide_by_word(E, O, w);
    }
    // T = E + w + 2^32·O, below 2^256 for the callers' bounds: E[8], O[7], O[8] are 0.
    const u32 even[8] = {E[0], E[1], E[2], E[3], E[4], E[5], E[6], E[7]};
    const u32 shifted[8] = {w, O[0], O[1], O[2], O[3], O[4], O[5], O[6]};
    ptx::add8(out, even, shifted);
  }

  // T += m·p on the even/odd running value T = E + 2^32·O (product_below_2p), m making T's word 0
  // zero: two word-pair chains.
  __device__ static __forceinline__ void add_multiple_of_modulus(u32 (&E)[9], u32 (&O)[9], u32 m) {
    constexpr typename Constants::Limbs p = Constants::modulus;
    ptx::mad_word_pairs(E, p.v[0], p.v[2], p.v[4], p.v[6], m);
    ptx::mad_word_pairs(O, p.v[1], p.v[3], p.v[5], p.v[7], m);
  }

  // T/2^32 for T = E + 2^32·O with e_0 = 0, by renaming words: O becomes the even part,
  // (e_2 … e_8) the odd part, and e_1, which belongs at word 0, is returned in w for the next
  // chain to add (ptx::add_then_mad_word_pairs, or the final addition of montgomery_rows). Moves only: once the
  // callers' loops are unrolled, no instruction.
  __device__ static __forceinline__ void divide_by_word(u32 (&E)[9], u32 (&O)[9], u32& w) {
    w = E[1];
    u32 odd[9];
#pragma unroll
    for (int j = 0; j < 7; ++j) odd[j] = E[j + 2];
    odd[7] = 0;
    odd[8] = 0;
#pragma unroll
    for (int j = 0; j < 9; ++j) {
      E[j] = O[j];
      O[j] = odd[j];
    }
  }

#endif

  // a + b as 8 words, for a + b < 2^256 (callers: both < p, or both < 2p).
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField sum_without_carry(const DeviceField& b) const {
    DeviceField s;
#if defined(__CUDA_ARCH__)
    ptx::add8(s.v, v, b.v);
#else
    std::uint64_t carry = 0;
    for (int i = 0; i < 8; ++i) {
      const std::uint64_t t = std::uint64_t{v[i]} + b.v[i] + carry;
      s.v[i] = static_cast<u32>(t);
      carry = t >> 32;
    }
#endif
    return s;
  }

  // For a value < 2p: subtract p once if it is ≥ p (branch-free select).
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField reduce_once() const {
    constexpr typename Constants::Limbs p = Constants::modulus;
    return subtract_once(p);
  }

  // For a value < 2m: the value − m if it is ≥ m, else the value (branch-free select).
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField subtract_once(const typename Constants::Limbs& m) const {
    DeviceField r;
#if defined(__CUDA_ARCH__)
    const u32 keep = ptx::sub8(r.v, v, m.v);  // 0xffffffff when v < m
#else
    std::uint64_t borrow = 0;
    for (int i = 0; i < 8; ++i) {
      const std::uint64_t t = std::uint64_t{v[i]} - m.v[i] - borrow;
      r.v[i] = static_cast<u32>(t);
      borrow = (t >> 32) & 1;
    }
    const u32 keep = 0u - static_cast<u32>(borrow);
#endif
#pragma unroll
    for (int i = 0; i < 8; ++i) r.v[i] = (r.v[i] & ~keep) | (v[i] & keep);
    return r;
  }

  // For a, b < m: a − b, plus m when it borrowed (a result < m).
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField subtract_or_add_back(const DeviceField& b,
                                                                        const typename Constants::Limbs& m) const {
    DeviceField d;
#if defined(__CUDA_ARCH__)
    const u32 mask = ptx::sub8(d.v, v, b.v);  // 0xffffffff on borrow: add m back
    u32 correction[8];
#pragma unroll
    for (int i = 0; i < 8; ++i) correction[i] = m.v[i] & mask;
    ptx::add8(d.v, d.v, correction);
#else
    std::uint64_t borrow = 0;
    for (int i = 0; i < 8; ++i) {
      const std::uint64_t t = std::uint64_t{v[i]} - b.v[i] - borrow;
      d.v[i] = static_cast<u32>(t);
      borrow = (t >> 32) & 1;
    }
    const u32 mask = 0u - static_cast<u32>(borrow);
    std::uint64_t carry = 0;
    for (int i = 0; i < 8; ++i) {
      const std::uint64_t t = std::uint64_t{d.v[i]} + (m.v[i] & mask) + carry;
      d.v[i] = static_cast<u32>(t);
      carry = t >> 32;
    }
#endif
    return d;
  }
};

}  // namespace zkmsm::cuda
