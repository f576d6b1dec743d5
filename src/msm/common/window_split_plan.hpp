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
#include <array>
#include <cstddef>
#include <cstdint>
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

// ---- The levels as the Vulkan and WebGPU shaders run them (split_windows.comp, split_windows.wgsl):
// one dispatch per level, `lanes` invocations per output item in one workgroup of 64, the lanes'
// sums added in workgroup memory; the last level writes the bit sums. ----

// Lanes per output item: a power of two ≤ kSplitMaxLanes (the shaders' workgroup) and ≤ the item's
// sources, the fewest that give a level kSplitThreadsWanted invocations (few items: more lanes and
// shorter chains; many items: every lane's additions useful). kSplitThreadsWanted, shared with the
// CUDA backend's levels (msm/cuda/reduce_buckets.cuh, lanes ≤ 32), is about one wave of an H200
// (132 SMs × 1,024 threads): there it took reduce 1.25 → 0.93 ms at 2^20 against 32 lanes always
// (docs/cuda_notes.md run 11); not tuned through Vulkan or WebGPU.
inline constexpr std::uint32_t kSplitMaxLanes = 64;
inline constexpr std::uint64_t kSplitThreadsWanted = std::uint64_t{1} << 17;

// The plan of a window of c bits for those shaders: its c − 1 low bits split (the top magnitude
// is bit c − 1's sum as it is), at least one level.
inline WindowSplitPlan plan_shader_window_split(unsigned window_bits) {
  return plan_window_split(window_bits - 1, true);
}

// One level's dispatch for W windows.
struct WindowSplitDispatch {
  bool first = false, last = false;
  std::uint64_t items = 0;              // output items: W·2V·2^lo
  std::uint32_t lanes = 1;              // invocations per output item
  std::uint32_t source_steps = 0;       // ⌈2^lo / lanes⌉: sources per lane at most
  std::uint32_t in_window_stride = 0;   // items between real windows of the input (levels ≥ 1)
  std::uint32_t in_virtual_stride = 0;  // items between virtual windows of the input (levels ≥ 1)
  std::uint64_t invocations = 0;        // items · lanes, and on the last level one per window (its top bucket)
};

inline std::uint64_t window_split_items(const WindowSplitLevel& level, std::uint32_t windows) {
  return std::uint64_t{windows} * 2 * level.virtuals_in << level.low_bits;
}

inline WindowSplitDispatch window_split_dispatch(const WindowSplitPlan& plan,
                                                 std::size_t level,
                                                 std::uint32_t windows) {
  const WindowSplitLevel& l = plan.levels[level];
  WindowSplitDispatch d;
  d.first = level == 0;
  d.last = level + 1 == plan.levels.size();
  d.items = window_split_items(l, windows);
  const std::uint32_t sources = 1u << l.low_bits;  // the most an item adds (2^lo ≥ 2^hi)
  while (d.lanes < kSplitMaxLanes && d.lanes < sources && d.items * d.lanes < kSplitThreadsWanted) d.lanes *= 2;
  d.source_steps = (sources + d.lanes - 1) / d.lanes;
  d.invocations = d.items * d.lanes + (d.last ? windows : 0);
  if (!d.first) {
    const WindowSplitLevel& previous = plan.levels[level - 1];
    d.in_virtual_stride = 1u << previous.low_bits;
    d.in_window_stride = 2 * previous.virtuals_in * d.in_virtual_stride;
  }
  return d;
}

// XYZZ items of the two ping-pong level buffers for W windows: level ℓ but the last writes
// buffer ℓ mod 2 (at least one item each, so both can be bound).
inline std::array<std::uint64_t, 2> window_split_buffer_items(const WindowSplitPlan& plan, std::uint32_t windows) {
  std::array<std::uint64_t, 2> items = {1, 1};
  for (std::size_t level = 0; level + 1 < plan.levels.size(); ++level)
    items[level % 2] = std::max(items[level % 2], window_split_items(plan.levels[level], windows));
  return items;
}

// The last level's one-bit windows as the shaders read them: bit u of `mask` set when window u
// covers a bit, whose position is byte u % 4 of offset_bytes[u / 4]. At most 32 one-bit windows.
struct OneBitWindows {
  std::uint32_t mask = 0;
  std::uint32_t offset_bytes[8] = {};
};

inline OneBitWindows one_bit_windows(const WindowSplitPlan& plan) {
  OneBitWindows out;
  for (std::uint32_t u = 0; u < plan.bit_windows && u < 32; ++u) {
    if (plan.bits[u] != 0) out.mask |= 1u << u;
    out.offset_bytes[u / 4] |= std::uint32_t{plan.offset[u]} << (8 * (u % 4));
  }
  return out;
}

}  // namespace zkmsm
