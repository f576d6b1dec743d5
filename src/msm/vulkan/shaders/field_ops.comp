#version 450
// Test kernel of field.glsl, field_lazy.glsl and safegcd_inverse.glsl: for each i < count, the
// twelve results of (a[i], b[i]) in Montgomery form, fully reduced, at results[12i .. 12i + 11]:
//   a + b, a − b, a·b, a², −a, a⁻¹ by safegcd, a⁻¹ by Fermat (both 0 for 0),
// then the lazy operations on the lazily reduced inputs a + p and b + p (< 2p), reduced after:
//   a + b, a − b, a·b, a·b − a² (field_mul_sub_mul_lazy), one if a + p is the element 0 else 0;
// all five 0 in a field without lazy bounds (BLS12-381 Fr: 4p > R).
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
#if defined(FIELD_TWO_MODULUS)
#include "field_lazy.glsl"
#endif
#include "safegcd_inverse.glsl"

const uint kResultsPerElement = 12u;

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
#if defined(FIELD_TWO_MODULUS)
  // a + p and b + p: the same elements, < 2p.
  const uint a_lazy[FIELD_WORDS] = words_add(a, FIELD_MODULUS);
  const uint b_lazy[FIELD_WORDS] = words_add(b, FIELD_MODULUS);
  store_result(index, 7u, field_reduced(field_add_lazy(a_lazy, b_lazy)));
  store_result(index, 8u, field_reduced(field_sub_lazy(a_lazy, b)));
  store_result(index, 9u, field_reduced(field_mul_lazy(a_lazy, b_lazy)));
  store_result(index, 10u, field_reduced(field_mul_sub_mul_lazy(a_lazy, b, a, a_lazy)));
  store_result(index, 11u, field_is_zero_lazy(a_lazy) ? field_one() : field_zero());
#else
  for (uint slot = 7u; slot < kResultsPerElement; ++slot) store_result(index, slot, field_zero());
#endif
}
