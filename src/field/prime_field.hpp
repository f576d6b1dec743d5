// A prime field element over N 64-bit limbs, in Montgomery form.
//
// Representation: limb[] holds a·R mod p, FULLY REDUCED to [0, p), little-endian limbs, with
// R = 2^(64N). Every operation takes and returns reduced values, so equality is limb equality
// and zero is the all-zero pattern.
//
// Multiplication is CIOS (Koç–Acar–Kaliski 1996) in its "no-carry" form: because p leaves a
// spare top bit (FieldConstants::no_carry_cios, static_assert'ed), the per-row carry word is
// never needed and the result is < 2p before the single final conditional subtraction.
// Squaring computes the off-diagonal products once (N(N−1)/2 + N products instead of N²)
// and then reduces with the same final subtraction.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "core/bigint.hpp"
#include "core/host_device.hpp"
#include "core/wide_arith.hpp"
#include "field/field_constants.hpp"
#include "field/montgomery_mul_4x64_adx.hpp"
#include "field/montgomery_mul_6x64_adx.hpp"
#include "field/safegcd.hpp"

namespace zkmsm {

template <class Params>
class PrimeField {
 public:
  using Constants = FieldConstants<Params>;
  static constexpr std::size_t limbs = Params::limbs;
  using Integer = BigInt<limbs>;
  static_assert(Constants::no_carry_cios, "the no-carry CIOS needs a spare top bit in p");

  u64 limb[limbs];

  // ---- constants --------------------------------------------------------------------------
  ZKMSM_HOST_DEVICE static constexpr PrimeField zero() { return PrimeField{}; }
  ZKMSM_HOST_DEVICE static constexpr PrimeField one() { return from_raw(Constants::r_mod_p); }
  ZKMSM_HOST_DEVICE static constexpr const Integer& modulus() { return Constants::modulus; }

  // ---- conversions ------------------------------------------------------------------------
  // Wraps limbs that are already in Montgomery form and reduced.
  ZKMSM_HOST_DEVICE static constexpr PrimeField from_raw(const Integer& montgomery) {
    PrimeField out{};
    for (std::size_t i = 0; i < limbs; ++i) out.limb[i] = montgomery.limb[i];
    return out;
  }
  ZKMSM_HOST_DEVICE constexpr Integer raw() const {
    Integer out{};
    for (std::size_t i = 0; i < limbs; ++i) out.limb[i] = limb[i];
    return out;
  }
  // True when x < p, i.e. x is a canonical encoding of a field element.
  ZKMSM_HOST_DEVICE static constexpr bool is_canonical(const Integer& x) { return compare(x, Constants::modulus) < 0; }
  // Canonical integer x < p → Montgomery form (x·R).
  ZKMSM_HOST_DEVICE static constexpr PrimeField from_canonical(const Integer& x) {
    return from_raw(x) * from_raw(Constants::r2_mod_p);
  }
  ZKMSM_HOST_DEVICE static constexpr PrimeField from_u64(u64 x) {
    Integer value{};
    value.limb[0] = x;
    return from_canonical(value);
  }
  ZKMSM_HOST_DEVICE static constexpr PrimeField from_i64(std::int64_t x) {
    return x >= 0 ? from_u64(static_cast<u64>(x)) : -from_u64(0 - static_cast<u64>(x));
  }
  // Montgomery form → canonical integer (multiplies by 1, i.e. divides by R).
  ZKMSM_HOST_DEVICE constexpr Integer to_canonical() const {
    Integer unit{};
    unit.limb[0] = 1;
    return (*this * from_raw(unit)).raw();
  }

  // ---- predicates -------------------------------------------------------------------------
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE constexpr bool is_zero() const {
    u64 any = 0;
    for (std::size_t i = 0; i < limbs; ++i) any |= limb[i];
    return any == 0;
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE constexpr bool operator==(const PrimeField& other) const {
    u64 diff = 0;
    for (std::size_t i = 0; i < limbs; ++i) diff |= limb[i] ^ other.limb[i];
    return diff == 0;
  }
  ZKMSM_HOST_DEVICE constexpr bool operator!=(const PrimeField& other) const { return !(*this == other); }

  // ---- additive group ---------------------------------------------------------------------
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE constexpr PrimeField operator+(const PrimeField& b) const {
    PrimeField sum{};
    u64 carry = 0;
    for (std::size_t i = 0; i < limbs; ++i) carry = add_carry(sum.limb[i], limb[i], b.limb[i], carry);
    // The spare top bit means a + b < 2p < 2^(64N): no carry out; subtract p once if needed.
    return sum.reduce_once();
  }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE constexpr PrimeField operator-(const PrimeField& b) const {
    PrimeField diff{};
    u64 borrow = 0;
    for (std::size_t i = 0; i < limbs; ++i) borrow = sub_borrow(diff.limb[i], limb[i], b.limb[i], borrow);
    if (borrow != 0) {
      u64 carry = 0;
      for (std::size_t i = 0; i < limbs; ++i)
        carry = add_carry(diff.limb[i], diff.limb[i], Constants::modulus.limb[i], carry);
    }
    return diff;
  }
  ZKMSM_HOST_DEVICE constexpr PrimeField operator-() const { return zero() - *this; }
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE constexpr PrimeField doubled() const { return *this + *this; }
  ZKMSM_HOST_DEVICE constexpr PrimeField& operator+=(const PrimeField& b) { return *this = *this + b; }
  ZKMSM_HOST_DEVICE constexpr PrimeField& operator-=(const PrimeField& b) { return *this = *this - b; }

  // ---- multiplicative group ---------------------------------------------------------------
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE constexpr PrimeField operator*(const PrimeField& b) const {
#if defined(ZKMSM_HAVE_MONTGOMERY_MUL_4X64_ADX)
    if constexpr (limbs == 4) {
      if (!std::is_constant_evaluated() && host::active_cpu_features.mulx_adx) {
        PrimeField out;
        x86_64::montgomery_mul_4x64_adx(out.limb, limb, b.limb, Constants::modulus_and_inverse.limb);
        return out.reduce_once();
      }
    }
#endif
#if defined(ZKMSM_HAVE_MONTGOMERY_MUL_6X64_ADX)
    if constexpr (limbs == 6) {
      static_assert(Constants::no_carry_cios, "the 6x64 MULX/ADX multiplication is the no-carry CIOS");
      if (!std::is_constant_evaluated() && host::active_cpu_features.mulx_adx) {
        PrimeField out;
        x86_64::montgomery_mul_6x64_adx(out.limb, limb, b.limb, Constants::modulus_and_inverse.limb);
        return out.reduce_once();
      }
    }
#endif
    const u64* p = Constants::modulus.limb;
    u64 t[limbs] = {};
    for (std::size_t i = 0; i < limbs; ++i) {
      // Row i: t += a·b[i], then t = (t + m·p) / 2^64 with m chosen to clear the low word.
      u64 a_carry = mul_add_carry(t[0], t[0], limb[0], b.limb[i], 0);
      const u64 m = t[0] * Constants::neg_inv64;
      u64 discarded = 0;
      u64 m_carry = mul_add_carry(discarded, t[0], m, p[0], 0);
      for (std::size_t j = 1; j < limbs; ++j) {
        a_carry = mul_add_carry(t[j], t[j], limb[j], b.limb[i], a_carry);
        m_carry = mul_add_carry(t[j - 1], t[j], m, p[j], m_carry);
      }
      t[limbs - 1] = a_carry + m_carry;
    }
    PrimeField out{};
    for (std::size_t i = 0; i < limbs; ++i) out.limb[i] = t[i];
    return out.reduce_once();
  }
  ZKMSM_HOST_DEVICE constexpr PrimeField& operator*=(const PrimeField& b) { return *this = *this * b; }

  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE constexpr PrimeField squared() const {
#if defined(ZKMSM_HAVE_MONTGOMERY_MUL_4X64_ADX)
    // Squaring through the MULX/ADX multiplication: 25 ns against 27–31 ns for the portable
    // dedicated squaring in a dependent chain (CI machine kind, AMD EPYC, 2026-12-02).
    if constexpr (limbs == 4) {
      if (!std::is_constant_evaluated() && host::active_cpu_features.mulx_adx) return *this * *this;
    }
#endif
#if defined(ZKMSM_HAVE_MONTGOMERY_MUL_6X64_ADX)
    if constexpr (limbs == 6) {
      if (!std::is_constant_evaluated() && host::active_cpu_features.mulx_adx) return *this * *this;
    }
#endif
    const u64* p = Constants::modulus.limb;
    u64 t[2 * limbs] = {};
    // Off-diagonal products a[i]·a[j], i < j.
    for (std::size_t i = 0; i < limbs; ++i) {
      u64 carry = 0;
      for (std::size_t j = i + 1; j < limbs; ++j) carry = mul_add_carry(t[i + j], t[i + j], limb[i], limb[j], carry);
      t[i + limbs] = carry;
    }
    // Double them.
    u64 top = 0;
    for (std::size_t k = 0; k < 2 * limbs; ++k) {
      const u64 next_top = t[k] >> 63;
      t[k] = (t[k] << 1) | top;
      top = next_top;
    }
    // Add the diagonal a[i]².
    u64 carry = 0;
    for (std::size_t i = 0; i < limbs; ++i) {
      u64 lo = 0;
      const u64 hi = mul_add_carry(lo, 0, limb[i], limb[i], 0);
      carry = add_carry(t[2 * i], t[2 * i], lo, carry);
      carry = add_carry(t[2 * i + 1], t[2 * i + 1], hi, carry);
    }
    // Montgomery reduction of the 2N-limb square (< p², so the result is < 2p).
    u64 high_carry = 0;
    for (std::size_t i = 0; i < limbs; ++i) {
      const u64 m = t[i] * Constants::neg_inv64;
      u64 c = 0;
      for (std::size_t j = 0; j < limbs; ++j) c = mul_add_carry(t[i + j], t[i + j], m, p[j], c);
      high_carry = add_carry(t[i + limbs], t[i + limbs], c, high_carry);
    }
    PrimeField out{};
    for (std::size_t i = 0; i < limbs; ++i) out.limb[i] = t[i + limbs];
    return out.reduce_once();
  }

  // a^exponent for a canonical exponent (square-and-multiply, variable time).
  template <std::size_t M>
  ZKMSM_HOST_DEVICE constexpr PrimeField pow_vartime(const BigInt<M>& exponent) const {
    PrimeField result = one();
    for (std::size_t i = exponent.bit_length(); i-- > 0;) {
      result = result.squared();
      if (exponent.bit(i)) result = result * *this;
    }
    return result;
  }

  // a⁻¹ by safegcd (0 for a = 0). Seeding with R² yields the Montgomery-form inverse directly.
  ZKMSM_HOST_DEVICE PrimeField inverse_vartime() const {
    static constexpr SafegcdModulus<limbs> kModulus = SafegcdModulus<limbs>::make(Constants::modulus);
    return from_raw(safegcd_inverse_vartime(raw(), Constants::r2_mod_p, kModulus));
  }

 private:
  // For a value < 2p: subtract p once if it is ≥ p.
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE constexpr PrimeField reduce_once() const {
    PrimeField reduced{};
    u64 borrow = 0;
    for (std::size_t i = 0; i < limbs; ++i)
      borrow = sub_borrow(reduced.limb[i], limb[i], Constants::modulus.limb[i], borrow);
    // Branch-free select: a data-dependent branch here mispredicts about half the time.
    const u64 keep_mask = 0 - borrow;
    for (std::size_t i = 0; i < limbs; ++i) reduced.limb[i] ^= (reduced.limb[i] ^ limb[i]) & keep_mask;
    return reduced;
  }
};

}  // namespace zkmsm
