// accumulate_buckets, the stream walker with its slots in private memory (the Vulkan shader
// stream_walker.comp; what it shares with the xyzz walker is walker_pieces.wgsl): every bucket's affine sum from the sorted entries
// of one window batch, with one inversion per round of S additions per invocation.
//
// The M valid sorted entries (keys ascending, sentinels after them) are cut into U = threads · S
// equal pieces, piece u = [start(u), start(u + 1)) with start(u) = u·⌊M/U⌋ + min(u, M mod U).
// Invocation t walks the S pieces t·S … t·S + S − 1, one per slot. A slot holds one running affine
// sum of the bucket it is in; every round each busy slot adds its next entry (a slot starting a
// bucket adds its first two entries), and the S additions of the round go through
// batch_affine_add.wgsl: one inversion, complete for every input, so a zero denominator never
// poisons the round.
//
// When a slot reaches the end of a bucket's run inside its piece it emits the run's sum:
//   the run is the whole bucket             → bucket_sums[bucket] (final)
//   the run began before the piece or goes on after it → a partial record of the slot
//       (walker_records.wgsl: record 0 for the run at the piece's start, else record 1)
// walker_combine.wgsl then adds each split bucket's partials, in levels of blocks of slots. A
// bucket with one entry in the piece is emitted without an addition.
//
// Entries: value = point index | sign << 31; the point is read from the bases (AffinePoint
// layout, Montgomery form, (0, 0) = infinity) and negated for a negative digit.
//
// A dispatch runs at most max_rounds rounds, then saves every slot's state (cursor, run start,
// bucket, busy, running sum: kSlotStateWords words per slot) for the next dispatch of the batch,
// which the host issues until the longest piece is done: dispatches stay short (browser and
// mobile GPU watchdogs). An invocation whose slots are all done saves them too (save_slots).
//
// Resources: 8 storage buffers (points, sorted keys, sorted values, valid count, bucket sums
// (AFFINE_WORDS each, affine), records (2 × XYZZ_WORDS words per slot), record meta (4 words per slot), slot
// state), 1 uniform. BATCH_SLOTS (S) and WALKER_WORKGROUP_SIZE are constants the host prepends.

struct Arguments {
  threads: u32,      // invocations that walk (the rest of the last workgroup return)
  slots: u32,        // U = threads · BATCH_SLOTS
  first_round: u32,  // 1: the first dispatch of the batch (start every slot at its piece)
  max_rounds: u32,   // rounds of this dispatch at most (then the slots' state is saved)
}

@group(0) @binding(0) var<storage, read> point_words: array<u32>;
@group(0) @binding(1) var<storage, read> sorted_keys: array<u32>;
@group(0) @binding(2) var<storage, read> sorted_values: array<u32>;
@group(0) @binding(3) var<storage, read> valid: array<u32>;
@group(0) @binding(4) var<storage, read_write> bucket_sum_words: array<u32>;
@group(0) @binding(5) var<storage, read_write> record_words: array<u32>;
@group(0) @binding(6) var<storage, read_write> record_meta: array<u32>;
@group(0) @binding(7) var<storage, read_write> slot_state: array<u32>;
@group(0) @binding(8) var<uniform> arguments: Arguments;

const kSlotStateWords = 4u + AFFINE_WORDS;  // cursor, run start, bucket, busy, running sum (x, y)

var<private> slot_cursor: array<u32, BATCH_SLOTS>;     // next entry to read
var<private> slot_end: array<u32, BATCH_SLOTS>;        // end of the piece
var<private> slot_begin: array<u32, BATCH_SLOTS>;      // start of the piece
var<private> slot_run_start: array<u32, BATCH_SLOTS>;  // first entry of the run being summed
var<private> slot_bucket: array<u32, BATCH_SLOTS>;     // its bucket
var<private> slot_busy: array<bool, BATCH_SLOTS>;      // batch_lhs[k] holds a running sum of slot_bucket[k]

fn store_bucket_sum(bucket: u32, p: AffinePoint) {
  for (var w = 0u; w < FIELD_WORDS; w++) {
    bucket_sum_words[AFFINE_WORDS * bucket + w] = p.x[w];
    bucket_sum_words[AFFINE_WORDS * bucket + FIELD_WORDS + w] = p.y[w];
  }
}

// Records are XYZZ (what walker_combine.wgsl adds up): (x, y, 1, 1), or (1, 1, 0, 0) for infinity.
fn store_record(base: u32, p: AffinePoint) {
  let infinity = affine_is_infinity(p);
  let one = field_one();
  for (var w = 0u; w < FIELD_WORDS; w++) {
    record_words[base + w] = select(p.x[w], one[w], infinity);
    record_words[base + FIELD_WORDS + w] = select(p.y[w], one[w], infinity);
    record_words[base + 2u * FIELD_WORDS + w] = select(one[w], 0u, infinity);
    record_words[base + 3u * FIELD_WORDS + w] = select(one[w], 0u, infinity);
  }
}

// The sum of entries [run_start, run_end) of `bucket`, all inside piece u: the bucket's affine sum
// or an XYZZ record (walker_pieces.wgsl's place_run says which).
fn emit_run(u: u32, bucket: u32, sum: AffinePoint, run_start: u32, run_end: u32, piece_begin: u32, piece_end: u32,
            entries: u32) {
  let place = place_run(u, bucket, run_start, run_end, piece_begin, piece_end, entries);
  if (place == kRunFinal) {
    store_bucket_sum(bucket, sum);
  } else {
    store_record(walker_record_base(u, place), sum);
  }
}

// Saves invocation t's slots for the next dispatch of the batch. Also when they are all done: the
// host's dispatch count comes from the batch's entries, the pieces from its valid ones, so a later
// dispatch may find this invocation finished, and must find it so (not an earlier batch's state).
fn save_slots(t: u32) {
  for (var k = 0u; k < BATCH_SLOTS; k++) {
    let base = kSlotStateWords * (t * BATCH_SLOTS + k);
    slot_state[base] = slot_cursor[k];
    slot_state[base + 1u] = slot_run_start[k];
    slot_state[base + 2u] = slot_bucket[k];
    slot_state[base + 3u] = select(0u, 1u, slot_busy[k]);
    for (var w = 0u; w < FIELD_WORDS; w++) {
      slot_state[base + 4u + w] = batch_lhs[k].x[w];
      slot_state[base + 4u + FIELD_WORDS + w] = batch_lhs[k].y[w];
    }
  }
}

@compute @workgroup_size(WALKER_WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) group: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) local: vec3<u32>) {
  let t = linear_invocation(group, groups, local, WALKER_WORKGROUP_SIZE);
  if (t >= arguments.threads) { return; }
  let entries = valid[0];
  for (var k = 0u; k < BATCH_SLOTS; k++) {
    let u = t * BATCH_SLOTS + k;
    slot_begin[k] = piece_start(u, entries);
    slot_end[k] = piece_start(u + 1u, entries);
    if (arguments.first_round != 0u) {
      slot_cursor[k] = slot_begin[k];
      slot_busy[k] = false;
      clear_records(u, slot_begin[k], slot_end[k]);
    } else {
      let base = kSlotStateWords * u;
      slot_cursor[k] = slot_state[base];
      slot_run_start[k] = slot_state[base + 1u];
      slot_bucket[k] = slot_state[base + 2u];
      slot_busy[k] = slot_state[base + 3u] != 0u;
      for (var w = 0u; w < FIELD_WORDS; w++) {
        batch_lhs[k].x[w] = slot_state[base + 4u + w];
        batch_lhs[k].y[w] = slot_state[base + 4u + FIELD_WORDS + w];
      }
    }
  }
  var round = 0u;
  loop {
    if (round == arguments.max_rounds) {
      save_slots(t);
      return;
    }
    var any_busy = false;
    for (var k = 0u; k < BATCH_SLOTS; k++) {
      let u = t * BATCH_SLOTS + k;
      if (slot_busy[k]) {
        batch_rhs[k] = entry_point(slot_cursor[k]);
        slot_cursor[k] += 1u;
      } else {
        batch_lhs[k] = affine_infinity();
        batch_rhs[k] = affine_infinity();
        // Start the next run of two or more entries; single-entry runs are emitted as they are.
        while (slot_cursor[k] < slot_end[k]) {
          let cursor = slot_cursor[k];
          let bucket = sorted_keys[cursor];
          var pair = false;
          if (cursor + 1u < slot_end[k]) { pair = sorted_keys[cursor + 1u] == bucket; }
          if (pair) {
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
    for (var k = 0u; k < BATCH_SLOTS; k++) {
      if (!slot_busy[k]) { continue; }
      let cursor = slot_cursor[k];
      var run_ends = cursor == slot_end[k];
      if (!run_ends) { run_ends = sorted_keys[cursor] != slot_bucket[k]; }
      if (run_ends) {
        emit_run(t * BATCH_SLOTS + k, slot_bucket[k], batch_lhs[k], slot_run_start[k], cursor, slot_begin[k],
                 slot_end[k], entries);
        slot_busy[k] = false;
      }
    }
    round++;
  }
}
