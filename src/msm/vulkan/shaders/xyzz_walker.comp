#version 450
// accumulate_buckets with XYZZ buckets (accumulator = xyzz): every bucket's sum from the sorted
// entries of one window batch with mixed XYZZ additions (madd-2008-s: no inversion, complete for
// P + P, P + (−P) and infinity) on lazily reduced coordinates (xyzz_point_lazy.glsl), one running
// sum per invocation. What the CUDA backend's xyzz walker does, and what every fast public GPU MSM
// does; the stream walker's affine additions need S slots of private state and a safegcd per
// round, this needs one XYZZ point.
//
// The M valid sorted entries are cut into U = threads equal pieces (walker_pieces.glsl with one
// slot per invocation): invocation t walks piece t one entry per iteration: an entry of the
// bucket it is in is added to the running sum, an entry of another bucket closes the run (emitted)
// and starts the next from its point. So every invocation of a workgroup adds in the same
// iterations and only the cheap emit diverges. A run is emitted as the walkers emit theirs
// (walker_pieces.glsl's place_run): the whole bucket → bucket_sums[bucket] as an XYZZ point
// (split_windows.comp and walker_combine.comp read them with BUCKET_SUM_FORM = 1), a split one →
// the invocation's record 0 or 1 (XYZZ), which walker_combine.comp adds up.
//
// A dispatch walks at most max_entries entries per invocation, then saves its state (cursor, run
// start, bucket, whether a run is open, the running sum: kStateWords words) for the next dispatch
// of the batch (driver watchdogs; lavapipe's loop limit): the host records ⌈longest piece /
// max_entries⌉ dispatches, one with the automatic geometry.
//
// Resources: 8 storage buffers (points, read as uvec4; sorted keys, sorted values, valid count,
// bucket sums (4W words each, XYZZ), records (2 XYZZ points per invocation), record meta (4 words
// per invocation), walker state), 16 bytes of push constants, no workgroup memory. Specialization constant 0 =
// workgroup size. Compiled per curve (-DZKMSM_CURVE_BN254 / _GRUMPKIN / _BLS12_381).
#extension GL_GOOGLE_include_directive : require
#if defined(ZKMSM_FIELD_INT64)
#define ZKMSM_UNROLL_WORD_LOOPS  // field.glsl: word loops unrolled, arrays in registers
#endif

layout(local_size_x = 64, local_size_x_id = 0) in;

layout(std430, set = 0, binding = 0) readonly buffer Points { uvec4 point_quads[]; };
layout(std430, set = 0, binding = 1) readonly buffer SortedKeys { uint sorted_keys[]; };
layout(std430, set = 0, binding = 2) readonly buffer SortedValues { uint sorted_values[]; };
layout(std430, set = 0, binding = 3) readonly buffer Valid { uint valid_count; };
layout(std430, set = 0, binding = 4) writeonly buffer BucketSums { uint bucket_sum_words[]; };
layout(std430, set = 0, binding = 5) writeonly buffer Records { uint record_words[]; };
layout(std430, set = 0, binding = 6) buffer RecordMeta { uint record_meta[]; };
layout(std430, set = 0, binding = 7) buffer WalkerState { uint walker_state[]; };
layout(push_constant) uniform Arguments {
  uint threads;         // invocations that walk (the rest of the last workgroup return)
  uint slots;           // U = threads (walker_pieces.glsl's name)
  uint first_dispatch;  // 1: the first dispatch of the batch (start at the piece's start)
  uint max_entries;     // entries per invocation in this dispatch at most (then the state is saved)
};

#include "curve_params.glsl"
#include "field.glsl"
#include "field_lazy.glsl"
#include "affine_point.glsl"
#include "xyzz_point.glsl"
#include "xyzz_point_lazy.glsl"
#include "walker_records.glsl"
#include "walker_pieces.glsl"

// cursor, run start, bucket, run open, running sum (X, Y, ZZ, ZZZ; lazily reduced, as in registers)
const uint kStateWords = 4u + XYZZ_WORDS;

void store_xyzz(uint base, XyzzPoint p, bool final_sum) {
  WORD_LOOP for (uint w = 0u; w < FIELD_WORDS; ++w) {
    if (final_sum) {
      bucket_sum_words[base + w] = p.X[w];
      bucket_sum_words[base + FIELD_WORDS + w] = p.Y[w];
      bucket_sum_words[base + 2 * FIELD_WORDS + w] = p.ZZ[w];
      bucket_sum_words[base + 3 * FIELD_WORDS + w] = p.ZZZ[w];
    } else {
      record_words[base + w] = p.X[w];
      record_words[base + FIELD_WORDS + w] = p.Y[w];
      record_words[base + 2 * FIELD_WORDS + w] = p.ZZ[w];
      record_words[base + 3 * FIELD_WORDS + w] = p.ZZZ[w];
    }
  }
}

// `lazy_sum` is lazily reduced (xyzz_point_lazy.glsl); what is stored is fully reduced.
void emit_xyzz_run(uint u, uint bucket, XyzzPoint lazy_sum, uint run_start, uint run_end, uint piece_begin,
                   uint piece_end, uint entries) {
  const uint place = place_run(u, bucket, run_start, run_end, piece_begin, piece_end, entries);
  const bool final_sum = place == kRunFinal;
  store_xyzz(final_sum ? XYZZ_WORDS * bucket : walker_record_base(u, place), xyzz_fully_reduced(lazy_sum), final_sum);
}

void main() {
  const uint t = gl_GlobalInvocationID.x;
  if (t >= threads) return;
  const uint entries = valid_count;
  const uint piece_begin = piece_start(t, entries);
  const uint piece_end = piece_start(t + 1u, entries);
  const uint state = kStateWords * t;
  uint cursor = piece_begin;
  uint run_start = piece_begin;
  uint bucket = 0u;
  bool run_open = false;
  XyzzPoint sum = xyzz_infinity();
  if (first_dispatch != 0u) {
    clear_records(t, piece_begin, piece_end);
  } else {
    cursor = walker_state[state];
    run_start = walker_state[state + 1u];
    bucket = walker_state[state + 2u];
    run_open = walker_state[state + 3u] != 0u;
    if (run_open) {
      WORD_LOOP for (uint w = 0u; w < FIELD_WORDS; ++w) {
        sum.X[w] = walker_state[state + 4u + w];
        sum.Y[w] = walker_state[state + 4u + FIELD_WORDS + w];
        sum.ZZ[w] = walker_state[state + 4u + 2 * FIELD_WORDS + w];
        sum.ZZZ[w] = walker_state[state + 4u + 3 * FIELD_WORDS + w];
      }
    }
  }
  for (uint step = 0u; step < max_entries && cursor < piece_end; ++step, ++cursor) {
    const uint key = sorted_keys[cursor];
    const AffinePoint point = entry_point(cursor);
    if (run_open && key == bucket) {
      sum = xyzz_add_affine_lazy(sum, point);
    } else {
      if (run_open) emit_xyzz_run(t, bucket, sum, run_start, cursor, piece_begin, piece_end, entries);
      run_open = true;
      bucket = key;
      run_start = cursor;
      sum = xyzz_from_affine(point);
    }
  }
  if (run_open && cursor == piece_end) {
    emit_xyzz_run(t, bucket, sum, run_start, cursor, piece_begin, piece_end, entries);
    run_open = false;
  }
  // Saved also when the piece is done: a later dispatch of the batch must find it done, not an
  // earlier batch's state.
  walker_state[state] = cursor;
  walker_state[state + 1u] = run_start;
  walker_state[state + 2u] = bucket;
  walker_state[state + 3u] = run_open ? 1u : 0u;
  if (run_open) {
    WORD_LOOP for (uint w = 0u; w < FIELD_WORDS; ++w) {
      walker_state[state + 4u + w] = sum.X[w];
      walker_state[state + 4u + FIELD_WORDS + w] = sum.Y[w];
      walker_state[state + 4u + 2 * FIELD_WORDS + w] = sum.ZZ[w];
      walker_state[state + 4u + 3 * FIELD_WORDS + w] = sum.ZZZ[w];
    }
  }
}
