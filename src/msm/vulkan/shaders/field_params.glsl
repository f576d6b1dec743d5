// Selects the field that field.glsl computes in, from a define given to glslc:
//   -DZKMSM_FIELD_BN254_FQ   BN254 Fq (BN254 G1 coordinates; Grumpkin scalars)
//   -DZKMSM_FIELD_BN254_FR   BN254 Fr (BN254 G1 scalars; Grumpkin coordinates)
// The constants come from the generated shader_constants.glsl (FieldConstants on the host).
#ifndef ZKMSM_FIELD_PARAMS_GLSL
#define ZKMSM_FIELD_PARAMS_GLSL

#include "shader_constants.glsl"

#if defined(ZKMSM_FIELD_BN254_FQ)
#define FIELD_MODULUS BN254_FQ_MODULUS
#define FIELD_R BN254_FQ_R
#define FIELD_R2 BN254_FQ_R2
#define FIELD_MODULUS_MINUS_2 BN254_FQ_MODULUS_MINUS_2
#define FIELD_NEG_INV32 BN254_FQ_NEG_INV32
#elif defined(ZKMSM_FIELD_BN254_FR)
#define FIELD_MODULUS BN254_FR_MODULUS
#define FIELD_R BN254_FR_R
#define FIELD_R2 BN254_FR_R2
#define FIELD_MODULUS_MINUS_2 BN254_FR_MODULUS_MINUS_2
#define FIELD_NEG_INV32 BN254_FR_NEG_INV32
#else
#error "define ZKMSM_FIELD_BN254_FQ or ZKMSM_FIELD_BN254_FR"
#endif

#endif
