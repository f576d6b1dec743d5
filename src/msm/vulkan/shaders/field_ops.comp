#version 450
// Test kernel of field.glsl and safegcd_inverse.glsl: for each i < count, the seven results of
// (a[i], b[i]) in Montgomery form, fully reduced, at results[7i .. 7i + 6]:
//   a + b, a − b, a·b, a², −a, a⁻¹ by safegcd, a⁻¹ by Fermat (both 0 for 0).
// Compiled once per field (-DZKMSM_FIELD_BN254_FQ / _FR, -DZKMSM_FIELD_BLS12_381_FQ / _FR).
//
// Resources: 3 storage buffers (a, b, results; each element W words), 4 bytes of push constants
// (count), no workgroup memory. Workgroup size: specialization constant 0 (default 64).
#extension GL_GOOGLE_include_directive : require

layout(local_size_x = 64, local_size_x_id = 0) in;

layout(std430, set = 0, binding = 0) readonly buffer InputA { uint a_words[]; };
layout(std430, set = 0, binding = 1) readonly buffer InputB { uint b_words[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Results { uint result_words[]; };
layout(push_constant) uniform Arguments { uint count; };

#include "field_params.glsl"
#include "field.glsl"
#include "safegcd_inverse.glsl"

const uint kResultsPerElement = 7u;

uint[FIELD_WORDS] load_a(uint index) {
  uint v[FIELD_WORDS];
  for (int w = 0; w < FIELD_WORDS; ++w) v[w] = a_words[FIELD_WORDS * index + uint(w)];
  return v;
}

uint[FIELD_WORDS] load_b(uint index) {
  uint v[FIELD_WORDS];
  for (int w = 0; w < FIELD_WORDS; ++w) v[w] = b_words[FIELD_WORDS * index + uint(w)];
  return v;
}

void store_result(uint index, uint slot, uint v[FIELD_WORDS]) {
  const uint base = FIELD_WORDS * (kResultsPerElement * index + slot);
  for (int w = 0; w < FIELD_WORDS; ++w) result_words[base + uint(w)] = v[w];
}

void main() {
  const uint index = gl_GlobalInvocationID.x;
  if (index >= count) return;
  const uint a[FIELD_WORDS] = load_a(index);
  const uint b[FIELD_WORDS] = load_b(index);
  store_result(index, 0u, field_add(a, b));
  store_result(index, 1u, field_sub(a, b));
  store_result(index, 2u, field_mul(a, b));
  store_result(index, 3u, field_sqr(a));
  store_result(index, 4u, field_neg(a));
  store_result(index, 5u, field_inverse_safegcd(a));
  store_result(index, 6u, field_inverse_fermat(a));
}
