// BLS12-381 G1 (Zcash, Ethereum EIP-2537 and the EIP-4844 KZG commitments).
//
//   curve      y² = x³ + 4 over Fq, p = 0x1a0111ea…ffffaaab (381 bits)
//   group      G1 of prime order r = 0x73eda753…00000001 (255 bits); the curve's order is h·r
//              with cofactor h = (z − 1)²/3 = 0x396c8c005555e1568c00aaab0000aaab, so an on-curve
//              point need not be in G1: validation checks both (curve/subgroup_check.hpp)
//   parameter  z = −0xd201000000010000 (r = z⁴ − z² + 1)
//   generator  the standard one of the IETF pairing-friendly-curves draft and Zcash
//   GLV        φ(x, y) = (β·x, y) = [λ](x, y) with λ = z² − 1, β³ = 1 in Fq, λ³ = 1 in Fr
//
// The numbers below were derived independently with textbook affine arithmetic on Python
// integers (tests/curve/known_answers.py) and are checked by tests/curve/*.
#pragma once

#include <cstdint>

#include "curve/short_weierstrass.hpp"
#include "field/bls12_381_fields.hpp"

namespace zkmsm {

struct Bls12381G1 : ShortWeierstrassCurve<Bls12381G1, Bls12381Fq, Bls12381Fr> {
  static constexpr const char* name = "bls12_381";

  static constexpr std::int64_t b_small = 4;
  static constexpr const char* generator_x_hex =
      "0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
  static constexpr const char* generator_y_hex =
      "0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1";

  // G1 is a proper subgroup: on-curve points are also checked for membership (Scott's test,
  // curve/subgroup_check.hpp): P ∈ G1 ⟺ (β'·x, y) = [−z²]P, with β' the cube root of unity whose
  // map acts on G1 as [−z² mod r] (= λ², the other root).
  static constexpr bool has_cofactor = true;
  static constexpr const char* subgroup_z_magnitude_hex = "0xd201000000010000";  // |z|, z < 0
  static constexpr const char* subgroup_beta_hex =
      "0x5f19672fdf76ce51ba69c6076a0f77eaddb3a93be6f89688de17d813620a00022e01fffffffefffe";
  // h_eff = 1 − z: [h_eff]P lies in G1 for every point P of the curve (the G1 cofactor clearing
  // of the IETF hash-to-curve specification, RFC 9380 §8.8.1); used to make random G1 points.
  static constexpr const char* effective_cofactor_hex = "0xd201000000010001";

  // GLV (see Bn254G1): λ = z² − 1 (128 bits). The reduced basis is v1 = (λ, −1), v2 = (1, λ + 1)
  // (det = λ² + λ + 1 = r), so the halves need 128 bits, one more than BN254's.
  static constexpr unsigned glv_half_bits = 128;
  static constexpr const char* endomorphism_beta_hex =
      "0x1a0111ea397fe699ec02408663d4de85aa0d857d89759ad4897d29650fb85f9b409427eb4f49fffd8bfd00000000aaac";
  static constexpr const char* glv_lambda_hex = "0xac45a4010001a40200000000ffffffff";
  static constexpr const char* glv_a1_hex = "0xac45a4010001a40200000000ffffffff";
  static constexpr bool glv_a1_negative = false;
  static constexpr const char* glv_b1_hex = "0x1";
  static constexpr bool glv_b1_negative = true;
  static constexpr const char* glv_a2_hex = "0x1";
  static constexpr bool glv_a2_negative = false;
  static constexpr const char* glv_b2_hex = "0xac45a4010001a4020000000100000000";
  static constexpr bool glv_b2_negative = false;
};

}  // namespace zkmsm
