// The MSM stages before the accumulation, for one window batch: decompose_scalars →
// sort_by_bucket → plan, recorded into one CommandBatch with a timestamp stage each (the stage
// names of the CUDA pipeline). The accumulation (walker, pair tree) reads what they leave here.
//
// For n scalars (8 words each, canonical or not: any 256-bit value; reduced mod r on the device)
// in a StorageBuffer, window size c and a batch of W windows starting at window first_window,
// with B = 2^(c−1) buckets per window and E = W · n entries:
//   keys, values      decompose_scalars: entry w · n + i; key = w · B + |d| − 1, or the sentinel
//                     W · B for a zero digit; value = i | (d < 0) << 31 — the CUDA
//                     DecomposeScalars' entries (without its points-at-infinity check: the
//                     bases are not on the device yet)
//   sorted_keys,      sort_by_bucket: the E entries stably sorted by key on its low
//   sorted_values     bit_width(W · B) bits (RadixSort)
//   bucket_start,     plan: for every key k < W · B the range [start, end) of k in the sorted
//   bucket_end        list (start = end for an empty bucket)
//   valid             plan: one word, M = the number of non-sentinel entries
// Every array is 32-bit words. Buffers are sized once, for max_batch_windows windows, and reused
// by every batch.
//
// Storage buffers per pipeline: decompose_scalars 3, the sort 2 / 1 / 5, bucket_bounds 4.
#pragma once

#include <cstdint>
#include <memory>

#include "msm/common/window_cost_model.hpp"
#include "msm/vulkan/command_batch.hpp"
#include "msm/vulkan/radix_sort.hpp"
#include "msm/vulkan/shader_curve.hpp"
#include "msm/vulkan/storage_buffer.hpp"
#include "msm/vulkan/vulkan_context.hpp"

namespace zkmsm::vulkan {

struct BucketStagesShape {
  CurveId curve = CurveId::bn254;       // whose scalar field the scalars are reduced in
  std::uint32_t n = 0;                  // scalars, ≥ 1, < 2^31 (the sign takes bit 31 of a value)
  std::uint32_t window_bits = 0;        // c in [2, 22]
  std::uint32_t max_batch_windows = 0;  // ≥ 1; max_batch_windows · n < 2^32
  // Keys, values and bucket bounds (valid stays host-visible): device_local on discrete GPUs.
  BufferMemory memory = BufferMemory::host_visible;

  bool operator==(const BucketStagesShape&) const = default;
};

class BucketStages {
 public:
  // Workgroup size of decompose_scalars and bucket_bounds: not tuned.
  static constexpr std::uint32_t kWorkgroupSize = 64;

  static Status create(std::unique_ptr<BucketStages>& out, Context& context, const BucketStagesShape& shape);
  // Device bytes create() allocates for `shape` (entries, bounds, the sort's histograms).
  static std::uint64_t device_bytes(const BucketStagesShape& shape);

  // The three stages for windows first_window … first_window + batch_windows − 1 (batch_windows
  // ≤ max_batch_windows), each after its own begin_stage: "decompose_scalars", "sort_by_bucket",
  // "plan". `scalars` holds n · 8 words.
  Status record(CommandBatch& batch, StorageBuffer& scalars, std::uint32_t first_window, std::uint32_t batch_windows);
  // The stages one at a time, in this order (record() calls them; the tests call them alone).
  // They record dispatches only, no begin_stage.
  Status record_decompose(CommandBatch& batch,
                          StorageBuffer& scalars,
                          std::uint32_t first_window,
                          std::uint32_t batch_windows);
  Status record_sort(CommandBatch& batch);
  Status record_bounds(CommandBatch& batch);

  const BucketStagesShape& shape() const { return shape_; }
  std::uint32_t buckets() const { return 1u << (shape_.window_bits - 1); }  // B
  // Of the batch last recorded by record_decompose:
  std::uint32_t batch_windows() const { return batch_windows_; }             // W
  std::uint32_t entries() const { return batch_windows_ * shape_.n; }        // E
  std::uint32_t sentinel_key() const { return batch_windows_ * buckets(); }  // W · B
  std::uint32_t key_bits() const;                                            // sorted bits

  // After record_decompose, before record_sort: the unsorted entries.
  StorageBuffer& keys() { return *keys_[0]; }
  StorageBuffer& values() { return *values_[0]; }
  // After record_sort.
  StorageBuffer& sorted_keys() { return *keys_[sorted_in_]; }
  StorageBuffer& sorted_values() { return *values_[sorted_in_]; }
  // After record_bounds: sentinel_key() words each, and one word.
  StorageBuffer& bucket_start() { return *bucket_start_; }
  StorageBuffer& bucket_end() { return *bucket_end_; }
  StorageBuffer& valid() { return *valid_; }

 private:
  BucketStages(Context& context, const BucketStagesShape& shape);
  Context& context_;
  BucketStagesShape shape_;
  std::unique_ptr<StorageBuffer> keys_[2];
  std::unique_ptr<StorageBuffer> values_[2];
  std::unique_ptr<StorageBuffer> bucket_start_;
  std::unique_ptr<StorageBuffer> bucket_end_;
  std::unique_ptr<StorageBuffer> valid_;
  std::unique_ptr<RadixSort> sort_;
  std::uint32_t batch_windows_ = 0;
  std::uint32_t sorted_in_ = 0;
};

}  // namespace zkmsm::vulkan
