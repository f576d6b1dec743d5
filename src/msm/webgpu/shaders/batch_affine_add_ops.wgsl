// Test kernel of batch_affine_add.wgsl: sums[k] = lhs[k] + rhs[k] for k < count, affine points
// (Montgomery form, (0, 0) = infinity). Invocation t adds pairs t·S … t·S + S − 1 (fewer in the
// last one) as one batch, S = BATCH_SLOTS, so the pairs of one invocation share an inversion.
//
// Resources: 3 storage buffers (lhs, rhs, sums; AFFINE_WORDS words per point), 1 uniform. Workgroup size 64.

struct Arguments {
  count: u32,
}

@group(0) @binding(0) var<storage, read> lhs_words: array<u32>;
@group(0) @binding(1) var<storage, read> rhs_words: array<u32>;
@group(0) @binding(2) var<storage, read_write> sum_words: array<u32>;
@group(0) @binding(3) var<uniform> arguments: Arguments;

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) group: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) local: vec3<u32>) {
  let first = linear_invocation(group, groups, local, 64u) * BATCH_SLOTS;
  if (first >= arguments.count) { return; }
  let used = min(BATCH_SLOTS, arguments.count - first);
  for (var i = 0u; i < used; i++) {
    let base = AFFINE_WORDS * (first + i);
    for (var w = 0u; w < FIELD_WORDS; w++) {
      batch_lhs[i].x[w] = lhs_words[base + w];
      batch_lhs[i].y[w] = lhs_words[base + FIELD_WORDS + w];
      batch_rhs[i].x[w] = rhs_words[base + w];
      batch_rhs[i].y[w] = rhs_words[base + FIELD_WORDS + w];
    }
  }
  batch_affine_add(used);
  for (var i = 0u; i < used; i++) {
    let base = AFFINE_WORDS * (first + i);
    for (var w = 0u; w < FIELD_WORDS; w++) {
      sum_words[base + w] = batch_lhs[i].x[w];
      sum_words[base + FIELD_WORDS + w] = batch_lhs[i].y[w];
    }
  }
}
