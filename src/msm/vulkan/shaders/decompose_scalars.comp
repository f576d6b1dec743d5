#version 450
// decompose_scalars: canonical 256-bit scalars → (key, value) pairs of one window batch, the
// entries of src/msm/cuda/pipeline.cuh's DecomposeScalars, word for word.
//
// Scalar i (8 words, word 0 least significant; any 256-bit value) is first reduced mod r (the
// curve's scalar field: at most 5 subtractions, 2^256 / r < 6). Window w of the batch
// (global window first_window + w, window size c = window_bits) has the signed Booth digit
//     d = bits[s, s + c) + bit(s − 1) − 2^c · bit(s + c − 1),   s = (first_window + w) · c
// (src/msm/common/signed_digits.hpp), and entry e = w · n + i gets
//     key   = w · buckets + |d| − 1, or `sentinel` (= batch_windows · buckets) when d = 0,
//     value = i | (d < 0) << 31.
// Points at infinity are not looked at here (the CUDA stage also gives them the sentinel key):
// that waits for the bases on the device.
//
// One invocation per scalar. Resources: 3 storage buffers (scalars, keys, values), 24 bytes of
// push constants, no workgroup memory. Workgroup size: specialization constant 0 (default 64,
// not tuned). Compiled per curve: -DZKMSM_CURVE_BN254 (r = BN254 Fr), -DZKMSM_CURVE_GRUMPKIN
// (r = BN254 Fq) or -DZKMSM_CURVE_BLS12_381 (r = BLS12-381 Fr: 2^256 / r < 3).
#extension GL_GOOGLE_include_directive : require

layout(local_size_x = 64, local_size_x_id = 0) in;

layout(std430, set = 0, binding = 0) readonly buffer Scalars { uint scalar_words[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Keys { uint keys[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Values { uint values[]; };
layout(push_constant) uniform Arguments {
  uint n;               // scalars
  uint window_bits;     // c, 2 … 22 (the CUDA plan's kMaxWindowBits; |d| ≤ 2^(c−1) must fit)
  uint first_window;    // global index of the batch's first window
  uint batch_windows;   // windows in this batch
  uint buckets;         // 2^(c − 1)
  uint sentinel;        // batch_windows · buckets
};

#include "shader_constants.glsl"

#if defined(ZKMSM_CURVE_BN254)
#define SCALAR_MODULUS BN254_FR_MODULUS
#elif defined(ZKMSM_CURVE_GRUMPKIN)
#define SCALAR_MODULUS BN254_FQ_MODULUS
#elif defined(ZKMSM_CURVE_BLS12_381)
#define SCALAR_MODULUS BLS12_381_FR_MODULUS
#else
#error "define ZKMSM_CURVE_BN254, ZKMSM_CURVE_GRUMPKIN or ZKMSM_CURVE_BLS12_381"
#endif

const uint kNegative = 1u << 31;

// bits [start, start + count) of the 256-bit s (count < 32); bits past bit 255 read as 0.
uint extract_bits(const uint s[8], uint start, uint count) {
  if (start >= 256u) return 0u;
  const uint word = start >> 5;
  const uint shift = start & 31u;
  uint bits = s[word] >> shift;
  if (shift != 0u && word + 1u < 8u) bits |= s[word + 1u] << (32u - shift);
  return bits & ((1u << count) - 1u);
}

void main() {
  const uint i = gl_GlobalInvocationID.x;
  if (i >= n) return;
  uint s[8];
  for (int k = 0; k < 8; ++k) s[k] = scalar_words[8u * i + uint(k)];
  for (int round = 0; round < 6; ++round) {
    uint d[8];
    uint borrow = 0u;
    for (int k = 0; k < 8; ++k) {
      uint b1, b2;
      const uint t = usubBorrow(s[k], SCALAR_MODULUS[k], b1);
      d[k] = usubBorrow(t, borrow, b2);
      borrow = b1 | b2;
    }
    if (borrow != 0u) break;  // s < r
    s = d;
  }
  for (uint w = 0u; w < batch_windows; ++w) {
    const uint start = (first_window + w) * window_bits;
    const uint bits = extract_bits(s, start, window_bits);
    const uint borrow_in = start == 0u ? 0u : extract_bits(s, start - 1u, 1u);
    const uint top = bits >> (window_bits - 1u);
    const int digit = int(bits + borrow_in) - int(top << window_bits);
    const uint magnitude = uint(abs(digit));
    const uint entry = w * n + i;
    keys[entry] = magnitude == 0u ? sentinel : w * buckets + magnitude - 1u;
    values[entry] = i | (digit < 0 ? kNegative : 0u);
  }
}
