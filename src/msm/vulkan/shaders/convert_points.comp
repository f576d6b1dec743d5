#version 450
// convert_inputs on Vulkan: the caller's points, uploaded as they are (the public Point layout:
// x then y, 8 little-endian 32-bit words each; (0, 0) = infinity), brought in place into the
// pipeline's form: reduced Montgomery-form coordinates, (0, 0) = infinity, on the curve.
//
//   to_montgomery = 1   canonical coordinates: each is multiplied by R² (one Montgomery
//                       multiplication: x·R²·R⁻¹ = x·R)
//   validate = 1        y² = x³ + b is checked on the converted point (infinity allowed), and on a
//                       curve with a cofactor (BLS12-381) membership in G1 (subgroup_check.glsl)
// A coordinate ≥ p is rejected whenever the shader runs (the host path of the API layer rejects
// it whenever points are converted or validated). A rejected point leaves its index in
// first_rejected (atomicMin: the LOWEST bad index, as the host path reports the first); the host
// initialises it to 0xffffffff (none) and says why that point was rejected. The points after a
// rejection are still converted; the MSM's result is discarded.
//
// Cost: 2 multiplications per point to convert, ~4 more to validate (memory-bound), and ~1,300
// for the G1 test of BLS12-381 (compute-bound).
// Resources: 2 storage buffers (points, first_rejected), 12 bytes of push constants, no workgroup
// memory. Workgroup size: specialization constant 0 (default 64, not tuned). Compiled per curve.
#extension GL_GOOGLE_include_directive : require

layout(local_size_x = 64, local_size_x_id = 0) in;

layout(std430, set = 0, binding = 0) buffer Points { uint point_words[]; };
layout(std430, set = 0, binding = 1) buffer FirstRejected { uint first_rejected; };
layout(push_constant) uniform Arguments {
  uint n;              // points
  uint to_montgomery;  // 1: the coordinates are canonical
  uint validate;       // 1: check y² = x³ + b (and G1 membership where there is a cofactor)
};

#include "curve_params.glsl"
#include "field.glsl"
#include "affine_point.glsl"
#ifdef CURVE_HAS_COFACTOR
#include "xyzz_point.glsl"
#include "subgroup_check.glsl"
#endif

bool is_canonical(uint a[FIELD_WORDS]) {
  uint difference[FIELD_WORDS];
  return words_sub(difference, a, FIELD_MODULUS) != 0u;  // a − p borrows: a < p
}

void main() {
  const uint index = gl_GlobalInvocationID.x;
  if (index >= n) return;
  const uint base = AFFINE_WORDS * index;
  AffinePoint p;
  for (uint w = 0u; w < FIELD_WORDS; ++w) {
    p.x[w] = point_words[base + w];
    p.y[w] = point_words[base + FIELD_WORDS + w];
  }
  if (affine_is_infinity(p)) return;
  if (!is_canonical(p.x) || !is_canonical(p.y)) {
    atomicMin(first_rejected, index);
    return;
  }
  if (to_montgomery != 0u) {
    p.x = field_mul(p.x, FIELD_R2);
    p.y = field_mul(p.y, FIELD_R2);
    for (uint w = 0u; w < FIELD_WORDS; ++w) {
      point_words[base + w] = p.x[w];
      point_words[base + FIELD_WORDS + w] = p.y[w];
    }
  }
  if (validate == 0u) return;
  if (!affine_is_on_curve(p)) {
    atomicMin(first_rejected, index);
    return;
  }
#ifdef CURVE_HAS_COFACTOR
  if (!in_prime_order_subgroup(p)) atomicMin(first_rejected, index);
#endif
}
