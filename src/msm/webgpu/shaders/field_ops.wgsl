// Test kernel of field.wgsl: for each i < count, the six results of (a[i], b[i]) in Montgomery
// form, fully reduced, at results[6i … 6i + 5]: a + b, a − b, a·b, a², −a, a⁻¹ (0 for 0).
//
// Resources: 3 storage buffers (a, b, results; FIELD_WORDS words per element), 1 uniform (count).
// Workgroup size 64.

struct Arguments {
  count: u32,
}

@group(0) @binding(0) var<storage, read> a_words: array<u32>;
@group(0) @binding(1) var<storage, read> b_words: array<u32>;
@group(0) @binding(2) var<storage, read_write> result_words: array<u32>;
@group(0) @binding(3) var<uniform> arguments: Arguments;

const kResultsPerElement = 6u;

fn load_a(index: u32) -> Field {
  var v: Field;
  for (var w = 0u; w < FIELD_WORDS; w++) { v[w] = a_words[FIELD_WORDS * index + w]; }
  return v;
}

fn load_b(index: u32) -> Field {
  var v: Field;
  for (var w = 0u; w < FIELD_WORDS; w++) { v[w] = b_words[FIELD_WORDS * index + w]; }
  return v;
}

fn store_result(index: u32, slot: u32, v: Field) {
  let base = FIELD_WORDS * (kResultsPerElement * index + slot);
  for (var w = 0u; w < FIELD_WORDS; w++) { result_words[base + w] = v[w]; }
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) group: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) local: vec3<u32>) {
  let index = linear_invocation(group, groups, local, 64u);
  if (index >= arguments.count) { return; }
  let a = load_a(index);
  let b = load_b(index);
  store_result(index, 0u, field_add(a, b));
  store_result(index, 1u, field_sub(a, b));
  store_result(index, 2u, field_mul(a, b));
  store_result(index, 3u, field_sqr(a));
  store_result(index, 4u, field_neg(a));
  store_result(index, 5u, field_inverse(a));
}
