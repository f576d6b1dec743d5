#version 450
// accumulate_buckets, the stream walker with its slots in private memory (walker_state
// registers): every bucket's affine sum from the sorted entries of one window batch, with one
// safegcd inversion per round of S additions per invocation. stream_walker_global.comp is the
// same walk with the slots in a storage buffer; walker_pieces.glsl has what they share.
//
// The M valid sorted entries (BucketStages: keys ascending, sentinels after them) are cut into
// U = threads · S equal pieces, piece u = [start(u), start(u + 1)) with start(u) = u·⌊M/U⌋ +
// min(u, M mod U). Invocation t walks the S pieces t·S … t·S + S − 1, one per slot. A slot holds
// one running affine sum of the bucket it is in; every round each busy slot adds its next entry
// (a slot starting a bucket adds its first two entries), and the S additions of the round go
// through batch_affine_add.glsl: one inversion, complete for every input (doublings, P + (−P),
// infinity), so a zero denominator never poisons the round.
//
// When a slot reaches the end of a bucket's run inside its piece it emits the run's sum:
//   the run is the whole bucket             → bucket_sums[bucket] (final)
//   the run began before the piece (the entry before the piece is in the same bucket) or goes on
//   after it (the entry after the piece is)  → a partial record of the slot:
//       record 0: the run that starts at the piece's start (flags: from_before, to_after)
//       record 1: the run that ends at the piece's end, when it is not record 0 (to_after)
// walker_combine.comp then adds each split bucket's partials (they lie in consecutive slots),
// in levels of blocks of slots.
// A bucket with one entry in the piece is emitted without an addition.
//
// Entries: value = point index | sign << 31; the point is read from the bases (AffinePoint
// layout, Montgomery form, (0, 0) = infinity) and negated for a negative digit.
//
// A dispatch runs at most max_rounds rounds, then saves every slot's state (cursor, run start,
// bucket, busy, running sum: kSlotStateWords words per slot) for the next dispatch of the batch,
// which the host records until the longest piece is done: long dispatches are cut (watchdogs of
// desktop and mobile drivers; lavapipe stops any loop after 65,535 iterations of an invocation,
// counted over the whole shader, so a few dozen safegcd inversions per dispatch at most). An
// invocation whose slots are all done saves them too (save_slots).
//
// Resources: 8 storage buffers (points, sorted keys, sorted values, valid count, bucket sums
// (2W words each, affine), records (2 XYZZ points, 2 × 4W words per slot), record meta (4 words per slot:
// bucket 0, flags 0, bucket 1, flags 1), slot state), 16 bytes of push constants, no workgroup
// memory.
// Specialization constants: 0 = workgroup size, 1 = S (BATCH_SLOTS). Private memory per
// invocation: batch_affine_add.glsl's (5W + 1)·S words plus 6·S words of slot state.
// Compiled per curve (-DZKMSM_CURVE_BN254 / _GRUMPKIN / _BLS12_381).
#extension GL_GOOGLE_include_directive : require

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
  uint max_rounds;   // rounds of this dispatch at most (then the slots' state is saved)
};

#include "curve_params.glsl"
#include "field.glsl"
#include "safegcd_inverse.glsl"
#include "affine_point.glsl"
#include "batch_affine_add.glsl"
#include "walker_records.glsl"
#include "walker_pieces.glsl"

const uint kSlotStateWords = 4u + AFFINE_WORDS;  // cursor, run start, bucket, busy, running sum (x, y)

uint slot_cursor[BATCH_SLOTS];     // next entry to read
uint slot_end[BATCH_SLOTS];        // end of the piece
uint slot_begin[BATCH_SLOTS];      // start of the piece
uint slot_run_start[BATCH_SLOTS];  // first entry of the run being summed
uint slot_bucket[BATCH_SLOTS];     // its bucket
bool slot_busy[BATCH_SLOTS];       // batch_lhs[k] holds a running sum of slot_bucket[k]

// Saves invocation t's slots for the next dispatch of the batch. Also when they are all done: the
// host's dispatch count comes from the batch's entries, the pieces from its valid ones, so a later
// dispatch may find this invocation finished, and must find it so (not an earlier batch's state).
void save_slots(uint t) {
  for (uint k = 0u; k < BATCH_SLOTS; ++k) {
    const uint base = kSlotStateWords * (t * BATCH_SLOTS + k);
    slot_state[base] = slot_cursor[k];
    slot_state[base + 1u] = slot_run_start[k];
    slot_state[base + 2u] = slot_bucket[k];
    slot_state[base + 3u] = slot_busy[k] ? 1u : 0u;
    for (uint w = 0u; w < FIELD_WORDS; ++w) {
      slot_state[base + 4u + w] = batch_lhs[k].x[w];
      slot_state[base + 4u + FIELD_WORDS + w] = batch_lhs[k].y[w];
    }
  }
}

void main() {
  const uint t = gl_GlobalInvocationID.x;
  if (t >= threads) return;
  const uint entries = valid_count;
  for (uint k = 0u; k < BATCH_SLOTS; ++k) {
    const uint u = t * BATCH_SLOTS + k;
    slot_begin[k] = piece_start(u, entries);
    slot_end[k] = piece_start(u + 1u, entries);
    if (first_round != 0u) {
      slot_cursor[k] = slot_begin[k];
      slot_busy[k] = false;
      clear_records(u, slot_begin[k], slot_end[k]);
    } else {
      const uint base = kSlotStateWords * u;
      slot_cursor[k] = slot_state[base];
      slot_run_start[k] = slot_state[base + 1u];
      slot_bucket[k] = slot_state[base + 2u];
      slot_busy[k] = slot_state[base + 3u] != 0u;
      for (uint w = 0u; w < FIELD_WORDS; ++w) {
        batch_lhs[k].x[w] = slot_state[base + 4u + w];
        batch_lhs[k].y[w] = slot_state[base + 4u + FIELD_WORDS + w];
      }
    }
  }
  for (uint round = 0u;; ++round) {
    if (round == max_rounds) {
      save_slots(t);
      return;
    }
    bool any_busy = false;
    for (uint k = 0u; k < BATCH_SLOTS; ++k) {
      const uint u = t * BATCH_SLOTS + k;
      if (slot_busy[k]) {
        batch_rhs[k] = entry_point(slot_cursor[k]);
        slot_cursor[k] += 1u;
      } else {
        batch_lhs[k] = affine_infinity();
        batch_rhs[k] = affine_infinity();
        // Start the next run of two or more entries; single-entry runs are emitted as they are.
        while (slot_cursor[k] < slot_end[k]) {
          const uint cursor = slot_cursor[k];
          const uint bucket = sorted_keys[cursor];
          if (cursor + 1u < slot_end[k] && sorted_keys[cursor + 1u] == bucket) {
            batch_lhs[k] = entry_point(cursor);
            batch_rhs[k] = entry_point(cursor + 1u);
            slot_run_start[k] = cursor;
            slot_bucket[k] = bucket;
            slot_cursor[k] = cursor + 2u;
            slot_busy[k] = true;
            break;
          }
          emit_run(u, bucket, entry_point(cursor), cursor, cursor + 1u, slot_begin[k], slot_end[k], entries);
          slot_cursor[k] = cursor + 1u;
        }
      }
      any_busy = any_busy || slot_busy[k];
    }
    if (!any_busy) {
      save_slots(t);
      return;
    }
    batch_affine_add(BATCH_SLOTS);
    for (uint k = 0u; k < BATCH_SLOTS; ++k) {
      if (!slot_busy[k]) continue;
      const uint cursor = slot_cursor[k];
      if (cursor == slot_end[k] || sorted_keys[cursor] != slot_bucket[k]) {
        emit_run(t * BATCH_SLOTS + k, slot_bucket[k], batch_lhs[k], slot_run_start[k], cursor, slot_begin[k],
                 slot_end[k], entries);
        slot_busy[k] = false;
      }
    }
  }
}
