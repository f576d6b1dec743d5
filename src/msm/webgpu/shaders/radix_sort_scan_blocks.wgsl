// Radix sort pass, kernel 2 of 4: the histograms scanned in blocks (radix_sort.wgsl). Workgroup g
// replaces words g · SCAN_BLOCK_WORDS … of the digit-major histograms by their exclusive prefix sum
// within the block and writes the block's total to block_totals[g]; radix_sort_scan.wgsl then scans
// block_totals, and the scatter adds block_totals[i / SCAN_BLOCK_WORDS] to histograms[i].
//
// One workgroup per block of SCAN_BLOCK_WORDS = 1,024 words (8 per invocation, consecutive).
// Resources: 2 storage buffers (histograms, block totals), 1 uniform (the words; the pass
// arguments' count field), 512 bytes of workgroup memory.

@group(0) @binding(0) var<storage, read_write> histograms: array<u32>;
@group(0) @binding(1) var<storage, read_write> block_totals: array<u32>;
@group(0) @binding(2) var<uniform> arguments: PassArguments;  // count = the words to scan

@compute @workgroup_size(SCAN_THREADS)
fn main(@builtin(local_invocation_id) local: vec3<u32>, @builtin(workgroup_id) group: vec3<u32>,
        @builtin(num_workgroups) groups: vec3<u32>) {
  let t = local.x;
  let words = arguments.count;
  let block = linear_workgroup(group, groups);
  if (block * SCAN_BLOCK_WORDS >= words) { return; }  // the last row's spare workgroups (dispatch.wgsl)
  let begin = block * SCAN_BLOCK_WORDS + t * WORDS_PER_SCAN_THREAD;
  var local_words: array<u32, 8>;
  var sum = 0u;
  for (var j = 0u; j < WORDS_PER_SCAN_THREAD; j++) {
    local_words[j] = 0u;
    if (begin + j < words) { local_words[j] = histograms[begin + j]; }
    sum += local_words[j];
  }
  thread_sums[t] = sum;
  workgroup_inclusive_scan(t);
  var running = thread_sums[t] - sum;
  for (var j = 0u; j < WORDS_PER_SCAN_THREAD; j++) {
    if (begin + j < words) { histograms[begin + j] = running; }
    running += local_words[j];
  }
  if (t == SCAN_THREADS - 1u) { block_totals[block] = thread_sums[t]; }
}
