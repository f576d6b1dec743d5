// Pair tree, before level 0: one invocation per sorted entry p < E of the batch (keys ascending,
// the sentinel key after the M valid entries). For the entry's bucket b with
// N = bucket_end[b] − bucket_start[b] entries:
//   N = 1: the bucket's sum is the entry's point → bucket_sums[b] (finalized: the bucket takes no
//          position in any level)
//   N ≥ 2: the level-0 key of its position, keys0[offsets0[b] + p − bucket_start[b]] = b, so that
//          pair_tree_level.wgsl finds a position's bucket with one read
// Sentinel entries do nothing. offsets0 is level 0's scan (pair_tree_scan.wgsl); keys0 and offsets0
// are regions of the state buffer (word offsets in the arguments).
//
// Entries: value = point index | sign << 31; the point is read from the bases (AffinePoint layout,
// AFFINE_WORDS words, Montgomery form, (0, 0) = infinity) and negated for a negative digit.
// bucket_sums: AFFINE_WORDS words per bucket, the same format.
//
// Resources: 7 storage buffers (points, sorted keys, sorted values, bucket_start, bucket_end,
// state, bucket sums), 1 uniform, no workgroup memory. Workgroup size 64 (not tuned). Dispatch
// ⌈E / 64⌉ workgroups (rows above 65,535: dispatch.wgsl).

struct Arguments {
  entries: u32,   // E, sorted entries of the batch (valid and sentinel)
  sentinel: u32,  // the sentinel key, the batch's buckets
  keys0: u32,     // word offset of level 0's keys in state
  offsets0: u32,  // word offset of level 0's bucket offsets in state
}

@group(0) @binding(0) var<storage, read> point_words: array<u32>;
@group(0) @binding(1) var<storage, read> sorted_keys: array<u32>;
@group(0) @binding(2) var<storage, read> sorted_values: array<u32>;
@group(0) @binding(3) var<storage, read> bucket_start: array<u32>;
@group(0) @binding(4) var<storage, read> bucket_end: array<u32>;
@group(0) @binding(5) var<storage, read_write> state: array<u32>;
@group(0) @binding(6) var<storage, read_write> bucket_sum_words: array<u32>;
@group(0) @binding(7) var<uniform> arguments: Arguments;

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) group: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) local: vec3<u32>) {
  let p = linear_invocation(group, groups, local, 64u);
  if (p >= arguments.entries) { return; }
  let bucket = sorted_keys[p];
  if (bucket >= arguments.sentinel) { return; }
  let start = bucket_start[bucket];
  if (bucket_end[bucket] - start >= 2u) {
    state[arguments.keys0 + state[arguments.offsets0 + bucket] + p - start] = bucket;
    return;
  }
  let value = sorted_values[p];
  let base = AFFINE_WORDS * (value & 0x7fffffffu);
  var point: AffinePoint;
  for (var w = 0u; w < FIELD_WORDS; w++) {
    point.x[w] = point_words[base + w];
    point.y[w] = point_words[base + FIELD_WORDS + w];
  }
  if ((value >> 31u) != 0u) { point = affine_negate(point); }
  for (var w = 0u; w < FIELD_WORDS; w++) {
    bucket_sum_words[AFFINE_WORDS * bucket + w] = point.x[w];
    bucket_sum_words[AFFINE_WORDS * bucket + FIELD_WORDS + w] = point.y[w];
  }
}
