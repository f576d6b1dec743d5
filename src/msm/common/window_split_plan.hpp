// reduce_buckets by window splitting (the scheme of era-bellman-cuda, written here from its
// description), the plan every GPU backend follows: a window of K bits with items X_i,
//     W = Σ_{i < 2^K} i·X_i,  i = h·2^lo + l  (lo = ⌈K/2⌉, hi = ⌊K/2⌋),
//     W = 2^lo · Σ_h h·H_h + Σ_l l·L_l,   H_h = Σ_l X_{h·2^lo + l},   L_l = Σ_h X_{h·2^lo + l},
// becomes two windows of lo and hi bits; one level per halving, every item added twice, every
// level data-parallel (no long chain of dependent additions). After the levels every window has
// one bit: its item 1 is the sum of its bit position ("bit sum"), and the host folds
// Σ_q 2^q·S_q (combine_windows with one-bit windows).
//
// The plan of one window of `bits` bits (the backends split c − 1 bits: the top magnitude
// 2^(c−1) is the only one with bit c − 1 and is that bit's sum as it is): per level the virtual
// windows entering it, lo and hi; after the last level, per one-bit window its bit position in
// the window and whether it covers a bit (a high child padded to lo bits covers fewer).
#pragma once

#include <algorithm>
#include <vector>

namespace zkmsm {

struct WindowSplitLevel {
  unsigned virtuals_in;  // V: windows per real window entering the level
  unsigned low_bits;     // ⌈K/2⌉
  unsigned high_bits;    // ⌊K/2⌋
};

struct WindowSplitPlan {
  std::vector<WindowSplitLevel> levels;
  unsigned bit_windows = 1;                    // V after the last level
  std::vector<unsigned char> offset{0}, bits;  // per one-bit window: its bit, whether it has one
};

// at_least_one_level: a window of one bit still gets a level (lo = 1, hi = 0: the low child is
// the window, the high child covers nothing), for backends whose last level writes the bit sums.
inline WindowSplitPlan plan_window_split(unsigned bits, bool at_least_one_level = false) {
  WindowSplitPlan plan;
  plan.bits = {static_cast<unsigned char>(bits)};
  unsigned k = bits;
  while (k > 1 || (at_least_one_level && plan.levels.empty())) {
    const unsigned lo = (k + 1) / 2, hi = k / 2;
    plan.levels.push_back({plan.bit_windows, lo, hi});
    std::vector<unsigned char> offset, width;
    for (std::size_t v = 0; v < plan.offset.size(); ++v) {
      offset.push_back(plan.offset[v]);  // low child
      width.push_back(static_cast<unsigned char>(std::min<unsigned>(plan.bits[v], lo)));
      offset.push_back(static_cast<unsigned char>(plan.offset[v] + lo));  // high child
      width.push_back(static_cast<unsigned char>(plan.bits[v] > lo ? plan.bits[v] - lo : 0));
    }
    plan.offset = offset;
    plan.bits = width;
    plan.bit_windows *= 2;
    k = lo;
  }
  return plan;
}

}  // namespace zkmsm
