// A prime field element for CUDA kernels: 8 × 32-bit limbs, Montgomery form with R = 2^256.
//
// Representation: v[] holds a·R mod p, FULLY REDUCED to [0, p), limb 0 least significant. This
// is bit for bit the layout of PrimeField<Params> (4 × 64-bit limbs, little-endian, same R), so
// host arrays of points are copied to the device as they are. Equality is limb equality, zero is
// the all-zero pattern.
//
// Constants come from the same FieldConstants<Params> as the host field (modulus, R, R², −p⁻¹
// mod 2^32); nothing is written twice.
//
// Multiplication: CIOS (Koç–Acar–Kaliski 1996) over 32-bit limbs in its no-carry form (p < 2^254
// leaves spare top bits, so each row's value fits 9 limbs and the result is < 2p before one
// conditional subtraction). Each row is two PTX carry chains for t += a·b_i (mad.lo.cc over the
// low halves, then mad.hi.cc over the high halves one limb up), one multiply for m = t_0·(−p⁻¹),
// and two chains for t = (t + m·p) / 2^32. Cost: 8 rows × (16 + 1 + 16) = 264 multiply-adds plus
// a 8-limb conditional subtraction (PERFORMANCE.md counts the same 264).
//
// Inversion: the project's Bernstein–Yang safegcd (field/safegcd.hpp), seeded with R² so the
// Montgomery-form inverse comes out directly. It is the host code compiled for the device
// (64-bit limbs, __int128 products): correct, not yet tuned for the GPU.
//
// Off the device (__CUDA_ARCH__ undefined) every operation has a portable C++ body computing the
// same function, so the pipeline's kernels can also run as plain host loops (see exec.cuh).
#pragma once

#include <cstdint>

#include "core/bigint.hpp"
#include "core/host_device.hpp"
#include "field/field_constants.hpp"
#include "field/safegcd.hpp"

// Large routines called from several kernels stay out of line on the device: smaller code and
// faster builds, at a call cost that is negligible next to their 2,000+ instructions.
#if defined(__CUDACC__)
#define ZKMSM_DEVICE_NOINLINE __noinline__
#else
#define ZKMSM_DEVICE_NOINLINE
#endif

namespace zkmsm::cuda {

using u32 = std::uint32_t;

// ---- PTX carry-chain primitives --------------------------------------------------------------
// Each wrapper is one PTX instruction. The carry flag (CC) lives between instructions of one
// chain; the asm statements are volatile so NVVM keeps their order, and ptxas tracks CC as a
// dependency. Chains never span anything but these wrappers and plain register moves.
namespace ptx {
#if defined(__CUDA_ARCH__)
__device__ __forceinline__ u32 add_cc(u32 a, u32 b) {
  u32 r;
  asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  return r;
}
__device__ __forceinline__ u32 addc_cc(u32 a, u32 b) {
  u32 r;
  asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  return r;
}
__device__ __forceinline__ u32 addc(u32 a, u32 b) {
  u32 r;
  asm volatile("addc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  return r;
}
__device__ __forceinline__ u32 sub_cc(u32 a, u32 b) {
  u32 r;
  asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  return r;
}
__device__ __forceinline__ u32 subc_cc(u32 a, u32 b) {
  u32 r;
  asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  return r;
}
__device__ __forceinline__ u32 subc(u32 a, u32 b) {
  u32 r;
  asm volatile("subc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  return r;
}
__device__ __forceinline__ u32 mad_lo_cc(u32 a, u32 b, u32 c) {
  u32 r;
  asm volatile("mad.lo.cc.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}
__device__ __forceinline__ u32 madc_lo_cc(u32 a, u32 b, u32 c) {
  u32 r;
  asm volatile("madc.lo.cc.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}
__device__ __forceinline__ u32 mad_hi_cc(u32 a, u32 b, u32 c) {
  u32 r;
  asm volatile("mad.hi.cc.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}
__device__ __forceinline__ u32 madc_hi_cc(u32 a, u32 b, u32 c) {
  u32 r;
  asm volatile("madc.hi.cc.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}
__device__ __forceinline__ u32 madc_hi(u32 a, u32 b, u32 c) {
  u32 r;
  asm volatile("madc.hi.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
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
  static constexpr Limbs modulus = split(Host::modulus);  // p
  static constexpr Limbs one = split(Host::r_mod_p);      // R mod p
  static constexpr u32 neg_inv32 = Host::neg_inv32;       // −p⁻¹ mod 2^32
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
    // a + b < 2p < 2^255: no carry out of limb 7; then subtract p once if needed.
    DeviceField s;
#if defined(__CUDA_ARCH__)
    s.v[0] = ptx::add_cc(v[0], b.v[0]);
#pragma unroll
    for (int i = 1; i < 7; ++i) s.v[i] = ptx::addc_cc(v[i], b.v[i]);
    s.v[7] = ptx::addc(v[7], b.v[7]);
#else
    std::uint64_t carry = 0;
    for (int i = 0; i < 8; ++i) {
      const std::uint64_t t = std::uint64_t{v[i]} + b.v[i] + carry;
      s.v[i] = static_cast<u32>(t);
      carry = t >> 32;
    }
#endif
    return s.reduce_once();
  }

  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField operator-(const DeviceField& b) const {
    constexpr typename Constants::Limbs p = Constants::modulus;
    DeviceField d;
#if defined(__CUDA_ARCH__)
    d.v[0] = ptx::sub_cc(v[0], b.v[0]);
#pragma unroll
    for (int i = 1; i < 8; ++i) d.v[i] = ptx::subc_cc(v[i], b.v[i]);
    const u32 mask = ptx::subc(0, 0);  // 0xffffffff on borrow
    d.v[0] = ptx::add_cc(d.v[0], p.v[0] & mask);
#pragma unroll
    for (int i = 1; i < 7; ++i) d.v[i] = ptx::addc_cc(d.v[i], p.v[i] & mask);
    d.v[7] = ptx::addc(d.v[7], p.v[7] & mask);
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
      const std::uint64_t t = std::uint64_t{d.v[i]} + (p.v[i] & mask) + carry;
      d.v[i] = static_cast<u32>(t);
      carry = t >> 32;
    }
#endif
    return d;
  }

  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField operator-() const { return zero() - *this; }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField doubled() const { return *this + *this; }

  // ---- multiplication ------------------------------------------------------------------------
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField operator*(const DeviceField& b) const {
    constexpr typename Constants::Limbs p = Constants::modulus;
    constexpr u32 neg_inv = Constants::neg_inv32;
    // t[0..8]: the running CIOS value; t[8] is the 9th limb. Invariant after each row: t < 2p.
    u32 t[9];
#pragma unroll
    for (int i = 0; i < 9; ++i) t[i] = 0;
#if defined(__CUDA_ARCH__)
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      const u32 bi = b.v[i];
      // t += a·b_i: low halves into limbs 0..7 (carry into t8), high halves into limbs 1..8.
      t[0] = ptx::mad_lo_cc(v[0], bi, t[0]);
#pragma unroll
      for (int j = 1; j < 8; ++j) t[j] = ptx::madc_lo_cc(v[j], bi, t[j]);
      t[8] = ptx::addc(t[8], 0);
      t[1] = ptx::mad_hi_cc(v[0], bi, t[1]);
#pragma unroll
      for (int j = 1; j < 7; ++j) t[j + 1] = ptx::madc_hi_cc(v[j], bi, t[j + 1]);
      t[8] = ptx::madc_hi(v[7], bi, t[8]);
      // m clears limb 0: t = (t + m·p) / 2^32.
      const u32 m = t[0] * neg_inv;
      (void)ptx::mad_lo_cc(m, p.v[0], t[0]);  // = 0, only the carry matters
#pragma unroll
      for (int j = 1; j < 8; ++j) t[j] = ptx::madc_lo_cc(m, p.v[j], t[j]);
      t[8] = ptx::addc(t[8], 0);
      t[1] = ptx::mad_hi_cc(m, p.v[0], t[1]);
#pragma unroll
      for (int j = 1; j < 7; ++j) t[j + 1] = ptx::madc_hi_cc(m, p.v[j], t[j + 1]);
      t[8] = ptx::madc_hi(m, p.v[7], t[8]);
#pragma unroll
      for (int j = 0; j < 8; ++j) t[j] = t[j + 1];
      t[8] = 0;
    }
#else
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
#endif
    DeviceField out;
#pragma unroll
    for (int i = 0; i < 8; ++i) out.v[i] = t[i];
    return out.reduce_once();
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField squared() const { return *this * *this; }

  // a⁻¹ (0 for 0), Montgomery form in and out.
  ZKMSM_HOST_DEVICE ZKMSM_DEVICE_NOINLINE DeviceField inverse() const {
    using Host = typename Constants::Host;
    constexpr SafegcdModulus<4> modulus = SafegcdModulus<4>::make(Host::modulus);
    constexpr BigInt<4> seed = Host::r2_mod_p;
    BigInt<4> x;
#pragma unroll
    for (int i = 0; i < 4; ++i) x.limb[i] = std::uint64_t{v[2 * i]} | (std::uint64_t{v[2 * i + 1]} << 32);
    const BigInt<4> inv = safegcd_inverse_vartime(x, seed, modulus);
    DeviceField out;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      out.v[2 * i] = static_cast<u32>(inv.limb[i]);
      out.v[2 * i + 1] = static_cast<u32>(inv.limb[i] >> 32);
    }
    return out;
  }

 private:
  // For a value < 2p: subtract p once if it is ≥ p (branch-free select).
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceField reduce_once() const {
    constexpr typename Constants::Limbs p = Constants::modulus;
    DeviceField r;
#if defined(__CUDA_ARCH__)
    r.v[0] = ptx::sub_cc(v[0], p.v[0]);
#pragma unroll
    for (int i = 1; i < 8; ++i) r.v[i] = ptx::subc_cc(v[i], p.v[i]);
    const u32 keep = ptx::subc(0, 0);  // 0xffffffff when v < p
#else
    std::uint64_t borrow = 0;
    for (int i = 0; i < 8; ++i) {
      const std::uint64_t t = std::uint64_t{v[i]} - p.v[i] - borrow;
      r.v[i] = static_cast<u32>(t);
      borrow = (t >> 32) & 1;
    }
    const u32 keep = 0u - static_cast<u32>(borrow);
#endif
#pragma unroll
    for (int i = 0; i < 8; ++i) r.v[i] = (r.v[i] & ~keep) | (v[i] & keep);
    return r;
  }
};

}  // namespace zkmsm::cuda
