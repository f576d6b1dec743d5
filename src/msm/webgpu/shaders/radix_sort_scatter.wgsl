// Radix sort pass, kernel 4 of 4: the stable scatter (radix_sort.wgsl for the tile layout).
//
// Thread t of tile g owns the ITEMS_PER_THREAD consecutive entries t · ITEMS_PER_THREAD … of the
// tile. It counts its digits into column t of digit_counts (digit-major, RADIX × 128 words); an
// exclusive scan of that array in (digit, thread) order gives each (digit, thread) its position
// among the tile's keys ordered by digit, then thread. Adding the tile's first output position of
// the digit (the scanned histogram entry plus its block's scanned total) and subtracting the tile's own start of that digit gives global positions; each
// thread then writes its entries in order, so keys of equal digit keep their input order.
//
// Resources: 6 storage buffers (keys in, values in, keys out, values out, histograms scanned in
// blocks, scanned block totals), 1 uniform, 8,704 bytes of workgroup memory.

@group(0) @binding(0) var<storage, read> keys_in: array<u32>;
@group(0) @binding(1) var<storage, read> values_in: array<u32>;
@group(0) @binding(2) var<storage, read_write> keys_out: array<u32>;
@group(0) @binding(3) var<storage, read_write> values_out: array<u32>;
@group(0) @binding(4) var<storage, read> histograms: array<u32>;
@group(0) @binding(5) var<storage, read> block_totals: array<u32>;
@group(0) @binding(6) var<uniform> arguments: PassArguments;

const COUNT_WORDS = 2048u;  // RADIX · SORT_WORKGROUP_SIZE
const COUNT_WORDS_PER_THREAD = 16u;  // = RADIX

var<workgroup> digit_counts: array<u32, 2048>;  // [d · 128 + t]
var<workgroup> scan_sums: array<u32, 128>;

@compute @workgroup_size(128)
fn main(@builtin(local_invocation_id) local: vec3<u32>, @builtin(workgroup_id) group: vec3<u32>,
        @builtin(num_workgroups) groups: vec3<u32>) {
  let t = local.x;
  let tile = linear_workgroup(group, groups);
  if (tile >= arguments.tiles) { return; }  // the last row's spare workgroups (dispatch.wgsl)
  let first = tile * TILE_ITEMS + t * ITEMS_PER_THREAD;
  for (var d = 0u; d < RADIX; d++) { digit_counts[d * SORT_WORKGROUP_SIZE + t] = 0u; }
  for (var j = 0u; j < ITEMS_PER_THREAD; j++) {
    if (first + j < arguments.count) {
      let slot = radix_digit(keys_in[first + j], arguments.shift, arguments.digit_mask) * SORT_WORKGROUP_SIZE + t;
      digit_counts[slot] += 1u;
    }
  }
  workgroupBarrier();
  // Exclusive scan of digit_counts in linear order: thread t takes words 16t … 16t + 15.
  let begin = t * COUNT_WORDS_PER_THREAD;
  var sum = 0u;
  for (var j = 0u; j < COUNT_WORDS_PER_THREAD; j++) { sum += digit_counts[begin + j]; }
  scan_sums[t] = sum;
  workgroupBarrier();
  for (var offset = 1u; offset < SORT_WORKGROUP_SIZE; offset <<= 1u) {
    var add = 0u;
    if (t >= offset) { add = scan_sums[t - offset]; }
    workgroupBarrier();
    scan_sums[t] += add;
    workgroupBarrier();
  }
  var running = scan_sums[t] - sum;
  for (var j = 0u; j < COUNT_WORDS_PER_THREAD; j++) {
    let c = digit_counts[begin + j];
    digit_counts[begin + j] = running;
    running += c;
  }
  workgroupBarrier();
  var next_position: array<u32, 16>;
  for (var d = 0u; d < RADIX; d++) {
    let histogram_word = d * arguments.tiles + tile;
    let tile_start = block_totals[histogram_word / SCAN_BLOCK_WORDS] + histograms[histogram_word];
    next_position[d] = tile_start + digit_counts[d * SORT_WORKGROUP_SIZE + t] - digit_counts[d * SORT_WORKGROUP_SIZE];
  }
  for (var j = 0u; j < ITEMS_PER_THREAD; j++) {
    let index = first + j;
    if (index >= arguments.count) { break; }
    let key = keys_in[index];
    let d = radix_digit(key, arguments.shift, arguments.digit_mask);
    let position = next_position[d];
    next_position[d] = position + 1u;
    keys_out[position] = key;
    values_out[position] = values_in[index];
  }
}
