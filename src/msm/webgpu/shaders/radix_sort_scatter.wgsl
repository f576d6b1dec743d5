// Radix sort pass, kernel 4 of 4: the stable scatter (radix_sort.wgsl for the tile layout).
//
// Thread t of tile g owns the ITEMS_PER_THREAD consecutive entries t · ITEMS_PER_THREAD … of the
// tile. It counts its digits into column t of tile_words (digit-major, RADIX × 128 words); an
// exclusive scan of that array in (digit, thread) order gives each (digit, thread) its position
// among the tile's keys ordered by digit, then thread. Adding the tile's first output position of
// the digit (the scanned histogram entry plus its block's scanned total) and subtracting the
// tile's own start of that digit gives global positions, so keys of equal digit keep their input
// order. The keys, then the values, are first placed in workgroup memory in the pass's order and
// written from there by consecutive invocations, so each digit's run of the tile is written in
// whole memory transactions.
//
// Resources: 6 storage buffers (keys in, values in, keys out, values out, histograms scanned in
// blocks, scanned block totals), 1 uniform, 8,832 bytes of workgroup memory.

@group(0) @binding(0) var<storage, read> keys_in: array<u32>;
@group(0) @binding(1) var<storage, read> values_in: array<u32>;
@group(0) @binding(2) var<storage, read_write> keys_out: array<u32>;
@group(0) @binding(3) var<storage, read_write> values_out: array<u32>;
@group(0) @binding(4) var<storage, read> histograms: array<u32>;
@group(0) @binding(5) var<storage, read> block_totals: array<u32>;
@group(0) @binding(6) var<uniform> arguments: PassArguments;

const COUNT_WORDS = 2048u;  // RADIX · SORT_WORKGROUP_SIZE = TILE_ITEMS
const COUNT_WORDS_PER_THREAD = 16u;  // = RADIX

// First the (digit, thread) counts, [d · 128 + t], then the tile's keys and then its values in the
// pass's order.
var<workgroup> tile_words: array<u32, 2048>;
var<workgroup> digit_tile_start: array<u32, 16>;    // the tile's first position of digit d in its own order
var<workgroup> digit_output_start: array<u32, 16>;  // ... and in the output

@compute @workgroup_size(128)
fn main(@builtin(local_invocation_id) local: vec3<u32>, @builtin(workgroup_id) group: vec3<u32>,
        @builtin(num_workgroups) groups: vec3<u32>) {
  let t = local.x;
  let tile = linear_workgroup(group, groups);
  if (tile >= arguments.tiles) { return; }  // the last row's spare workgroups (dispatch.wgsl)
  let tile_first = tile * TILE_ITEMS;
  let tile_items = min(TILE_ITEMS, arguments.count - tile_first);
  let first = tile_first + t * ITEMS_PER_THREAD;
  for (var d = 0u; d < RADIX; d++) { tile_words[d * SORT_WORKGROUP_SIZE + t] = 0u; }
  for (var j = 0u; j < ITEMS_PER_THREAD; j++) {
    if (first + j < arguments.count) {
      let slot = radix_digit(keys_in[first + j], arguments.shift, arguments.digit_mask) * SORT_WORKGROUP_SIZE + t;
      tile_words[slot] += 1u;
    }
  }
  workgroupBarrier();
  // Exclusive scan of the counts in linear order: thread t takes words 16t … 16t + 15.
  let begin = t * COUNT_WORDS_PER_THREAD;
  var sum = 0u;
  for (var j = 0u; j < COUNT_WORDS_PER_THREAD; j++) { sum += tile_words[begin + j]; }
  thread_sums[t] = sum;
  workgroup_inclusive_scan(t);  // workgroup_scan.wgsl
  var running = thread_sums[t] - sum;
  for (var j = 0u; j < COUNT_WORDS_PER_THREAD; j++) {
    let c = tile_words[begin + j];
    tile_words[begin + j] = running;
    running += c;
  }
  workgroupBarrier();
  var next_position: array<u32, 16>;  // in the tile's order
  for (var d = 0u; d < RADIX; d++) { next_position[d] = tile_words[d * SORT_WORKGROUP_SIZE + t]; }
  if (t < RADIX) {
    let histogram_word = t * arguments.tiles + tile;
    digit_tile_start[t] = tile_words[t * SORT_WORKGROUP_SIZE];
    digit_output_start[t] = block_totals[histogram_word / SCAN_BLOCK_WORDS] + histograms[histogram_word];
  }
  workgroupBarrier();  // the counts are read; tile_words takes the keys next
  var tile_position: array<u32, 16>;
  for (var j = 0u; j < ITEMS_PER_THREAD; j++) {
    if (first + j < arguments.count) {
      let key = keys_in[first + j];
      let d = radix_digit(key, arguments.shift, arguments.digit_mask);
      tile_position[j] = next_position[d];
      next_position[d] += 1u;
      tile_words[tile_position[j]] = key;
    }
  }
  workgroupBarrier();
  // Consecutive invocations write consecutive positions of each digit's run.
  var output_position: array<u32, 16>;
  for (var j = 0u; j < ITEMS_PER_THREAD; j++) {
    let k = j * SORT_WORKGROUP_SIZE + t;
    if (k < tile_items) {
      let key = tile_words[k];
      let d = radix_digit(key, arguments.shift, arguments.digit_mask);
      output_position[j] = digit_output_start[d] + k - digit_tile_start[d];
      keys_out[output_position[j]] = key;
    }
  }
  workgroupBarrier();
  for (var j = 0u; j < ITEMS_PER_THREAD; j++) {
    if (first + j < arguments.count) { tile_words[tile_position[j]] = values_in[first + j]; }
  }
  workgroupBarrier();
  for (var j = 0u; j < ITEMS_PER_THREAD; j++) {
    let k = j * SORT_WORKGROUP_SIZE + t;
    if (k < tile_items) { values_out[output_position[j]] = tile_words[k]; }
  }
}
