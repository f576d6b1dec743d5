// Shared by the three kernels of the LSD radix sort (radix_sort_histogram.comp,
// radix_sort_scan.comp, radix_sort_scatter.comp): the digit width and the tile geometry.
//
// One pass sorts by the digit (key >> shift) & digit_mask: RADIX_BITS bits, fewer in a last pass
// that ends at the sort's key_bits (so key bits above key_bits are ignored). The input is cut into
// tiles of TILE_ITEMS = SORT_WORKGROUP_SIZE · ITEMS_PER_THREAD consecutive entries, one workgroup
// per tile; in the scatter, thread t of a tile owns the ITEMS_PER_THREAD consecutive entries
// t · ITEMS_PER_THREAD … of it, which is what makes the scatter stable.
//
// The histograms buffer holds RADIX · tiles counts, digit-major: histograms[d · tiles + g] is the
// number of entries of tile g with digit d; after the scan it is the position in the output of
// tile g's first entry with digit d.
//
// RADIX_BITS = 4 keeps the scatter's per-thread digit counts (RADIX × SORT_WORKGROUP_SIZE words,
// 8 KB) within 16 KB of workgroup memory; 8-bit digits would halve the passes but need 128 KB
// there with this scheme. SORT_WORKGROUP_SIZE = 128 and the default ITEMS_PER_THREAD = 16 are
// not tuned (chosen on lavapipe for test time only).
//
// The scan of the histograms runs in blocks of SCAN_BLOCK_WORDS consecutive words, one workgroup
// per block (radix_sort_scan_blocks.comp: each block scanned in place, its total written to
// block_totals), then one workgroup scans the block totals (radix_sort_scan.comp), and the scatter
// adds block_totals[i / SCAN_BLOCK_WORDS] to histograms[i]. (A single workgroup walking the whole
// array was a serial chain of 128 chunks per pass at 2^20 points, 131,072 words.)
#ifndef ZKMSM_RADIX_SORT_GLSL
#define ZKMSM_RADIX_SORT_GLSL

const uint RADIX_BITS = 4u;
const uint RADIX = 1u << RADIX_BITS;
const uint SORT_WORKGROUP_SIZE = 128u;
layout(constant_id = 0) const uint ITEMS_PER_THREAD = 16u;
const uint TILE_ITEMS = SORT_WORKGROUP_SIZE * ITEMS_PER_THREAD;

layout(local_size_x = SORT_WORKGROUP_SIZE) in;

const uint WORDS_PER_SCAN_THREAD = 8u;
const uint SCAN_BLOCK_WORDS = SORT_WORKGROUP_SIZE * WORDS_PER_SCAN_THREAD;

uint radix_digit(uint key, uint shift, uint digit_mask) { return (key >> shift) & digit_mask; }

#endif
