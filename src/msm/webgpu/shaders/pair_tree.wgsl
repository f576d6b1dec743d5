// The pair tree's level arrays (pair_tree.hpp; its kernels pair_tree_scan.wgsl,
// pair_tree_prepare.wgsl, pair_tree_level.wgsl): how many partial sums a bucket has at a level and
// how many positions it takes in the level's array.
//
// A bucket of N entries (N = bucket_end − bucket_start, from plan) has count(ℓ) = ⌈N / 2^ℓ⌉
// partial sums at level ℓ: each level adds them in pairs, an odd last one is carried. While
// count ≥ 2 the bucket takes 2·⌈count / 2⌉ positions of the level's array, an even number, so
// every bucket starts at an even position and the array's pairs (2i, 2i + 1) never straddle two
// buckets (after an odd count's last entry one position is a pad, never read or written). A bucket
// with count ≤ 1 takes none: empty, a single entry (pair_tree_prepare.wgsl writes its sum) or
// finished at an earlier level.

// ⌈n / 2^level⌉ (level ≤ 31).
fn pair_tree_count(n: u32, level: u32) -> u32 {
  if (n == 0u) { return 0u; }
  return ((n - 1u) >> level) + 1u;
}

// Positions of a bucket of n entries in the array of `level`.
fn pair_tree_positions(n: u32, level: u32) -> u32 {
  let count = pair_tree_count(n, level);
  if (count < 2u) { return 0u; }
  return count + (count & 1u);
}
