#version 450
// Pair tree, before level 0: one invocation per sorted entry p < E of the batch (BucketStages:
// keys ascending, sentinels W · B after the M valid entries). For the entry's bucket b with
// N = bucket_end[b] − bucket_start[b] entries:
//   N = 1: the bucket's sum is the entry's point → bucket_sums[b] (finalize and drop: the bucket
//          takes no position in any level)
//   N ≥ 2: the level-0 key of its position, keys0[offsets0[b] + p − bucket_start[b]] = b, so
//          pair_tree_level.comp finds a position's bucket with one read
// Sentinel entries do nothing. offsets0 is level 0's scan (pair_tree_scan.comp), keys0 and
// offsets0 are regions of the state buffer (word offsets in the push constants).
//
// Entries: value = point index | sign << 31; the point is read from the bases (AffinePoint layout,
// 2W words, Montgomery form, (0, 0) = infinity) and negated for a negative digit. bucket_sums: 16
// words per bucket, the same format.
//
// Resources: 7 storage buffers (points, sorted keys, sorted values, bucket_start, bucket_end,
// state, bucket sums), 16 bytes of push constants, no workgroup memory. Specialization constant
// 0 = workgroup size (PairTree::kPrepareWorkgroupSize, 64, not tuned). Dispatch ⌈E / size⌉
// workgroups (a 2-D grid above 65,535). Compiled per curve (-DZKMSM_CURVE_BN254 / _GRUMPKIN / _BLS12_381).
#extension GL_GOOGLE_include_directive : require

layout(local_size_x = 64, local_size_x_id = 0) in;

layout(std430, set = 0, binding = 0) readonly buffer Points { uint point_words[]; };
layout(std430, set = 0, binding = 1) readonly buffer SortedKeys { uint sorted_keys[]; };
layout(std430, set = 0, binding = 2) readonly buffer SortedValues { uint sorted_values[]; };
layout(std430, set = 0, binding = 3) readonly buffer BucketStart { uint bucket_start[]; };
layout(std430, set = 0, binding = 4) readonly buffer BucketEnd { uint bucket_end[]; };
layout(std430, set = 0, binding = 5) buffer State { uint state[]; };
layout(std430, set = 0, binding = 6) writeonly buffer BucketSums { uint bucket_sum_words[]; };
layout(push_constant) uniform Arguments {
  uint entries;   // E, sorted entries of the batch (valid and sentinel)
  uint sentinel;  // W · B, the sentinel key
  uint keys0;     // word offset of level 0's keys in state
  uint offsets0;  // word offset of level 0's bucket offsets in state
};

#include "curve_params.glsl"
#include "field.glsl"
#include "affine_point.glsl"
#include "pair_tree.glsl"

void main() {
  const uint p = pair_tree_workgroup() * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
  if (p >= entries) return;
  const uint bucket = sorted_keys[p];
  if (bucket >= sentinel) return;
  const uint start = bucket_start[bucket];
  if (bucket_end[bucket] - start >= 2u) {
    state[keys0 + state[offsets0 + bucket] + p - start] = bucket;
    return;
  }
  const uint value = sorted_values[p];
  const uint base = AFFINE_WORDS * (value & 0x7fffffffu);
  AffinePoint point;
  for (uint w = 0u; w < FIELD_WORDS; ++w) {
    point.x[w] = point_words[base + w];
    point.y[w] = point_words[base + FIELD_WORDS + w];
  }
  if ((value >> 31) != 0u) point = affine_negate(point);
  for (uint w = 0u; w < FIELD_WORDS; ++w) {
    bucket_sum_words[AFFINE_WORDS * bucket + w] = point.x[w];
    bucket_sum_words[AFFINE_WORDS * bucket + FIELD_WORDS + w] = point.y[w];
  }
}
