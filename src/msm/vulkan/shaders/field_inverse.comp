#version 450
// Inversion kernel: inverses[i] = a[i]⁻¹ (Montgomery form in and out, reduced; 0 ↦ 0) for i < count,
// by the method of specialization constant 1:
//   0  safegcd (safegcd_inverse.glsl)     1  Fermat (field.glsl's field_inverse_fermat)
// Used to time the two methods against each other (tests/vulkan/vulkan_inverse_timing.cpp) and to
// test them on many values. Compiled once per field (-DZKMSM_FIELD_BN254_FQ / _FR, -DZKMSM_FIELD_BLS12_381_FQ / _FR).
//
// Resources: 2 storage buffers (a, inverses; W words per element), 4 bytes of push constants
// (count), no workgroup memory. Workgroup size: specialization constant 0 (default 64).
#extension GL_GOOGLE_include_directive : require

layout(local_size_x = 64, local_size_x_id = 0) in;
layout(constant_id = 1) const uint INVERSE_METHOD = 0u;

layout(std430, set = 0, binding = 0) readonly buffer Input { uint a_words[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Inverses { uint inverse_words[]; };
layout(push_constant) uniform Arguments { uint count; };

#include "field_params.glsl"
#include "field.glsl"
#include "safegcd_inverse.glsl"

const uint kInverseSafegcd = 0u;

void main() {
  const uint index = gl_GlobalInvocationID.x;
  if (index >= count) return;
  uint a[FIELD_WORDS];
  for (int w = 0; w < FIELD_WORDS; ++w) a[w] = a_words[FIELD_WORDS * index + uint(w)];
  const uint inverse[FIELD_WORDS] = INVERSE_METHOD == kInverseSafegcd ? field_inverse_safegcd(a) : field_inverse_fermat(a);
  for (int w = 0; w < FIELD_WORDS; ++w) inverse_words[FIELD_WORDS * index + uint(w)] = inverse[w];
}
