#version 450
// Radix sort pass, kernel 3 of 4: exclusive prefix sum, in place, of the block totals written by
// radix_sort_scan_blocks.comp (radix_sort.glsl), so block_totals[g] becomes the sum of the
// histogram counts in the blocks before block g.
//
// One workgroup walks the array in chunks of SCAN_BLOCK_WORDS words, carrying the running total
// from chunk to chunk (one chunk up to 2^27 entries: a block total stands for 131,072 entries).
// Resources: 1 storage buffer (the block totals), 4 bytes of push constants, 512 bytes of
// workgroup memory. Dispatch exactly one workgroup.
#extension GL_GOOGLE_include_directive : require

#include "radix_sort.glsl"

#define SCAN_INVOCATIONS SORT_WORKGROUP_SIZE
#include "workgroup_scan.glsl"

layout(std430, set = 0, binding = 0) buffer BlockTotals { uint block_totals[]; };
layout(push_constant) uniform Arguments { uint words; };  // the number of blocks

void main() {
  const uint t = gl_LocalInvocationID.x;
  uint carry = 0u;
  for (uint chunk = 0u; chunk < words; chunk += SCAN_BLOCK_WORDS) {
    const uint begin = chunk + t * WORDS_PER_SCAN_THREAD;
    uint local_words[WORDS_PER_SCAN_THREAD];
    uint sum = 0u;
    for (uint j = 0u; j < WORDS_PER_SCAN_THREAD; ++j) {
      local_words[j] = begin + j < words ? block_totals[begin + j] : 0u;
      sum += local_words[j];
    }
    thread_sums[t] = sum;
    inclusive_scan_thread_sums(t);
    uint running = carry + thread_sums[t] - sum;
    for (uint j = 0u; j < WORDS_PER_SCAN_THREAD; ++j) {
      if (begin + j < words) block_totals[begin + j] = running;
      running += local_words[j];
    }
    carry += thread_sums[SORT_WORKGROUP_SIZE - 1u];
    barrier();  // thread_sums is rewritten by the next chunk
  }
}
