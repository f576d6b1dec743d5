// The WGSL constants every WebGPU shader is prefixed with, written from the host's FieldConstants
// (field/field_constants.hpp), the only place the numbers are derived: WGSL has no preprocessor,
// so webgpu_shaders.cpp assembles each shader's text at run time as these constants, then the
// shared sources (field.wgsl, …), then the kernel.
//
// Layout: a 256-bit value is `const NAME = array<u32, 8>(…)`, word 0 least significant (the
// 8 × 32-bit view of PrimeField's 4 × 64-bit little-endian limbs); canonical integers (p, R,
// p − 2).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "core/bigint.hpp"
#include "field/bn254_fields.hpp"
#include "field/field_constants.hpp"
#include "msm/common/shader_constants.hpp"

namespace zkmsm::webgpu {

enum class FieldId { bn254_fq, bn254_fr };
enum class CurveId { bn254, grumpkin };

// "const NAME = array<u32, 8>(0x…u, …);" with a comment line above it.
inline std::string wgsl_words_constant(const std::string& name, const BigInt<4>& value, const std::string& comment) {
  return "// " + comment + "\nconst " + name + " = array<u32, 8>(" + shader_words32(value) + ");\n";
}

// The constants field.wgsl reads, for the field of Params.
template <class Params>
std::string wgsl_field_constants(const std::string& title) {
  using C = FieldConstants<Params>;
  static_assert(C::limbs == 4, "the shaders use 8 × 32-bit words");
  char neg_inv[64];
  std::snprintf(neg_inv, sizeof neg_inv, "const FIELD_NEG_INV32 = 0x%08xu;\n", static_cast<unsigned>(C::neg_inv32));
  return "// ---- " + title + " (generated from FieldConstants) ----\n" +
         wgsl_words_constant("FIELD_MODULUS", C::modulus, "p, canonical") +
         wgsl_words_constant("FIELD_R", C::r_mod_p, "R = 2^256 mod p: one in Montgomery form") +
         wgsl_words_constant("FIELD_R2", C::r2_mod_p, "R^2 mod p: safegcd's seed, which makes its inverse Montgomery") +
         "// -p^-1 mod 2^32: the Montgomery reduction factor of one 32-bit word\n" + neg_inv;
}

inline std::string wgsl_field_constants(FieldId field) {
  return field == FieldId::bn254_fq ? wgsl_field_constants<Bn254FqParams>("BN254 Fq")
                                    : wgsl_field_constants<Bn254FrParams>("BN254 Fr");
}

// "const kAffinePair<Case> = …u;" for every AffinePairCase (affine_pair.wgsl's case numbers).
inline std::string wgsl_affine_pair_cases() {
  std::string text = "// AffinePairCase (msm/common/affine_pair.hpp): the cases of affine_pair.wgsl\n";
  for (const ShaderAffinePairCase& pair_case : kShaderAffinePairCases) {
    text += "const " + std::string(pair_case.name) + " = " + std::to_string(static_cast<unsigned>(pair_case.value)) +
            "u;\n";
  }
  return text;
}

// A curve's shader constants: its base field's (FIELD_*, the coordinates'), its scalar field's
// modulus SCALAR_MODULUS (r: BN254's is Fr, Grumpkin's is Fq) and the affine-pair cases.
inline std::string wgsl_curve_constants(CurveId curve) {
  const BigInt<4>& r =
      curve == CurveId::bn254 ? FieldConstants<Bn254FrParams>::modulus : FieldConstants<Bn254FqParams>::modulus;
  return wgsl_field_constants(curve == CurveId::bn254 ? FieldId::bn254_fq : FieldId::bn254_fr) +
         wgsl_words_constant("SCALAR_MODULUS", r, "r: the order of the group, the scalars' modulus") +
         wgsl_affine_pair_cases();
}

// The constants batch_affine_add.wgsl reads: BATCH_SLOTS, S, the additions of one batch (it sizes
// the private arrays: one pipeline per S), and BATCH_CACHE_DENOMINATORS, whether the forward pass
// keeps the denominators for the backward pass (the pair tree's dx cache).
inline std::string wgsl_batch_constants(std::uint32_t slots, bool cache_denominators) {
  return "const BATCH_SLOTS = " + std::to_string(slots) +
         "u;\nconst BATCH_CACHE_DENOMINATORS = " + (cache_denominators ? "true" : "false") + ";\n";
}

}  // namespace zkmsm::webgpu
