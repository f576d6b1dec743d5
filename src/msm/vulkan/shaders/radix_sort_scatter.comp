#version 450
// Radix sort pass, kernel 4 of 4: the stable scatter (radix_sort.glsl for the tile layout).
//
// Thread t of tile g owns the ITEMS_PER_THREAD consecutive entries t · ITEMS_PER_THREAD … of the
// tile. It counts its digits into column t of digit_counts (digit-major, RADIX × 128 words); an
// exclusive scan of that array in (digit, thread) order gives each (digit, thread) its position
// among the tile's keys ordered by digit, then thread. Adding tile g's first output position of
// digit d (histograms[i] + block_totals[i / SCAN_BLOCK_WORDS] with i = d · tiles + g: the two
// scans, radix_sort.glsl) and subtracting the tile's own start of that digit gives global
// positions. Keys of equal digit thus keep their input order, within a thread (j order), across
// threads (t order) and across tiles (the digit-major scan): the pass is stable, so the whole LSD
// sort is. The keys, then the values, are first placed in workgroup memory in the pass's order and
// written from there by consecutive invocations, so each digit's run of the tile is written in
// whole memory transactions (each invocation writing its own entries scattered 16 runs at once).
//
// Resources: 6 storage buffers (keys in, values in, keys out, values out, histograms scanned in
// blocks, scanned block totals), 16 bytes of push constants, 8,704 bytes of workgroup memory
// (digit counts, then the tile's keys or values, 8 KB; scan 512 B; two starts per digit 128 B). Workgroup
// size 128; specialization constant 0 = ITEMS_PER_THREAD (default 16, at most 16: the tile fits the
// 2,048 words of workgroup memory).
#extension GL_GOOGLE_include_directive : require

#include "radix_sort.glsl"

#define SCAN_INVOCATIONS SORT_WORKGROUP_SIZE
#include "workgroup_scan.glsl"

layout(std430, set = 0, binding = 0) readonly buffer KeysIn { uint keys_in[]; };
layout(std430, set = 0, binding = 1) readonly buffer ValuesIn { uint values_in[]; };
layout(std430, set = 0, binding = 2) writeonly buffer KeysOut { uint keys_out[]; };
layout(std430, set = 0, binding = 3) writeonly buffer ValuesOut { uint values_out[]; };
layout(std430, set = 0, binding = 4) readonly buffer Histograms { uint histograms[]; };  // scanned in blocks
layout(std430, set = 0, binding = 5) readonly buffer BlockTotals { uint block_totals[]; };  // scanned
layout(push_constant) uniform Arguments {
  uint count;
  uint shift;
  uint tiles;
  uint digit_mask;
};

const uint COUNT_WORDS = RADIX * SORT_WORKGROUP_SIZE;
const uint WORDS_PER_THREAD = COUNT_WORDS / SORT_WORKGROUP_SIZE;  // = RADIX

// First the (digit, thread) counts, [d · 128 + t], then the tile's keys and then its values in
// the pass's order (COUNT_WORDS = TILE_ITEMS at the default 16 items per thread; fewer items use
// part of it).
shared uint tile_words[COUNT_WORDS];
shared uint digit_tile_start[RADIX];    // the tile's first position of digit d in its own order
shared uint digit_output_start[RADIX];  // ... and in the output

void main() {
  const uint t = gl_LocalInvocationID.x;
  const uint tile = gl_WorkGroupID.x;
  const uint tile_first = tile * TILE_ITEMS;
  const uint tile_items = min(TILE_ITEMS, count - tile_first);
  const uint first = tile_first + t * ITEMS_PER_THREAD;

  for (uint d = 0u; d < RADIX; ++d) tile_words[d * SORT_WORKGROUP_SIZE + t] = 0u;
  for (uint j = 0u; j < ITEMS_PER_THREAD; ++j) {
    if (first + j < count) ++tile_words[radix_digit(keys_in[first + j], shift, digit_mask) * SORT_WORKGROUP_SIZE + t];
  }
  barrier();

  // Exclusive scan of the counts in linear order: thread t takes words 16t … 16t + 15.
  const uint begin = t * WORDS_PER_THREAD;
  uint sum = 0u;
  for (uint j = 0u; j < WORDS_PER_THREAD; ++j) sum += tile_words[begin + j];
  thread_sums[t] = sum;
  inclusive_scan_thread_sums(t);
  uint running = thread_sums[t] - sum;
  for (uint j = 0u; j < WORDS_PER_THREAD; ++j) {
    const uint c = tile_words[begin + j];
    tile_words[begin + j] = running;
    running += c;
  }
  barrier();

  uint next_position[RADIX];  // in the tile's order
  for (uint d = 0u; d < RADIX; ++d) next_position[d] = tile_words[d * SORT_WORKGROUP_SIZE + t];
  if (t < RADIX) {
    const uint histogram_word = t * tiles + tile;
    digit_tile_start[t] = tile_words[t * SORT_WORKGROUP_SIZE];
    digit_output_start[t] = block_totals[histogram_word / SCAN_BLOCK_WORDS] + histograms[histogram_word];
  }
  barrier();  // the counts are read; tile_words takes the keys next

  uint tile_position[ITEMS_PER_THREAD];
  for (uint j = 0u; j < ITEMS_PER_THREAD; ++j) {
    if (first + j < count) {
      const uint key = keys_in[first + j];
      const uint d = radix_digit(key, shift, digit_mask);
      tile_position[j] = next_position[d]++;
      tile_words[tile_position[j]] = key;
    }
  }
  barrier();
  // Consecutive invocations write consecutive positions of each digit's run.
  uint output_position[ITEMS_PER_THREAD];
  for (uint j = 0u; j < ITEMS_PER_THREAD; ++j) {
    const uint k = j * SORT_WORKGROUP_SIZE + t;
    if (k < tile_items) {
      const uint key = tile_words[k];
      const uint d = radix_digit(key, shift, digit_mask);
      output_position[j] = digit_output_start[d] + k - digit_tile_start[d];
      keys_out[output_position[j]] = key;
    }
  }
  barrier();
  for (uint j = 0u; j < ITEMS_PER_THREAD; ++j) {
    if (first + j < count) tile_words[tile_position[j]] = values_in[first + j];
  }
  barrier();
  for (uint j = 0u; j < ITEMS_PER_THREAD; ++j) {
    const uint k = j * SORT_WORKGROUP_SIZE + t;
    if (k < tile_items) values_out[output_position[j]] = tile_words[k];
  }
}
