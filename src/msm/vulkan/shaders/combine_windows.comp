#version 450
// combine_windows: Σ_j 2^(c·j)·window_j by Horner's rule from the top window down (c doublings
// and one addition per window, all through one XYZZ addition site: see reduce_buckets.comp), in
// one invocation; the XYZZ result goes back to the host, which makes it affine.
//
// Resources: 2 storage buffers (window sums, result; XYZZ, 32 words each), 8 bytes of push
// constants, no workgroup memory. One workgroup of one invocation. Compiled per curve.
#extension GL_GOOGLE_include_directive : require

layout(local_size_x = 1) in;

layout(std430, set = 0, binding = 0) readonly buffer WindowSums { uint window_sum_words[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Result { uint result_words[]; };
layout(push_constant) uniform Arguments {
  uint windows;      // T
  uint window_bits;  // c
};

#include "curve_params.glsl"
#include "field.glsl"
#include "affine_point.glsl"
#include "xyzz_point.glsl"

void main() {
  XyzzPoint sum = xyzz_infinity();
  // Window j (top down) takes c + 1 steps: c doublings (sum + sum), then sum + window_j.
  const uint steps_per_window = window_bits + 1u;
  for (uint step = 0u; step < windows * steps_per_window; ++step) {
    const uint j = windows - 1u - step / steps_per_window;
    XyzzPoint rhs = sum;
    if (step % steps_per_window == window_bits) {
      const uint base = 32u * j;
      for (uint k = 0u; k < 8u; ++k) {
        rhs.X[k] = window_sum_words[base + k];
        rhs.Y[k] = window_sum_words[base + 8u + k];
        rhs.ZZ[k] = window_sum_words[base + 16u + k];
        rhs.ZZZ[k] = window_sum_words[base + 24u + k];
      }
    }
    sum = xyzz_add(sum, rhs);
  }
  for (uint k = 0u; k < 8u; ++k) {
    result_words[k] = sum.X[k];
    result_words[8u + k] = sum.Y[k];
    result_words[16u + k] = sum.ZZ[k];
    result_words[24u + k] = sum.ZZZ[k];
  }
}
