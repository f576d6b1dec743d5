// reduce_buckets, later levels (the Vulkan shader reduce_level.comp): groups of K chunk sums
// (T_g, R_g) of one window (each chunk covering L buckets, from reduce_buckets.wgsl or the
// previous level) become one chunk sum of K·L buckets:
//     R' = Σ_g R_g,   T' = Σ_g T_g + L · Σ_{i=1}^{K−1} Σ_{g ≥ i} R_g     (g local to the group)
// from the group's top chunk down with a running sum of the R_g, then L (a power of two) by
// doublings. A level whose groups hold the whole window writes T' to window_sums[first_window + w]
// instead, so every batch's windows collect in one array. At most 3K + log2 L + 1 XYZZ additions
// per invocation, through one addition site.
//
// Resources: 3 storage buffers (chunk sums in, chunk sums out (two XYZZ points T, R, 2·XYZZ_WORDS
// words per chunk), window sums (XYZZ, XYZZ_WORDS words)), 1 uniform. Workgroup size 64.

struct Arguments {
  chunks: u32,        // chunks per window in the input level
  group: u32,         // K: input chunks per output chunk (divides chunks)
  windows: u32,       // W in the batch
  first_window: u32,  // global index of the batch's first window
  length_bits: u32,   // log2 L: buckets per input chunk
}

@group(0) @binding(0) var<storage, read> in_words: array<u32>;
@group(0) @binding(1) var<storage, read_write> out_words: array<u32>;
@group(0) @binding(2) var<storage, read_write> window_sum_words: array<u32>;
@group(0) @binding(3) var<uniform> arguments: Arguments;

fn load(base: u32) -> XyzzPoint {
  var p: XyzzPoint;
  for (var k = 0u; k < FIELD_WORDS; k++) {
    p.X[k] = in_words[base + k];
    p.Y[k] = in_words[base + FIELD_WORDS + k];
    p.ZZ[k] = in_words[base + 2u * FIELD_WORDS + k];
    p.ZZZ[k] = in_words[base + 3u * FIELD_WORDS + k];
  }
  return p;
}

fn store_out(base: u32, p: XyzzPoint) {
  for (var k = 0u; k < FIELD_WORDS; k++) {
    out_words[base + k] = p.X[k];
    out_words[base + FIELD_WORDS + k] = p.Y[k];
    out_words[base + 2u * FIELD_WORDS + k] = p.ZZ[k];
    out_words[base + 3u * FIELD_WORDS + k] = p.ZZZ[k];
  }
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) workgroup: vec3<u32>, @builtin(num_workgroups) workgroups: vec3<u32>,
        @builtin(local_invocation_id) local: vec3<u32>) {
  let groups = arguments.chunks / arguments.group;
  let id = linear_invocation(workgroup, workgroups, local, 64u);
  if (id >= arguments.windows * groups) { return; }
  let w = id / groups;
  let h = id - w * groups;
  // sums: 0 = Σ T_g, 1 = running Σ_{g ≥ i} R_g, 2 = accumulated runs A.
  var sums = array<XyzzPoint, 3>(xyzz_infinity(), xyzz_infinity(), xyzz_infinity());
  // Per chunk g (top down): T += T_g; R += R_g; A += R (the last for g ≥ 1). Then length_bits
  // doublings of A, then T += A.
  let chunk_steps = 3u * arguments.group;
  let steps = chunk_steps + arguments.length_bits + 1u;
  for (var step = 0u; step < steps; step++) {
    var slot: u32;
    var rhs: XyzzPoint;
    if (step < chunk_steps) {
      let g = arguments.group - 1u - step / 3u;
      let part = step - 3u * (step / 3u);
      if (g == 0u && part == 2u) { continue; }
      let base = 2u * XYZZ_WORDS * (w * arguments.chunks + h * arguments.group + g);
      slot = part;
      if (part == 0u) {
        rhs = load(base);
      } else if (part == 1u) {
        rhs = load(base + XYZZ_WORDS);
      } else {
        rhs = sums[1];
      }
    } else {
      slot = select(0u, 2u, step < steps - 1u);
      rhs = sums[2];
    }
    sums[slot] = xyzz_add(sums[slot], rhs);
  }
  if (groups == 1u) {
    let base = XYZZ_WORDS * (arguments.first_window + w);
    for (var k = 0u; k < FIELD_WORDS; k++) {
      window_sum_words[base + k] = sums[0].X[k];
      window_sum_words[base + FIELD_WORDS + k] = sums[0].Y[k];
      window_sum_words[base + 2u * FIELD_WORDS + k] = sums[0].ZZ[k];
      window_sum_words[base + 3u * FIELD_WORDS + k] = sums[0].ZZZ[k];
    }
  } else {
    store_out(2u * XYZZ_WORDS * id, sums[0]);
    store_out(2u * XYZZ_WORDS * id + XYZZ_WORDS, sums[1]);
  }
}
