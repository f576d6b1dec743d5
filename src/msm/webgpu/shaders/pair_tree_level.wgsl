// Pair tree, one level ℓ: every bucket with count ≥ 2 partial sums at this level (pair_tree.wgsl)
// has them added in pairs, S pairs per invocation with ONE field inversion (batch_affine_add.wgsl:
// Montgomery's trick, complete for every input).
//
// The level's array holds each such bucket's count partial sums at positions
// [offsets_in[b], offsets_in[b] + count) (offsets_in even, from pair_tree_scan.wgsl), and
// keys_in[q] = the bucket of position q. Invocation t takes the S pairs of positions (2i, 2i + 1),
// i = t·S … t·S + S − 1, below the level's total positions (the rest of its slots stay idle; an
// invocation with none returns). Pair i of bucket b, j = (2i − offsets_in[b]) / 2:
//   lhs = entry 2i, rhs = entry 2i + 1, or infinity when 2i is an odd count's last entry (the
//         carry: batch_affine_add copies lhs without a denominator)
//   count = 2 → the sum is the bucket's: bucket_sums[b]
//   count ≥ 3 → position offsets_out[b] + j of the next level's array, and keys_out there = b
// An entry at level 0 is a point: position q of bucket b is sorted entry bucket_start[b] + q −
// offsets_in[b], value = point index | sign << 31, read from the bases and negated for a negative
// digit. At level ℓ ≥ 1 it is active_in[q], the previous level's sum. Points, partial sums and
// bucket sums are affine, AFFINE_WORDS words (x then y), Montgomery form, (0, 0) = infinity. keys and
// offsets are regions of the state buffer (word offsets in the arguments).
//
// The host prepends BATCH_SLOTS (S), BATCH_CACHE_DENOMINATORS (the dx cache: the forward pass keeps
// each pair's dx = x_r − x_l, or 2y for a doubling, for the backward pass; batch_affine_add.wgsl)
// and PAIR_TREE_WORKGROUP_SIZE.
//
// Resources: 8 storage buffers (points, sorted values, bucket_start, bucket_end, state (keys,
// offsets, totals), active_in, active_out, bucket sums), 1 uniform, no workgroup memory. Private
// memory per invocation: batch_affine_add.wgsl's 41·S words (49·S with the dx cache) plus 3·S
// words of slot state. Work per invocation: at most S pairs loaded, one batch of S additions, one
// inversion. Dispatch ⌈threads / PAIR_TREE_WORKGROUP_SIZE⌉ workgroups (rows above 65,535:
// dispatch.wgsl).

struct Arguments {
  threads: u32,      // invocations dispatched for the level's bound (the rest return)
  level: u32,        // ℓ
  keys_in: u32,      // word offsets in state: this level's keys,
  offsets_in: u32,   //   this level's bucket offsets,
  keys_out: u32,     //   the next level's keys,
  offsets_out: u32,  //   the next level's bucket offsets,
  total: u32,        //   this level's total positions (one word)
}

@group(0) @binding(0) var<storage, read> point_words: array<u32>;
@group(0) @binding(1) var<storage, read> sorted_values: array<u32>;
@group(0) @binding(2) var<storage, read> bucket_start: array<u32>;
@group(0) @binding(3) var<storage, read> bucket_end: array<u32>;
@group(0) @binding(4) var<storage, read_write> state: array<u32>;
@group(0) @binding(5) var<storage, read> active_in: array<u32>;
@group(0) @binding(6) var<storage, read_write> active_out: array<u32>;
@group(0) @binding(7) var<storage, read_write> bucket_sum_words: array<u32>;
@group(0) @binding(8) var<uniform> arguments: Arguments;

var<private> slot_bucket: array<u32, BATCH_SLOTS>;  // the pair's bucket
var<private> slot_pair: array<u32, BATCH_SLOTS>;    // j, the pair's index in its bucket
var<private> slot_final: array<bool, BATCH_SLOTS>;  // count = 2: the pair's sum is the bucket's

// Entry q of this level's array, in `bucket` whose entries start at position `offset`.
fn load_entry(q: u32, bucket: u32, offset: u32) -> AffinePoint {
  var p: AffinePoint;
  if (arguments.level == 0u) {
    let value = sorted_values[bucket_start[bucket] + q - offset];
    let base = AFFINE_WORDS * (value & 0x7fffffffu);
    for (var w = 0u; w < FIELD_WORDS; w++) {
      p.x[w] = point_words[base + w];
      p.y[w] = point_words[base + FIELD_WORDS + w];
    }
    if ((value >> 31u) != 0u) { p = affine_negate(p); }
  } else {
    for (var w = 0u; w < FIELD_WORDS; w++) {
      p.x[w] = active_in[AFFINE_WORDS * q + w];
      p.y[w] = active_in[AFFINE_WORDS * q + FIELD_WORDS + w];
    }
  }
  return p;
}

@compute @workgroup_size(PAIR_TREE_WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) group: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) local: vec3<u32>) {
  let t = linear_invocation(group, groups, local, PAIR_TREE_WORKGROUP_SIZE);
  if (t >= arguments.threads) { return; }
  let positions = state[arguments.total];
  var used = 0u;
  for (var k = 0u; k < BATCH_SLOTS; k++) {
    let q = 2u * (t * BATCH_SLOTS + k);
    if (q >= positions) { break; }
    let bucket = state[arguments.keys_in + q];
    let offset = state[arguments.offsets_in + bucket];
    let count = pair_tree_count(bucket_end[bucket] - bucket_start[bucket], arguments.level);
    slot_bucket[k] = bucket;
    slot_pair[k] = (q - offset) >> 1u;
    slot_final[k] = count == 2u;
    batch_lhs[k] = load_entry(q, bucket, offset);
    // The entry after the pair's first, or infinity when the first is an odd count's last (the pad).
    var rhs = affine_infinity();
    if (q + 1u < offset + count) { rhs = load_entry(q + 1u, bucket, offset); }
    batch_rhs[k] = rhs;
    used = k + 1u;
  }
  if (used == 0u) { return; }
  batch_affine_add(used);
  for (var k = 0u; k < used; k++) {
    let bucket = slot_bucket[k];
    if (slot_final[k]) {
      for (var w = 0u; w < FIELD_WORDS; w++) {
        bucket_sum_words[AFFINE_WORDS * bucket + w] = batch_lhs[k].x[w];
        bucket_sum_words[AFFINE_WORDS * bucket + FIELD_WORDS + w] = batch_lhs[k].y[w];
      }
    } else {
      let position = state[arguments.offsets_out + bucket] + slot_pair[k];
      for (var w = 0u; w < FIELD_WORDS; w++) {
        active_out[AFFINE_WORDS * position + w] = batch_lhs[k].x[w];
        active_out[AFFINE_WORDS * position + FIELD_WORDS + w] = batch_lhs[k].y[w];
      }
      state[arguments.keys_out + position] = bucket;
    }
  }
}
