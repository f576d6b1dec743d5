// The LSD radix sort of sort_by_bucket (the Vulkan backend's radix_sort_*.comp in WGSL): four
// kernels per pass (radix_sort_histogram.wgsl, radix_sort_scan_blocks.wgsl, radix_sort_scan.wgsl,
// radix_sort_scatter.wgsl), each a pipeline of this text followed by the kernel's (radix_sort.cpp;
// the two scans with workgroup_scan.wgsl).
//
// One pass sorts by the digit (key >> shift) & digit_mask: RADIX_BITS bits, fewer in a last pass
// that ends at the sort's key_bits. The input is cut into tiles of TILE_ITEMS = 128 ·
// ITEMS_PER_THREAD consecutive entries, one workgroup per tile; in the scatter, thread t of a tile
// owns the ITEMS_PER_THREAD consecutive entries t · ITEMS_PER_THREAD … of it, which makes the
// scatter stable, and the sort with it.
//
// histograms holds RADIX · tiles counts, digit-major: histograms[d · tiles + g] is the number of
// entries of tile g with digit d; after the scan it is the position in the output of tile g's
// first entry with digit d. The scan runs in blocks of SCAN_BLOCK_WORDS words, one workgroup per
// block, so after it tile g's first position of digit d is histograms[i] + block_totals[i /
// SCAN_BLOCK_WORDS] with i = d · tiles + g (a single workgroup walking the whole array was a serial
// chain of 128 chunks per pass at 2^20 points). RADIX_BITS = 4 keeps the scatter's per-thread digit counts (RADIX ×
// 128 words, 8 KiB) well inside WebGPU's default 16 KiB of workgroup memory. ITEMS_PER_THREAD = 16
// and the workgroup size 128 are the Vulkan backend's, not tuned for WebGPU.

const RADIX_BITS = 4u;
const RADIX = 16u;
const SORT_WORKGROUP_SIZE = 128u;
const ITEMS_PER_THREAD = 16u;
const TILE_ITEMS = 2048u;  // SORT_WORKGROUP_SIZE · ITEMS_PER_THREAD
const WORDS_PER_SCAN_THREAD = 8u;
const SCAN_BLOCK_WORDS = 1024u;  // SCAN_THREADS (workgroup_scan.wgsl) · WORDS_PER_SCAN_THREAD

struct PassArguments {
  count: u32,       // entries
  shift: u32,       // the pass's digit is (key >> shift) & digit_mask
  tiles: u32,       // ceil(count / TILE_ITEMS), the number of workgroups
  digit_mask: u32,  // 15, or fewer low bits in a last pass that ends at key_bits
}

fn radix_digit(key: u32, shift: u32, digit_mask: u32) -> u32 { return (key >> shift) & digit_mask; }
