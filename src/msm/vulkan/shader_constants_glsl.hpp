// The GLSL header of field constants that every Vulkan shader includes (shader_constants.glsl),
// written from the host's FieldConstants (field/field_constants.hpp), the only place the numbers
// are derived. generate_shader_constants.cpp writes it into the build tree at build time; it is
// never checked in, so it cannot be stale (see README.md).
//
// Layout in the header: every 256-bit value is a `const uint NAME[8]`, word 0 least significant,
// i.e. the 8 × 32-bit view of PrimeField's 4 × 64-bit little-endian limbs. Field constants are
// canonical integers (p, R, R², p − 2); curve constants (b) are field elements in Montgomery form,
// as the shaders compute with them, written from the curve's own b() (curve/bn254.hpp,
// curve/grumpkin.hpp). The affine-pair cases are `const uint kAffinePair<Case>`, the numbers of
// AffinePairCase (msm/common/affine_pair.hpp), which affine_pair.glsl mirrors name for name.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "core/bigint.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "field/bn254_fields.hpp"
#include "field/field_constants.hpp"
#include "msm/common/affine_pair.hpp"
#include "msm/common/shader_constants.hpp"

namespace zkmsm::vulkan {

// "const uint NAME[8] = uint[8](0x…u, …);" with an explanatory comment line above it.
inline std::string glsl_words_constant(const std::string& name, const BigInt<4>& value, const std::string& comment) {
  return "// " + comment + "\nconst uint " + name + "[8] = uint[8](" + shader_words32(value) + ");\n";
}

// The constants of one 4-limb field, each name prefixed with `prefix` (e.g. "BN254_FQ").
template <class Params>
std::string glsl_field_constants(const std::string& prefix, const std::string& title) {
  using C = FieldConstants<Params>;
  static_assert(C::limbs == 4, "the shaders use 8 × 32-bit words");
  const BigInt<4> modulus_minus_two = shader_modulus_minus_two<Params>();
  char neg_inv[96];
  std::snprintf(neg_inv, sizeof neg_inv, "const uint %s_NEG_INV32 = 0x%08xu;\n", prefix.c_str(),
                static_cast<unsigned>(C::neg_inv32));
  return "\n// ---- " + title + " ----\n" + glsl_words_constant(prefix + "_MODULUS", C::modulus, "p, canonical") +
         glsl_words_constant(prefix + "_R", C::r_mod_p, "R = 2^256 mod p: one in Montgomery form") +
         glsl_words_constant(prefix + "_R2", C::r2_mod_p,
                             "R^2 mod p: Montgomery product with it converts canonical -> Montgomery") +
         glsl_words_constant(prefix + "_MODULUS_MINUS_2", modulus_minus_two,
                             "p - 2: the exponent of Fermat inversion") +
         "// -p^-1 mod 2^32: the Montgomery reduction factor of one 32-bit word\n" + neg_inv;
}

// The constants of one curve y² = x³ + b, each name prefixed with `prefix` (e.g. "BN254_G1").
template <class Curve>
std::string glsl_curve_constants(const std::string& prefix, const std::string& title) {
  static_assert(Curve::BaseField::limbs == 4, "the shaders use 8 × 32-bit words");
  return "\n// ---- " + title + " ----\n" +
         glsl_words_constant(prefix + "_B", Curve::b().raw(),
                             "b of y^2 = x^3 + b (b = " + std::to_string(Curve::b_small) +
                                 "), a base-field element in Montgomery form");
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
         glsl_affine_pair_cases() + "\n#endif\n";
}

}  // namespace zkmsm::vulkan
