// What the GPU shader generators write from the host's definitions, whatever the shading
// language (the Vulkan backend's GLSL header, the WebGPU backend's WGSL prelude): a 256-bit value
// as the hex text of its 8 × 32-bit words, p − 2 (the Fermat exponent), and the shader names of
// AffinePairCase's values.
#pragma once

#include <cstdio>
#include <string>

#include "core/bigint.hpp"
#include "field/field_constants.hpp"
#include "msm/common/affine_pair.hpp"

namespace zkmsm {

// "0x…u, 0x…u, …": the 8 × 32-bit words of `value`, word 0 least significant (the view of
// PrimeField's 4 × 64-bit little-endian limbs that the shaders hold).
inline std::string shader_words32(const BigInt<4>& value) {
  std::string text;
  for (int i = 0; i < 8; ++i) {
    char word[16];
    std::snprintf(word, sizeof word, "0x%08xu", static_cast<unsigned>(value.limb[i / 2] >> (32 * (i % 2))));
    text += word;
    if (i < 7) text += ", ";
  }
  return text;
}

// p − 2 for a 4-limb field: the exponent of Fermat inversion.
template <class Params>
BigInt<4> shader_modulus_minus_two() {
  static_assert(FieldConstants<Params>::limbs == 4, "the shaders use 8 × 32-bit words");
  BigInt<4> two{};
  two.limb[0] = 2;
  BigInt<4> out{};
  sub_with_borrow(out, FieldConstants<Params>::modulus, two);
  return out;
}

// The shaders' names of AffinePairCase's values: kAffinePair + the case in CamelCase.
struct ShaderAffinePairCase {
  const char* name;
  AffinePairCase value;
};
inline constexpr ShaderAffinePairCase kShaderAffinePairCases[] = {
    {"kAffinePairNone", AffinePairCase::none},         {"kAffinePairAdd", AffinePairCase::add},
    {"kAffinePairDoubling", AffinePairCase::doubling}, {"kAffinePairCopyLhs", AffinePairCase::copy_lhs},
    {"kAffinePairCopyRhs", AffinePairCase::copy_rhs},  {"kAffinePairInfinity", AffinePairCase::infinity},
};

}  // namespace zkmsm
