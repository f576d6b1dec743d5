#version 450
// reduce_buckets: one level of window splitting (msm/common/window_split_plan.hpp). A window of
// K bits with items X_i, W = Σ_{i < 2^K} i·X_i, i = h·2^lo + l (lo = ⌈K/2⌉, hi = ⌊K/2⌋), is
//     W = 2^lo · Σ_h h·H_h + Σ_l l·L_l,   H_h = Σ_l X_{h·2^lo + l},   L_l = Σ_h X_{h·2^lo + l}
// so each of the V virtual windows of a real window becomes its low child 2v (L: 2^lo items) and
// its high child 2v + 1 (H: padded to 2^lo items, those ≥ 2^hi infinity). Every item is added
// twice per level and no invocation runs a long chain: after ⌈log2 K⌉ levels every window has one
// bit, whose item 1 is the sum of that bit position's weight ("bit sum"); the host folds the
// bit sums, Σ_q 2^q·S_q (combine_windows with one-bit windows).
//
// The first level reads the bucket sums: item i of window w is bucket w·B + i − 1 (magnitude i,
// i in [1, B)), item 0 is infinity, an empty bucket (bucket_start = bucket_end: the accumulator
// did not write it) is infinity. Its K is c − 1: the top magnitude B = 2^(c−1) is bit c − 1 alone,
// and the last level copies its bucket to that bit's sum. Later levels read the previous level's
// items (XYZZ). The last level writes item 1 of each one-bit child u whose window covers a bit
// (bit u of one_bit_mask) to bit_sums[(first_window + w)·c + offset(u)], where the host reads
// every window batch's bit sums after the MSM.
//
// Invocation = output item · lanes + lane (lanes = 2^lanes_bits ≤ 64, the workgroup size, so an
// item's lanes share a workgroup): the lanes take every lanes-th source of the item, then add their
// sums by halving in workgroup memory. Every invocation runs the same number of loop steps
// (source_steps + lanes_bits, push constants), so the barriers are in uniform control flow;
// invocations past the last item add nothing. One XYZZ addition site (see reduce_buckets' note
// in walker_combine.comp: each inlined addition costs a driver's compiler seconds).
//
// Resources: 6 storage buffers (bucket sums (affine, 2W words, or XYZZ, 4W words, by
// BUCKET_SUM_FORM), bucket_start, bucket_end, items in, items out, bit sums (XYZZ, 4W words
// each)), 92 bytes of push constants, 64 XYZZ points of workgroup memory. Specialization
// constants: 0 = workgroup size (64: the workgroup memory holds 64 lanes), 1 = BUCKET_SUM_FORM
// (0 affine: the stream walker and the pair tree; 1 XYZZ: the xyzz walker).
// Compiled per curve.
#extension GL_GOOGLE_include_directive : require
#if defined(ZKMSM_FIELD_INT64)
#define ZKMSM_UNROLL_WORD_LOOPS  // field.glsl: word loops unrolled, arrays in registers
#endif

#define LANES_MAX 64u
layout(local_size_x = 64, local_size_x_id = 0) in;
layout(constant_id = 1) const uint BUCKET_SUM_FORM = 0u;

layout(std430, set = 0, binding = 0) readonly buffer BucketSums { uint bucket_sum_words[]; };
layout(std430, set = 0, binding = 1) readonly buffer BucketStart { uint bucket_start[]; };
layout(std430, set = 0, binding = 2) readonly buffer BucketEnd { uint bucket_end[]; };
layout(std430, set = 0, binding = 3) readonly buffer ItemsIn { uint in_words[]; };
layout(std430, set = 0, binding = 4) writeonly buffer ItemsOut { uint out_words[]; };
layout(std430, set = 0, binding = 5) writeonly buffer BitSums { uint bit_sum_words[]; };
layout(push_constant) uniform Arguments {
  uint buckets;            // B per window
  uint windows;            // W in the batch
  uint first_window;       // global index of the batch's first window
  uint window_bits;        // c
  uint first_level;        // 1: the sources are the bucket sums
  uint last_level;         // 1: write the bit sums (and the top buckets) instead of items
  uint virtuals;           // V: virtual windows per real window entering the level
  uint low_bits;           // lo
  uint high_bits;          // hi
  uint lanes_bits;         // log2 lanes
  uint source_steps;       // ⌈2^lo / lanes⌉: sources per lane at most
  uint in_window_stride;   // items between real windows of the input (later levels)
  uint in_virtual_stride;  // items between virtual windows of the input (later levels)
  uint items;              // output items: W·2V·2^lo
  uint one_bit_mask;       // last level: bit u set when one-bit child u covers a bit
  uint offset_bytes[8];    // last level: child u's bit position, byte u % 4 of word u / 4
};

#include "curve_params.glsl"
#include "field.glsl"
#include "affine_point.glsl"
#include "xyzz_point.glsl"

// Word k of lane j's point at k·LANES_MAX + j (consecutive lanes, consecutive words).
shared uint lane_sums[XYZZ_WORDS * LANES_MAX];

void share(uint lane_slot, XyzzPoint p) {
  WORD_LOOP for (uint k = 0u; k < FIELD_WORDS; ++k) {
    lane_sums[k * LANES_MAX + lane_slot] = p.X[k];
    lane_sums[(FIELD_WORDS + k) * LANES_MAX + lane_slot] = p.Y[k];
    lane_sums[(2 * FIELD_WORDS + k) * LANES_MAX + lane_slot] = p.ZZ[k];
    lane_sums[(3 * FIELD_WORDS + k) * LANES_MAX + lane_slot] = p.ZZZ[k];
  }
}

XyzzPoint shared_sum(uint lane_slot) {
  XyzzPoint p;
  WORD_LOOP for (uint k = 0u; k < FIELD_WORDS; ++k) {
    p.X[k] = lane_sums[k * LANES_MAX + lane_slot];
    p.Y[k] = lane_sums[(FIELD_WORDS + k) * LANES_MAX + lane_slot];
    p.ZZ[k] = lane_sums[(2 * FIELD_WORDS + k) * LANES_MAX + lane_slot];
    p.ZZZ[k] = lane_sums[(3 * FIELD_WORDS + k) * LANES_MAX + lane_slot];
  }
  return p;
}

// Bucket `bucket` (batch-local index) as XYZZ; infinity when empty.
XyzzPoint bucket_sum(uint bucket) {
  if (bucket_start[bucket] == bucket_end[bucket]) return xyzz_infinity();
  XyzzPoint p;
  if (BUCKET_SUM_FORM == 1u) {
    WORD_LOOP for (uint k = 0u; k < FIELD_WORDS; ++k) {
      p.X[k] = bucket_sum_words[XYZZ_WORDS * bucket + k];
      p.Y[k] = bucket_sum_words[XYZZ_WORDS * bucket + FIELD_WORDS + k];
      p.ZZ[k] = bucket_sum_words[XYZZ_WORDS * bucket + 2 * FIELD_WORDS + k];
      p.ZZZ[k] = bucket_sum_words[XYZZ_WORDS * bucket + 3 * FIELD_WORDS + k];
    }
    return p;
  }
  AffinePoint a;
  WORD_LOOP for (uint k = 0u; k < FIELD_WORDS; ++k) {
    a.x[k] = bucket_sum_words[AFFINE_WORDS * bucket + k];
    a.y[k] = bucket_sum_words[AFFINE_WORDS * bucket + FIELD_WORDS + k];
  }
  return xyzz_from_affine(a);
}

// Item i of window w's virtual window v in the level's input.
XyzzPoint source_item(uint w, uint v, uint i) {
  if (first_level == 1u) return i == 0u ? xyzz_infinity() : bucket_sum(w * buckets + i - 1u);
  const uint base = XYZZ_WORDS * (w * in_window_stride + v * in_virtual_stride + i);
  XyzzPoint p;
  WORD_LOOP for (uint k = 0u; k < FIELD_WORDS; ++k) {
    p.X[k] = in_words[base + k];
    p.Y[k] = in_words[base + FIELD_WORDS + k];
    p.ZZ[k] = in_words[base + 2 * FIELD_WORDS + k];
    p.ZZZ[k] = in_words[base + 3 * FIELD_WORDS + k];
  }
  return p;
}

void store_bit_sum(uint position, XyzzPoint p) {
  const uint base = XYZZ_WORDS * position;
  WORD_LOOP for (uint k = 0u; k < FIELD_WORDS; ++k) {
    bit_sum_words[base + k] = p.X[k];
    bit_sum_words[base + FIELD_WORDS + k] = p.Y[k];
    bit_sum_words[base + 2 * FIELD_WORDS + k] = p.ZZ[k];
    bit_sum_words[base + 3 * FIELD_WORDS + k] = p.ZZZ[k];
  }
}

void main() {
  const uint id = gl_GlobalInvocationID.x;
  const uint lane_slot = gl_LocalInvocationID.x;
  const uint lanes = 1u << lanes_bits;
  const uint lane = id & (lanes - 1u);
  const uint item_index = id >> lanes_bits;
  const uint child_items = 1u << low_bits;
  const uint item = item_index & (child_items - 1u);
  const uint child = item_index >> low_bits;  // (w·V + v)·2 + high
  const bool high = (child & 1u) == 1u;
  const uint parent = child >> 1u;
  const uint w = parent / virtuals;
  const uint v = parent - w * virtuals;
  // L_item = Σ_h X[h·2^lo + item]; H_item = Σ_l X[item·2^lo + l] (infinity for item ≥ 2^hi).
  uint first = item;
  uint count = 1u << high_bits;
  uint stride = child_items;
  if (high) {
    first = item << low_bits;
    count = item < (1u << high_bits) ? child_items : 0u;
    stride = 1u;
  }
  if (item_index >= items) count = 0u;

  XyzzPoint sum = xyzz_infinity();
  for (uint step = 0u; step < source_steps + lanes_bits; ++step) {
    bool add = false;
    XyzzPoint rhs;
    if (step < source_steps) {
      const uint s = lane + step * lanes;
      if (s < count) {
        add = true;
        rhs = source_item(w, v, first + s * stride);
      }
    } else {
      const uint delta = lanes >> (step - source_steps + 1u);
      barrier();
      share(lane_slot, sum);
      barrier();
      if (lane < delta) {
        add = true;
        rhs = shared_sum(lane_slot + delta);
      }
    }
    if (add) sum = xyzz_add(sum, rhs);
  }

  if (item_index < items) {
    if (lane != 0u) return;
    if (last_level == 0u) {
      const uint base = XYZZ_WORDS * item_index;
      WORD_LOOP for (uint k = 0u; k < FIELD_WORDS; ++k) {
        out_words[base + k] = sum.X[k];
        out_words[base + FIELD_WORDS + k] = sum.Y[k];
        out_words[base + 2 * FIELD_WORDS + k] = sum.ZZ[k];
        out_words[base + 3 * FIELD_WORDS + k] = sum.ZZZ[k];
      }
      return;
    }
    const uint u = v * 2u + (high ? 1u : 0u);  // the one-bit child within its real window
    if (item != 1u || ((one_bit_mask >> u) & 1u) == 0u) return;
    const uint offset = (offset_bytes[u / 4u] >> (8u * (u % 4u))) & 0xffu;
    store_bit_sum((first_window + w) * window_bits + offset, sum);
    return;
  }
  // The last level's extra invocations, one per window: the top magnitude's bucket is bit c − 1.
  const uint top_window = id - items * lanes;
  if (last_level == 1u && top_window < windows) {
    store_bit_sum((first_window + top_window) * window_bits + window_bits - 1u,
                  bucket_sum(top_window * buckets + buckets - 1u));
  }
}
