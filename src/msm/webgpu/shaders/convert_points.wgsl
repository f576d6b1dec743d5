// convert_inputs on WebGPU: the caller's points, uploaded as they are (the public Point layout: x
// then y, FIELD_WORDS little-endian 32-bit words each; (0, 0) = infinity), brought in place into
// the pipeline's form — reduced Montgomery-form coordinates, (0, 0) = infinity, on the curve —
// as the Vulkan shader convert_points.comp does.
//
//   to_montgomery = 1   canonical coordinates: each is multiplied by R² (one Montgomery
//                       multiplication: x·R²·R⁻¹ = x·R)
//   validate = 1        y² = x³ + b is checked on the converted point (infinity allowed), and on a
//                       curve with a cofactor (BLS12-381) membership in G1 (point_in_group:
//                       subgroup_check.wgsl, or `true` where every point of the curve is in it)
// A coordinate ≥ p is rejected whenever the shader runs (the host path rejects it whenever points
// are converted or validated). A rejected point leaves its index in first_rejected (atomicMin: the
// LOWEST bad index, as the host path reports the first); the host initialises it to 0xffffffff
// (none) and says why that point was rejected. The points after a rejection are still converted;
// the host reads first_rejected before any other stage runs.
//
// Cost: 2 multiplications per point to convert, ~4 more to validate, and ~1,400 for the G1 test of
// BLS12-381. One invocation per point. Resources: 2 storage buffers (points, first_rejected), 1
// uniform. Workgroup size 64 (not tuned).

struct Arguments {
  n: u32,              // points
  to_montgomery: u32,  // 1: the coordinates are canonical
  validate: u32,       // 1: check y² = x³ + b (and G1 membership where there is a cofactor)
  unused: u32,
}

@group(0) @binding(0) var<storage, read_write> point_words: array<u32>;
@group(0) @binding(1) var<storage, read_write> first_rejected: atomic<u32>;
@group(0) @binding(2) var<uniform> arguments: Arguments;

fn is_canonical(a: Field) -> bool {
  let p = FIELD_MODULUS;
  var borrow = 0u;
  for (var i = 0u; i < FIELD_WORDS; i++) { borrow = sub_borrow(a[i], p[i], borrow).y; }
  return borrow != 0u;  // a − p borrows: a < p
}

fn affine_is_on_curve(p: AffinePoint) -> bool {
  return field_equal(field_sqr(p.y), field_add(field_mul(field_sqr(p.x), p.x), CURVE_B));
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) group: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) local: vec3<u32>) {
  let index = linear_invocation(group, groups, local, 64u);
  if (index >= arguments.n) { return; }
  let base = AFFINE_WORDS * index;
  var p: AffinePoint;
  for (var w = 0u; w < FIELD_WORDS; w++) {
    p.x[w] = point_words[base + w];
    p.y[w] = point_words[base + FIELD_WORDS + w];
  }
  if (affine_is_infinity(p)) { return; }
  if (!is_canonical(p.x) || !is_canonical(p.y)) {
    atomicMin(&first_rejected, index);
    return;
  }
  if (arguments.to_montgomery != 0u) {
    p.x = field_mul(p.x, FIELD_R2);
    p.y = field_mul(p.y, FIELD_R2);
    for (var w = 0u; w < FIELD_WORDS; w++) {
      point_words[base + w] = p.x[w];
      point_words[base + FIELD_WORDS + w] = p.y[w];
    }
  }
  if (arguments.validate == 0u) { return; }
  if (!affine_is_on_curve(p) || !point_in_group(p)) { atomicMin(&first_rejected, index); }
}
