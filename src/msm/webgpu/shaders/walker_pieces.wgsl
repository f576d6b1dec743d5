// What the walkers (stream_walker.wgsl: S slots per invocation; xyzz_walker.wgsl: one XYZZ sum per
// invocation, U = threads) share, as the Vulkan shaders' walker_pieces.glsl: the equal pieces, the
// entries, the records' reset and where a finished run's sum goes.
//
// The M valid sorted entries are cut into U pieces (U = arguments.slots), piece u = [start(u),
// start(u + 1)) with start(u) = u·⌊M/U⌋ + min(u, M mod U). An entry's value is point index |
// sign << 31: the point is read from the bases (AffinePoint layout, Montgomery form, (0, 0) =
// infinity) and negated for a negative digit. A run (the entries of one bucket inside one piece)
// that is its whole bucket is final (bucket_sums); one that began in an earlier piece or goes on
// in a later one becomes a partial record of the piece (walker_records.wgsl):
//   record 0: the run that starts at the piece's start (flags: from_before, to_after)
//   record 1: the run that ends at the piece's end, when it is not record 0 (to_after)
//
// The including shader declares point_words, sorted_keys, sorted_values, record_meta and the
// uniform `arguments` with a field `slots` (U).

fn piece_start(u: u32, entries: u32) -> u32 {
  let base = entries / arguments.slots;
  return u * base + min(u, entries - base * arguments.slots);
}

fn entry_point(entry: u32) -> AffinePoint {
  let value = sorted_values[entry];
  let base = AFFINE_WORDS * (value & 0x7fffffffu);
  var p: AffinePoint;
  /* word loop */ for (var w = 0u; w < FIELD_WORDS; w++) {
    p.x[w] = point_words[base + w];
    p.y[w] = point_words[base + FIELD_WORDS + w];
  }
  if ((value >> 31u) != 0u) { return affine_negate(p); }
  return p;
}

// Before the first dispatch: piece u has no records yet (or is empty).
fn clear_records(u: u32, piece_begin: u32, piece_end: u32) {
  record_meta[walker_meta_base(u, 0u)] = 0u;
  record_meta[walker_meta_base(u, 0u) + 1u] = select(0u, kRecordEmptyPiece, piece_begin == piece_end);
  record_meta[walker_meta_base(u, 1u)] = 0u;
  record_meta[walker_meta_base(u, 1u) + 1u] = 0u;
}

// Where the sum of entries [run_start, run_end) of `bucket` goes, all inside piece u =
// [piece_begin, piece_end) of the `entries` valid ones: kRunFinal (bucket_sums, the whole bucket)
// or the record (0 or 1) of piece u, whose meta (bucket, flags) this writes; the caller stores the
// sum in its form.
const kRunFinal = 2u;
fn place_run(u: u32, bucket: u32, run_start: u32, run_end: u32, piece_begin: u32, piece_end: u32,
             entries: u32) -> u32 {
  var from_before = false;
  if (run_start == piece_begin && run_start > 0u) { from_before = sorted_keys[run_start - 1u] == bucket; }
  var to_after = false;
  if (run_end == piece_end && run_end < entries) { to_after = sorted_keys[run_end] == bucket; }
  if (!from_before && !to_after) { return kRunFinal; }
  let record = select(1u, 0u, run_start == piece_begin);
  record_meta[walker_meta_base(u, record)] = bucket;
  record_meta[walker_meta_base(u, record) + 1u] =
      kRecordValid | select(0u, kRecordFromBefore, from_before) | select(0u, kRecordToAfter, to_after);
  return record;
}
