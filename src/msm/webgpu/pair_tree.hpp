// accumulate_buckets on WebGPU with the pair tree (the Vulkan backend's second accumulator,
// barretenberg's "bin-packed pair tree"): every non-empty bucket's affine sum of one window batch,
// in bucket_sums(), the format StreamWalker leaves, so BucketReduction reads either.
//
// Algorithm. A bucket of N entries has count(ℓ) = ⌈N / 2^ℓ⌉ partial sums at level ℓ: each level
// adds a bucket's partial sums in pairs (⌊count / 2⌋ pairs, an odd last one carried) until one is
// left. A bucket of one entry is written out before level 0 and takes no further part; a bucket's
// last pair (count = 2) writes its sum to bucket_sums directly. A level's array holds, for every
// bucket with count ≥ 2, its partial sums at an even offset (2·⌈count / 2⌉ positions each), so
// the array's pairs (2i, 2i + 1) never straddle two buckets and every invocation takes S
// consecutive pairs of it with one inversion for all S (batch_affine_add.wgsl, complete:
// doublings, P + (−P), infinity, a carry as the sum with infinity). Level 0's partial sums are the
// points themselves (read through the sorted values, negated for a negative digit); levels ≥ 1
// read the previous level's sums.
//
// Dispatches of accumulate() (shaders/pair_tree_scan.wgsl, pair_tree_prepare.wgsl,
// pair_tree_level.wgsl):
//   scan(0)               level 0's offsets: the exclusive prefix sum over the batch's buckets of
//                         their positions, and the level's total positions
//   prepare               one invocation per sorted entry: single-entry buckets → bucket_sums, the
//                         others' level-0 keys (position → bucket)
//   for ℓ = 0 … L − 1:    scan(ℓ + 1) (not after the last level), then level ℓ
// L = ⌈log₂ n⌉ levels for buckets of at most n entries (the caller's bound: the MSM's point count,
// one entry per point and window). The host cannot know the largest bucket without a read-back,
// so it dispatches all L levels; a level past every bucket's depth has total 0 and its invocations
// return at once. Each scan is a multi-level scan in blocks of kScanBlock words: h = max(1,
// ⌈log₁₀₂₄ W·B⌉) block-scan dispatches and h − 1 add dispatches.
// Level ℓ dispatches ⌈P_ℓ / 2S⌉ invocations for a closed-form bound P_ℓ on its total positions
// (positions_bound: M ≤ E valid entries, P_0 ≤ ⌊4E/3⌋ since 2⌈N/2⌉ ≤ 4N/3 for N ≥ 2, P_ℓ ≤ E for
// ℓ ≥ 1, P_ℓ ≤ ⌊E/2⌋ for ℓ ≥ 2 and P_ℓ < 3E/2^ℓ + 1); those past the device's total return.
//
// Bounded work: no invocation loops over entries or buckets (a level invocation does at most S
// pairs and one inversion, a prepare invocation one entry, a scan invocation 8 words and 7
// Hillis–Steele steps), so the depth costs dispatches, never long invocations (browser watchdogs,
// software adapters).
//
// Arguments: WebGPU has no push constants, so every dispatch of a batch reads its own small uniform
// buffer (32 bytes: one per scan dispatch of every level, one per level, one for prepare): none is
// rewritten within a batch, so the dispatches could be recorded into one command encoder.
//
// Buffers (sized once for max_entries E and max_buckets W·B, reused by every batch):
//   bucket_sums   W·B affine points (A = affine_point_bytes: 64 bytes for BN254 and Grumpkin, 96
//                 for BLS12-381): every non-empty bucket's affine sum (Montgomery form, (0, 0) =
//                 infinity), StreamWalker's format; empty buckets are not written
//   active[1]     E partial sums (affine points, Montgomery form): the odd levels' arrays
//   active[0]     max(1, ⌊E/2⌋) partial sums: the even levels' arrays from level 2 on (level 0 is
//                 the points, not materialized)
//   state         32-bit words, regions at word offsets (one buffer keeps the level kernel at 8
//                 storage buffers):
//                   keys[0]      max(1, ⌊4E/3⌋): position → bucket of the even levels (level 0 too)
//                   keys[1]      E: position → bucket of the odd levels
//                   offsets[0]   W·B: bucket → first position, even levels
//                   offsets[1]   W·B: the same, odd levels
//                   scan sums    ⌈W·B / 1024⌉ + ⌈W·B / 1024²⌉ + … while above 1024 (the block sums
//                                of every scan level below the top one)
//                   totals       kMaxLevels: the total positions of each level
//   arguments     (2h − 1)·max(1, D) + D + 1 uniform buffers of 32 bytes (the scans of levels
//                 0 … max(1, D) − 1, the levels, prepare), D = ⌈log₂ E⌉ (the most levels a batch
//                 of E entries can need)
// device_bytes() = A·W·B + A·E + A·max(1, ⌊E/2⌋)
//                  + 4·(max(1, ⌊4E/3⌋) + E + 2·W·B + scan sums + kMaxLevels)
//                  + 32·((2h − 1)·max(1, D) + D + 1)
// bytes (A = 64): about 105 per entry and 72 per bucket (the stream walker needs its bucket sums and
// about 22 bytes per entry at its automatic size). Each storage buffer must fit WebGPU's default
// 128 MiB per binding (create() refuses it otherwise). Storage buffers per pipeline: scan 3,
// prepare 7, level 8.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "msm/common/pair_tree_layout.hpp"

#include "msm/webgpu/webgpu_context.hpp"
#include "msm/webgpu/wgsl_constants.hpp"

namespace zkmsm::webgpu {

struct PairTreeShape {
  CurveId curve = CurveId::bn254;     // the curve of the points
  std::uint32_t slots = 8;            // S, pairs per inversion, in [1, kMaxSlots]
  std::uint32_t workgroup_size = 64;  // level invocations per workgroup, in [1, kMaxWorkgroupSize]
  bool dx_cache = false;              // keep each pair's denominator for the backward pass
  std::uint32_t max_entries = 1;      // E = W · n of the largest batch, ≥ 1
  std::uint64_t max_buckets = 1;      // W · B of the largest batch, in [1, 2^32)

  bool operator==(const PairTreeShape&) const = default;
};

class PairTree {
 public:
  // S = 64 keeps an invocation at 64 pair loads, 64 additions and one inversion, its private
  // memory at ~3,400 words (the Vulkan backend's bound).
  static constexpr std::uint32_t kMaxSlots = 64;
  // maxComputeInvocationsPerWorkgroup of WebGPU's compatibility mode by default (core: 256).
  static constexpr std::uint32_t kMaxWorkgroupSize = 128;
  // Words per workgroup of pair_tree_scan.wgsl (128 threads × 8 words, fixed in the shader).
  static constexpr std::uint32_t kScanBlock = kPairTreeScanBlock;
  static constexpr std::uint32_t kMaxLevels = kPairTreeMaxLevels;

  static Status create(Context& context, const PairTreeShape& shape, std::unique_ptr<PairTree>& out);
  // Device bytes create() allocates for `shape` (the closed form above).
  static std::uint64_t device_bytes(const PairTreeShape& shape);
  // The largest single buffer create() allocates for `shape`: the planner keeps it within
  // kMaxBindingBytes (webgpu_context.hpp) by batching fewer windows.
  static std::uint64_t largest_binding_bytes(const PairTreeShape& shape);
  // ⌈log₂ n⌉: the levels of buckets of at most n entries (0 for n ≤ 1).
  static std::uint32_t levels(std::uint32_t n) { return pair_tree_levels(n); }
  // An upper bound on level ℓ's total positions for a batch of E entries (see above).
  static std::uint64_t positions_bound(std::uint64_t entries, std::uint32_t level) {
    return pair_tree_positions_bound(entries, level);
  }

  // One batch: `entries` sorted entries (keys ascending, the sentinel key `buckets` after the valid
  // ones) with their values (point index | sign << 31) indexing `points` (16 words each, affine,
  // Montgomery form), bucket_start and bucket_end of the batch's `buckets` buckets (plan), and
  // max_bucket_entries ≥ the entries of any one bucket (the MSM's point count n). Writes
  // bucket_sums() for every non-empty bucket.
  Status accumulate(const Buffer& points,
                    const Buffer& sorted_keys,
                    const Buffer& sorted_values,
                    const Buffer& bucket_start,
                    const Buffer& bucket_end,
                    std::uint32_t entries,
                    std::uint32_t buckets,
                    std::uint32_t max_bucket_entries);
  const Buffer& bucket_sums() const { return bucket_sums_; }
  const PairTreeShape& shape() const { return shape_; }

 private:
  // Word offsets of the state buffer's regions (msm/common/pair_tree_layout.hpp).
  using StateLayout = PairTreeStateLayout;
  // One dispatch of pair_tree_scan.wgsl: which words, where their block sums go, its arguments.
  struct ScanStep {
    std::uint32_t data = 0;
    std::uint32_t count = 0;
    std::uint32_t sums = 0;
  };
  static StateLayout state_layout(const PairTreeShape& shape) {
    return pair_tree_state_layout(shape.max_entries, shape.max_buckets);
  }
  // h: the scan levels of max_buckets words (blocks of kScanBlock until one is left).
  static std::uint32_t scan_levels(std::uint64_t words);
  // max(1, D): the pair-tree levels whose offsets a batch may scan (level 0's always).
  static std::uint32_t scanned_levels(const PairTreeShape& shape);
  PairTree(Context& context, const PairTreeShape& shape)
      : context_(context), shape_(shape), layout_(state_layout(shape)) {}
  // The offsets of `level` into offsets[level & 1] and its total positions into totals[level],
  // for a batch of `buckets` buckets.
  Status scan(const Buffer& bucket_start, const Buffer& bucket_end, std::uint32_t buckets, std::uint32_t level);
  Context& context_;
  PairTreeShape shape_;
  StateLayout layout_;
  const Pipeline* scan_ = nullptr;
  const Pipeline* prepare_ = nullptr;
  const Pipeline* level_ = nullptr;
  Buffer bucket_sums_, active_[2], state_, prepare_arguments_;
  // scan_arguments_[level · (2h − 1) + step], level_arguments_[level].
  std::vector<Buffer> scan_arguments_, level_arguments_;
};

}  // namespace zkmsm::webgpu
