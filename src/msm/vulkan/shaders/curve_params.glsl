// Selects the curve that the curve shaders compute on, from a define given to glslc, and with it
// the base field (field_params.glsl):
//   -DZKMSM_CURVE_BN254      BN254 G1, y² = x³ + 3 over BN254 Fq
//   -DZKMSM_CURVE_GRUMPKIN   Grumpkin, y² = x³ − 17 over BN254 Fr
//   -DZKMSM_CURVE_BLS12_381  BLS12-381 G1, y² = x³ + 4 over BLS12-381 Fq (cofactor > 1:
//                            CURVE_HAS_COFACTOR, and the constants of subgroup_check.glsl)
// CURVE_B is b in Montgomery form, from the generated shader_constants.glsl (the curve's b() on
// the host). A point takes AFFINE_WORDS words in storage (x then y) and XYZZ_WORDS as XYZZ
// (X, Y, ZZ, ZZZ), FIELD_WORDS per coordinate.
#ifndef ZKMSM_CURVE_PARAMS_GLSL
#define ZKMSM_CURVE_PARAMS_GLSL

#if defined(ZKMSM_CURVE_BN254)
#define ZKMSM_FIELD_BN254_FQ
#define CURVE_B BN254_G1_B
#elif defined(ZKMSM_CURVE_GRUMPKIN)
#define ZKMSM_FIELD_BN254_FR
#define CURVE_B GRUMPKIN_B
#elif defined(ZKMSM_CURVE_BLS12_381)
#define ZKMSM_FIELD_BLS12_381_FQ
#define CURVE_B BLS12_381_G1_B
#define CURVE_HAS_COFACTOR
#define CURVE_SUBGROUP_BETA BLS12_381_G1_SUBGROUP_BETA
#define CURVE_SUBGROUP_Z_MAGNITUDE BLS12_381_G1_SUBGROUP_Z_MAGNITUDE
#else
#error "define ZKMSM_CURVE_BN254, ZKMSM_CURVE_GRUMPKIN or ZKMSM_CURVE_BLS12_381"
#endif

#include "field_params.glsl"

#define AFFINE_WORDS (2 * FIELD_WORDS)
#define XYZZ_WORDS (4 * FIELD_WORDS)

#endif
