// The two 254-bit prime fields of BN254 (alt_bn128, EIP-196/197).
//
//   Fq: base field of BN254 G1, p = 36u⁴ + 36u³ + 24u² + 6u + 1 with u = 4965661367192848881,
//       p ≡ 3 (mod 4). Also the scalar field of Grumpkin.
//   Fr: scalar field of BN254 G1, r = 36u⁴ + 36u³ + 18u² + 6u + 1, 2-adicity 28.
//       Also the base field of Grumpkin.
// Both leave 2 spare bits in 4 limbs.
#pragma once

#include <cstddef>

#include "field/prime_field.hpp"

namespace zkmsm {

struct Bn254FqParams {
  static constexpr std::size_t limbs = 4;
  static constexpr const char* modulus_hex = "0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47";
};

struct Bn254FrParams {
  static constexpr std::size_t limbs = 4;
  static constexpr const char* modulus_hex = "0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001";
};

using Bn254Fq = PrimeField<Bn254FqParams>;
using Bn254Fr = PrimeField<Bn254FrParams>;

static_assert(FieldConstants<Bn254FqParams>::modulus_bits == 254);
static_assert(FieldConstants<Bn254FrParams>::modulus_bits == 254);
static_assert(FieldConstants<Bn254FqParams>::neg_inv64 == 0x87d20782e4866389ULL);
static_assert(FieldConstants<Bn254FrParams>::neg_inv64 == 0xc2e1f593efffffffULL);

}  // namespace zkmsm
