// accumulate_buckets, second part (the Vulkan shader walker_combine.comp): the buckets the
// stream walker split between pieces, summed in levels. A unit of level 0 is a walker slot;
// invocation j of a level takes the units [j·K, j·K + K) (K = block, ≤ kCombineBlock) of its
// input and walks their records (walker_records.wgsl) in order, as the walker walks entries: a
// chain of partials of one bucket opens at a record that does not come from before (or at the
// block's first record when it does), grows by the next units' record 0 (from_before), and closes
// at a record without to_after. A chain that closes inside the block and began in it is the whole
// bucket: its sum goes to bucket_sums as an affine point (one inversion), or as the XYZZ point
// itself when the host's BUCKET_SUM_FORM is 1 (the xyzz walker's bucket sums). Otherwise it becomes a
// record of the output unit j (record 0 if it starts at the block's start, else record 1) for the
// next level. The host runs levels until one unit is left; then every chain has closed. Each
// invocation does at most 2K XYZZ additions.
//
// Resources: 5 storage buffers (records in, meta in, records out, meta out, bucket sums), 1
// uniform. Workgroup size 64. BUCKET_SUM_FORM (0 affine, 1 XYZZ) is a constant the host prepends.

struct Arguments {
  units: u32,  // units of the input level
  block: u32,  // K: input units per invocation
}

@group(0) @binding(0) var<storage, read> in_words: array<u32>;
@group(0) @binding(1) var<storage, read> in_meta: array<u32>;
@group(0) @binding(2) var<storage, read_write> out_words: array<u32>;
@group(0) @binding(3) var<storage, read_write> out_meta: array<u32>;
@group(0) @binding(4) var<storage, read_write> bucket_sum_words: array<u32>;
@group(0) @binding(5) var<uniform> arguments: Arguments;

fn load_record(u: u32, record: u32) -> XyzzPoint {
  let base = walker_record_base(u, record);
  var p: XyzzPoint;
  /* word loop */ for (var w = 0u; w < FIELD_WORDS; w++) {
    p.X[w] = in_words[base + w];
    p.Y[w] = in_words[base + FIELD_WORDS + w];
    p.ZZ[w] = in_words[base + 2u * FIELD_WORDS + w];
    p.ZZZ[w] = in_words[base + 3u * FIELD_WORDS + w];
  }
  return p;
}

// The open chain.
var<private> chain_open = false;
var<private> chain_bucket: u32;
var<private> chain_sum: XyzzPoint;
var<private> chain_from_before: bool;
var<private> chain_at_block_start: bool;

fn emit_chain(j: u32, to_after: bool) {
  chain_open = false;
  if (!chain_from_before && !to_after && BUCKET_SUM_FORM == 1u) {
    let base = XYZZ_WORDS * chain_bucket;
    /* word loop */ for (var w = 0u; w < FIELD_WORDS; w++) {
      bucket_sum_words[base + w] = chain_sum.X[w];
      bucket_sum_words[base + FIELD_WORDS + w] = chain_sum.Y[w];
      bucket_sum_words[base + 2u * FIELD_WORDS + w] = chain_sum.ZZ[w];
      bucket_sum_words[base + 3u * FIELD_WORDS + w] = chain_sum.ZZZ[w];
    }
    return;
  }
  if (!chain_from_before && !to_after) {
    let sum = xyzz_to_affine(chain_sum);
    /* word loop */ for (var w = 0u; w < FIELD_WORDS; w++) {
      bucket_sum_words[AFFINE_WORDS * chain_bucket + w] = sum.x[w];
      bucket_sum_words[AFFINE_WORDS * chain_bucket + FIELD_WORDS + w] = sum.y[w];
    }
    return;
  }
  let record = select(1u, 0u, chain_at_block_start);
  let base = walker_record_base(j, record);
  /* word loop */ for (var w = 0u; w < FIELD_WORDS; w++) {
    out_words[base + w] = chain_sum.X[w];
    out_words[base + FIELD_WORDS + w] = chain_sum.Y[w];
    out_words[base + 2u * FIELD_WORDS + w] = chain_sum.ZZ[w];
    out_words[base + 3u * FIELD_WORDS + w] = chain_sum.ZZZ[w];
  }
  out_meta[walker_meta_base(j, record)] = chain_bucket;
  out_meta[walker_meta_base(j, record) + 1u] =
      kRecordValid | select(0u, kRecordFromBefore, chain_from_before) | select(0u, kRecordToAfter, to_after);
}

fn open_chain(bucket: u32, sum: XyzzPoint, from_before: bool, at_block_start: bool) {
  chain_open = true;
  chain_bucket = bucket;
  chain_sum = sum;
  chain_from_before = from_before;
  chain_at_block_start = at_block_start;
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) group: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) local: vec3<u32>) {
  let j = linear_invocation(group, groups, local, 64u);
  let first = j * arguments.block;
  if (first >= arguments.units) { return; }
  let last = min(first + arguments.block, arguments.units);
  out_meta[walker_meta_base(j, 0u)] = 0u;
  out_meta[walker_meta_base(j, 0u) + 1u] = 0u;
  out_meta[walker_meta_base(j, 1u)] = 0u;
  out_meta[walker_meta_base(j, 1u) + 1u] = 0u;
  var any_entries = false;
  for (var u = first; u < last; u++) {
    let flags0 = in_meta[walker_meta_base(u, 0u) + 1u];
    if ((flags0 & kRecordEmptyPiece) != 0u) { continue; }
    let first_unit = !any_entries;
    any_entries = true;
    if ((flags0 & kRecordValid) != 0u) {
      let part = load_record(u, 0u);
      if ((flags0 & kRecordFromBefore) != 0u && chain_open) {
        chain_sum = xyzz_add(chain_sum, part);
      } else {
        open_chain(in_meta[walker_meta_base(u, 0u)], part, (flags0 & kRecordFromBefore) != 0u, first_unit);
      }
      if ((flags0 & kRecordToAfter) == 0u) { emit_chain(j, false); }
    }
    let flags1 = in_meta[walker_meta_base(u, 1u) + 1u];
    if ((flags1 & kRecordValid) != 0u) { open_chain(in_meta[walker_meta_base(u, 1u)], load_record(u, 1u), false, false); }
  }
  if (chain_open) { emit_chain(j, true); }
  if (!any_entries) { out_meta[walker_meta_base(j, 0u) + 1u] = kRecordEmptyPiece; }
}
