// What the GPU shader generators write from the host's definitions, whatever the shading
// language (the Vulkan backend's GLSL header, the WebGPU backend's WGSL prelude): a field-sized
// value as the hex text of its 32-bit words, p − 2 (the Fermat exponent), and the shader names of
// AffinePairCase's values.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>

#include "core/bigint.hpp"
#include "field/field_constants.hpp"
#include "msm/common/affine_pair.hpp"

namespace zkmsm {

// "0x…u, 0x…u, …": the 2L × 32-bit words of `value`, word 0 least significant (the view of
// PrimeField's L × 64-bit little-endian limbs that the shaders hold).
template <std::size_t L>
std::string shader_words32(const BigInt<L>& value) {
  std::string text;
  for (std::size_t i = 0; i < 2 * L; ++i) {
    char word[16];
    std::snprintf(word, sizeof word, "0x%08xu", static_cast<unsigned>(value.limb[i / 2] >> (32 * (i % 2))));
    text += word;
    if (i + 1 < 2 * L) text += ", ";
  }
  return text;
}

// p − 2: the exponent of Fermat inversion.
template <class Params>
BigInt<FieldConstants<Params>::limbs> shader_modulus_minus_two() {
  constexpr std::size_t L = FieldConstants<Params>::limbs;
  BigInt<L> two{};
  two.limb[0] = 2;
  BigInt<L> out{};
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
