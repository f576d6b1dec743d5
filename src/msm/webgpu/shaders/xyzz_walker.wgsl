// accumulate_buckets with XYZZ buckets (the Vulkan shader xyzz_walker.comp): every bucket's sum
// from the sorted entries of one window batch with mixed XYZZ additions (madd-2008-s,
// curve.wgsl: no inversion, complete for P + P, P + (−P) and infinity), one running sum per
// invocation.
//
// The M valid sorted entries are cut into U = threads equal pieces (walker_pieces.wgsl with one
// piece per invocation); invocation t walks its piece one entry per iteration: an entry of the bucket it is in is added to the running sum, an entry of another
// bucket closes the run (emitted) and starts the next from its point, so the invocations of a
// workgroup add in the same iterations. A run that is its whole bucket goes to bucket_sums[bucket]
// as an XYZZ point (BUCKET_SUM_FORM = 1 in split_windows.wgsl and walker_combine.wgsl); one that
// began before the piece or goes on after it becomes the invocation's record 0 (the run at the
// piece's start) or 1 (walker_records.wgsl), which walker_combine.wgsl adds up.
//
// A dispatch walks at most max_entries entries per invocation, then saves its state (cursor, run
// start, bucket, whether a run is open, the running sum: kStateWords words) for the next dispatch
// of the batch: dispatches stay short (browser and mobile GPU watchdogs). Saved also when the
// piece is done, so that a later dispatch finds it done.
//
// Resources: 8 storage buffers (points, sorted keys, sorted values, valid count, bucket sums
// (XYZZ_WORDS each), records (2 × XYZZ_WORDS words per invocation), record meta (4 words per
// invocation), walker state), 1 uniform. WALKER_WORKGROUP_SIZE is a constant the host prepends.

struct Arguments {
  threads: u32,         // invocations that walk (the rest of the last workgroup return)
  slots: u32,           // U = threads
  first_dispatch: u32,  // 1: the first dispatch of the batch (start at the piece's start)
  max_entries: u32,     // entries per invocation in this dispatch at most (then the state is saved)
}

@group(0) @binding(0) var<storage, read> point_words: array<u32>;
@group(0) @binding(1) var<storage, read> sorted_keys: array<u32>;
@group(0) @binding(2) var<storage, read> sorted_values: array<u32>;
@group(0) @binding(3) var<storage, read> valid: array<u32>;
@group(0) @binding(4) var<storage, read_write> bucket_sum_words: array<u32>;
@group(0) @binding(5) var<storage, read_write> record_words: array<u32>;
@group(0) @binding(6) var<storage, read_write> record_meta: array<u32>;
@group(0) @binding(7) var<storage, read_write> walker_state: array<u32>;
@group(0) @binding(8) var<uniform> arguments: Arguments;

const kStateWords = 4u + XYZZ_WORDS;  // cursor, run start, bucket, run open, running sum (X, Y, ZZ, ZZZ)

// Stores an XYZZ point at `base` of the bucket sums (final) or of the records.
fn store_xyzz(base: u32, p: XyzzPoint, final_sum: bool) {
  /* word loop */ for (var w = 0u; w < FIELD_WORDS; w++) {
    if (final_sum) {
      bucket_sum_words[base + w] = p.X[w];
      bucket_sum_words[base + FIELD_WORDS + w] = p.Y[w];
      bucket_sum_words[base + 2u * FIELD_WORDS + w] = p.ZZ[w];
      bucket_sum_words[base + 3u * FIELD_WORDS + w] = p.ZZZ[w];
    } else {
      record_words[base + w] = p.X[w];
      record_words[base + FIELD_WORDS + w] = p.Y[w];
      record_words[base + 2u * FIELD_WORDS + w] = p.ZZ[w];
      record_words[base + 3u * FIELD_WORDS + w] = p.ZZZ[w];
    }
  }
}

// The sum of entries [run_start, run_end) of `bucket`, all inside piece u: the bucket's XYZZ sum
// or an XYZZ record (walker_pieces.wgsl's place_run says which).
fn emit_run(u: u32, bucket: u32, sum: XyzzPoint, run_start: u32, run_end: u32, piece_begin: u32, piece_end: u32,
            entries: u32) {
  let place = place_run(u, bucket, run_start, run_end, piece_begin, piece_end, entries);
  let final_sum = place == kRunFinal;
  store_xyzz(select(walker_record_base(u, place), XYZZ_WORDS * bucket, final_sum), sum, final_sum);
}

@compute @workgroup_size(WALKER_WORKGROUP_SIZE)
fn main(@builtin(workgroup_id) group: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) local: vec3<u32>) {
  let t = linear_invocation(group, groups, local, WALKER_WORKGROUP_SIZE);
  if (t >= arguments.threads) { return; }
  let entries = valid[0];
  let piece_begin = piece_start(t, entries);
  let piece_end = piece_start(t + 1u, entries);
  let state = kStateWords * t;
  var cursor = piece_begin;
  var run_start = piece_begin;
  var bucket = 0u;
  var run_open = false;
  var sum = xyzz_infinity();
  if (arguments.first_dispatch != 0u) {
    clear_records(t, piece_begin, piece_end);
  } else {
    cursor = walker_state[state];
    run_start = walker_state[state + 1u];
    bucket = walker_state[state + 2u];
    run_open = walker_state[state + 3u] != 0u;
    if (run_open) {
      /* word loop */ for (var w = 0u; w < FIELD_WORDS; w++) {
        sum.X[w] = walker_state[state + 4u + w];
        sum.Y[w] = walker_state[state + 4u + FIELD_WORDS + w];
        sum.ZZ[w] = walker_state[state + 4u + 2u * FIELD_WORDS + w];
        sum.ZZZ[w] = walker_state[state + 4u + 3u * FIELD_WORDS + w];
      }
    }
  }
  for (var walked = 0u; walked < arguments.max_entries && cursor < piece_end; walked++) {
    let key = sorted_keys[cursor];
    let point = entry_point(cursor);
    if (run_open && key == bucket) {
      sum = xyzz_add_affine(sum, point);
    } else {
      if (run_open) { emit_run(t, bucket, sum, run_start, cursor, piece_begin, piece_end, entries); }
      run_open = true;
      bucket = key;
      run_start = cursor;
      sum = xyzz_from_affine(point);
    }
    cursor++;
  }
  if (run_open && cursor == piece_end) {
    emit_run(t, bucket, sum, run_start, cursor, piece_begin, piece_end, entries);
    run_open = false;
  }
  walker_state[state] = cursor;
  walker_state[state + 1u] = run_start;
  walker_state[state + 2u] = bucket;
  walker_state[state + 3u] = select(0u, 1u, run_open);
  if (run_open) {
    /* word loop */ for (var w = 0u; w < FIELD_WORDS; w++) {
      walker_state[state + 4u + w] = sum.X[w];
      walker_state[state + 4u + FIELD_WORDS + w] = sum.Y[w];
      walker_state[state + 4u + 2u * FIELD_WORDS + w] = sum.ZZ[w];
      walker_state[state + 4u + 3u * FIELD_WORDS + w] = sum.ZZZ[w];
    }
  }
}
