// BN254 G1 (alt_bn128; Ethereum EIP-196/197).
//
//   curve      y² = x³ + 3 over Fq, p = 0x30644e72…d87cfd47 (254 bits)
//   group      prime order r = 0x30644e72…f0000001 (254 bits), cofactor 1
//   generator  (1, 2)
//   embedding  degree 12, ~100-bit security after the 2016 exTNFS attacks
//   GLV        φ(x, y) = (β·x, y) = [λ](x, y), β³ = 1 in Fq, λ³ = 1 in Fr
#pragma once

#include <cstdint>

#include "curve/short_weierstrass.hpp"
#include "field/bn254_fields.hpp"

namespace zkmsm {

struct Bn254G1 : ShortWeierstrassCurve<Bn254G1, Bn254Fq, Bn254Fr> {
  static constexpr const char* name = "bn254";

  // b of y² = x³ + b, as a small signed integer.
  static constexpr std::int64_t b_small = 3;
  static constexpr const char* generator_x_hex = "0x1";
  static constexpr const char* generator_y_hex = "0x2";
  static constexpr bool has_cofactor = false;  // every point of the curve is in the group

  // Endomorphism: β is a primitive cube root of unity in Fq, λ the one in Fr with
  // (β·x, y) = [λ](x, y). Lattice basis of {(k1, k2) : k1 + k2·λ ≡ 0 mod r}: v1 = (a1, b1),
  // v2 = (a2, b2), magnitudes and signs given separately; found by the extended Euclidean
  // algorithm on (r, λ) (Gallant–Lambert–Vanstone 2001, §4).
  static constexpr unsigned glv_half_bits = 127;  // |k1|, |k2| < 2^127 (curve/glv_split.hpp)
  static constexpr const char* endomorphism_beta_hex =
      "0x30644e72e131a0295e6dd9e7e0acccb0c28f069fbb966e3de4bd44e5607cfd48";
  static constexpr const char* glv_lambda_hex = "0x30644e72e131a029048b6e193fd84104cc37a73fec2bc5e9b8ca0b2d36636f23";
  static constexpr const char* glv_a1_hex = "0x6f4d8248eeb859fc8211bbeb7d4f1128";
  static constexpr bool glv_a1_negative = false;
  static constexpr const char* glv_b1_hex = "0x89d3256894d213e3";
  static constexpr bool glv_b1_negative = true;
  static constexpr const char* glv_a2_hex = "0x89d3256894d213e3";
  static constexpr bool glv_a2_negative = false;
  static constexpr const char* glv_b2_hex = "0x6f4d8248eeb859fd0be4e1541221250b";
  static constexpr bool glv_b2_negative = false;
};

}  // namespace zkmsm
