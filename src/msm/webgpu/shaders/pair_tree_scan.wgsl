// Pair tree, the offsets of a level: the exclusive prefix sum over the batch's buckets of the
// positions each takes in the level's array (pair_tree.wgsl), so that offsets[b] is where bucket
// b's partial sums start, and the level's total positions. A multi-level scan in blocks of 1,024
// words (128 threads × 8 words, one workgroup per block), in two phases:
//   phase 0 (block scan): each block's words become their exclusive prefix within the block and
//     the block's total goes to state[sums + block]. The words are, with source 0, the positions of
//     buckets 0 … count − 1 at `level` (from bucket_start and bucket_end, written to
//     state[data + b]); with source 1, state[data + i] itself (the block sums of the scan level
//     below, scanned in place).
//   phase 1 (add): state[data + i] += state[sums + ⌊i / 1,024⌋], the scanned block sums of the
//     scan level above, so that every word holds its prefix over the whole array.
// The host dispatches phase 0 on the buckets, then on their block sums, … until one block is left
// (its total, the level's total positions, goes to the level's total word), then phase 1 back
// down (pair_tree.cpp). data and sums are word offsets in the one state buffer (pair_tree.hpp lays
// it out). Not curve-specific.
//
// Resources: 3 storage buffers (bucket_start, bucket_end, state), 1 uniform, 512 bytes of workgroup
// memory (128 thread sums). Workgroup size 128, fixed: the most WebGPU's compatibility mode allows
// by default (not tuned). Dispatch ⌈count / 1,024⌉ workgroups; spare workgroups of the last row
// return (dispatch.wgsl). Work per invocation: 8 words and 7 Hillis–Steele steps.

struct Arguments {
  phase: u32,   // 0: block scan, 1: add the scanned block sums
  source: u32,  // phase 0: 0 = the buckets' positions at `level`, 1 = state[data + i]
  count: u32,   // words (buckets with source 0)
  level: u32,   // the pair-tree level (source 0)
  data: u32,    // word offset of the scanned array in state
  sums: u32,    // word offset of the block sums in state (phase 0 writes them, phase 1 reads them)
}

const WORDS_PER_THREAD = 8u;
const BLOCK_WORDS = 1024u;  // SCAN_THREADS · WORDS_PER_THREAD

@group(0) @binding(0) var<storage, read> bucket_start: array<u32>;
@group(0) @binding(1) var<storage, read> bucket_end: array<u32>;
@group(0) @binding(2) var<storage, read_write> state: array<u32>;
@group(0) @binding(3) var<uniform> arguments: Arguments;

@compute @workgroup_size(SCAN_THREADS)
fn main(@builtin(workgroup_id) group: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>,
        @builtin(local_invocation_id) local: vec3<u32>) {
  let block = linear_workgroup(group, groups);
  // The whole workgroup returns (block and count are uniform): no barrier is split.
  if (block * BLOCK_WORDS >= arguments.count) { return; }
  let t = local.x;
  let first = block * BLOCK_WORDS + t * WORDS_PER_THREAD;
  let count = arguments.count;
  let data = arguments.data;
  if (arguments.phase == 1u) {
    let add = state[arguments.sums + block];
    for (var j = 0u; j < WORDS_PER_THREAD; j++) {
      if (first + j < count) { state[data + first + j] += add; }
    }
    return;
  }
  var words: array<u32, 8>;
  var sum = 0u;
  for (var j = 0u; j < WORDS_PER_THREAD; j++) {
    let i = first + j;
    var word = 0u;
    if (i < count) {
      if (arguments.source == 0u) {
        word = pair_tree_positions(bucket_end[i] - bucket_start[i], arguments.level);
      } else {
        word = state[data + i];
      }
    }
    words[j] = word;
    sum += word;
  }
  thread_sums[t] = sum;
  workgroup_inclusive_scan(t);
  var running = thread_sums[t] - sum;
  for (var j = 0u; j < WORDS_PER_THREAD; j++) {
    if (first + j < count) { state[data + first + j] = running; }
    running += words[j];
  }
  if (t == SCAN_THREADS - 1u) { state[arguments.sums + block] = thread_sums[t]; }
}
