// reduce_buckets: one level of window splitting (the Vulkan shader split_windows.comp; the plan in
// msm/common/window_split_plan.hpp). A window of K bits with items X_i, W = Σ_{i < 2^K} i·X_i,
// i = h·2^lo + l (lo = ⌈K/2⌉, hi = ⌊K/2⌋), is
//     W = 2^lo · Σ_h h·H_h + Σ_l l·L_l,   H_h = Σ_l X_{h·2^lo + l},   L_l = Σ_h X_{h·2^lo + l}
// so each of the V virtual windows of a real window becomes its low child 2v (L: 2^lo items) and
// its high child 2v + 1 (H: padded to 2^lo items, those ≥ 2^hi infinity). After ⌈log2 K⌉ levels
// every window has one bit, whose item 1 is the sum of that bit position's weight ("bit sum");
// the host folds the bit sums, Σ_q 2^q·S_q.
//
// The first level reads the bucket sums: item i of window w is bucket w·B + i − 1 (magnitude i,
// i in [1, B)), item 0 is infinity, an empty bucket (bucket_start = bucket_end: the accumulator
// did not write it) is infinity. Its K is c − 1: the top magnitude B = 2^(c−1) is bit c − 1 alone,
// and the last level copies its bucket to that bit's sum. Later levels read the previous level's
// items (XYZZ). The last level writes item 1 of each one-bit child u whose window covers a bit
// (bit u of one_bit_mask) to bit_sums[(first_window + w)·c + offset(u)].
//
// Invocation = output item · lanes + lane (lanes = 2^lanes_bits ≤ 64, the workgroup size): the
// lanes take every lanes-th source of the item, then add their sums by halving in workgroup
// memory. Every invocation runs the same number of loop steps (uniform values), so the barriers
// are in uniform control flow; invocations past the last item add nothing. One XYZZ addition site.
//
// Resources: 6 storage buffers (bucket sums (affine, AFFINE_WORDS words, or XYZZ, XYZZ_WORDS words,
// by BUCKET_SUM_FORM, a constant the host prepends), bucket_start, bucket_end, items in, items out,
// bit sums (XYZZ)), 1 uniform, 64 XYZZ points of workgroup memory. Workgroup size 64.

struct Arguments {
  buckets: u32,            // B per window
  windows: u32,            // W in the batch
  first_window: u32,       // global index of the batch's first window
  window_bits: u32,        // c
  first_level: u32,        // 1: the sources are the bucket sums
  last_level: u32,         // 1: write the bit sums (and the top buckets) instead of items
  virtuals: u32,           // V: virtual windows per real window entering the level
  low_bits: u32,           // lo
  high_bits: u32,          // hi
  lanes_bits: u32,         // log2 lanes
  source_steps: u32,       // ⌈2^lo / lanes⌉: sources per lane at most
  in_window_stride: u32,   // items between real windows of the input (later levels)
  in_virtual_stride: u32,  // items between virtual windows of the input (later levels)
  items: u32,              // output items: W·2V·2^lo
  one_bit_mask: u32,       // last level: bit u set when one-bit child u covers a bit
  padding: u32,
  offset_bytes: array<vec4<u32>, 2>,  // last level: child u's bit position, byte u % 4 of word u / 4
}

const LANES_MAX = 64u;

@group(0) @binding(0) var<storage, read> bucket_sum_words: array<u32>;
@group(0) @binding(1) var<storage, read> bucket_start: array<u32>;
@group(0) @binding(2) var<storage, read> bucket_end: array<u32>;
@group(0) @binding(3) var<storage, read> in_words: array<u32>;
@group(0) @binding(4) var<storage, read_write> out_words: array<u32>;
@group(0) @binding(5) var<storage, read_write> bit_sum_words: array<u32>;
@group(0) @binding(6) var<uniform> arguments: Arguments;

// Word k of lane j's point at k·LANES_MAX + j.
var<workgroup> lane_sums: array<u32, XYZZ_WORDS * LANES_MAX>;

fn share(lane_slot: u32, p: XyzzPoint) {
  /* word loop */ for (var k = 0u; k < FIELD_WORDS; k++) {
    lane_sums[k * LANES_MAX + lane_slot] = p.X[k];
    lane_sums[(FIELD_WORDS + k) * LANES_MAX + lane_slot] = p.Y[k];
    lane_sums[(2u * FIELD_WORDS + k) * LANES_MAX + lane_slot] = p.ZZ[k];
    lane_sums[(3u * FIELD_WORDS + k) * LANES_MAX + lane_slot] = p.ZZZ[k];
  }
}

fn shared_sum(lane_slot: u32) -> XyzzPoint {
  var p: XyzzPoint;
  /* word loop */ for (var k = 0u; k < FIELD_WORDS; k++) {
    p.X[k] = lane_sums[k * LANES_MAX + lane_slot];
    p.Y[k] = lane_sums[(FIELD_WORDS + k) * LANES_MAX + lane_slot];
    p.ZZ[k] = lane_sums[(2u * FIELD_WORDS + k) * LANES_MAX + lane_slot];
    p.ZZZ[k] = lane_sums[(3u * FIELD_WORDS + k) * LANES_MAX + lane_slot];
  }
  return p;
}

// Bucket `bucket` (batch-local index) as XYZZ; infinity when empty.
fn bucket_sum(bucket: u32) -> XyzzPoint {
  if (bucket_start[bucket] == bucket_end[bucket]) { return xyzz_infinity(); }
  if (BUCKET_SUM_FORM == 1u) {
    var p: XyzzPoint;
    /* word loop */ for (var k = 0u; k < FIELD_WORDS; k++) {
      p.X[k] = bucket_sum_words[XYZZ_WORDS * bucket + k];
      p.Y[k] = bucket_sum_words[XYZZ_WORDS * bucket + FIELD_WORDS + k];
      p.ZZ[k] = bucket_sum_words[XYZZ_WORDS * bucket + 2u * FIELD_WORDS + k];
      p.ZZZ[k] = bucket_sum_words[XYZZ_WORDS * bucket + 3u * FIELD_WORDS + k];
    }
    return p;
  }
  var a: AffinePoint;
  /* word loop */ for (var k = 0u; k < FIELD_WORDS; k++) {
    a.x[k] = bucket_sum_words[AFFINE_WORDS * bucket + k];
    a.y[k] = bucket_sum_words[AFFINE_WORDS * bucket + FIELD_WORDS + k];
  }
  return xyzz_from_affine(a);
}

// Item i of window w's virtual window v in the level's input.
fn source_item(w: u32, v: u32, i: u32) -> XyzzPoint {
  if (arguments.first_level == 1u) {
    if (i == 0u) { return xyzz_infinity(); }
    return bucket_sum(w * arguments.buckets + i - 1u);
  }
  let base = XYZZ_WORDS * (w * arguments.in_window_stride + v * arguments.in_virtual_stride + i);
  var p: XyzzPoint;
  /* word loop */ for (var k = 0u; k < FIELD_WORDS; k++) {
    p.X[k] = in_words[base + k];
    p.Y[k] = in_words[base + FIELD_WORDS + k];
    p.ZZ[k] = in_words[base + 2u * FIELD_WORDS + k];
    p.ZZZ[k] = in_words[base + 3u * FIELD_WORDS + k];
  }
  return p;
}

fn store_bit_sum(position: u32, p: XyzzPoint) {
  let base = XYZZ_WORDS * position;
  /* word loop */ for (var k = 0u; k < FIELD_WORDS; k++) {
    bit_sum_words[base + k] = p.X[k];
    bit_sum_words[base + FIELD_WORDS + k] = p.Y[k];
    bit_sum_words[base + 2u * FIELD_WORDS + k] = p.ZZ[k];
    bit_sum_words[base + 3u * FIELD_WORDS + k] = p.ZZZ[k];
  }
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) group: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) local: vec3<u32>) {
  let id = linear_invocation(group, groups, local, 64u);
  let lane_slot = local.x;
  let lanes = 1u << arguments.lanes_bits;
  let lane = id & (lanes - 1u);
  let item_index = id >> arguments.lanes_bits;
  let child_items = 1u << arguments.low_bits;
  let item = item_index & (child_items - 1u);
  let child = item_index >> arguments.low_bits;  // (w·V + v)·2 + high
  let high = (child & 1u) == 1u;
  let parent = child >> 1u;
  let w = parent / arguments.virtuals;
  let v = parent - w * arguments.virtuals;
  // L_item = Σ_h X[h·2^lo + item]; H_item = Σ_l X[item·2^lo + l] (infinity for item ≥ 2^hi).
  var first = item;
  var count = 1u << arguments.high_bits;
  var stride = child_items;
  if (high) {
    first = item << arguments.low_bits;
    count = select(0u, child_items, item < (1u << arguments.high_bits));
    stride = 1u;
  }
  if (item_index >= arguments.items) { count = 0u; }

  var sum = xyzz_infinity();
  let steps = arguments.source_steps + arguments.lanes_bits;
  for (var step = 0u; step < steps; step++) {
    var add = false;
    var rhs: XyzzPoint;
    if (step < arguments.source_steps) {
      let s = lane + step * lanes;
      if (s < count) {
        add = true;
        rhs = source_item(w, v, first + s * stride);
      }
    } else {
      let delta = lanes >> (step - arguments.source_steps + 1u);
      workgroupBarrier();
      share(lane_slot, sum);
      workgroupBarrier();
      if (lane < delta) {
        add = true;
        rhs = shared_sum(lane_slot + delta);
      }
    }
    if (add) { sum = xyzz_add(sum, rhs); }
  }

  if (item_index < arguments.items) {
    if (lane != 0u) { return; }
    if (arguments.last_level == 0u) {
      let base = XYZZ_WORDS * item_index;
      /* word loop */ for (var k = 0u; k < FIELD_WORDS; k++) {
        out_words[base + k] = sum.X[k];
        out_words[base + FIELD_WORDS + k] = sum.Y[k];
        out_words[base + 2u * FIELD_WORDS + k] = sum.ZZ[k];
        out_words[base + 3u * FIELD_WORDS + k] = sum.ZZZ[k];
      }
      return;
    }
    let u = v * 2u + select(0u, 1u, high);  // the one-bit child within its real window
    if (item != 1u || ((arguments.one_bit_mask >> u) & 1u) == 0u) { return; }
    let word = arguments.offset_bytes[u / 16u][(u / 4u) % 4u];
    let offset = (word >> (8u * (u % 4u))) & 0xffu;
    store_bit_sum((arguments.first_window + w) * arguments.window_bits + offset, sum);
    return;
  }
  // The last level's extra invocations, one per window: the top magnitude's bucket is bit c − 1.
  let top_window = id - arguments.items * lanes;
  if (arguments.last_level == 1u && top_window < arguments.windows) {
    store_bit_sum((arguments.first_window + top_window) * arguments.window_bits + arguments.window_bits - 1u,
                  bucket_sum(top_window * arguments.buckets + arguments.buckets - 1u));
  }
}
