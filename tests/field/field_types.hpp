// The fields every typed field test runs over.
//
// BN254's two fields and BLS12-381's (Fq: 6 limbs, 381 bits; Fr: 4 limbs, 255 bits, one spare
// bit).
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "field/bls12_381_fields.hpp"
#include "field/bn254_fields.hpp"
#include "field/prime_field.hpp"

namespace zkmsm::test {

using Bn254Fields = ::testing::Types<Bn254Fq, Bn254Fr>;
using AllFields = ::testing::Types<Bn254Fq, Bn254Fr, Bls12381Fq, Bls12381Fr>;

// Canonical integers that stress carries and reductions: 0, 1, 2, p−2, p−1, (p±1)/2, 2^64−1,
// 2^64, 2^128, 2^(bits(p)−1) and the all-ones value just below it.
template <class Field>
std::vector<typename Field::Integer> edge_integers() {
  using Integer = typename Field::Integer;
  const Integer& p = Field::modulus();
  auto small = [](std::uint64_t v) {
    Integer x{};
    x.limb[0] = v;
    return x;
  };
  auto power_of_two = [](std::size_t k) {
    Integer x{};
    x.limb[k / 64] = std::uint64_t{1} << (k % 64);
    return x;
  };
  auto minus = [](Integer a, const Integer& b) {
    sub_with_borrow(a, a, b);
    return a;
  };
  const std::size_t top = p.bit_length() - 1;
  Integer half_down = p;  // (p − 1)/2 = p >> 1 for odd p
  for (std::size_t i = 0; i < Field::limbs; ++i)
    half_down.limb[i] = (p.limb[i] >> 1) | (i + 1 < Field::limbs ? p.limb[i + 1] << 63 : 0);
  Integer half_up = half_down;
  add_with_carry(half_up, half_up, small(1));
  return {small(0),           small(1),          small(2),          minus(p, small(2)),
          minus(p, small(1)), half_down,         half_up,           small(~std::uint64_t{0}),
          power_of_two(64),   power_of_two(128), power_of_two(top), minus(power_of_two(top), small(1))};
}

}  // namespace zkmsm::test
