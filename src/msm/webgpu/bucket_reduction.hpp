// reduce_buckets on the device (shaders/reduce_buckets.wgsl, then shaders/reduce_level.wgsl until
// one chunk per window is left; the Vulkan backend's reduction): each window's Σ_b (b + 1)·S_b
// from its bucket sums, as an XYZZ point in window_sums[window] (xyzz_point_words(curve) words).
#pragma once

#include <cstdint>
#include <memory>
#include <span>

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
  // The first level's chunks: L = min(B, kChunkLength) buckets each; later levels group up to
  // kLevelGroup chunks (the Vulkan backend's constants, not tuned for WebGPU).
  static constexpr std::uint32_t kChunkLength = 32;
  static constexpr std::uint32_t kLevelGroup = 16;

  static Status create(Context& context, const BucketReductionShape& shape, std::unique_ptr<BucketReduction>& out);
  // The bytes create() allocates: chunk sums of two levels (2 XYZZ points per chunk and batch
  // window), the T window sums (one XYZZ point each), eight 32-byte uniforms.
  static std::uint64_t device_bytes(const BucketReductionShape& shape);

  // Reduces windows first_window … first_window + batch_windows − 1: bucket_sums holds their
  // affine bucket sums (batch_windows · B affine points, window-major), bucket_start and bucket_end
  // their bounds (an empty bucket, start = end, is skipped).
  Status reduce_batch(const Buffer& bucket_sums,
                      const Buffer& bucket_start,
                      const Buffer& bucket_end,
                      std::uint32_t first_window,
                      std::uint32_t batch_windows);
  // All T window sums (T XYZZ points: X, Y, ZZ, ZZZ, Montgomery form).
  const Buffer& window_sums() const { return window_sums_; }

 private:
  BucketReduction(Context& context, const BucketReductionShape& shape) : context_(context), shape_(shape) {}
  std::uint32_t buckets() const { return std::uint32_t{1} << (shape_.window_bits - 1); }
  std::uint32_t chunks() const;
  Context& context_;
  BucketReductionShape shape_;
  const Pipeline* reduce_ = nullptr;
  const Pipeline* level_ = nullptr;
  Buffer chunk_sums_[2], window_sums_, arguments_[8];
};

// Uploads the bucket sums and bounds of `windows` windows (one batch), reduces them and reads the
// window sums back (for tests).
Status run_bucket_reduction(CurveId curve,
                            std::uint32_t window_bits,
                            std::uint32_t windows,
                            std::span<const std::uint32_t> bucket_sums,
                            std::span<const std::uint32_t> bucket_start,
                            std::span<const std::uint32_t> bucket_end,
                            std::span<std::uint32_t> window_sums);

}  // namespace zkmsm::webgpu
