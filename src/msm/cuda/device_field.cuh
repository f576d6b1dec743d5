// A prime field element for CUDA kernels: W = 8 (BN254, Grumpkin) or 12 (BLS12-381) 32-bit limbs,
// Montgomery form with R = 2^(32·W).
//
// Representation: v[] holds a·R mod p, FULLY REDUCED to [0, p), limb 0 least significant (the
// *_lazy operations below work on values in [0, 2p) instead, for the accumulate loop). This
// is bit for bit the layout of PrimeField<Params> (W/2 × 64-bit limbs, little-endian, same R), so
// host arrays of points are copied to the device as they are. Equality is limb equality, zero is
// the all-zero pattern.
//
// Constants come from the same FieldConstants<Params> as the host field (modulus, R, R², −p⁻¹
// mod 2^32); nothing is written twice.
//
// Multiplication: Montgomery with the even/odd split of the running value (Emmart, Zheng, Weems,
// "Faster modular exponentiation using double precision floating point arithmetic on the GPU",
// ARITH 2018, §IV): per row two independent carry chains of 64-bit word pairs (IMAD.WIDE.U32.X in
// SASS) instead of CIOS's four dependent chains of 32-bit halves. 4p < R leaves spare top bits,
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
// independent chains freely (ptxas keeps carries in predicate registers). Each comes for the two
// field widths: 8 words (BN254, Grumpkin) and 12 words (BLS12-381).
namespace ptx {
#if defined(__CUDA_ARCH__)
// acc[0..2k] += Σ_j x_j·b·2^(64j) for the k = 4 or 6 words x_j. The 64-bit products occupy
// disjoint word pairs, so one chain adds them all; each lo/hi pair of one product becomes a
// single IMAD.WIDE.U32(.X) in SASS. The carry out of word 2k − 1 goes to acc[2k].
__device__ __forceinline__ void mad_word_pairs(u32 (&acc)[9], const u32 (&x)[4], u32 b) {
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
      : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), "r"(b));
}
__device__ __forceinline__ void mad_word_pairs(u32 (&acc)[13], const u32 (&x)[6], u32 b) {
  asm("mad.lo.cc.u32 %0, %13, %19, %0;\n\t"
      "madc.hi.cc.u32 %1, %13, %19, %1;\n\t"
      "madc.lo.cc.u32 %2, %14, %19, %2;\n\t"
      "madc.hi.cc.u32 %3, %14, %19, %3;\n\t"
      "madc.lo.cc.u32 %4, %15, %19, %4;\n\t"
      "madc.hi.cc.u32 %5, %15, %19, %5;\n\t"
      "madc.lo.cc.u32 %6, %16, %19, %6;\n\t"
      "madc.hi.cc.u32 %7, %16, %19, %7;\n\t"
      "madc.lo.cc.u32 %8, %17, %19, %8;\n\t"
      "madc.hi.cc.u32 %9, %17, %19, %9;\n\t"
      "madc.lo.cc.u32 %10, %18, %19, %10;\n\t"
      "madc.hi.cc.u32 %11, %18, %19, %11;\n\t"
      "addc.u32 %12, %12, 0;"
      : "+r"(acc[0]), "+r"(acc[1]), "+r"(acc[2]), "+r"(acc[3]), "+r"(acc[4]), "+r"(acc[5]), "+r"(acc[6]), "+r"(acc[7]),
        "+r"(acc[8]), "+r"(acc[9]), "+r"(acc[10]), "+r"(acc[11]), "+r"(acc[12])
      : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), "r"(x[4]), "r"(x[5]), "r"(b));
}

// low += w, its carry entering a chain like mad_word_pairs on acc, which sits one word above low:
// acc[0..2k] += carry + Σ_j x_j·b·2^(64j). How a row of the Montgomery multiplication absorbs the
// word its previous division left over (DeviceField::divide_by_word), with no carry propagation
// of its own.
__device__ __forceinline__ void add_then_mad_word_pairs(u32 (&acc)[9], u32& low, u32 w, const u32 (&x)[4], u32 b) {
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
      : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), "r"(b), "r"(w));
}
__device__ __forceinline__ void add_then_mad_word_pairs(u32 (&acc)[13], u32& low, u32 w, const u32 (&x)[6], u32 b) {
  asm("add.cc.u32 %13, %13, %21;\n\t"
      "madc.lo.cc.u32 %0, %14, %20, %0;\n\t"
      "madc.hi.cc.u32 %1, %14, %20, %1;\n\t"
      "madc.lo.cc.u32 %2, %15, %20, %2;\n\t"
      "madc.hi.cc.u32 %3, %15, %20, %3;\n\t"
      "madc.lo.cc.u32 %4, %16, %20, %4;\n\t"
      "madc.hi.cc.u32 %5, %16, %20, %5;\n\t"
      "madc.lo.cc.u32 %6, %17, %20, %6;\n\t"
      "madc.hi.cc.u32 %7, %17, %20, %7;\n\t"
      "madc.lo.cc.u32 %8, %18, %20, %8;\n\t"
      "madc.hi.cc.u32 %9, %18, %20, %9;\n\t"
      "madc.lo.cc.u32 %10, %19, %20, %10;\n\t"
      "madc.hi.cc.u32 %11, %19, %20, %11;\n\t"
      "addc.u32 %12, %12, 0;"
      : "+r"(acc[0]), "+r"(acc[1]), "+r"(acc[2]), "+r"(acc[3]), "+r"(acc[4]), "+r"(acc[5]), "+r"(acc[6]), "+r"(acc[7]),
        "+r"(acc[8]), "+r"(acc[9]), "+r"(acc[10]), "+r"(acc[11]), "+r"(acc[12]), "+r"(low)
      : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), "r"(x[4]), "r"(x[5]), "r"(b), "r"(w));
}

// r += b over 8 or 12 words; the carry out is dropped (callers keep the sum below 2^(32·words)).
__device__ __forceinline__ void add_in_place(u32 (&r)[8], const u32 (&b)[8]) {
  asm("add.cc.u32 %0, %0, %8;\n\t"
      "addc.cc.u32 %1, %1, %9;\n\t"
      "addc.cc.u32 %2, %2, %10;\n\t"
      "addc.cc.u32 %3, %3, %11;\n\t"
      "addc.cc.u32 %4, %4, %12;\n\t"
      "addc.cc.u32 %5, %5, %13;\n\t"
      "addc.cc.u32 %6, %6, %14;\n\t"
      "addc.u32 %7, %7, %15;"
      : "+r"(r[0]), "+r"(r[1]), "+r"(r[2]), "+r"(r[3]), "+r"(r[4]), "+r"(r[5]), "+r"(r[6]), "+r"(r[7])
      : "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(b[4]), "r"(b[5]), "r"(b[6]), "r"(b[7]));
}
__device__ __forceinline__ void add_in_place(u32 (&r)[12], const u32 (&b)[12]) {
  asm("add.cc.u32 %0, %0, %12;\n\t"
      "addc.cc.u32 %1, %1, %13;\n\t"
      "addc.cc.u32 %2, %2, %14;\n\t"
      "addc.cc.u32 %3, %3, %15;\n\t"
      "addc.cc.u32 %4, %4, %16;\n\t"
      "addc.cc.u32 %5, %5, %17;\n\t"
      "addc.cc.u32 %6, %6, %18;\n\t"
      "addc.cc.u32 %7, %7, %19;\n\t"
      "addc.cc.u32 %8, %8, %20;\n\t"
      "addc.cc.u32 %9, %9, %21;\n\t"
      "addc.cc.u32 %10, %10, %22;\n\t"
      "addc.u32 %11, %11, %23;"
      : "+r"(r[0]), "+r"(r[1]), "+r"(r[2]), "+r"(r[3]), "+r"(r[4]), "+r"(r[5]), "+r"(r[6]), "+r"(r[7]), "+r"(r[8]),
        "+r"(r[9]), "+r"(r[10]), "+r"(r[11])
      : "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(b[4]), "r"(b[5]), "r"(b[6]), "r"(b[7]), "r"(b[8]), "r"(b[9]),
        "r"(b[10]), "r"(b[11]));
}

// r −= b over 8 or 12 words; returns 0xffffffff when it borrowed (r < b before), else 0.
__device__ __forceinline__ u32 sub_in_place(u32 (&r)[8], const u32 (&b)[8]) {
  u32 borrow;
  asm("sub.cc.u32 %0, %0, %9;\n\t"
      "subc.cc.u32 %1, %1, %10;\n\t"
      "subc.cc.u32 %2, %2, %11;\n\t"
      "subc.cc.u32 %3, %3, %12;\n\t"
      "subc.cc.u32 %4, %4, %13;\n\t"
      "subc.cc.u32 %5, %5, %14;\n\t"
      "subc.cc.u32 %6, %6, %15;\n\t"
      "subc.cc.u32 %7, %7, %16;\n\t"
      "subc.u32 %8, 0, 0;"
      : "+r"(r[0]), "+r"(r[1]), "+r"(r[2]), "+r"(r[3]), "+r"(r[4]), "+r"(r[5]), "+r"(r[6]), "+r"(r[7]), "=r"(borrow)
      : "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(b[4]), "r"(b[5]), "r"(b[6]), "r"(b[7]));
  return borrow;
}
__device__ __forceinline__ u32 sub_in_place(u32 (&r)[12], const u32 (&b)[12]) {
  u32 borrow;
  asm("sub.cc.u32 %0, %0, %13;\n\t"
      "subc.cc.u32 %1, %1, %14;\n\t"
      "subc.cc.u32 %2, %2, %15;\n\t"
      "subc.cc.u32 %3, %3, %16;\n\t"
      "subc.cc.u32 %4, %4, %17;\n\t"
      "subc.cc.u32 %5, %5, %18;\n\t"
      "subc.cc.u32 %6, %6, %19;\n\t"
      "subc.cc.u32 %7, %7, %20;\n\t"
      "subc.cc.u32 %8, %8, %21;\n\t"
      "subc.cc.u32 %9, %9, %22;\n\t"
      "subc.cc.u32 %10, %10, %23;\n\t"
      "subc.cc.u32 %11, %11, %24;\n\t"
      "subc.u32 %12, 0, 0;"
      : "+r"(r[0]), "+r"(r[1]), "+r"(r[2]), "+r"(r[3]), "+r"(r[4]), "+r"(r[5]), "+r"(r[6]), "+r"(r[7]), "+r"(r[8]),
        "+r"(r[9]), "+r"(r[10]), "+r"(r[11]), "=r"(borrow)
      : "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(b[4]), "r"(b[5]), "r"(b[6]), "r"(b[7]), "r"(b[8]), "r"(b[9]),
        "r"(b[10]), "r"(b[11]));
  return borrow;
}

#endif
}  // namespace ptx

// The 32-bit view of a field's FieldConstants.
template <class Params>
struct DeviceFieldConstants {
  using Host = FieldConstants<Params>;
  static constexpr int kWords = static_cast<int>(2 * Host::limbs);  // 8 (BN254, Grumpkin) or 12 (BLS12-381)
  static_assert(kWords == 8 || kWords == 12, "the device field is written for 8 or 12 32-bit words");
  // Fully reduced arithmetic needs 2p < R (255-bit scalar fields pass); the lazy operations 4p < R.
  static_assert(Host::modulus_bits <= 32 * kWords - 1, "the multiplication's bounds need 2p < R = 2^(32·words)");
  static constexpr bool kLazyBounds = Host::modulus_bits <= 32 * kWords - 2;

  struct Limbs {
    u32 v[kWords];
  };
  static constexpr Limbs split(const BigInt<Host::limbs>& x) {
    Limbs out{};
    for (int i = 0; i < kWords; ++i) out.v[i] = static_cast<u32>(x.limb[i / 2] >> (32 * (i % 2)));
    return out;
  }
  static constexpr Limbs doubled(const Limbs& x) {
    Limbs out{};
    u32 carry = 0;
    for (int i = 0; i < kWords; ++i) {
      out.v[i] = (x.v[i] << 1) | carry;
      carry = x.v[i] >> 31;
    }
    return out;
  }
  static constexpr Limbs modulus = split(Host::modulus);       // p
  static constexpr Limbs two_modulus = doubled(modulus);       // 2p (the lazy bound; kLazyBounds)
  static constexpr Limbs four_modulus = doubled(two_modulus);  // 4p (< R when kLazyBounds)
  static constexpr Limbs one = split(Host::r_mod_p);           // R mod p
  static constexpr Limbs r_squared = split(Host::r2_mod_p);    // R² mod p
  static constexpr u32 neg_inv32 = Host::neg_inv32;            // −p⁻¹ mod 2^32
};

template <class Params>
struct DeviceField {
  using Constants = DeviceFieldConstants<Params>;
  static constexpr int kWords = Constants::kWords;
  u32 v[kWords];

  ZKMSM_HOST_DEVICE static constexpr DeviceField zero() { return DeviceField{}; }
  ZKMSM_HOST_DEVICE static constexpr DeviceField one() {
    constexpr typename Constants::Limbs r = Constants::one;
    DeviceField out{};
    for (int i = 0; i < kWords; ++i) out.v[i] = r.v[i];
    return out;
  }

  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE bool is_zero() const {
    u32 any = 0;
#pragma unroll
    for (int i = 0; i < kWords; ++i) any |= v[i];
    return any == 0;
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE bool operator==(const DeviceField& o) const {
    u32 diff = 0;
#pragma unroll
    for (int i = 0; i < kWords; ++i) diff |= v[i] ^ o.v[i];
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
    constexpr Safegcd30Modulus<kWords> modulus = Safegcd30Modulus<kWords>::make(Host::modulus, Host::neg_inv32);
    constexpr Signed30<kWords> seed = signed30_from_bigint(Host::r2_mod_p);
    DeviceField out;
    safegcd30_inverse_vartime<kWords>(out.v, v, seed, modulus);
    return out;
  }

  // ---- lazy reduction ------------------------------------------------------------------------
  // The accumulate loop keeps its running sums LAZILY REDUCED: in [0, 2p), where x and x + p are
  // the same element (era-bellman-cuda's field does the same). 4p < R leaves the room (p < 2^254
  // with R = 2^256, p < 2^381 with R = 2^384): a sum of two such values is < 4p < R, and the
  // Montgomery product of two is < 4p²/R + p < 2p before any correction, so mul_lazy skips reduce_once (~25
  // instructions of the multiplication's ~230). Fully reduced values are lazily reduced ones, so inputs mix freely;
  // reduced() brings a lazy value back to [0, p) before it is stored or compared.
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField mul_lazy(const DeviceField& b) const {
    static_assert(Constants::kLazyBounds, "lazy reduction needs 4p < R");
    return product_below_2p(b);
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField squared_lazy() const { return product_below_2p(*this); }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField add_lazy(const DeviceField& b) const {
    static_assert(Constants::kLazyBounds, "lazy reduction needs 4p < R");
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
    static_assert(Constants::kLazyBounds, "lazy reduction needs 4p < R");
#if defined(__CUDA_ARCH__)
    constexpr typename Constants::Limbs four_p = Constants::four_modulus;
    constexpr typename Constants::Limbs two_p = Constants::two_modulus;
    u32 four_p_minus_d[kWords];
#pragma unroll
    for (int i = 0; i < kWords; ++i) four_p_minus_d[i] = four_p.v[i];
    ptx::sub_in_place(four_p_minus_d, d.v);  // in (2p, 4p]: no borrow
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
    for (int i = 0; i < kWords; ++i) {
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
    u32 t[kWords + 1] = {};
    for (int i = 0; i < kWords; ++i) {
      std::uint64_t carry = 0;
      for (int j = 0; j < kWords; ++j) {
        const std::uint64_t s = std::uint64_t{v[j]} * b.v[i] + t[j] + carry;
        t[j] = static_cast<u32>(s);
        carry = s >> 32;
      }
      t[kWords] += static_cast<u32>(carry);
      const u32 m = t[0] * neg_inv;
      carry = (std::uint64_t{m} * p.v[0] + t[0]) >> 32;
      for (int j = 1; j < kWords; ++j) {
        const std::uint64_t s = std::uint64_t{m} * p.v[j] + t[j] + carry;
        t[j - 1] = static_cast<u32>(s);
        carry = s >> 32;
      }
      const std::uint64_t top = std::uint64_t{t[kWords]} + carry;
      t[kWords - 1] = static_cast<u32>(top);
      t[kWords] = static_cast<u32>(top >> 32);
    }
    DeviceField out;
    for (int i = 0; i < kWords; ++i) out.v[i] = t[i];
    return out;
#endif
  }

#if defined(__CUDA_ARCH__)
  static constexpr int kPairs = kWords / 2;

  // The even and the odd words of a (the operands of one row's two chains).
  __device__ static __forceinline__ void split_even_odd(const u32* a, u32 (&even)[kPairs], u32 (&odd)[kPairs]) {
#pragma unroll
    for (int j = 0; j < kPairs; ++j) {
      even[j] = a[2 * j];
      odd[j] = a[2 * j + 1];
    }
  }

  // out = Σ_k x_k·y_k·R⁻¹ + M·p/R over the field's words (the Montgomery reduction of the sum of
  // kProducts products, M < R), for the callers to bound: product_below_2p (one product, a, b <
  // 2p: < 2p) and mul_sub_mul_lazy (two: < 4p).
  // Even/odd split (Emmart, Zheng, Weems 2018): the running value is T = E + 2^32·O + w, where
  // row i adds x_k·y_k,i as the products of the even limbs of x_k into E and of the odd limbs into
  // O (each one carry chain of word pairs), then m·p the same way. The chains into E and into O
  // are independent, and each product's lo/hi pair is one wide multiply-add. Dividing by 2^32
  // (e_0 is then 0) only renames words (divide_by_word): T/2^32 = O + 2^32·(e_2 … e_W) + e_1, the
  // roles swap and e_1 is left over as w, which the next row adds at word 0 in front of its first
  // odd chain, whose first word sits one above it and takes the carry (no carry chain of its own;
  // until 2026-12-04 one (W+1)-word chain per row, 72 instructions per 8-word multiplication, on
  // the critical path). Bounds (W words, R = 2^(32W) > 4p), for one product a·b with a, b < 2p:
  // before row i, T = (a·(b mod 2^(32i)) + M·p)/2^(32i) < a + p < 3p < R; inside a row T < R +
  // 2^33·2p, so E fits W + 1 words and O < R; at the end T < 2p; for two, a·b + c·d with d ≤ 4p,
  // T < a + c + p < 5p before a row (< R at both widths). tests/field/device_field_chains_model.py
  // models every chain of the 8-word fields (random and extreme operands: no carry out of word 8,
  // results in bounds and correct).
  template <int kProducts>
  __device__ static __forceinline__ void montgomery_rows(u32 (&out)[kWords],
                                                         const u32* const (&x)[kProducts],
                                                         const u32* const (&y)[kProducts]) {
    u32 E[kWords + 1] = {};
    u32 O[kWords + 1] = {};
    u32 w = 0;
#pragma unroll
    for (int i = 0; i < kWords; ++i) {
#pragma unroll
      for (int k = 0; k < kProducts; ++k) {
        u32 even[kPairs], odd[kPairs];
        split_even_odd(x[k], even, odd);
        const u32 bi = y[k][i];
        if (i > 0 && k == 0) {
          ptx::add_then_mad_word_pairs(O, E[0], w, odd, bi);
        } else {
          ptx::mad_word_pairs(O, odd, bi);
        }
        ptx::mad_word_pairs(E, even, bi);
      }
      add_multiple_of_modulus(E, O, E[0] * Constants::neg_inv32);
      divide_by_word(E, O, w);
    }
    // T = E + w + 2^32·O, below R for the callers' bounds: E[W], O[W − 1], O[W] are 0.
#pragma unroll
    for (int j = 0; j < kWords; ++j) out[j] = E[j];
    u32 shifted[kWords];
    shifted[0] = w;
#pragma unroll
    for (int j = 1; j < kWords; ++j) shifted[j] = O[j - 1];
    ptx::add_in_place(out, shifted);
  }

  // T += m·p on the even/odd running value T = E + 2^32·O (product_below_2p), m making T's word 0
  // zero: two word-pair chains.
  __device__ static __forceinline__ void add_multiple_of_modulus(u32 (&E)[kWords + 1], u32 (&O)[kWords + 1], u32 m) {
    constexpr typename Constants::Limbs p = Constants::modulus;
    u32 even[kPairs], odd[kPairs];
    split_even_odd(p.v, even, odd);
    ptx::mad_word_pairs(E, even, m);
    ptx::mad_word_pairs(O, odd, m);
  }

  // T/2^32 for T = E + 2^32·O with e_0 = 0, by renaming words: O becomes the even part,
  // (e_2 … e_W) the odd part, and e_1, which belongs at word 0, is returned in w for the next
  // chain to add (ptx::add_then_mad_word_pairs, or the final addition of montgomery_rows). Moves only: once the
  // callers' loops are unrolled, no instruction.
  __device__ static __forceinline__ void divide_by_word(u32 (&E)[kWords + 1], u32 (&O)[kWords + 1], u32& w) {
    w = E[1];
    u32 odd[kWords + 1];
#pragma unroll
    for (int j = 0; j < kWords - 1; ++j) odd[j] = E[j + 2];
    odd[kWords - 1] = 0;
    odd[kWords] = 0;
#pragma unroll
    for (int j = 0; j <= kWords; ++j) {
      E[j] = O[j];
      O[j] = odd[j];
    }
  }

#endif

  // a + b, for a + b < R (callers: both < p, or both < 2p).
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField sum_without_carry(const DeviceField& b) const {
    DeviceField s = *this;
#if defined(__CUDA_ARCH__)
    ptx::add_in_place(s.v, b.v);
#else
    std::uint64_t carry = 0;
    for (int i = 0; i < kWords; ++i) {
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
    DeviceField r = *this;
#if defined(__CUDA_ARCH__)
    const u32 keep = ptx::sub_in_place(r.v, m.v);  // 0xffffffff when v < m
#else
    std::uint64_t borrow = 0;
    for (int i = 0; i < kWords; ++i) {
      const std::uint64_t t = std::uint64_t{v[i]} - m.v[i] - borrow;
      r.v[i] = static_cast<u32>(t);
      borrow = (t >> 32) & 1;
    }
    const u32 keep = 0u - static_cast<u32>(borrow);
#endif
#pragma unroll
    for (int i = 0; i < kWords; ++i) r.v[i] = (r.v[i] & ~keep) | (v[i] & keep);
    return r;
  }

  // For a, b < m: a − b, plus m when it borrowed (a result < m).
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField subtract_or_add_back(const DeviceField& b,
                                                                        const typename Constants::Limbs& m) const {
    DeviceField d = *this;
#if defined(__CUDA_ARCH__)
    const u32 mask = ptx::sub_in_place(d.v, b.v);  // 0xffffffff on borrow: add m back
    u32 correction[kWords];
#pragma unroll
    for (int i = 0; i < kWords; ++i) correction[i] = m.v[i] & mask;
    ptx::add_in_place(d.v, correction);
#else
    std::uint64_t borrow = 0;
    for (int i = 0; i < kWords; ++i) {
      const std::uint64_t t = std::uint64_t{v[i]} - b.v[i] - borrow;
      d.v[i] = static_cast<u32>(t);
      borrow = (t >> 32) & 1;
    }
    const u32 mask = 0u - static_cast<u32>(borrow);
    std::uint64_t carry = 0;
    for (int i = 0; i < kWords; ++i) {
      const std::uint64_t t = std::uint64_t{d.v[i]} + (m.v[i] & mask) + carry;
      d.v[i] = static_cast<u32>(t);
      carry = t >> 32;
    }
#endif
    return d;
  }
};

}  // namespace zkmsm::cuda
