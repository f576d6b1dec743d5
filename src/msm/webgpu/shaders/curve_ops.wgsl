// Test kernel of curve.wgsl: for each i < count and affine points p = points[2i], q =
// points[2i + 1] (AFFINE_WORDS words each, Montgomery form), the affine forms of eight results at
// results[8i … 8i + 7]: p + q by madd (XYZZ p plus affine q), p + q by add (both XYZZ), 2p by
// doubling the XYZZ p, (p + q) + q by two madds (an accumulation as a bucket does it), and with
// ZZ, ZZZ ≠ 1 on the XYZZ side (s = p + q from madd, t = p + 2q): 2s by doubling, s + s by add
// (its doubling branch), s + t by add, and s plus affine s by madd (its doubling branch).
//
// The eight results come from one loop with ONE call site of each operation (madd, add, doubling,
// to_affine): shader compilers inline every call, and a software adapter takes seconds per
// inlined addition (eight separate sites made this kernel's compile minutes long on llvmpipe).
//
// Resources: 2 storage buffers (points, results), 1 uniform (count). Workgroup size 64.

struct Arguments {
  count: u32,
}

@group(0) @binding(0) var<storage, read> point_words: array<u32>;
@group(0) @binding(1) var<storage, read_write> result_words: array<u32>;
@group(0) @binding(2) var<uniform> arguments: Arguments;

const kResultsPerPair = 8u;
const kMadd = 0u;
const kAdd = 1u;
const kDouble = 2u;

fn load_point(index: u32) -> AffinePoint {
  var x: Field;
  var y: Field;
  for (var w = 0u; w < FIELD_WORDS; w++) {
    x[w] = point_words[AFFINE_WORDS * index + w];
    y[w] = point_words[AFFINE_WORDS * index + FIELD_WORDS + w];
  }
  return AffinePoint(x, y);
}

fn store_result(index: u32, slot: u32, p: AffinePoint) {
  let base = AFFINE_WORDS * (kResultsPerPair * index + slot);
  for (var w = 0u; w < FIELD_WORDS; w++) {
    result_words[base + w] = p.x[w];
    result_words[base + FIELD_WORDS + w] = p.y[w];
  }
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) group: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) local: vec3<u32>) {
  let index = linear_invocation(group, groups, local, 64u);
  if (index >= arguments.count) { return; }
  let p = load_point(2u * index);
  let q = load_point(2u * index + 1u);
  let p_xyzz = xyzz_from_affine(p);
  var s = xyzz_infinity();         // p + q (step 0)
  var t = xyzz_infinity();         // p + 2q (step 3)
  var s_affine = affine_infinity();
  // Step k: operation, XYZZ operand a, and the second operand (XYZZ b or affine c).
  for (var k = 0u; k < kResultsPerPair; k++) {
    var operation = kAdd;
    var a = s;
    var b = s;
    var c = q;
    switch k {
      case 0u: { operation = kMadd; a = p_xyzz; }
      case 1u: { a = p_xyzz; b = xyzz_from_affine(q); }
      case 2u: { operation = kDouble; a = p_xyzz; }
      case 3u: { operation = kMadd; }
      case 4u: { operation = kDouble; }
      case 5u: { }
      case 6u: { b = t; }
      default: { operation = kMadd; c = s_affine; }
    }
    var result: XyzzPoint;
    if (operation == kMadd) {
      result = xyzz_add_affine(a, c);
    } else if (operation == kAdd) {
      result = xyzz_add(a, b);
    } else {
      result = xyzz_doubled(a);
    }
    let affine = xyzz_to_affine(result);
    if (k == 0u) {
      s = result;
      s_affine = affine;
    }
    if (k == 3u) { t = result; }
    store_result(index, k, affine);
  }
}
