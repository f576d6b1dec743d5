#version 450
// reduce_buckets, later levels: groups of K chunk sums (T_g, R_g) of one window (each chunk
// covering L buckets, from reduce_buckets.comp or the previous level) become one chunk sum of
// K·L buckets:
//     R' = Σ_g R_g,   T' = Σ_g T_g + L · Σ_{i=1}^{K−1} Σ_{g ≥ i} R_g     (g local to the group)
// from the group's top chunk down with a running sum of the R_g, then L (a power of two) by
// doublings. A level whose groups hold the whole window writes T' to window_sums[first_window + w]
// instead, so every batch's windows collect in one array. At most 3K + log2 L + 1 XYZZ additions
// per invocation, through one addition site (see reduce_buckets.comp).
//
// Resources: 3 storage buffers (chunk sums in, chunk sums out (two XYZZ points T, R, 8W words per
// chunk), window sums (XYZZ, 4W words)), 20 bytes of push constants, no workgroup memory.
// Specialization constant 0 = workgroup size. Compiled per curve.
#extension GL_GOOGLE_include_directive : require

layout(local_size_x = 64, local_size_x_id = 0) in;

layout(std430, set = 0, binding = 0) readonly buffer ChunksIn { uint in_words[]; };
layout(std430, set = 0, binding = 1) writeonly buffer ChunksOut { uint out_words[]; };
layout(std430, set = 0, binding = 2) writeonly buffer WindowSums { uint window_sum_words[]; };
layout(push_constant) uniform Arguments {
  uint chunks;        // chunks per window in the input level
  uint group;         // K: input chunks per output chunk (divides chunks)
  uint windows;       // W in the batch
  uint first_window;  // global index of the batch's first window
  uint length_bits;   // log2 L: buckets per input chunk
};

#include "curve_params.glsl"
#include "field.glsl"
#include "affine_point.glsl"
#include "xyzz_point.glsl"

XyzzPoint load(uint base) {
  XyzzPoint p;
  for (uint k = 0u; k < FIELD_WORDS; ++k) {
    p.X[k] = in_words[base + k];
    p.Y[k] = in_words[base + FIELD_WORDS + k];
    p.ZZ[k] = in_words[base + 2 * FIELD_WORDS + k];
    p.ZZZ[k] = in_words[base + 3 * FIELD_WORDS + k];
  }
  return p;
}

void store_out(uint base, XyzzPoint p) {
  for (uint k = 0u; k < FIELD_WORDS; ++k) {
    out_words[base + k] = p.X[k];
    out_words[base + FIELD_WORDS + k] = p.Y[k];
    out_words[base + 2 * FIELD_WORDS + k] = p.ZZ[k];
    out_words[base + 3 * FIELD_WORDS + k] = p.ZZZ[k];
  }
}

void main() {
  const uint groups = chunks / group;
  const uint id = gl_GlobalInvocationID.x;
  if (id >= windows * groups) return;
  const uint w = id / groups;
  const uint h = id - w * groups;
  // sums: 0 = Σ T_g, 1 = running Σ_{g ≥ i} R_g, 2 = accumulated runs A.
  XyzzPoint sums[3] = XyzzPoint[3](xyzz_infinity(), xyzz_infinity(), xyzz_infinity());
  // Per chunk g (top down): T += T_g; R += R_g; A += R (the last for g ≥ 1). Then length_bits
  // doublings of A, then T += A.
  const uint chunk_steps = 3u * group;
  const uint steps = chunk_steps + length_bits + 1u;
  for (uint step = 0u; step < steps; ++step) {
    uint target;
    XyzzPoint rhs;
    if (step < chunk_steps) {
      const uint g = group - 1u - step / 3u;
      const uint part = step - 3u * (step / 3u);
      if (g == 0u && part == 2u) continue;
      const uint base = 2 * XYZZ_WORDS * (w * chunks + h * group + g);
      target = part;
      rhs = part == 0u ? load(base) : (part == 1u ? load(base + XYZZ_WORDS) : sums[1]);
    } else {
      target = step < steps - 1u ? 2u : 0u;
      rhs = sums[2];
    }
    sums[target] = xyzz_add(sums[target], rhs);
  }
  if (groups == 1u) {
    const uint base = XYZZ_WORDS * (first_window + w);
    for (uint k = 0u; k < FIELD_WORDS; ++k) {
      window_sum_words[base + k] = sums[0].X[k];
      window_sum_words[base + FIELD_WORDS + k] = sums[0].Y[k];
      window_sum_words[base + 2 * FIELD_WORDS + k] = sums[0].ZZ[k];
      window_sum_words[base + 3 * FIELD_WORDS + k] = sums[0].ZZZ[k];
    }
  } else {
    store_out(2 * XYZZ_WORDS * id, sums[0]);
    store_out(2 * XYZZ_WORDS * id + XYZZ_WORDS, sums[1]);
  }
}
