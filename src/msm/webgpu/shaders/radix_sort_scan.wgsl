// Radix sort pass, kernel 2 of 3: exclusive prefix sum, in place, of the RADIX · tiles digit-major
// histograms (radix_sort.wgsl), so entry d · tiles + g becomes the output position of tile g's
// first key with digit d.
//
// One workgroup of 128 threads walks the array in chunks of 128 · 8 words, carrying the running
// total from chunk to chunk (the array is 16 words per 2,048 entries). Resources: 1 storage
// buffer (histograms), 1 uniform (its words; the pass arguments' count field), 512 bytes of
// workgroup memory. Dispatch exactly one workgroup.

const WORDS_PER_THREAD = 8u;
const CHUNK_WORDS = 1024u;  // SCAN_THREADS · WORDS_PER_THREAD

@group(0) @binding(0) var<storage, read_write> histograms: array<u32>;
@group(0) @binding(1) var<uniform> arguments: PassArguments;  // count = the words to scan

@compute @workgroup_size(SCAN_THREADS)
fn main(@builtin(local_invocation_id) local: vec3<u32>) {
  let t = local.x;
  let words = arguments.count;
  var carry = 0u;
  for (var chunk = 0u; chunk < words; chunk += CHUNK_WORDS) {
    let begin = chunk + t * WORDS_PER_THREAD;
    var local_words: array<u32, 8>;
    var sum = 0u;
    for (var j = 0u; j < WORDS_PER_THREAD; j++) {
      local_words[j] = 0u;
      if (begin + j < words) { local_words[j] = histograms[begin + j]; }
      sum += local_words[j];
    }
    thread_sums[t] = sum;
    workgroup_inclusive_scan(t);
    var running = carry + thread_sums[t] - sum;
    for (var j = 0u; j < WORDS_PER_THREAD; j++) {
      if (begin + j < words) { histograms[begin + j] = running; }
      running += local_words[j];
    }
    carry += thread_sums[SCAN_THREADS - 1u];
    workgroupBarrier();  // thread_sums is rewritten by the next chunk
  }
}
