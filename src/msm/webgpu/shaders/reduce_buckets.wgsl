// reduce_buckets, first part (the Vulkan shader reduce_buckets.comp): each window's weighted
// bucket sum Σ_b (b + 1)·S_b, in chunks. Window w's B buckets are cut into G chunks of L = B / G
// (B and G powers of two); invocation (w, g) walks its chunk from the top bucket down with a
// running sum R and a total T:
//     R += S_b,  T += R     ⇒  T = Σ_{b ∈ chunk} (b − g·L + 1)·S_b,  R = Σ_{b ∈ chunk} S_b
// and writes (T, R); reduce_level.wgsl adds the chunks' offsets g·L·R. Empty buckets
// (bucket_start = bucket_end, from plan) are skipped: the accumulator does not write their
// bucket_sums entry. A bucket sum may be infinity (0, 0) (e.g. P + (−P)).
//
// One XYZZ addition per loop step, in one place (each inlined addition is thousands of
// instructions for a shader compiler to get through).
//
// Resources: 4 storage buffers (bucket sums (affine, AFFINE_WORDS words, or XYZZ, XYZZ_WORDS words,
// by BUCKET_SUM_FORM, a constant the host prepends: 0 affine from the stream walker and the pair
// tree, 1 XYZZ from the xyzz walker), bucket_start, bucket_end, chunk sums (two XYZZ points T, R
// per chunk, 2·XYZZ_WORDS words, index w·G + g)), 1 uniform. Workgroup size 64.

struct Arguments {
  buckets: u32,  // B per window
  chunks: u32,   // G per window
  windows: u32,  // W in the batch
}

@group(0) @binding(0) var<storage, read> bucket_sum_words: array<u32>;
@group(0) @binding(1) var<storage, read> bucket_start: array<u32>;
@group(0) @binding(2) var<storage, read> bucket_end: array<u32>;
@group(0) @binding(3) var<storage, read_write> chunk_sum_words: array<u32>;
@group(0) @binding(4) var<uniform> arguments: Arguments;

fn store(base: u32, p: XyzzPoint) {
  for (var k = 0u; k < FIELD_WORDS; k++) {
    chunk_sum_words[base + k] = p.X[k];
    chunk_sum_words[base + FIELD_WORDS + k] = p.Y[k];
    chunk_sum_words[base + 2u * FIELD_WORDS + k] = p.ZZ[k];
    chunk_sum_words[base + 3u * FIELD_WORDS + k] = p.ZZZ[k];
  }
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) group: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) local: vec3<u32>) {
  let id = linear_invocation(group, groups, local, 64u);
  if (id >= arguments.windows * arguments.chunks) { return; }
  let w = id / arguments.chunks;
  let g = id - w * arguments.chunks;
  let length = arguments.buckets / arguments.chunks;
  var running = xyzz_infinity();
  var total = xyzz_infinity();
  // Step 2i: R += S_b for the i-th bucket from the top; step 2i + 1: T += R.
  for (var step = 0u; step < 2u * length; step++) {
    let add_bucket = (step & 1u) == 0u;
    var lhs = total;
    var rhs = running;
    if (add_bucket) {
      let bucket = w * arguments.buckets + g * length + length - 1u - step / 2u;
      if (bucket_start[bucket] == bucket_end[bucket]) { continue; }
      lhs = running;
      if (BUCKET_SUM_FORM == 1u) {
        for (var k = 0u; k < FIELD_WORDS; k++) {
          rhs.X[k] = bucket_sum_words[XYZZ_WORDS * bucket + k];
          rhs.Y[k] = bucket_sum_words[XYZZ_WORDS * bucket + FIELD_WORDS + k];
          rhs.ZZ[k] = bucket_sum_words[XYZZ_WORDS * bucket + 2u * FIELD_WORDS + k];
          rhs.ZZZ[k] = bucket_sum_words[XYZZ_WORDS * bucket + 3u * FIELD_WORDS + k];
        }
      } else {
        var sum: AffinePoint;
        for (var k = 0u; k < FIELD_WORDS; k++) {
          sum.x[k] = bucket_sum_words[AFFINE_WORDS * bucket + k];
          sum.y[k] = bucket_sum_words[AFFINE_WORDS * bucket + FIELD_WORDS + k];
        }
        rhs = xyzz_from_affine(sum);
      }
    }
    let result = xyzz_add(lhs, rhs);
    if (add_bucket) {
      running = result;
    } else {
      total = result;
    }
  }
  store(2u * XYZZ_WORDS * id, total);
  store(2u * XYZZ_WORDS * id + XYZZ_WORDS, running);
}
