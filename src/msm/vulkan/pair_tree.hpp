// accumulate_buckets on Vulkan, the second accumulator: the pair tree (barretenberg's WebGPU MSM,
// its "V2 bin-packed pair tree"), for one window batch whose sorted
// entries and bucket bounds BucketStages left on the device. It leaves the same bucket_sums as
// StreamWalker, so BucketReduction reads either.
//
// Algorithm. A bucket of N entries has count(ℓ) = ⌈N / 2^ℓ⌉ partial sums at level ℓ: each level
// adds a bucket's partial sums in pairs (⌊count / 2⌋ pairs, an odd last one carried) until one is
// left. Buckets of one entry are written out before level 0 and take no further part (finalize
// and drop), a bucket's last pair (count = 2) writes its sum to bucket_sums directly. A level's
// array holds, for every bucket with count ≥ 2, its partial sums at an even offset (2·⌈count / 2⌉
// positions each), so the array's pairs (2i, 2i + 1) never straddle two buckets and every
// invocation takes S consecutive pairs of it, one inversion for all S (batch_affine_add.glsl,
// complete: doublings, P + (−P), infinity, and a carry as the sum with infinity). Level 0's
// "partial sums" are the points themselves (gathered through the sorted values, negated for a
// negative digit); levels ≥ 1 read the previous level's materialized sums.
//
// Dispatches of record() (pair_tree_scan.comp, pair_tree_prepare.comp, pair_tree_level.comp):
//   scan(0)                the offsets of level 0: exclusive prefix sum over the W·B buckets of
//                          their positions, and the level's total positions
//   prepare                one invocation per sorted entry: single-entry buckets → bucket_sums,
//                          the others' level-0 keys (position → bucket)
//   for ℓ = 0 … L − 1:     scan(ℓ + 1) (not after the last level), then level ℓ
// L = ⌈log₂ n⌉ levels (a bucket holds at most n entries, one per point: all scalars equal gives
// one bucket of n entries per window). The host cannot know the largest bucket without a read-
// back, so it records all L levels; a level past every bucket's depth has total 0 and its
// invocations return at once, and its scan is W·B words. Each scan is a multi-level scan in
// blocks of kScanBlock words: max(1, ⌈log₁₀₂₄ W·B⌉) block-scan dispatches and one fewer add
// dispatches.
// Dispatch sizes come from closed-form bounds on a level's total positions P_ℓ (M ≤ E valid
// entries): P_0 ≤ ⌊4E/3⌋ (2⌈N/2⌉ ≤ 4N/3 for N ≥ 2), P_ℓ ≤ E for ℓ ≥ 1, P_ℓ ≤ ⌊E/2⌋ for ℓ ≥ 2 and
// P_ℓ < 3E/2^ℓ (positions_bound); a level dispatches ⌈P_ℓ / 2S⌉ invocations, those past the
// device's total return. Counts above grid_width (65,535) workgroups go out as 2-D grids.
//
// Bounded work: no invocation loops over entries or buckets — a level invocation does at most S
// pairs and one safegcd inversion, a prepare invocation one entry, a scan invocation 4 words and 8
// Hillis–Steele steps — so the depth (up to 31 levels) costs dispatches, never long invocations
// (lavapipe ends any loop after 65,535 iterations of an invocation; GPU watchdogs).
//
// Buffers (sized once for max_entries E and max_buckets W·B, reused by every batch):
//   bucket_sums   an affine point (A = 64 bytes on BN254 and Grumpkin, 96 on BLS12-381) per bucket: every non-empty
//   bucket's affine sum (Montgomery form,
//                 (0, 0) = infinity), StreamWalker's format; empty buckets are not written
//   active[1]     E partial sums (affine, Montgomery form): the odd levels' arrays
//   active[0]     max(1, ⌊E/2⌋) partial sums: the even levels' arrays from level 2 on (level 0 is the
//                 points, not materialized)
//   state         32-bit words, regions at word offsets (a single buffer keeps the level shader
//                 at 8 storage buffers):
//                   keys[0]      max(1, ⌊4E/3⌋): position → bucket of the even levels (level 0 included)
//                   keys[1]      E: position → bucket of the odd levels
//                   offsets[0]   W·B: bucket → first position, even levels
//                   offsets[1]   W·B: the same, odd levels
//                   scan sums    ⌈W·B / 1024⌉ + ⌈W·B / 1024²⌉ + … (the block sums of the scan's
//                                levels, every level above the top one)
//                   totals       kMaxLevels: the total positions of each level
// device_bytes() = A·W·B + A·E + A·max(1, ⌊E/2⌋) + 4·(max(1, ⌊4E/3⌋) + E + 2·W·B + scan sums + kMaxLevels)
// bytes: about 105 bytes per entry and 72 per bucket at A = 64, the level arrays materialized (the walker
// needs about 22 per entry at its automatic geometry). Each buffer must fit the device's
// maxStorageBufferRange (create() refuses it otherwise). Storage buffers per pipeline: scan 3,
// prepare 7, level 8.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "msm/common/pair_tree_layout.hpp"

#include "msm/vulkan/bucket_stages.hpp"
#include "msm/vulkan/command_batch.hpp"
#include "msm/vulkan/storage_buffer.hpp"
#include "msm/vulkan/vulkan_context.hpp"

namespace zkmsm::vulkan {

struct PairTreeShape {
  CurveId curve = CurveId::bn254;                    // the curve of the points
  std::uint32_t slots = 8;                           // S, pairs per inversion, in [1, kMaxSlots]
  std::uint32_t workgroup_size = 64;                 // level invocations per workgroup
  bool dx_cache = false;                             // keep each pair's dx for the backward pass
  std::uint32_t max_entries = 1;                     // E = W · n of the largest batch, ≥ 1
  std::uint64_t max_buckets = 1;                     // W · B of the largest batch, ≥ 1
  BufferMemory memory = BufferMemory::host_visible;  // every buffer: device_local on discrete GPUs
  // Workgroups per row of a dispatch, in [1, kMaxGridWidth]: larger counts go out as rows of a
  // 2-D grid. The default is Vulkan's minimum maxComputeWorkGroupCount; tests lower it to run the
  // 2-D path on small inputs.
  std::uint32_t grid_width = 65535;

  bool operator==(const PairTreeShape&) const = default;
};

class PairTree {
 public:
  // S = 64 keeps an invocation at 64 pair loads, 64 additions and one inversion (lavapipe's loop
  // limit) and its private memory at ~3,400 words.
  static constexpr std::uint32_t kMaxSlots = 64;
  // Words per workgroup of pair_tree_scan.comp (256 threads × 4 words; fixed in the shader).
  static constexpr std::uint32_t kScanBlock = kPairTreeScanBlock;
  static constexpr std::uint32_t kScanWorkgroupSize = 256;
  static constexpr std::uint32_t kPrepareWorkgroupSize = 64;  // not tuned
  // Vulkan's minimum maxComputeWorkGroupCount per dimension: the grid rows and their count.
  static constexpr std::uint32_t kMaxGridWidth = 65535;
  static constexpr std::uint32_t kMaxLevels = kPairTreeMaxLevels;

  static Status create(std::unique_ptr<PairTree>& out, Context& context, const PairTreeShape& shape);
  // Device bytes create() allocates for `shape` (the closed form in the header comment).
  static std::uint64_t device_bytes(const PairTreeShape& shape);
  // The largest single buffer create() allocates for `shape` (each must fit maxStorageBufferRange).
  static std::uint64_t largest_buffer_bytes(const PairTreeShape& shape);
  // ⌈log₂ n⌉: the levels of buckets of at most n entries (0 for n ≤ 1).
  static std::uint32_t levels(std::uint32_t n) { return pair_tree_levels(n); }
  // An upper bound on level ℓ's total positions for a batch of E entries (see above).
  static std::uint64_t positions_bound(std::uint64_t entries, std::uint32_t level) {
    return pair_tree_positions_bound(entries, level);
  }

  // Records the pair tree (dispatches only, no begin_stage) for the batch that `stages` recorded
  // last; `points` holds the bases (affine, shader_curve.hpp's layout). After the batch ran, bucket_sums() holds the
  // sum of every non-empty bucket of the batch.
  Status record(CommandBatch& batch, StorageBuffer& points, BucketStages& stages);

  StorageBuffer& bucket_sums() { return *bucket_sums_; }
  // Bytes of the buffers create() allocated (= device_bytes(shape())).
  std::uint64_t allocated_bytes() const;
  const PairTreeShape& shape() const { return shape_; }
  // After a batch ran (host-visible state only; tests): the total positions of levels 0 … count − 1.
  Status read_level_totals(std::vector<std::uint32_t>& totals, std::uint32_t count) const;

 private:
  // Word offsets of the state buffer's regions (msm/common/pair_tree_layout.hpp).
  using StateLayout = PairTreeStateLayout;
  static StateLayout state_layout(const PairTreeShape& shape) {
    return pair_tree_state_layout(shape.max_entries, shape.max_buckets);
  }
  PairTree(Context& context, const PairTreeShape& shape);
  // The offsets of `level` into offsets[level & 1] and its total positions into totals[level].
  Status record_scan(CommandBatch& batch, BucketStages& stages, std::uint32_t level);
  Status dispatch_grid(CommandBatch& batch,
                       const Pipeline& pipeline,
                       std::initializer_list<StorageBuffer*> buffers,
                       std::span<const std::byte> push_constants,
                       std::uint64_t groups);
  Context& context_;
  PairTreeShape shape_;
  StateLayout layout_;
  std::unique_ptr<StorageBuffer> bucket_sums_;
  std::unique_ptr<StorageBuffer> active_[2];
  std::unique_ptr<StorageBuffer> state_;
};

}  // namespace zkmsm::vulkan
