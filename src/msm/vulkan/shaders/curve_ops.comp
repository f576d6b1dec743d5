#version 450
// Test kernel of affine_point.glsl and xyzz_point.glsl: for each k < count, with XYZZ points p, q
// and an affine point a (Montgomery form, host layouts):
//   xyzz_results[3k .. 3k + 2] = p + q, p + a (mixed), 2p
//   on_curve[k] = 1 when a is on the curve or at infinity, else 0
// Compiled once per curve (-DZKMSM_CURVE_BN254 / _GRUMPKIN / _BLS12_381).
//
// Resources: 5 storage buffers (p, q, a, xyzz_results, on_curve), 4 bytes of push constants
// (count), no workgroup memory. Workgroup size: specialization constant 0 (default 64).
#extension GL_GOOGLE_include_directive : require

layout(local_size_x = 64, local_size_x_id = 0) in;

layout(std430, set = 0, binding = 0) readonly buffer InputP { uint p_words[]; };
layout(std430, set = 0, binding = 1) readonly buffer InputQ { uint q_words[]; };
layout(std430, set = 0, binding = 2) readonly buffer InputA { uint a_words[]; };
layout(std430, set = 0, binding = 3) writeonly buffer XyzzResults { uint result_words[]; };
layout(std430, set = 0, binding = 4) writeonly buffer OnCurve { uint on_curve[]; };
layout(push_constant) uniform Arguments { uint count; };

#include "curve_params.glsl"
#include "field.glsl"
#include "affine_point.glsl"
#include "xyzz_point.glsl"

XyzzPoint load_p(uint index) {
  XyzzPoint v;
  for (uint w = 0u; w < FIELD_WORDS; ++w) {
    v.X[w] = p_words[XYZZ_WORDS * index + w];
    v.Y[w] = p_words[XYZZ_WORDS * index + FIELD_WORDS + w];
    v.ZZ[w] = p_words[XYZZ_WORDS * index + 2 * FIELD_WORDS + w];
    v.ZZZ[w] = p_words[XYZZ_WORDS * index + 3 * FIELD_WORDS + w];
  }
  return v;
}

XyzzPoint load_q(uint index) {
  XyzzPoint v;
  for (uint w = 0u; w < FIELD_WORDS; ++w) {
    v.X[w] = q_words[XYZZ_WORDS * index + w];
    v.Y[w] = q_words[XYZZ_WORDS * index + FIELD_WORDS + w];
    v.ZZ[w] = q_words[XYZZ_WORDS * index + 2 * FIELD_WORDS + w];
    v.ZZZ[w] = q_words[XYZZ_WORDS * index + 3 * FIELD_WORDS + w];
  }
  return v;
}

AffinePoint load_a(uint index) {
  AffinePoint v;
  for (uint w = 0u; w < FIELD_WORDS; ++w) {
    v.x[w] = a_words[AFFINE_WORDS * index + w];
    v.y[w] = a_words[AFFINE_WORDS * index + FIELD_WORDS + w];
  }
  return v;
}

void store_result(uint index, uint slot, XyzzPoint v) {
  const uint base = XYZZ_WORDS * (3u * index + slot);
  for (uint w = 0u; w < FIELD_WORDS; ++w) {
    result_words[base + w] = v.X[w];
    result_words[base + FIELD_WORDS + w] = v.Y[w];
    result_words[base + 2 * FIELD_WORDS + w] = v.ZZ[w];
    result_words[base + 3 * FIELD_WORDS + w] = v.ZZZ[w];
  }
}

void main() {
  const uint index = gl_GlobalInvocationID.x;
  if (index >= count) return;
  const XyzzPoint p = load_p(index);
  const XyzzPoint q = load_q(index);
  const AffinePoint a = load_a(index);
  store_result(index, 0u, xyzz_add(p, q));
  store_result(index, 1u, xyzz_add_affine(p, a));
  store_result(index, 2u, xyzz_doubled(p));
  on_curve[index] = affine_is_on_curve(a) ? 1u : 0u;
}
