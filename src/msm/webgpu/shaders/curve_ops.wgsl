// Test kernel of curve.wgsl: for each i < count and affine points p = points[2i], q =
// points[2i + 1] (16 words each, Montgomery form), the affine forms of four results at
// results[4i … 4i + 3]: p + q by madd (XYZZ p plus affine q), p + q by add (both XYZZ), 2p by
// doubling the XYZZ p, and (p + q) + q by two madds (an accumulation as a bucket does it).
//
// Resources: 2 storage buffers (points, results), 1 uniform (count). Workgroup size 64.

struct Arguments {
  count: u32,
}

@group(0) @binding(0) var<storage, read> point_words: array<u32>;
@group(0) @binding(1) var<storage, read_write> result_words: array<u32>;
@group(0) @binding(2) var<uniform> arguments: Arguments;

const kResultsPerPair = 4u;

fn load_point(index: u32) -> AffinePoint {
  var x: Field;
  var y: Field;
  for (var w = 0u; w < 8u; w++) {
    x[w] = point_words[16u * index + w];
    y[w] = point_words[16u * index + 8u + w];
  }
  return AffinePoint(x, y);
}

fn store_result(index: u32, slot: u32, p: AffinePoint) {
  let base = 16u * (kResultsPerPair * index + slot);
  for (var w = 0u; w < 8u; w++) {
    result_words[base + w] = p.x[w];
    result_words[base + 8u + w] = p.y[w];
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
  let sum = xyzz_add_affine(p_xyzz, q);
  store_result(index, 0u, xyzz_to_affine(sum));
  store_result(index, 1u, xyzz_to_affine(xyzz_add(p_xyzz, xyzz_from_affine(q))));
  store_result(index, 2u, xyzz_to_affine(xyzz_doubled(p_xyzz)));
  store_result(index, 3u, xyzz_to_affine(xyzz_add_affine(sum, q)));
}
