// The two prime fields of BLS12-381 (Zcash, Ethereum's EIP-2537 and EIP-4844 KZG).
//
//   Fq: base field of G1, p = (z − 1)²·(z⁴ − z² + 1)/3 + z with z = −0xd201000000010000,
//       381 bits in 6 limbs (3 spare bits), p ≡ 3 (mod 4).
//   Fr: scalar field, r = z⁴ − z² + 1, 255 bits in 4 limbs (1 spare bit), 2-adicity 32.
#pragma once

#include <cstddef>

#include "field/prime_field.hpp"

namespace zkmsm {

struct Bls12381FqParams {
  static constexpr std::size_t limbs = 6;
  static constexpr const char* modulus_hex =
      "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";
};

struct Bls12381FrParams {
  static constexpr std::size_t limbs = 4;
  static constexpr const char* modulus_hex = "0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";
};

using Bls12381Fq = PrimeField<Bls12381FqParams>;
using Bls12381Fr = PrimeField<Bls12381FrParams>;

static_assert(FieldConstants<Bls12381FqParams>::modulus_bits == 381);
static_assert(FieldConstants<Bls12381FrParams>::modulus_bits == 255);
static_assert(FieldConstants<Bls12381FqParams>::neg_inv64 == 0x89f3fffcfffcfffdULL);
static_assert(FieldConstants<Bls12381FrParams>::neg_inv64 == 0xfffffffeffffffffULL);
static_assert(FieldConstants<Bls12381FqParams>::no_carry_cios && FieldConstants<Bls12381FrParams>::no_carry_cios);

}  // namespace zkmsm
