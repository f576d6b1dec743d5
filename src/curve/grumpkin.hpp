// Grumpkin: the curve of BN254's "cycle" (used by Aztec/barretenberg for in-circuit ECC).
//
//   curve      y² = x³ − 17 over BN254's scalar field Fr (254 bits)
//   group      prime order = BN254's base-field modulus p, cofactor 1
//   generator  (1, √−16) with the small root 0x2cf135e7…3fc48d823f272c
//   GLV        φ(x, y) = (β·x, y) = [λ](x, y), β³ = 1 in Fr, λ³ = 1 in Fq
#pragma once

#include <cstdint>

#include "curve/short_weierstrass.hpp"
#include "field/bn254_fields.hpp"

namespace zkmsm {

struct GrumpkinG1 : ShortWeierstrassCurve<GrumpkinG1, Bn254Fr, Bn254Fq> {
  static constexpr const char* name = "grumpkin";

  static constexpr std::int64_t b_small = -17;
  static constexpr const char* generator_x_hex = "0x1";
  static constexpr const char* generator_y_hex = "0x2cf135e7506a45d632d270d45f1181294833fc48d823f272c";
  static constexpr bool has_cofactor = false;  // every point of the curve is in the group

  // See Bn254G1 for the meaning of these constants.
  static constexpr unsigned glv_half_bits = 127;  // |k1|, |k2| < 2^127 (curve/glv_split.hpp)
  static constexpr const char* endomorphism_beta_hex = "0xb3c4d79d41a917585bfc41088d8daaa78b17ea66b99c90dd";
  static constexpr const char* glv_lambda_hex = "0x59e26bcea0d48bacd4f263f1acdb5c4f5763473177fffffe";
  static constexpr const char* glv_a1_hex = "0x89d3256894d213e2";
  static constexpr bool glv_a1_negative = false;
  static constexpr const char* glv_b1_hex = "0x6f4d8248eeb859fc8211bbeb7d4f1129";
  static constexpr bool glv_b1_negative = true;
  static constexpr const char* glv_a2_hex = "0x6f4d8248eeb859fd0be4e1541221250b";
  static constexpr bool glv_a2_negative = false;
  static constexpr const char* glv_b2_hex = "0x89d3256894d213e2";
  static constexpr bool glv_b2_negative = false;
};

}  // namespace zkmsm
