// The GLSL header of field constants that every Vulkan shader includes (shader_constants.glsl),
// written from the host's FieldConstants (field/field_constants.hpp), the only place the numbers
// are derived. generate_shader_constants.cpp writes it into the build tree at build time; it is
// never checked in, so it cannot be stale (see README.md).
//
// Layout in the header: a field of L 64-bit limbs has `const int NAME_WORDS = 2L` (8 for the
// BN254 fields and BLS12-381 Fr, 12 for BLS12-381 Fq), and every field-sized value is a
// `const uint NAME[2L]`, word 0 least significant, i.e. the 32-bit view of PrimeField's L × 64-bit
// little-endian limbs. Field constants are canonical integers (p, R, R², p − 2); curve constants
// (b, the subgroup test's β') are field elements in Montgomery form, as the shaders compute with
// them, written from the curve's own definitions (curve/bn254.hpp, curve/grumpkin.hpp,
// curve/bls12_381.hpp); the subgroup test's |z| is a `const uint NAME[2]` (low word first). The
// affine-pair cases are `const uint kAffinePair<Case>`, the numbers of AffinePairCase
// (msm/common/affine_pair.hpp), which affine_pair.glsl mirrors name for name.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "core/bigint.hpp"
#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "curve/subgroup_check.hpp"
#include "field/bls12_381_fields.hpp"
#include "field/bn254_fields.hpp"
#include "field/field_constants.hpp"
#include "msm/common/affine_pair.hpp"
#include "msm/common/shader_constants.hpp"

namespace zkmsm::vulkan {

// "const uint NAME[2L] = uint[2L](0x…u, …);" with an explanatory comment line above it.
template <std::size_t L>
std::string glsl_words_constant(const std::string& name, const BigInt<L>& value, const std::string& comment) {
  const std::string words = std::to_string(2 * L);
  return "// " + comment + "\nconst uint " + name + "[" + words + "] = uint[" + words + "](" + shader_words32(value) +
         ");\n";
}

// The bounds of field_lazy.glsl's lazily reduced values: "NAME_TWO_MODULUS" (2p) for a field with
// 4p < R, and "NAME_FOUR_MODULUS" (4p) where also 5p < R (field_mul_sub_mul_lazy's rows hold up to
// 5p·2^32 in W + 1 words): BN254 Fq and Fr (p < 0.76·2^254, R = 2^256) and BLS12-381 Fq (p < 2^381,
// R = 2^384) have both; BLS12-381 Fr neither, so that a shader computing lazily in it does not compile.
template <class Params>
std::string glsl_lazy_bound_constants(const std::string& prefix) {
  using C = FieldConstants<Params>;
  if constexpr (C::spare_bits >= 2) {
    BigInt<C::limbs> two_p{};
    BigInt<C::limbs> four_p{};
    BigInt<C::limbs> five_p{};
    add_with_carry(two_p, C::modulus, C::modulus);
    add_with_carry(four_p, two_p, two_p);
    const bool five_p_below_r = add_with_carry(five_p, four_p, C::modulus) == 0;
    return glsl_words_constant(prefix + "_TWO_MODULUS", two_p, "2p: the bound of lazily reduced values (4p < R)") +
           (five_p_below_r ? glsl_words_constant(prefix + "_FOUR_MODULUS", four_p, "4p (5p < R)") : std::string());
  } else {
    return {};
  }
}

// The constants of one field, each name prefixed with `prefix` (e.g. "BN254_FQ").
template <class Params>
std::string glsl_field_constants(const std::string& prefix, const std::string& title) {
  using C = FieldConstants<Params>;
  // field.glsl's bound: a + b and a Montgomery product of reduced values stay below 2p < R.
  static_assert(C::spare_bits >= 1, "the shaders need 2p < R");
  char lines[256];
  std::snprintf(lines, sizeof lines,
                "const int %s_WORDS = %d;  // 32-bit words per element\n"
                "// -p^-1 mod 2^32: the Montgomery reduction factor of one 32-bit word\n"
                "const uint %s_NEG_INV32 = 0x%08xu;\n",
                prefix.c_str(), static_cast<int>(2 * C::limbs), prefix.c_str(), static_cast<unsigned>(C::neg_inv32));
  const std::string r = "R = 2^" + std::to_string(64 * C::limbs) + " mod p";
  return "\n// ---- " + title + " ----\n" + lines +
         glsl_words_constant(prefix + "_MODULUS", C::modulus, "p, canonical") +
         glsl_words_constant(prefix + "_R", C::r_mod_p, r + ": one in Montgomery form") +
         glsl_words_constant(prefix + "_R2", C::r2_mod_p,
                             "R^2 mod p: Montgomery product with it converts canonical -> Montgomery") +
         glsl_words_constant(prefix + "_MODULUS_MINUS_2", shader_modulus_minus_two<Params>(),
                             "p - 2: the exponent of Fermat inversion") +
         glsl_lazy_bound_constants<Params>(prefix);
}

// The constants of one curve y² = x³ + b, each name prefixed with `prefix` (e.g. "BN254_G1"); for
// a curve with a cofactor, also those of the G1 membership test (subgroup_check.glsl, the host's
// curve/subgroup_check.hpp): β' in Montgomery form and |z| as two 32-bit words.
template <class Curve>
std::string glsl_curve_constants(const std::string& prefix, const std::string& title) {
  std::string text = "\n// ---- " + title + " ----\n" +
                     glsl_words_constant(prefix + "_B", Curve::b().raw(),
                                         "b of y^2 = x^3 + b (b = " + std::to_string(Curve::b_small) +
                                             "), a base-field element in Montgomery form");
  if constexpr (Curve::has_cofactor) {
    const std::uint64_t z = subgroup_z_magnitude<Curve>();
    char z_line[128];
    std::snprintf(z_line, sizeof z_line, "const uint %s_SUBGROUP_Z_MAGNITUDE[2] = uint[2](0x%08xu, 0x%08xu);\n",
                  prefix.c_str(), static_cast<unsigned>(z), static_cast<unsigned>(z >> 32));
    text += glsl_words_constant(prefix + "_SUBGROUP_BETA", subgroup_beta<Curve>().raw(),
                                "beta' of the G1 test sigma(x, y) = (beta' x, y), Montgomery form") +
            "// |z|, the curve parameter's magnitude (z < 0), low word first\n" + z_line;
  }
  return text;
}

// "const uint kAffinePair… = 0x…u;" for every case of AffinePairCase.
inline std::string glsl_affine_pair_cases() {
  std::string text = "\n// ---- AffinePairCase (msm/common/affine_pair.hpp): the cases of affine_pair.glsl ----\n";
  for (const ShaderAffinePairCase& pair_case : kShaderAffinePairCases) {
    char line[96];
    std::snprintf(line, sizeof line, "const uint %s = 0x%08xu;\n", pair_case.name,
                  static_cast<unsigned>(pair_case.value));
    text += line;
  }
  return text;
}

// The whole header.
inline std::string shader_constants_glsl() {
  return "// GENERATED at build time by src/msm/vulkan/generate_shader_constants.cpp from FieldConstants\n"
         "// (src/field/field_constants.hpp). Do not edit, do not check in.\n"
         "#ifndef ZKMSM_SHADER_CONSTANTS_GLSL\n"
         "#define ZKMSM_SHADER_CONSTANTS_GLSL\n" +
         glsl_field_constants<Bn254FqParams>("BN254_FQ", "BN254 Fq: base field of BN254 G1, scalar field of Grumpkin") +
         glsl_field_constants<Bn254FrParams>("BN254_FR", "BN254 Fr: scalar field of BN254 G1, base field of Grumpkin") +
         glsl_curve_constants<Bn254G1>("BN254_G1", "BN254 G1: y^2 = x^3 + 3 over BN254 Fq") +
         glsl_curve_constants<GrumpkinG1>("GRUMPKIN", "Grumpkin: y^2 = x^3 - 17 over BN254 Fr") +
         glsl_field_constants<Bls12381FqParams>("BLS12_381_FQ", "BLS12-381 Fq: base field of BLS12-381 G1") +
         glsl_field_constants<Bls12381FrParams>("BLS12_381_FR", "BLS12-381 Fr: scalar field of BLS12-381 G1") +
         glsl_curve_constants<Bls12381G1>("BLS12_381_G1", "BLS12-381 G1: y^2 = x^3 + 4 over BLS12-381 Fq") +
         glsl_affine_pair_cases() + "\n#endif\n";
}

}  // namespace zkmsm::vulkan
