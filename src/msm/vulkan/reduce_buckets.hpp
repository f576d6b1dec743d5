// reduce_buckets on Vulkan: each window's Σ_b (b + 1)·S_b from the accumulator's bucket sums
// (shaders/reduce_buckets.comp: G = B / L chunks of L = min(B, kChunkLength) buckets per window,
// then shaders/reduce_level.comp: groups of up to kLevelGroup chunks per level until one is left
// per window), collected over every window batch into the window sums, which the host reads back
// and combines (combine_windows: Horner over T points, ~0.1 ms on a CPU core; one GPU
// invocation took 5–11 ms on the H200). No invocation does more than ~70 XYZZ additions
// (lavapipe ends an invocation's loops after 65,535 iterations; GPUs like short invocations).
//
// Buffers (sized once): chunk sums (two XYZZ points per chunk: max_batch_windows · G and a second
// buffer of max_batch_windows · G / K for the levels' ping-pong), window sums (an XYZZ point per
// window of the MSM: X, Y, ZZ, ZZZ, Montgomery form, shader_curve.hpp's layout; host-visible, so
// the host reads them without a copy). Storage buffers per pipeline: 4, 3.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "msm/vulkan/bucket_stages.hpp"
#include "msm/vulkan/command_batch.hpp"
#include "msm/vulkan/shader_curve.hpp"
#include "msm/vulkan/storage_buffer.hpp"
#include "msm/vulkan/vulkan_context.hpp"

namespace zkmsm::vulkan {

// How an accumulator leaves its bucket sums (reduce_buckets.comp's and walker_combine.comp's
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
  BufferMemory memory = BufferMemory::host_visible;  // chunk sums (the window sums stay host-visible)

  bool operator==(const BucketReductionShape&) const = default;
};

class BucketReduction {
 public:
  // Buckets per chunk of reduce_buckets (2L additions per invocation) and chunks per group of a
  // level (3K + 22 at most): not tuned.
  static constexpr std::uint32_t kChunkLength = 32;
  static constexpr std::uint32_t kLevelGroup = 16;
  static constexpr std::uint32_t kWorkgroupSize = 64;  // not tuned

  static Status create(std::unique_ptr<BucketReduction>& out, Context& context, const BucketReductionShape& shape);
  static std::uint64_t device_bytes(const BucketReductionShape& shape);

  // reduce_buckets of one batch (dispatches only): windows first_window … first_window + W − 1
  // of `stages`' last batch, from `bucket_sums` in `form`.
  Status record_batch(CommandBatch& batch,
                      StorageBuffer& bucket_sums,
                      BucketSumForm form,
                      BucketStages& stages,
                      std::uint32_t first_window);
  // After every batch ran: the T window sums (XYZZ X, Y, ZZ, ZZZ, Montgomery form), window 0
  // first; `out` holds T · xyzz_point_words(curve) words.
  Status read_window_sums(std::span<std::uint32_t> out) const;

  std::uint32_t chunks() const;  // G of reduce_buckets

 private:
  BucketReduction(Context& context, const BucketReductionShape& shape);
  Context& context_;
  BucketReductionShape shape_;
  std::unique_ptr<StorageBuffer> chunk_sums_[2];
  std::unique_ptr<StorageBuffer> window_sums_;
};

}  // namespace zkmsm::vulkan
