// Radix sort pass, kernel 3 of 4: exclusive prefix sum, in place, of the block totals written by
// radix_sort_scan_blocks.wgsl (radix_sort.wgsl), so block_totals[g] becomes the sum of the
// histogram counts in the blocks before block g.
//
// One workgroup of 128 threads walks the array in chunks of SCAN_BLOCK_WORDS words, carrying the
// running total from chunk to chunk (one chunk up to 2^27 entries: a block total stands for
// 131,072 entries). Resources: 1 storage buffer (the block totals), 1 uniform (their number; the
// count field), 512 bytes of workgroup memory. Dispatch exactly one workgroup.

@group(0) @binding(0) var<storage, read_write> block_totals: array<u32>;
@group(0) @binding(1) var<uniform> arguments: PassArguments;  // count = the blocks

@compute @workgroup_size(SCAN_THREADS)
fn main(@builtin(local_invocation_id) local: vec3<u32>) {
  let t = local.x;
  let words = arguments.count;
  var carry = 0u;
  for (var chunk = 0u; chunk < words; chunk += SCAN_BLOCK_WORDS) {
    let begin = chunk + t * WORDS_PER_SCAN_THREAD;
    var local_words: array<u32, 8>;
    var sum = 0u;
    for (var j = 0u; j < WORDS_PER_SCAN_THREAD; j++) {
      local_words[j] = 0u;
      if (begin + j < words) { local_words[j] = block_totals[begin + j]; }
      sum += local_words[j];
    }
    thread_sums[t] = sum;
    workgroup_inclusive_scan(t);
    var running = carry + thread_sums[t] - sum;
    for (var j = 0u; j < WORDS_PER_SCAN_THREAD; j++) {
      if (begin + j < words) { block_totals[begin + j] = running; }
      running += local_words[j];
    }
    carry += thread_sums[SCAN_THREADS - 1u];
    workgroupBarrier();  // thread_sums is rewritten by the next chunk
  }
}
