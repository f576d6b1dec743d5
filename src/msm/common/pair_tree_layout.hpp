// The pair tree's sizes on the host, one copy for the Vulkan and WebGPU pair trees (their headers
// give the algorithm): the number of levels, a closed-form bound on each level's positions, the
// blocks of the multi-level offset scan, and the word regions of the tree's state buffer.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace zkmsm {

// Words per workgroup of the offset scan (its shaders' block: 1,024 words).
inline constexpr std::uint32_t kPairTreeScanBlock = 1024;
// Words of the totals region: one per level; fewer than 2^32 entries give at most 32 levels.
inline constexpr std::uint32_t kPairTreeMaxLevels = 32;

// ⌈log₂ n⌉: the levels of buckets of at most n entries (0 for n ≤ 1).
inline std::uint32_t pair_tree_levels(std::uint32_t n) {
  return n <= 1 ? 0u : static_cast<std::uint32_t>(std::bit_width(n - 1));
}

// An upper bound on level ℓ's total positions for a batch of E entries: P_0 ≤ ⌊4E/3⌋ (2⌈N/2⌉ ≤
// 4N/3 for N ≥ 2), P_ℓ ≤ E for ℓ ≥ 1, P_ℓ ≤ ⌊E/2⌋ for ℓ ≥ 2, and P_ℓ < 3E/2^ℓ + 1.
inline std::uint64_t pair_tree_positions_bound(std::uint64_t entries, std::uint32_t level) {
  std::uint64_t bound = entries * 4 / 3;
  if (level >= 1) bound = std::min(bound, entries);
  if (level >= 2) bound = std::min(bound, entries / 2);
  if (level >= 1 && level < 62) bound = std::min(bound, ((3 * entries) >> level) + 1);
  return bound;
}

// The block sums one scan level leaves for `words` words.
inline std::uint64_t pair_tree_scan_blocks(std::uint64_t words) {
  return (words + kPairTreeScanBlock - 1) / kPairTreeScanBlock;
}

// Word offsets of the state buffer's regions for E = max_entries and W·B = max_buckets:
// keys[0] max(1, ⌊4E/3⌋), keys[1] E, offsets[0] and offsets[1] W·B each, the scan's block sums
// (one region per scan level below the top one), totals kPairTreeMaxLevels.
struct PairTreeStateLayout {
  std::uint64_t keys[2] = {0, 0};
  std::uint64_t offsets[2] = {0, 0};
  std::vector<std::uint64_t> scan_sums;
  std::uint64_t totals = 0;
  std::uint64_t words = 0;
};

inline PairTreeStateLayout pair_tree_state_layout(std::uint64_t max_entries, std::uint64_t max_buckets) {
  PairTreeStateLayout layout;
  layout.keys[0] = 0;
  layout.keys[1] = std::max<std::uint64_t>(1, pair_tree_positions_bound(max_entries, 0));
  layout.offsets[0] = layout.keys[1] + max_entries;
  layout.offsets[1] = layout.offsets[0] + max_buckets;
  std::uint64_t next = layout.offsets[1] + max_buckets;
  for (std::uint64_t words = max_buckets; words > kPairTreeScanBlock;) {
    words = pair_tree_scan_blocks(words);
    layout.scan_sums.push_back(next);
    next += words;
  }
  layout.totals = next;
  layout.words = next + kPairTreeMaxLevels;
  return layout;
}

}  // namespace zkmsm
