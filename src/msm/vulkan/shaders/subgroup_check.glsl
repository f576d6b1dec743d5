// Membership of an on-curve affine point in the prime-order subgroup G1, for a curve with a
// cofactor (BLS12-381; curve_params.glsl defines CURVE_HAS_COFACTOR and the constants): the
// host's test (src/curve/subgroup_check.hpp), Scott's (ePrint 2021/1130, §6, exact for BLS12 G1):
//   P ∈ G1  ⟺  σ(P) = [−z²]P,  σ(x, y) = (β'·x, y),
// with [z²]P = [|z|]([|z|]P) by two double-and-add chains over the 64-bit |z|, most significant
// bit first, in XYZZ coordinates (xyzz_point.glsl: complete, so the chains need no special cases),
// compared with −σ(P) = (β'·x, −y) by cross-multiplication, no inversion. About 1,400
// multiplications per point (128 doublings, 12 additions). Variable time (public inputs).
//
// Requires field.glsl, affine_point.glsl, xyzz_point.glsl, CURVE_SUBGROUP_BETA (β', Montgomery
// form) and CURVE_SUBGROUP_Z_MAGNITUDE (|z| as two 32-bit words, low first).
#ifndef ZKMSM_SUBGROUP_CHECK_GLSL
#define ZKMSM_SUBGROUP_CHECK_GLSL

bool z_magnitude_bit(int bit) { return ((CURVE_SUBGROUP_Z_MAGNITUDE[bit >> 5] >> (bit & 31)) & 1u) != 0u; }

// p on the curve (checked by the caller): true when p is in G1. Infinity is.
bool in_prime_order_subgroup(AffinePoint p) {
  if (affine_is_infinity(p)) return true;
  // Both chains in one loop of 128 steps (the second restarts from [|z|]p at step 64), so the
  // doubling and the addition are each written once: every call site is inlined whole, and on
  // drivers that compile on the CPU (lavapipe) the shader's compile time grows with them.
  XyzzPoint base = xyzz_from_affine(p);
  XyzzPoint sum = xyzz_infinity();
  for (int step = 0; step < 128; ++step) {
    if (step == 64) {
      base = sum;
      sum = xyzz_infinity();
    }
    sum = xyzz_doubled(sum);
    if (z_magnitude_bit(63 - (step & 63))) sum = xyzz_add(sum, base);
  }
  if (xyzz_is_infinity(sum)) return false;
  // [z²]p = (X/ZZ, Y/ZZZ) = (β'·x, −y)  ⟺  X = β'·x·ZZ and Y = −y·ZZZ.
  return field_equal(sum.X, field_mul(field_mul(CURVE_SUBGROUP_BETA, p.x), sum.ZZ)) &&
         field_equal(sum.Y, field_mul(field_neg(p.y), sum.ZZZ));
}

#endif
