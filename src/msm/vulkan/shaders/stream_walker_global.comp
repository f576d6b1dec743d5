#version 450
// accumulate_buckets, the stream walker with its slots in a storage buffer (walker_state global):
// the walk of stream_walker.comp (equal pieces, S slots per invocation, one safegcd inversion per
// round of S complete affine additions, runs emitted as final bucket sums or partial records:
// walker_pieces.glsl), but every word of a slot lives in slot_state and the slot loops are not
// unrolled, so an invocation holds one addition's temporaries and the round's running product,
// whatever S is. This is the CUDA walker's global state (src/msm/cuda/pipeline.cuh), which ran
// 2.5–3× faster than slots in registers on the H200 (docs/cuda_notes.md): unrolled slot loops
// are S copies of the addition code and spill.
//
// slot_state: kSlotWords planes of threads · S words; word j of slot k of invocation t is at
// (j · S + k) · threads + t, so an invocation's neighbours read neighbouring words (coalesced).
// With W = FIELD_WORDS (8 for the BN254 fields, 12 for BLS12-381's base field):
//   0 … 2W − 1      the running sum (x, y), Montgomery form; after a round, the round's result
//   2W … 4W − 1     the round's other operand (an entry's point)
//   4W … 5W − 1     the product of the denominators of slots 0 … k of the round (Montgomery's trick)
//   5W              the round's case (affine_pair.glsl; kAffinePairNone for an idle slot)
//   5W + 1 … 5W + 6 cursor (next entry), run start, bucket, busy, piece begin, piece end
// (kSlotWords = 5W + 7 in stream_walker.hpp).
// The state stays in the buffer between dispatches, so a dispatch that stops after max_rounds
// needs no save; the next one goes on where it stopped.
//
// Resources: 8 storage buffers (points, sorted keys, sorted values, valid count, bucket sums
// (2W words each, affine), records (2 XYZZ points, 2 × 4W words per slot), record meta (4 words
// per slot), slot state (kSlotWords words per slot)), 16 bytes of push constants, no workgroup
// memory. Specialization constants: 0 = workgroup size, 1 = S (BATCH_SLOTS). Compiled per curve
// (-DZKMSM_CURVE_BN254 / _GRUMPKIN / _BLS12_381).
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require

layout(local_size_x = 64, local_size_x_id = 0) in;
layout(constant_id = 1) const uint BATCH_SLOTS = 8u;

layout(std430, set = 0, binding = 0) readonly buffer Points { uvec4 point_quads[]; };
layout(std430, set = 0, binding = 1) readonly buffer SortedKeys { uint sorted_keys[]; };
layout(std430, set = 0, binding = 2) readonly buffer SortedValues { uint sorted_values[]; };
layout(std430, set = 0, binding = 3) readonly buffer Valid { uint valid_count; };
layout(std430, set = 0, binding = 4) writeonly buffer BucketSums { uint bucket_sum_words[]; };
layout(std430, set = 0, binding = 5) writeonly buffer Records { uint record_words[]; };
layout(std430, set = 0, binding = 6) buffer RecordMeta { uint record_meta[]; };
layout(std430, set = 0, binding = 7) buffer SlotState { uint slot_state[]; };
layout(push_constant) uniform Arguments {
  uint threads;      // invocations that walk (the rest of the last workgroup return)
  uint slots;        // U = threads · BATCH_SLOTS
  uint first_round;  // 1: the first dispatch of the batch (start every slot at its piece)
  uint max_rounds;   // rounds of this dispatch at most
};

#include "curve_params.glsl"
#include "field.glsl"
#include "safegcd_inverse.glsl"
#include "affine_point.glsl"
#include "affine_pair.glsl"
#include "walker_records.glsl"
#include "walker_pieces.glsl"

const uint kSum = 0u;
const uint kOperand = AFFINE_WORDS;
const uint kPrefix = 2 * AFFINE_WORDS;
const uint kCase = 2 * AFFINE_WORDS + FIELD_WORDS;
const uint kCursor = kCase + 1u;
const uint kRunStart = kCase + 2u;
const uint kBucket = kCase + 3u;
const uint kBusy = kCase + 4u;
const uint kBegin = kCase + 5u;
const uint kEnd = kCase + 6u;

uint plane(uint word, uint k) { return (word * BATCH_SLOTS + k) * threads + gl_GlobalInvocationID.x; }

uint[FIELD_WORDS] load_words(uint word, uint k) {
  uint value[FIELD_WORDS];
  for (uint w = 0u; w < FIELD_WORDS; ++w) value[w] = slot_state[plane(word + w, k)];
  return value;
}

void store_words(uint word, uint k, uint value[FIELD_WORDS]) {
  for (uint w = 0u; w < FIELD_WORDS; ++w) slot_state[plane(word + w, k)] = value[w];
}

AffinePoint load_point(uint word, uint k) { return AffinePoint(load_words(word, k), load_words(word + FIELD_WORDS, k)); }

void store_point(uint word, uint k, AffinePoint p) {
  store_words(word, k, p.x);
  store_words(word + FIELD_WORDS, k, p.y);
}

void main() {
  const uint t = gl_GlobalInvocationID.x;
  if (t >= threads) return;
  const uint entries = valid_count;
  if (first_round != 0u) {
    [[dont_unroll]] for (uint k = 0u; k < BATCH_SLOTS; ++k) {
      const uint u = t * BATCH_SLOTS + k;
      const uint begin = piece_start(u, entries);
      const uint end = piece_start(u + 1u, entries);
      slot_state[plane(kCursor, k)] = begin;
      slot_state[plane(kBusy, k)] = 0u;
      slot_state[plane(kBegin, k)] = begin;
      slot_state[plane(kEnd, k)] = end;
      clear_records(u, begin, end);
    }
  }
  for (uint round = 0u; round < max_rounds; ++round) {
    // Forward: every slot takes its next operands; the denominators' prefix products.
    uint product[FIELD_WORDS] = field_one();
    bool any_busy = false;
    [[dont_unroll]] for (uint k = 0u; k < BATCH_SLOTS; ++k) {
      const uint u = t * BATCH_SLOTS + k;
      uint cursor = slot_state[plane(kCursor, k)];
      bool busy = slot_state[plane(kBusy, k)] != 0u;
      AffinePoint lhs = affine_infinity();
      AffinePoint rhs = affine_infinity();
      if (busy) {
        lhs = load_point(kSum, k);
        rhs = entry_point(cursor);
        cursor += 1u;
      } else {
        // Start the next run of two or more entries; single-entry runs are emitted as they are.
        const uint end = slot_state[plane(kEnd, k)];
        while (cursor < end) {
          const uint bucket = sorted_keys[cursor];
          if (cursor + 1u < end && sorted_keys[cursor + 1u] == bucket) {
            lhs = entry_point(cursor);
            rhs = entry_point(cursor + 1u);
            store_point(kSum, k, lhs);
            slot_state[plane(kRunStart, k)] = cursor;
            slot_state[plane(kBucket, k)] = bucket;
            slot_state[plane(kBusy, k)] = 1u;
            cursor += 2u;
            busy = true;
            break;
          }
          emit_run(u, bucket, entry_point(cursor), cursor, cursor + 1u, slot_state[plane(kBegin, k)], end, entries);
          cursor += 1u;
        }
      }
      slot_state[plane(kCursor, k)] = cursor;
      any_busy = any_busy || busy;
      const uint kind = busy ? classify_affine_pair(lhs, rhs) : kAffinePairNone;
      if (affine_pair_has_denominator(kind)) product = field_mul(product, affine_pair_denominator(kind, lhs, rhs));
      slot_state[plane(kCase, k)] = kind;
      store_words(kPrefix, k, product);
      if (busy) store_point(kOperand, k, rhs);
    }
    if (!any_busy) return;
    // One inversion, then backward: each slot's sum, and the end of its run.
    uint inverse[FIELD_WORDS] = field_inverse_safegcd(product);
    [[dont_unroll]] for (uint j = 0u; j < BATCH_SLOTS; ++j) {
      const uint k = BATCH_SLOTS - 1u - j;
      const uint kind = slot_state[plane(kCase, k)];
      if (kind == kAffinePairNone) continue;
      const AffinePoint lhs = load_point(kSum, k);
      const AffinePoint rhs = load_point(kOperand, k);
      uint inverse_denominator[FIELD_WORDS] = inverse;
      if (affine_pair_has_denominator(kind)) {
        // 1/denominator_k = (Π_{i ≤ k})⁻¹ · Π_{i < k}
        if (k > 0u) inverse_denominator = field_mul(inverse, load_words(kPrefix, k - 1u));
        inverse = field_mul(inverse, affine_pair_denominator(kind, lhs, rhs));
      }
      const AffinePoint sum = affine_pair_sum(kind, lhs, rhs, inverse_denominator);
      store_point(kSum, k, sum);
      const uint cursor = slot_state[plane(kCursor, k)];
      const uint end = slot_state[plane(kEnd, k)];
      const uint bucket = slot_state[plane(kBucket, k)];
      if (cursor == end || sorted_keys[cursor] != bucket) {
        emit_run(t * BATCH_SLOTS + k, bucket, sum, slot_state[plane(kRunStart, k)], cursor,
                 slot_state[plane(kBegin, k)], end, entries);
        slot_state[plane(kBusy, k)] = 0u;
      }
    }
  }
}
