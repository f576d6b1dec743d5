#version 450
// Pair tree, one level ℓ: every bucket with count ≥ 2 partial sums at this level (pair_tree.glsl)
// has its entries added in pairs, S pairs per invocation with ONE field inversion
// (batch_affine_add.glsl: Montgomery's trick + safegcd, complete for every input).
//
// The level's array holds each such bucket's count partial sums at positions
// [offsets_in[b], offsets_in[b] + count) (offsets_in even, from pair_tree_scan.comp), and
// keys_in[q] = the bucket of position q. Invocation t takes the S pairs of positions
// (2i, 2i + 1), i = t·S … t·S + S − 1, below the level's total positions (the rest of its slots
// stay idle; an invocation with none returns). Pair i of bucket b, j = (2i − offsets_in[b]) / 2:
//   lhs = entry 2i, rhs = entry 2i + 1, or infinity when 2i is the odd count's last entry (the
//         carry: batch_affine_add copies lhs without a denominator)
//   count = 2 → the sum is the bucket's: bucket_sums[b]
//   count ≥ 3 → position offsets_out[b] + j of the next level's array (count ⌈count / 2⌉), and
//               keys_out there = b
// An entry at level 0 is a point: position q of bucket b is sorted entry bucket_start[b] + q −
// offsets_in[b], value = point index | sign << 31, read from the bases and negated for a negative
// digit. At level ℓ ≥ 1 it is active_in[q]. Points, partial sums and bucket sums are affine,
// 2W words (x then y), Montgomery form, (0, 0) = infinity.
//
// dx cache (specialization constant 2, PairTree's dx_cache, the seeds' "super_opt"): the forward
// product pass keeps each pair's denominator (dx = x_r − x_l, or 2y for a doubling) in private
// memory for the backward pass instead of recomputing it (batch_affine_add.glsl).
//
// Resources: 8 storage buffers (points, sorted values, bucket_start, bucket_end, state (keys,
// offsets, totals), active_in, active_out, bucket sums), 28 bytes of push constants, no workgroup
// memory. Specialization constants: 0 = workgroup size, 1 = S (BATCH_SLOTS), 2 = dx cache.
// Private memory per invocation: batch_affine_add.glsl's (5W + 1)·S words ((6W + 1)·S with the dx cache) plus
// 3·S words of slot state. Work per invocation: at most S pair loads, S additions and one safegcd
// inversion (lavapipe's loop limit, GPU watchdogs). Dispatch ⌈threads / size⌉ workgroups (a 2-D
// grid above 65,535). Compiled per curve (-DZKMSM_CURVE_BN254 / _GRUMPKIN / _BLS12_381).
#extension GL_GOOGLE_include_directive : require

layout(local_size_x = 64, local_size_x_id = 0) in;
layout(constant_id = 1) const uint BATCH_SLOTS = 8u;
layout(constant_id = 2) const bool BATCH_CACHE_DENOMINATORS = false;

layout(std430, set = 0, binding = 0) readonly buffer Points { uint point_words[]; };
layout(std430, set = 0, binding = 1) readonly buffer SortedValues { uint sorted_values[]; };
layout(std430, set = 0, binding = 2) readonly buffer BucketStart { uint bucket_start[]; };
layout(std430, set = 0, binding = 3) readonly buffer BucketEnd { uint bucket_end[]; };
layout(std430, set = 0, binding = 4) buffer State { uint state[]; };
layout(std430, set = 0, binding = 5) readonly buffer ActiveIn { uint active_in[]; };
layout(std430, set = 0, binding = 6) writeonly buffer ActiveOut { uint active_out[]; };
layout(std430, set = 0, binding = 7) writeonly buffer BucketSums { uint bucket_sum_words[]; };
layout(push_constant) uniform Arguments {
  uint threads;      // invocations dispatched for the level's bound (the rest return)
  uint level;        // ℓ
  uint keys_in;      // word offsets in state: this level's keys,
  uint offsets_in;   //   this level's bucket offsets,
  uint keys_out;     //   the next level's keys,
  uint offsets_out;  //   the next level's bucket offsets,
  uint total;        //   this level's total positions (one word)
};

#define ZKMSM_BATCH_DENOMINATOR_CACHE
#include "curve_params.glsl"
#include "field.glsl"
#include "safegcd_inverse.glsl"
#include "affine_point.glsl"
#include "batch_affine_add.glsl"
#include "pair_tree.glsl"

uint slot_bucket[BATCH_SLOTS];  // the pair's bucket
uint slot_pair[BATCH_SLOTS];    // j, the pair's index in its bucket
bool slot_final[BATCH_SLOTS];   // count = 2: the pair's sum is the bucket's

// Entry q of this level's array, in bucket `bucket` whose entries start at position `offset`.
AffinePoint load_entry(uint q, uint bucket, uint offset) {
  AffinePoint p;
  if (level == 0u) {
    const uint value = sorted_values[bucket_start[bucket] + q - offset];
    const uint base = AFFINE_WORDS * (value & 0x7fffffffu);
    for (uint w = 0u; w < FIELD_WORDS; ++w) {
      p.x[w] = point_words[base + w];
      p.y[w] = point_words[base + FIELD_WORDS + w];
    }
    if ((value >> 31) != 0u) p = affine_negate(p);
  } else {
    for (uint w = 0u; w < FIELD_WORDS; ++w) {
      p.x[w] = active_in[AFFINE_WORDS * q + w];
      p.y[w] = active_in[AFFINE_WORDS * q + FIELD_WORDS + w];
    }
  }
  return p;
}

void main() {
  const uint t = pair_tree_workgroup() * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
  if (t >= threads) return;
  const uint positions = state[total];
  uint used = 0u;
  for (uint k = 0u; k < BATCH_SLOTS; ++k) {
    const uint q = 2u * (t * BATCH_SLOTS + k);
    if (q >= positions) break;
    const uint bucket = state[keys_in + q];
    const uint offset = state[offsets_in + bucket];
    const uint count = pair_tree_count(bucket_end[bucket] - bucket_start[bucket], level);
    slot_bucket[k] = bucket;
    slot_pair[k] = (q - offset) >> 1;
    slot_final[k] = count == 2u;
    batch_lhs[k] = load_entry(q, bucket, offset);
    batch_rhs[k] = q + 1u < offset + count ? load_entry(q + 1u, bucket, offset) : affine_infinity();
    used = k + 1u;
  }
  if (used == 0u) return;
  batch_affine_add(used);
  for (uint k = 0u; k < used; ++k) {
    const uint bucket = slot_bucket[k];
    if (slot_final[k]) {
      for (uint w = 0u; w < FIELD_WORDS; ++w) {
        bucket_sum_words[AFFINE_WORDS * bucket + w] = batch_lhs[k].x[w];
        bucket_sum_words[AFFINE_WORDS * bucket + FIELD_WORDS + w] = batch_lhs[k].y[w];
      }
    } else {
      const uint position = state[offsets_out + bucket] + slot_pair[k];
      for (uint w = 0u; w < FIELD_WORDS; ++w) {
        active_out[AFFINE_WORDS * position + w] = batch_lhs[k].x[w];
        active_out[AFFINE_WORDS * position + FIELD_WORDS + w] = batch_lhs[k].y[w];
      }
      state[keys_out + position] = bucket;
    }
  }
}
