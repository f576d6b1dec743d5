#version 450
// reduce_buckets, first part: each window's weighted bucket sum Σ_b (b + 1)·S_b, in chunks.
// Window w's B buckets are cut into G chunks of L = B / G (B and G powers of two); invocation
// (w, g) walks its chunk from the top bucket down with a running sum R and a total T:
//     R += S_b,  T += R     ⇒  T = Σ_{b ∈ chunk} (b − g·L + 1)·S_b,  R = Σ_{b ∈ chunk} S_b
// and writes (T, R); reduce_windows.comp adds the chunks' offsets g·L·R. Empty buckets
// (bucket_start = bucket_end, from plan) are skipped: the walker does not write their
// bucket_sums entry. A bucket sum may be infinity (0, 0) (e.g. P + (−P)).
//
// One XYZZ addition per loop step, in one place: drivers inline every call, and each inlined
// addition (with the doubling inside it) is thousands of instructions that a driver's compiler
// has to get through (lavapipe: ~7 s per addition site).
//
// Resources: 4 storage buffers (bucket sums (affine, 2W words, or XYZZ, 4W words, by
// BUCKET_SUM_FORM), bucket_start, bucket_end, chunk sums (two XYZZ points T, R per chunk, 8W
// words, index w·G + g)), 12 bytes of push constants, no workgroup memory. Specialization
// constants: 0 = workgroup size, 1 = BUCKET_SUM_FORM (0 affine: the stream walker and the pair
// tree; 1 XYZZ: the xyzz walker). Compiled per curve.
#extension GL_GOOGLE_include_directive : require

layout(local_size_x = 64, local_size_x_id = 0) in;
layout(constant_id = 1) const uint BUCKET_SUM_FORM = 0u;

layout(std430, set = 0, binding = 0) readonly buffer BucketSums { uint bucket_sum_words[]; };
layout(std430, set = 0, binding = 1) readonly buffer BucketStart { uint bucket_start[]; };
layout(std430, set = 0, binding = 2) readonly buffer BucketEnd { uint bucket_end[]; };
layout(std430, set = 0, binding = 3) writeonly buffer ChunkSums { uint chunk_sum_words[]; };
layout(push_constant) uniform Arguments {
  uint buckets;  // B per window
  uint chunks;   // G per window
  uint windows;  // W in the batch
};

#include "curve_params.glsl"
#include "field.glsl"
#include "affine_point.glsl"
#include "xyzz_point.glsl"

void store(uint base, XyzzPoint p) {
  for (uint k = 0u; k < FIELD_WORDS; ++k) {
    chunk_sum_words[base + k] = p.X[k];
    chunk_sum_words[base + FIELD_WORDS + k] = p.Y[k];
    chunk_sum_words[base + 2 * FIELD_WORDS + k] = p.ZZ[k];
    chunk_sum_words[base + 3 * FIELD_WORDS + k] = p.ZZZ[k];
  }
}

void main() {
  const uint id = gl_GlobalInvocationID.x;
  if (id >= windows * chunks) return;
  const uint w = id / chunks;
  const uint g = id - w * chunks;
  const uint length = buckets / chunks;
  XyzzPoint running = xyzz_infinity();
  XyzzPoint total = xyzz_infinity();
  // Step 2i: R += S_b for the i-th bucket from the top; step 2i + 1: T += R.
  for (uint step = 0u; step < 2u * length; ++step) {
    const bool add_bucket = (step & 1u) == 0u;
    XyzzPoint lhs = total;
    XyzzPoint rhs = running;
    if (add_bucket) {
      const uint bucket = w * buckets + g * length + length - 1u - step / 2u;
      if (bucket_start[bucket] == bucket_end[bucket]) continue;
      lhs = running;
      if (BUCKET_SUM_FORM == 1u) {
        for (uint k = 0u; k < FIELD_WORDS; ++k) {
          rhs.X[k] = bucket_sum_words[XYZZ_WORDS * bucket + k];
          rhs.Y[k] = bucket_sum_words[XYZZ_WORDS * bucket + FIELD_WORDS + k];
          rhs.ZZ[k] = bucket_sum_words[XYZZ_WORDS * bucket + 2 * FIELD_WORDS + k];
          rhs.ZZZ[k] = bucket_sum_words[XYZZ_WORDS * bucket + 3 * FIELD_WORDS + k];
        }
      } else {
        AffinePoint sum;
        for (uint k = 0u; k < FIELD_WORDS; ++k) {
          sum.x[k] = bucket_sum_words[AFFINE_WORDS * bucket + k];
          sum.y[k] = bucket_sum_words[AFFINE_WORDS * bucket + FIELD_WORDS + k];
        }
        rhs = xyzz_from_affine(sum);
      }
    }
    const XyzzPoint result = xyzz_add(lhs, rhs);
    if (add_bucket) {
      running = result;
    } else {
      total = result;
    }
  }
  store(2 * XYZZ_WORDS * id, total);
  store(2 * XYZZ_WORDS * id + XYZZ_WORDS, running);
}
