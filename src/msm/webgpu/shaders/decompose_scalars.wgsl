// decompose_scalars: canonical 256-bit scalars → (key, value) entries of one window batch, those
// of the Vulkan shader decompose_scalars.comp and CUDA's DecomposeScalars, word for word.
//
// Scalar i (8 words, word 0 least significant; any 256-bit value) is first reduced mod r (the
// curve's scalar field, SCALAR_MODULUS: at most 5 subtractions, 2^256 / r < 6). Window w of the
// batch (global window first_window + w, c = window_bits) has the signed Booth digit
//     d = bits[s, s + c) + bit(s − 1) − 2^c · bit(s + c − 1),   s = (first_window + w) · c
// (src/msm/common/signed_digits.hpp), and entry e = w · n + i gets
//     key   = w · buckets + |d| − 1, or `sentinel` (= batch_windows · buckets) when d = 0,
//     value = i | (d < 0) << 31.
//
// One invocation per scalar. Resources: 3 storage buffers (scalars, keys, values), 1 uniform.
// Workgroup size 64 (not tuned).

struct Arguments {
  n: u32,              // scalars
  window_bits: u32,    // c, 2 … 22
  first_window: u32,   // global index of the batch's first window
  batch_windows: u32,  // windows in this batch
  buckets: u32,        // 2^(c − 1)
  sentinel: u32,       // batch_windows · buckets
}

@group(0) @binding(0) var<storage, read> scalar_words: array<u32>;
@group(0) @binding(1) var<storage, read_write> keys: array<u32>;
@group(0) @binding(2) var<storage, read_write> values: array<u32>;
@group(0) @binding(3) var<uniform> arguments: Arguments;

const kNegative = 0x80000000u;

// A scalar: 8 × 32-bit words, word 0 least significant (every curve's r is below 2^256; the base
// field's FIELD_WORDS may be wider).
const SCALAR_WORDS = 8u;
alias Scalar = array<u32, SCALAR_WORDS>;

// bits [start, start + count) of the 256-bit s (count < 32); bits past bit 255 read as 0.
fn extract_bits(s: Scalar, start: u32, count: u32) -> u32 {
  if (start >= 256u) { return 0u; }
  var words = s;
  let word = start >> 5u;
  let shift = start & 31u;
  var bits = words[word] >> shift;
  if (shift != 0u && word + 1u < SCALAR_WORDS) { bits |= words[word + 1u] << (32u - shift); }
  return bits & ((1u << count) - 1u);
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) group: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) local: vec3<u32>) {
  let i = linear_invocation(group, groups, local, 64u);
  if (i >= arguments.n) { return; }
  var s: Scalar;
  for (var k = 0u; k < SCALAR_WORDS; k++) { s[k] = scalar_words[SCALAR_WORDS * i + k]; }
  let r = SCALAR_MODULUS;
  for (var round = 0u; round < 6u; round++) {
    var d: Scalar;
    var borrow = 0u;
    for (var k = 0u; k < SCALAR_WORDS; k++) {
      let step = sub_borrow(s[k], r[k], borrow);
      d[k] = step.x;
      borrow = step.y;
    }
    if (borrow != 0u) { break; }  // s < r
    s = d;
  }
  let c = arguments.window_bits;
  for (var w = 0u; w < arguments.batch_windows; w++) {
    let start = (arguments.first_window + w) * c;
    let bits = extract_bits(s, start, c);
    let borrow_in = select(extract_bits(s, start - 1u, 1u), 0u, start == 0u);
    let top = bits >> (c - 1u);
    let digit = i32(bits + borrow_in) - i32(top << c);
    let magnitude = u32(abs(digit));
    let entry = w * arguments.n + i;
    keys[entry] = select(w * arguments.buckets + magnitude - 1u, arguments.sentinel, magnitude == 0u);
    values[entry] = i | select(0u, kNegative, digit < 0i);
  }
}
