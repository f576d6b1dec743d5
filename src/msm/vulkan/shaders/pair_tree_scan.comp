#version 450
// Pair tree, the offsets of a level: the exclusive prefix sum over the buckets of the positions
// each takes in the level's array (pair_tree.glsl), so offsets[b] is where bucket b's partial
// sums start, and the level's total positions. A multi-level scan in blocks of 1,024 words
// (256 threads × 4 words, one workgroup per block), two phases chosen by push constant:
//   phase 0 (block scan): each block's words become their exclusive prefix within the block, and
//     the block's total goes to sums[block]. The words are, with source 0, the positions of
//     buckets 0 … count − 1 at `level` (computed from bucket_start / bucket_end, written to
//     state[data + b]), with source 1, state[data + i] itself (the block sums of the level below,
//     scanned in place).
//   phase 1 (add): state[data + i] += state[sums + i / 1024], the scanned block sums of the level
//     above, so every word holds its prefix over the whole array.
// The host records phase 0 on the buckets, then on their block sums, … until one block is left
// (whose total, the level's total positions, goes to the level's total word), then phase 1 back
// down (pair_tree.cpp). Every index is a word of the one state buffer (pair_tree.hpp lays it
// out): data and sums are word offsets in it.
//
// Resources: 3 storage buffers (bucket_start, bucket_end, state), 24 bytes of push constants,
// 1,024 bytes of workgroup memory (256 thread sums). Workgroup size 256 (fixed; not tuned).
// Dispatch ⌈count / 1,024⌉ workgroups (a 2-D grid above 65,535; extra workgroups return).
// Not curve-specific.
#extension GL_GOOGLE_include_directive : require

const uint SCAN_THREADS = 256u;
const uint WORDS_PER_THREAD = 4u;
const uint BLOCK_WORDS = SCAN_THREADS * WORDS_PER_THREAD;

layout(local_size_x = SCAN_THREADS) in;

layout(std430, set = 0, binding = 0) readonly buffer BucketStart { uint bucket_start[]; };
layout(std430, set = 0, binding = 1) readonly buffer BucketEnd { uint bucket_end[]; };
layout(std430, set = 0, binding = 2) buffer State { uint state[]; };
layout(push_constant) uniform Arguments {
  uint phase;   // 0: block scan, 1: add the scanned block sums
  uint source;  // phase 0: 0 = the buckets' positions at `level`, 1 = state[data + i]
  uint count;   // words (buckets with source 0)
  uint level;   // the pair-tree level (source 0)
  uint data;    // word offset of the scanned array in state
  uint sums;    // word offset of the block sums in state (phase 0 writes them, phase 1 reads them)
};

#include "pair_tree.glsl"

shared uint thread_sums[SCAN_THREADS];

void main() {
  const uint block = pair_tree_workgroup();
  if (block * BLOCK_WORDS >= count) return;  // the whole workgroup returns: no barrier is split
  const uint t = gl_LocalInvocationID.x;
  const uint first = block * BLOCK_WORDS + t * WORDS_PER_THREAD;
  if (phase == 1u) {
    const uint add = state[sums + block];
    for (uint j = 0u; j < WORDS_PER_THREAD; ++j) {
      if (first + j < count) state[data + first + j] += add;
    }
    return;
  }
  uint words[WORDS_PER_THREAD];
  uint sum = 0u;
  for (uint j = 0u; j < WORDS_PER_THREAD; ++j) {
    const uint i = first + j;
    uint word = 0u;
    if (i < count) {
      word = source == 0u ? pair_tree_positions(bucket_end[i] - bucket_start[i], level) : state[data + i];
    }
    words[j] = word;
    sum += word;
  }
  thread_sums[t] = sum;
  barrier();
  // Inclusive scan of the thread sums (Hillis–Steele).
  for (uint offset = 1u; offset < SCAN_THREADS; offset <<= 1) {
    const uint add = t >= offset ? thread_sums[t - offset] : 0u;
    barrier();
    thread_sums[t] += add;
    barrier();
  }
  uint running = thread_sums[t] - sum;
  for (uint j = 0u; j < WORDS_PER_THREAD; ++j) {
    if (first + j < count) state[data + first + j] = running;
    running += words[j];
  }
  if (t == SCAN_THREADS - 1u) state[sums + block] = thread_sums[t];
}
