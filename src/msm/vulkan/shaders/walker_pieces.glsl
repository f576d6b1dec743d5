// What the walkers (stream_walker.comp: slots in private memory; stream_walker_global.comp: slots
// in a storage buffer; xyzz_walker.comp: one XYZZ sum per invocation, U = threads) share: the
// equal pieces, the entries, and where a finished run's sum goes.
//
// The M valid sorted entries are cut into U = threads · S equal pieces, piece u = [start(u),
// start(u + 1)) with start(u) = u·⌊M/U⌋ + min(u, M mod U); invocation t walks pieces t·S …
// t·S + S − 1. An entry's value is point index | sign << 31: the point is read from the bases
// (AffinePoint layout, Montgomery form, (0, 0) = infinity) and negated for a negative digit.
// A run (the entries of one bucket inside one piece) that is its whole bucket is final
// (bucket_sums: affine, XYZZ for the xyzz walker); one that began in an earlier piece or goes on
// in a later one becomes a partial record of the slot (walker_records.glsl), which
// walker_combine.comp adds up:
//   record 0: the run that starts at the piece's start (flags: from_before, to_after)
//   record 1: the run that ends at the piece's end, when it is not record 0 (to_after)
//
// The including shader declares the buffers point_quads (the bases as uvec4), sorted_keys,
// sorted_values, bucket_sum_words, record_words, record_meta and the push constant `slots` (U), and
// includes field.glsl, affine_point.glsl and walker_records.glsl first.
#ifndef ZKMSM_WALKER_PIECES_GLSL
#define ZKMSM_WALKER_PIECES_GLSL

uint piece_start(uint u, uint entries) {
  const uint base = entries / slots;
  return u * base + min(u, entries - base * slots);
}

// The bases are read four words at a time (point_quads; FIELD_WORDS is 8 or 12, so a point is
// whole quads): 16-byte loads for the gather that every walker step waits on.
AffinePoint entry_point(uint entry) {
  const uint value = sorted_values[entry];
  const uint base = (AFFINE_WORDS / 4) * (value & 0x7fffffffu);
  AffinePoint p;
  WORD_LOOP for (uint q = 0u; q < FIELD_WORDS / 4; ++q) {
    const uvec4 x = point_quads[base + q];
    const uvec4 y = point_quads[base + FIELD_WORDS / 4 + q];
    WORD_LOOP for (uint k = 0u; k < 4u; ++k) {
      p.x[4u * q + k] = x[k];
      p.y[4u * q + k] = y[k];
    }
  }
  return (value >> 31) != 0u ? affine_negate(p) : p;
}

void store_bucket_sum(uint bucket, AffinePoint p) {
  WORD_LOOP for (uint w = 0u; w < FIELD_WORDS; ++w) {
    bucket_sum_words[AFFINE_WORDS * bucket + w] = p.x[w];
    bucket_sum_words[AFFINE_WORDS * bucket + FIELD_WORDS + w] = p.y[w];
  }
}

// Records are XYZZ (what walker_combine.comp adds up): (x, y, 1, 1), or (1, 1, 0, 0) for infinity.
void store_record(uint base, AffinePoint p) {
  const bool infinity = affine_is_infinity(p);
  const uint one[FIELD_WORDS] = field_one();
  WORD_LOOP for (uint w = 0u; w < FIELD_WORDS; ++w) {
    record_words[base + w] = infinity ? one[w] : p.x[w];
    record_words[base + FIELD_WORDS + w] = infinity ? one[w] : p.y[w];
    record_words[base + 2 * FIELD_WORDS + w] = infinity ? 0u : one[w];
    record_words[base + 3 * FIELD_WORDS + w] = infinity ? 0u : one[w];
  }
}

// Before the first round: slot u's piece has no records yet (or is empty).
void clear_records(uint u, uint piece_begin, uint piece_end) {
  record_meta[walker_meta_base(u, 0u)] = 0u;
  record_meta[walker_meta_base(u, 0u) + 1u] = piece_begin == piece_end ? kRecordEmptyPiece : 0u;
  record_meta[walker_meta_base(u, 1u)] = 0u;
  record_meta[walker_meta_base(u, 1u) + 1u] = 0u;
}

// Where the sum of entries [run_start, run_end) of `bucket` goes, all inside piece u =
// [piece_begin, piece_end) of the `entries` valid ones: kRunFinal (bucket_sums, the whole bucket)
// or the record (0 or 1) of unit u, whose meta (bucket, flags) this writes; the caller stores the
// sum in its form (affine here, XYZZ in xyzz_walker.comp).
const uint kRunFinal = 2u;
uint place_run(uint u, uint bucket, uint run_start, uint run_end, uint piece_begin, uint piece_end, uint entries) {
  const bool from_before = run_start == piece_begin && run_start > 0u && sorted_keys[run_start - 1u] == bucket;
  const bool to_after = run_end == piece_end && run_end < entries && sorted_keys[run_end] == bucket;
  if (!from_before && !to_after) return kRunFinal;
  const uint record = run_start == piece_begin ? 0u : 1u;
  record_meta[walker_meta_base(u, record)] = bucket;
  record_meta[walker_meta_base(u, record) + 1u] =
      kRecordValid | (from_before ? kRecordFromBefore : 0u) | (to_after ? kRecordToAfter : 0u);
  return record;
}

// The affine walkers' runs: the bucket's affine sum, or an XYZZ record.
void emit_run(uint u,
              uint bucket,
              AffinePoint sum,
              uint run_start,
              uint run_end,
              uint piece_begin,
              uint piece_end,
              uint entries) {
  const uint place = place_run(u, bucket, run_start, run_end, piece_begin, piece_end, entries);
  if (place == kRunFinal) {
    store_bucket_sum(bucket, sum);
  } else {
    store_record(walker_record_base(u, place), sum);
  }
}

#endif
