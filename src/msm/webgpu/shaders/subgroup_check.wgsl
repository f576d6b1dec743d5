// Membership of an on-curve affine point in the prime-order subgroup G1, for a curve with a
// cofactor (BLS12-381; the constants CURVE_SUBGROUP_BETA and CURVE_SUBGROUP_Z_MAGNITUDE come from
// wgsl_point_check_constants): the host's test (src/curve/subgroup_check.hpp) and the Vulkan
// shader's (subgroup_check.glsl), Scott's (ePrint 2021/1130, §6, exact for BLS12 G1):
//   P ∈ G1  ⟺  σ(P) = [−z²]P,  σ(x, y) = (β'·x, y),
// with [z²]P = [|z|]([|z|]P) by two double-and-add chains over the 64-bit |z|, most significant
// bit first, in XYZZ coordinates (curve.wgsl: complete, so the chains need no special cases),
// compared with −σ(P) = (β'·x, −y) by cross-multiplication, no inversion. About 1,400
// multiplications per point (128 doublings, 12 additions). Variable time (public inputs).

fn z_magnitude_bit(bit: u32) -> bool {
  let words = CURVE_SUBGROUP_Z_MAGNITUDE;
  return ((words[bit >> 5u] >> (bit & 31u)) & 1u) != 0u;
}

// p on the curve (checked by the caller): true when p is in G1. Infinity is.
fn point_in_group(p: AffinePoint) -> bool {
  if (affine_is_infinity(p)) { return true; }
  // Both chains in one loop of 128 steps (the second restarts from [|z|]p at step 64), so the
  // doubling and the addition are each written once (as in subgroup_check.glsl: shader compile
  // time on CPU drivers grows with every inlined call site).
  var base = xyzz_from_affine(p);
  var sum = xyzz_infinity();
  for (var step = 0u; step < 128u; step++) {
    if (step == 64u) {
      base = sum;
      sum = xyzz_infinity();
    }
    sum = xyzz_doubled(sum);
    if (z_magnitude_bit(63u - (step & 63u))) { sum = xyzz_add(sum, base); }
  }
  if (xyzz_is_infinity(sum)) { return false; }
  // [z²]p = (X/ZZ, Y/ZZZ) = (β'·x, −y)  ⟺  X = β'·x·ZZ and Y = −y·ZZZ.
  return field_equal(sum.X, field_mul(field_mul(CURVE_SUBGROUP_BETA, p.x), sum.ZZ)) &&
         field_equal(sum.Y, field_mul(field_neg(p.y), sum.ZZZ));
}
