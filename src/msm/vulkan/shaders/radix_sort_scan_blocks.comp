#version 450
// Radix sort pass, kernel 2 of 4: the histograms scanned in blocks (radix_sort.glsl). Workgroup g
// replaces words g · SCAN_BLOCK_WORDS … of the digit-major histograms by their exclusive prefix
// sum within the block and writes the block's total to block_totals[g]; radix_sort_scan.comp then
// scans block_totals, and the scatter adds block_totals[i / SCAN_BLOCK_WORDS] to histograms[i].
//
// One workgroup per block of SCAN_BLOCK_WORDS = 1,024 words (8 per invocation, consecutive).
// Resources: 2 storage buffers (histograms, block totals), 4 bytes of push constants, 512 bytes of
// workgroup memory.
#extension GL_GOOGLE_include_directive : require

#include "radix_sort.glsl"

#define SCAN_INVOCATIONS SORT_WORKGROUP_SIZE
#include "workgroup_scan.glsl"

layout(std430, set = 0, binding = 0) buffer Histograms { uint histograms[]; };
layout(std430, set = 0, binding = 1) writeonly buffer BlockTotals { uint block_totals[]; };
layout(push_constant) uniform Arguments { uint words; };  // RADIX · tiles

void main() {
  const uint t = gl_LocalInvocationID.x;
  const uint block = gl_WorkGroupID.x;
  const uint begin = block * SCAN_BLOCK_WORDS + t * WORDS_PER_SCAN_THREAD;
  uint local_words[WORDS_PER_SCAN_THREAD];
  uint sum = 0u;
  for (uint j = 0u; j < WORDS_PER_SCAN_THREAD; ++j) {
    local_words[j] = begin + j < words ? histograms[begin + j] : 0u;
    sum += local_words[j];
  }
  thread_sums[t] = sum;
  inclusive_scan_thread_sums(t);
  uint running = thread_sums[t] - sum;
  for (uint j = 0u; j < WORDS_PER_SCAN_THREAD; ++j) {
    if (begin + j < words) histograms[begin + j] = running;
    running += local_words[j];
  }
  if (t == SORT_WORKGROUP_SIZE - 1u) block_totals[block] = thread_sums[t];
}
