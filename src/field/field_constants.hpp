// Montgomery constants derived at compile time from a field's canonical modulus.
//
// A parameter struct provides exactly two things:
//   static constexpr std::size_t limbs;        // number of 64-bit limbs
//   static constexpr const char* modulus_hex;  // the prime p, canonical hexadecimal
// Everything else (R, R², −p⁻¹, spare bits) is derived here and checked with static_assert.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/bigint.hpp"

namespace zkmsm {

template <class Params>
struct FieldConstants {
  static constexpr std::size_t limbs = Params::limbs;
  static constexpr std::size_t bits = 64 * limbs;

  // p, canonical.
  static constexpr BigInt<limbs> modulus = parse_hex<limbs>(Params::modulus_hex);
  // Number of significant bits of p.
  static constexpr std::size_t modulus_bits = modulus.bit_length();
  // Unused top bits of the limb array: 2^(64·limbs) / p ≥ 2^spare_bits.
  static constexpr std::size_t spare_bits = bits - modulus_bits;
  // R = 2^(64·limbs) mod p: "one" in Montgomery form.
  static constexpr BigInt<limbs> r_mod_p = power_of_two_mod(bits, modulus);
  // R² mod p: multiplying by it converts canonical → Montgomery form.
  static constexpr BigInt<limbs> r2_mod_p = power_of_two_mod(2 * bits, modulus);
  // R³ mod p: turns a plain inverse of a Montgomery value into a Montgomery inverse.
  static constexpr BigInt<limbs> r3_mod_p = power_of_two_mod(3 * bits, modulus);
  // −p⁻¹ mod 2^64 (CIOS reduction factor) and mod 2^32 (for 32-bit limb kernels).
  static constexpr std::uint64_t neg_inv64 = 0 - inverse_mod_2_64(modulus.limb[0]);
  static constexpr std::uint32_t neg_inv32 = static_cast<std::uint32_t>(neg_inv64);

  // {p0, …, p(N−1), −p⁻¹ mod 2^64}: the operand block of the MULX/ADX multiplication.
  static constexpr BigInt<limbs + 1> modulus_and_inverse = [] {
    BigInt<limbs + 1> block{};
    for (std::size_t i = 0; i < limbs; ++i) block.limb[i] = modulus.limb[i];
    block.limb[limbs] = neg_inv64;
    return block;
  }();

  // The CIOS variant in PrimeField skips the carry word of each row; it is exact when the top
  // limb of p is below (2^64 − 1)/2 − 1, i.e. p leaves at least one spare top bit.
  static constexpr bool no_carry_cios = modulus.limb[limbs - 1] < (~std::uint64_t{0} >> 1) - 1;

  static_assert((modulus.limb[0] & 1) == 1, "modulus must be odd");
  static_assert(modulus.limb[0] * inverse_mod_2_64(modulus.limb[0]) == 1, "p⁻¹ mod 2^64 is wrong");
  static_assert(static_cast<std::uint32_t>(modulus.limb[0]) * (0u - neg_inv32) == 1u, "p⁻¹ mod 2^32 is wrong");
  static_assert(spare_bits >= 1, "PrimeField needs at least one spare top bit");
  static_assert(compare(r_mod_p, modulus) < 0 && compare(r2_mod_p, modulus) < 0, "R or R² not reduced");
};

}  // namespace zkmsm
