// The WGSL constants every WebGPU shader is prefixed with, written from the host's FieldConstants
// (field/field_constants.hpp), the only place the numbers are derived: WGSL has no preprocessor,
// so webgpu_shaders.cpp assembles each shader's text at run time as these constants, then the
// shared sources (field.wgsl, …), then the kernel.
//
// Layout: a field element is `const NAME = array<u32, W>(…)`, word 0 least significant (the
// W × 32-bit view of PrimeField's W/2 × 64-bit little-endian limbs: W = FIELD_WORDS = 8 for the
// BN254 fields, 12 for BLS12-381's base field); canonical integers (p, R, R²).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "core/bigint.hpp"
#include "curve/subgroup_check.hpp"
#include "field/bls12_381_fields.hpp"
#include "field/bn254_fields.hpp"
#include "field/field_constants.hpp"
#include "msm/common/shader_constants.hpp"
#include "msm/webgpu/field_multiplication.hpp"
#include "msm/webgpu/webgpu_curve.hpp"

namespace zkmsm::webgpu {

// "const NAME = array<u32, 2L>(0x…u, …);" with a comment line above it.
template <std::size_t L>
std::string wgsl_words_constant(const std::string& name, const BigInt<L>& value, const std::string& comment) {
  return "// " + comment + "\nconst " + name + " = array<u32, " + std::to_string(2 * L) + ">(" + shader_words32(value) +
         ");\n";
}

// The constants field.wgsl reads, for the field of Params, and its field_mul in the module's form
// (field_multiplication.hpp: a static source or one generated from the same constants).
template <class Params>
std::string wgsl_field_constants(const std::string& title) {
  using C = FieldConstants<Params>;
  static_assert(C::limbs == 4 || C::limbs == 6, "the shaders use 8 or 12 × 32-bit words");
  static_assert(C::spare_bits >= 1, "field.wgsl needs 2p < R");
  char neg_inv[64];
  std::snprintf(neg_inv, sizeof neg_inv, "const FIELD_NEG_INV32 = 0x%08xu;\n", static_cast<unsigned>(C::neg_inv32));
  return "// ---- " + title + " (generated from FieldConstants) ----\n" +
         "const FIELD_WORDS = " + std::to_string(2 * C::limbs) + "u;\n" +
         wgsl_words_constant("FIELD_MODULUS", C::modulus, "p, canonical") +
         wgsl_words_constant("FIELD_R", C::r_mod_p,
                             "R = 2^" + std::to_string(64 * C::limbs) + " mod p: one in Montgomery form") +
         wgsl_words_constant("FIELD_R2", C::r2_mod_p, "R^2 mod p: safegcd's seed, which makes its inverse Montgomery") +
         "// -p^-1 mod 2^32: the Montgomery reduction factor of one 32-bit word\n" + neg_inv + wgsl_field_mul<Params>();
}

inline std::string wgsl_field_constants(FieldId field) {
  switch (field) {
    case FieldId::bn254_fr:
      return wgsl_field_constants<Bn254FrParams>("BN254 Fr");
    case FieldId::bls12_381_fq:
      return wgsl_field_constants<Bls12381FqParams>("BLS12-381 Fq");
    case FieldId::bls12_381_fr:
      return wgsl_field_constants<Bls12381FrParams>("BLS12-381 Fr");
    case FieldId::bn254_fq:
    default:
      return wgsl_field_constants<Bn254FqParams>("BN254 Fq");
  }
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

// The order r of a curve's group, the scalars' modulus: BN254's is BN254 Fr's modulus, Grumpkin's
// BN254 Fq's, BLS12-381 G1's BLS12-381 Fr's (each below 2^256: kScalarWords words).
inline const BigInt<4>& scalar_modulus(CurveId curve) {
  switch (curve) {
    case CurveId::grumpkin:
      return FieldConstants<Bn254FqParams>::modulus;
    case CurveId::bls12_381:
      return FieldConstants<Bls12381FrParams>::modulus;
    case CurveId::bn254:
    default:
      return FieldConstants<Bn254FrParams>::modulus;
  }
}

// A curve's shader constants: its base field's (FIELD_*, the coordinates'), its scalar field's
// modulus SCALAR_MODULUS and the affine-pair cases.
inline std::string wgsl_curve_constants(CurveId curve) {
  return wgsl_field_constants(base_field(curve)) +
         wgsl_words_constant("SCALAR_MODULUS", scalar_modulus(curve),
                             "r: the order of the group, the scalars' modulus") +
         wgsl_affine_pair_cases();
}

// The constants convert_points.wgsl reads for the curve y² = x³ + b of Curve: CURVE_B (b, a
// base-field element in Montgomery form), and for a curve with a cofactor those of the G1 test
// (subgroup_check.wgsl, the host's curve/subgroup_check.hpp): CURVE_SUBGROUP_BETA (β', Montgomery
// form) and CURVE_SUBGROUP_Z_MAGNITUDE (|z| as two 32-bit words, low first).
template <class Curve>
std::string wgsl_point_check_constants() {
  std::string text = wgsl_words_constant(
      "CURVE_B", Curve::b().raw(), "b of y^2 = x^3 + b (b = " + std::to_string(Curve::b_small) + "), Montgomery form");
  if constexpr (Curve::has_cofactor) {
    const std::uint64_t z = subgroup_z_magnitude<Curve>();
    char z_line[128];
    std::snprintf(z_line, sizeof z_line, "const CURVE_SUBGROUP_Z_MAGNITUDE = array<u32, 2>(0x%08xu, 0x%08xu);\n",
                  static_cast<unsigned>(z), static_cast<unsigned>(z >> 32));
    text += wgsl_words_constant("CURVE_SUBGROUP_BETA", subgroup_beta<Curve>().raw(),
                                "beta' of the G1 test sigma(x, y) = (beta' x, y), Montgomery form") +
            "// |z|, the curve parameter's magnitude (z < 0), low word first\n" + z_line;
  }
  return text;
}

inline std::string wgsl_point_check_constants(CurveId curve) {
  switch (curve) {
    case CurveId::grumpkin:
      return wgsl_point_check_constants<GrumpkinG1>();
    case CurveId::bls12_381:
      return wgsl_point_check_constants<Bls12381G1>();
    case CurveId::bn254:
    default:
      return wgsl_point_check_constants<Bn254G1>();
  }
}

// The constants batch_affine_add.wgsl reads: BATCH_SLOTS, S, the additions of one batch (it sizes
// the private arrays: one pipeline per S), and BATCH_CACHE_DENOMINATORS, whether the forward pass
// keeps the denominators for the backward pass (the pair tree's dx cache).
inline std::string wgsl_batch_constants(std::uint32_t slots, bool cache_denominators) {
  return "const BATCH_SLOTS = " + std::to_string(slots) +
         "u;\nconst BATCH_CACHE_DENOMINATORS = " + (cache_denominators ? "true" : "false") + ";\n";
}

// The constant split_windows.wgsl and walker_combine.wgsl read: BUCKET_SUM_FORM, how the
// accumulator leaves its bucket sums (0 affine: the stream walker and the pair tree; 1 XYZZ: the
// xyzz walker).
inline std::string wgsl_bucket_sum_form(bool xyzz) {
  return std::string("const BUCKET_SUM_FORM = ") + (xyzz ? "1u" : "0u") + ";\n";
}

}  // namespace zkmsm::webgpu
