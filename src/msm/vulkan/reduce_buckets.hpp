// reduce_buckets on Vulkan: window splitting (msm/common/window_split_plan.hpp, the plan the
// CUDA backend follows): each window's Σ_b (b + 1)·S_b becomes one sum per bit position by levels
// of shaders/split_windows.comp, each level data-parallel (~2 additions per bucket in all, no
// invocation with a chain longer than 2^lo / lanes + log2 lanes additions). The last level of
// every window batch writes its windows' c bit sums into one host-visible array, which the host
// reads after the MSM and folds (combine_windows with one-bit windows: Σ_q 2^q·S_q, ~T·c
// doublings, 0.1–0.3 ms on a CPU core). It replaced chunks of 32 buckets with running sums and
// levels of 16 chunks (serial chains of 64 and ~50 additions: 10–14 ms on BLS12-381 at every n
// on an H100, BENCHMARKS.md).
//
// Buffers (sized once): two ping-pong level buffers of XYZZ items (the largest level but the last
// of a batch of max_batch_windows windows; device memory as the shape says), the bit sums (T·c
// XYZZ points: X, Y, ZZ, ZZZ, Montgomery form, shader_curve.hpp's layout). Where the shape's
// memory is device-local (a discrete GPU) the bit sums are too, and record_read_back copies them
// into host memory (cached where offered: BufferMemory::host_staging) for the host to read: a
// host-visible device-local buffer is the resizable BAR, which the CPU reads uncached across PCIe.
// Elsewhere they are host-visible and read in place. Storage buffers of the pipeline: 6.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "msm/common/window_split_plan.hpp"
#include "msm/vulkan/bucket_stages.hpp"
#include "msm/vulkan/command_batch.hpp"
#include "msm/vulkan/shader_curve.hpp"
#include "msm/vulkan/storage_buffer.hpp"
#include "msm/vulkan/vulkan_context.hpp"

namespace zkmsm::vulkan {

// How an accumulator leaves its bucket sums (split_windows.comp's and walker_combine.comp's
// specialization constant BUCKET_SUM_FORM): affine (2W words, (0, 0) = infinity; the stream
// walker and the pair tree) or XYZZ (4W words, ZZ = 0 = infinity; the xyzz walker). Montgomery
// form, reduced, in both.
enum class BucketSumForm : std::uint32_t { affine = 0, xyzz = 1 };

constexpr std::uint64_t bucket_sum_bytes(CurveId curve, BucketSumForm form) {
  return form == BucketSumForm::xyzz ? xyzz_point_bytes(curve) : affine_point_bytes(curve);
}

struct BucketReductionShape {
  CurveId curve = CurveId::bn254;                    // the curve of the points
  std::uint32_t window_bits = 0;                     // c in [2, 22]
  std::uint32_t windows = 0;                         // T, every window of the MSM
  std::uint32_t max_batch_windows = 0;               // W of the largest batch
  BufferMemory memory = BufferMemory::host_visible;  // level buffers and bit sums (above)

  bool operator==(const BucketReductionShape&) const = default;
};

class BucketReduction {
 public:
  // The shader's workgroup: an item's lanes (≤ kSplitMaxLanes, window_split_plan.hpp) in one.
  static constexpr std::uint32_t kWorkgroupSize = kSplitMaxLanes;

  static Status create(std::unique_ptr<BucketReduction>& out, Context& context, const BucketReductionShape& shape);
  static std::uint64_t device_bytes(const BucketReductionShape& shape);

  // reduce_buckets of one batch (dispatches only): windows first_window … first_window + W − 1
  // of `stages`' last batch, from `bucket_sums` in `form`.
  Status record_batch(CommandBatch& batch,
                      StorageBuffer& bucket_sums,
                      BucketSumForm form,
                      BucketStages& stages,
                      std::uint32_t first_window);
  // After the last batch's record_batch, in the same command batch: the bit sums' copy to host
  // memory where they are device-local (nothing to record otherwise).
  Status record_read_back(CommandBatch& batch);
  // After every batch ran: the T·c bit sums (XYZZ X, Y, ZZ, ZZZ, Montgomery form), bit
  // position w·c + p of window w first; `out` holds T·c·xyzz_point_words(curve) words.
  Status read_bit_sums(std::span<std::uint32_t> out) const;

 private:
  BucketReduction(Context& context, const BucketReductionShape& shape);
  Context& context_;
  BucketReductionShape shape_;
  WindowSplitPlan plan_;
  std::unique_ptr<StorageBuffer> level_items_[2];
  std::unique_ptr<StorageBuffer> bit_sums_;
  std::unique_ptr<StorageBuffer> bit_sums_read_back_;  // null where bit_sums_ is host-visible
};

}  // namespace zkmsm::vulkan
