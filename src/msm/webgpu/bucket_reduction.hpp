// reduce_buckets on the device: window splitting (msm/common/window_split_plan.hpp, the plan of
// the CUDA and Vulkan backends), levels of shaders/split_windows.wgsl, each data-parallel. Each
// window's Σ_b (b + 1)·S_b becomes its c bit sums (bit p: Σ of the buckets whose magnitude b + 1
// has bit p), written for every window batch into bit_sums()[window·c + p] (xyzz_point_words(curve)
// words each); the host folds them (combine_windows with one-bit windows). It replaced chunks of
// 32 buckets with running sums and levels of 16 chunks (serial chains of 64 and ~50 additions).
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "msm/common/window_split_plan.hpp"
#include "msm/webgpu/webgpu_context.hpp"
#include "msm/webgpu/wgsl_constants.hpp"

namespace zkmsm::webgpu {

struct BucketReductionShape {
  CurveId curve = CurveId::bn254;
  std::uint32_t window_bits = 0;        // c: B = 2^(c − 1) buckets per window
  std::uint32_t windows = 0;            // T: all windows of the MSM
  std::uint32_t max_batch_windows = 0;  // windows reduced per batch
  bool xyzz_bucket_sums = false;        // bucket sums XYZZ (the xyzz walker's), else affine

  bool operator==(const BucketReductionShape&) const = default;
};

class BucketReduction {
 public:
  // Levels of one batch: ⌈log2(c − 1)⌉ ≤ 5 for c ≤ 22 (at least one), one uniform buffer each.
  static constexpr std::size_t kMaxLevels = 6;

  static Status create(Context& context, const BucketReductionShape& shape, std::unique_ptr<BucketReduction>& out);
  // The bytes create() allocates: two ping-pong level buffers (XYZZ items of the largest level
  // but the last), the T·c bit sums (one XYZZ point each), kMaxLevels 96-byte uniforms.
  static std::uint64_t device_bytes(const BucketReductionShape& shape);

  // Reduces windows first_window … first_window + batch_windows − 1: bucket_sums holds their
  // bucket sums (batch_windows · B points, window-major, affine or XYZZ as the shape says),
  // bucket_start and bucket_end their bounds (an empty bucket, start = end, is infinity).
  Status reduce_batch(const Buffer& bucket_sums,
                      const Buffer& bucket_start,
                      const Buffer& bucket_end,
                      std::uint32_t first_window,
                      std::uint32_t batch_windows);
  // All T·c bit sums (XYZZ points: X, Y, ZZ, ZZZ, Montgomery form; window w's bit p at w·c + p).
  const Buffer& bit_sums() const { return bit_sums_; }

 private:
  BucketReduction(Context& context, const BucketReductionShape& shape);
  Context& context_;
  BucketReductionShape shape_;
  WindowSplitPlan plan_;
  const Pipeline* split_ = nullptr;
  Buffer level_items_[2], bit_sums_, arguments_[kMaxLevels];
};

// Uploads the affine bucket sums and bounds of `windows` windows (one batch), reduces them and
// reads the windows·c bit sums back (for tests).
Status run_bucket_reduction(CurveId curve,
                            std::uint32_t window_bits,
                            std::uint32_t windows,
                            std::span<const std::uint32_t> bucket_sums,
                            std::span<const std::uint32_t> bucket_start,
                            std::span<const std::uint32_t> bucket_end,
                            std::span<std::uint32_t> bit_sums);

}  // namespace zkmsm::webgpu
