// Shared by the pair tree's shaders (pair_tree_scan.comp, pair_tree_prepare.comp,
// pair_tree_level.comp; the host side is pair_tree.hpp): how many entries a bucket has at a
// level, how many positions it takes in the level's array, and the linear index of an
// invocation in a 2-D dispatch.
//
// A bucket of N entries (N = bucket_end − bucket_start of BucketStages) has
// count(ℓ) = ⌈N / 2^ℓ⌉ partial sums at level ℓ: each level adds its entries in pairs, an odd one
// is carried. While count ≥ 2 the bucket takes 2·⌈count / 2⌉ positions of the level's array (an
// even number, so every bucket starts at an even position and the pairs (2i, 2i + 1) of the
// array never straddle two buckets; the position after an odd count's last entry is a pad that
// is never read or written). A bucket with count ≤ 1 takes none: an empty bucket, a single entry
// (written to bucket_sums by pair_tree_prepare.comp) or a bucket finished at an earlier level.
#ifndef ZKMSM_PAIR_TREE_GLSL
#define ZKMSM_PAIR_TREE_GLSL

// ⌈n / 2^level⌉ (level ≤ 31).
uint pair_tree_count(uint n, uint level) { return n == 0u ? 0u : ((n - 1u) >> level) + 1u; }

// Positions of a bucket of n entries in the array of `level`.
uint pair_tree_positions(uint n, uint level) {
  const uint count = pair_tree_count(n, level);
  return count >= 2u ? count + (count & 1u) : 0u;
}

// The workgroup's index in a dispatch of (x, y) workgroups, x-major (the host splits counts above
// 65,535 into a 2-D grid).
uint pair_tree_workgroup() { return gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x; }

#endif
