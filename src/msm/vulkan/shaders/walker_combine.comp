#version 450
// accumulate_buckets, second part: the buckets the stream walker split between pieces, summed
// in levels. A unit of level 0 is a walker slot; invocation j of a level takes the units
// [j·K, j·K + K) (K = block, ≤ kCombineBlock) of its input and walks their records
// (walker_records.glsl) in order, as the walker walks entries: a chain of partials of one bucket
// opens at a record that does not come from before (or at the block's first record when it
// does), grows by the next units' record 0 (from_before), and closes at a record without
// to_after. A chain that closes inside the block and began in it is the whole bucket: its sum
// goes to bucket_sums as an affine point (one safegcd inversion), or as the XYZZ point itself
// when BUCKET_SUM_FORM = 1 (the xyzz walker's bucket sums). Otherwise it becomes a record
// of the output unit j (record 0 if it starts at the block's start, else record 1), exactly as
// the walker's runs become slot records, for the next level. The host runs levels until one
// unit is left; then every chain has closed. Each invocation does at most 2K XYZZ additions: no
// invocation loops long (lavapipe ends an invocation's loops after 65,535 iterations).
//
// Resources: 5 storage buffers (records in, meta in, records out, meta out, bucket sums), 8
// bytes of push constants, no workgroup memory. Specialization constants: 0 = workgroup size,
// 1 = BUCKET_SUM_FORM (0 affine, 2W words per bucket; 1 XYZZ, 4W). Compiled per curve.
#extension GL_GOOGLE_include_directive : require
#if defined(ZKMSM_FIELD_INT64)
#define ZKMSM_UNROLL_WORD_LOOPS  // field.glsl: word loops unrolled, arrays in registers
#endif

layout(local_size_x = 64, local_size_x_id = 0) in;
layout(constant_id = 1) const uint BUCKET_SUM_FORM = 0u;

layout(std430, set = 0, binding = 0) readonly buffer RecordsIn { uint in_words[]; };
layout(std430, set = 0, binding = 1) readonly buffer MetaIn { uint in_meta[]; };
layout(std430, set = 0, binding = 2) writeonly buffer RecordsOut { uint out_words[]; };
layout(std430, set = 0, binding = 3) writeonly buffer MetaOut { uint out_meta[]; };
layout(std430, set = 0, binding = 4) writeonly buffer BucketSums { uint bucket_sum_words[]; };
layout(push_constant) uniform Arguments {
  uint units;  // units of the input level
  uint block;  // K: input units per invocation
};

#include "curve_params.glsl"
#include "field.glsl"
#include "safegcd_inverse.glsl"
#include "affine_point.glsl"
#include "xyzz_point.glsl"
#include "walker_records.glsl"

XyzzPoint load_record(uint u, uint record) {
  const uint base = walker_record_base(u, record);
  XyzzPoint p;
  WORD_LOOP for (uint w = 0u; w < FIELD_WORDS; ++w) {
    p.X[w] = in_words[base + w];
    p.Y[w] = in_words[base + FIELD_WORDS + w];
    p.ZZ[w] = in_words[base + 2 * FIELD_WORDS + w];
    p.ZZZ[w] = in_words[base + 3 * FIELD_WORDS + w];
  }
  return p;
}

// The open chain.
bool chain_open = false;
uint chain_bucket;
XyzzPoint chain_sum;
bool chain_from_before;
bool chain_at_block_start;

void emit_chain(uint j, bool to_after) {
  chain_open = false;
  if (!chain_from_before && !to_after && BUCKET_SUM_FORM == 1u) {
    WORD_LOOP for (uint w = 0u; w < FIELD_WORDS; ++w) {
      bucket_sum_words[XYZZ_WORDS * chain_bucket + w] = chain_sum.X[w];
      bucket_sum_words[XYZZ_WORDS * chain_bucket + FIELD_WORDS + w] = chain_sum.Y[w];
      bucket_sum_words[XYZZ_WORDS * chain_bucket + 2 * FIELD_WORDS + w] = chain_sum.ZZ[w];
      bucket_sum_words[XYZZ_WORDS * chain_bucket + 3 * FIELD_WORDS + w] = chain_sum.ZZZ[w];
    }
    return;
  }
  if (!chain_from_before && !to_after) {
    AffinePoint sum = affine_infinity();
    if (!xyzz_is_infinity(chain_sum)) {
      const uint inverse[FIELD_WORDS] = field_inverse_safegcd(field_mul(chain_sum.ZZ, chain_sum.ZZZ));
      sum.x = field_mul(chain_sum.X, field_mul(inverse, chain_sum.ZZZ));
      sum.y = field_mul(chain_sum.Y, field_mul(inverse, chain_sum.ZZ));
    }
    WORD_LOOP for (uint w = 0u; w < FIELD_WORDS; ++w) {
      bucket_sum_words[AFFINE_WORDS * chain_bucket + w] = sum.x[w];
      bucket_sum_words[AFFINE_WORDS * chain_bucket + FIELD_WORDS + w] = sum.y[w];
    }
    return;
  }
  const uint record = chain_at_block_start ? 0u : 1u;
  const uint base = walker_record_base(j, record);
  WORD_LOOP for (uint w = 0u; w < FIELD_WORDS; ++w) {
    out_words[base + w] = chain_sum.X[w];
    out_words[base + FIELD_WORDS + w] = chain_sum.Y[w];
    out_words[base + 2 * FIELD_WORDS + w] = chain_sum.ZZ[w];
    out_words[base + 3 * FIELD_WORDS + w] = chain_sum.ZZZ[w];
  }
  out_meta[walker_meta_base(j, record)] = chain_bucket;
  out_meta[walker_meta_base(j, record) + 1u] =
      kRecordValid | (chain_from_before ? kRecordFromBefore : 0u) | (to_after ? kRecordToAfter : 0u);
}

void open_chain(uint bucket, XyzzPoint sum, bool from_before, bool at_block_start) {
  chain_open = true;
  chain_bucket = bucket;
  chain_sum = sum;
  chain_from_before = from_before;
  chain_at_block_start = at_block_start;
}

void main() {
  const uint j = gl_GlobalInvocationID.x;
  const uint first = j * block;
  if (first >= units) return;
  const uint last = min(first + block, units);
  out_meta[walker_meta_base(j, 0u)] = 0u;
  out_meta[walker_meta_base(j, 0u) + 1u] = 0u;
  out_meta[walker_meta_base(j, 1u)] = 0u;
  out_meta[walker_meta_base(j, 1u) + 1u] = 0u;
  bool any_entries = false;
  for (uint u = first; u < last; ++u) {
    const uint flags0 = in_meta[walker_meta_base(u, 0u) + 1u];
    if ((flags0 & kRecordEmptyPiece) != 0u) continue;
    const bool first_unit = !any_entries;
    any_entries = true;
    if ((flags0 & kRecordValid) != 0u) {
      const XyzzPoint part = load_record(u, 0u);
      if ((flags0 & kRecordFromBefore) != 0u && chain_open) {
        chain_sum = xyzz_add(chain_sum, part);
      } else {
        open_chain(in_meta[walker_meta_base(u, 0u)], part, (flags0 & kRecordFromBefore) != 0u, first_unit);
      }
      if ((flags0 & kRecordToAfter) == 0u) emit_chain(j, false);
    }
    const uint flags1 = in_meta[walker_meta_base(u, 1u) + 1u];
    if ((flags1 & kRecordValid) != 0u) open_chain(in_meta[walker_meta_base(u, 1u)], load_record(u, 1u), false, false);
  }
  if (chain_open) emit_chain(j, true);
  if (!any_entries) out_meta[walker_meta_base(j, 0u) + 1u] = kRecordEmptyPiece;
}
