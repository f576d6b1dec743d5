// Selects the curve that the curve shaders compute on, from a define given to glslc, and with it
// the base field (field_params.glsl):
//   -DZKMSM_CURVE_BN254     BN254 G1, y² = x³ + 3 over BN254 Fq
//   -DZKMSM_CURVE_GRUMPKIN  Grumpkin, y² = x³ − 17 over BN254 Fr
// CURVE_B is b in Montgomery form, from the generated shader_constants.glsl (the curve's b() on
// the host).
#ifndef ZKMSM_CURVE_PARAMS_GLSL
#define ZKMSM_CURVE_PARAMS_GLSL

#if defined(ZKMSM_CURVE_BN254)
#define ZKMSM_FIELD_BN254_FQ
#define CURVE_B BN254_G1_B
#elif defined(ZKMSM_CURVE_GRUMPKIN)
#define ZKMSM_FIELD_BN254_FR
#define CURVE_B GRUMPKIN_B
#else
#error "define ZKMSM_CURVE_BN254 or ZKMSM_CURVE_GRUMPKIN"
#endif

#include "field_params.glsl"

#endif
