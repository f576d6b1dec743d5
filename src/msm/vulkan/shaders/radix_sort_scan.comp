#version 450
// Radix sort pass, kernel 2 of 3: exclusive prefix sum, in place, of the RADIX · tiles digit-major
// histograms (radix_sort.glsl), so entry d · tiles + g becomes the output position of tile g's
// first key with digit d.
//
// One workgroup of 128 threads walks the array in chunks of 128 · 8 words, carrying the running
// total from chunk to chunk (a single workgroup: the array is 16 words per 2,048 entries, 8,192
// words at 2^20 entries; a multi-workgroup scan is left until a GPU measurement says it matters).
// Resources: 1 storage buffer (histograms), 4 bytes of push constants, 512 bytes of workgroup
// memory. Dispatch exactly one workgroup.
#extension GL_GOOGLE_include_directive : require

const uint SCAN_THREADS = 128u;
const uint WORDS_PER_THREAD = 8u;
const uint CHUNK_WORDS = SCAN_THREADS * WORDS_PER_THREAD;

layout(local_size_x = SCAN_THREADS) in;

layout(std430, set = 0, binding = 0) buffer Histograms { uint histograms[]; };
layout(push_constant) uniform Arguments { uint words; };  // RADIX · tiles

shared uint thread_sums[SCAN_THREADS];

// Inclusive scan of thread_sums (Hillis–Steele); every thread must call it.
void scan_thread_sums(uint t) {
  for (uint offset = 1u; offset < SCAN_THREADS; offset <<= 1) {
    const uint add = t >= offset ? thread_sums[t - offset] : 0u;
    barrier();
    thread_sums[t] += add;
    barrier();
  }
}

void main() {
  const uint t = gl_LocalInvocationID.x;
  uint carry = 0u;
  for (uint chunk = 0u; chunk < words; chunk += CHUNK_WORDS) {
    const uint begin = chunk + t * WORDS_PER_THREAD;
    uint local_words[WORDS_PER_THREAD];
    uint sum = 0u;
    for (uint j = 0u; j < WORDS_PER_THREAD; ++j) {
      local_words[j] = begin + j < words ? histograms[begin + j] : 0u;
      sum += local_words[j];
    }
    thread_sums[t] = sum;
    barrier();
    scan_thread_sums(t);
    uint running = carry + thread_sums[t] - sum;
    for (uint j = 0u; j < WORDS_PER_THREAD; ++j) {
      if (begin + j < words) histograms[begin + j] = running;
      running += local_words[j];
    }
    carry += thread_sums[SCAN_THREADS - 1u];
    barrier();  // thread_sums is rewritten by the next chunk
  }
}
