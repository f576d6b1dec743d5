#version 450
// Radix sort pass, kernel 4 of 4: the stable scatter (radix_sort.glsl for the tile layout).
//
// Thread t of tile g owns the ITEMS_PER_THREAD consecutive entries t · ITEMS_PER_THREAD … of the
// tile. It counts its digits into column t of digit_counts (digit-major, RADIX × 128 words); an
// exclusive scan of that array in (digit, thread) order gives each (digit, thread) its position
// among the tile's keys ordered by digit, then thread. Adding tile g's first output position of
// digit d (histograms[i] + block_totals[i / SCAN_BLOCK_WORDS] with i = d · tiles + g: the two
// scans, radix_sort.glsl) and subtracting the tile's own start of that digit gives global
// positions; each thread then writes its entries in order. Keys of equal digit thus keep their
// input order, within a thread (j order), across threads (t order) and across tiles (the
// digit-major scan): the pass is stable, so the whole LSD sort is.
//
// Resources: 6 storage buffers (keys in, values in, keys out, values out, histograms scanned in
// blocks, scanned block totals), 16 bytes of push constants, 8,704 bytes of workgroup memory
// (digit counts 8 KB, scan 512 B). Workgroup size 128; specialization constant 0 =
// ITEMS_PER_THREAD (default 16).
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

shared uint digit_counts[COUNT_WORDS];  // [d · 128 + t]

void main() {
  const uint t = gl_LocalInvocationID.x;
  const uint tile = gl_WorkGroupID.x;
  const uint first = tile * TILE_ITEMS + t * ITEMS_PER_THREAD;

  for (uint d = 0u; d < RADIX; ++d) digit_counts[d * SORT_WORKGROUP_SIZE + t] = 0u;
  for (uint j = 0u; j < ITEMS_PER_THREAD; ++j) {
    if (first + j < count) ++digit_counts[radix_digit(keys_in[first + j], shift, digit_mask) * SORT_WORKGROUP_SIZE + t];
  }
  barrier();

  // Exclusive scan of digit_counts in linear order: thread t takes words 16t … 16t + 15.
  const uint begin = t * WORDS_PER_THREAD;
  uint sum = 0u;
  for (uint j = 0u; j < WORDS_PER_THREAD; ++j) sum += digit_counts[begin + j];
  thread_sums[t] = sum;
  inclusive_scan_thread_sums(t);
  uint running = thread_sums[t] - sum;
  for (uint j = 0u; j < WORDS_PER_THREAD; ++j) {
    const uint c = digit_counts[begin + j];
    digit_counts[begin + j] = running;
    running += c;
  }
  barrier();

  uint next_position[RADIX];
  for (uint d = 0u; d < RADIX; ++d) {
    const uint histogram_word = d * tiles + tile;
    const uint tile_start = block_totals[histogram_word / SCAN_BLOCK_WORDS] + histograms[histogram_word];
    next_position[d] = tile_start + digit_counts[d * SORT_WORKGROUP_SIZE + t] - digit_counts[d * SORT_WORKGROUP_SIZE];
  }
  for (uint j = 0u; j < ITEMS_PER_THREAD; ++j) {
    const uint index = first + j;
    if (index >= count) break;
    const uint key = keys_in[index];
    const uint d = radix_digit(key, shift, digit_mask);
    const uint position = next_position[d]++;
    keys_out[position] = key;
    values_out[position] = values_in[index];
  }
}
