#version 450
// Test kernel of batch_affine_add.glsl: sums[k] = lhs[k] + rhs[k] for k < count, affine points
// (Montgomery form, (0, 0) = infinity). Invocation t adds pairs t·S … t·S + S − 1 (fewer in the
// last one) as one batch, S = BATCH_SLOTS, so the pairs of one invocation share an inversion.
// Compiled once per curve (-DZKMSM_CURVE_BN254 / _GRUMPKIN / _BLS12_381).
//
// Resources: 3 storage buffers (lhs, rhs, sums; 2W words per point), 4 bytes of push constants
// (count), no workgroup memory. Specialization constants: 0 = workgroup size (default 64),
// 1 = BATCH_SLOTS (default 8; not tuned, the accumulator stages will measure it).
#extension GL_GOOGLE_include_directive : require

layout(local_size_x = 64, local_size_x_id = 0) in;
layout(constant_id = 1) const uint BATCH_SLOTS = 8u;

layout(std430, set = 0, binding = 0) readonly buffer Lhs { uint lhs_words[]; };
layout(std430, set = 0, binding = 1) readonly buffer Rhs { uint rhs_words[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Sums { uint sum_words[]; };
layout(push_constant) uniform Arguments { uint count; };

#include "curve_params.glsl"
#include "field.glsl"
#include "safegcd_inverse.glsl"
#include "affine_point.glsl"
#include "batch_affine_add.glsl"

void main() {
  const uint first = gl_GlobalInvocationID.x * BATCH_SLOTS;
  if (first >= count) return;
  const uint used = min(BATCH_SLOTS, count - first);
  for (uint i = 0u; i < used; ++i) {
    const uint base = AFFINE_WORDS * (first + i);
    for (uint w = 0u; w < FIELD_WORDS; ++w) {
      batch_lhs[i].x[w] = lhs_words[base + w];
      batch_lhs[i].y[w] = lhs_words[base + FIELD_WORDS + w];
      batch_rhs[i].x[w] = rhs_words[base + w];
      batch_rhs[i].y[w] = rhs_words[base + FIELD_WORDS + w];
    }
  }
  batch_affine_add(used);
  for (uint i = 0u; i < used; ++i) {
    const uint base = AFFINE_WORDS * (first + i);
    for (uint w = 0u; w < FIELD_WORDS; ++w) {
      sum_words[base + w] = batch_lhs[i].x[w];
      sum_words[base + FIELD_WORDS + w] = batch_lhs[i].y[w];
    }
  }
}
