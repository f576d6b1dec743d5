// sort_by_bucket's engine: a stable LSD radix sort of 32-bit keys with 32-bit values on the device
// (shaders/radix_sort*.comp). Equal keys keep the order of their values, as CUB's radix sort does.
//
// One pass per 4-bit digit of the low key_bits bits (ceil(key_bits / 4) passes; higher key bits
// are ignored: the last pass masks its digit at key_bits), four dispatches per pass:
//   radix_sort_histogram    per-tile digit counts (tile = 128 threads × items_per_thread entries)
//   radix_sort_scan_blocks  the 16 · tiles counts (digit-major) scanned in blocks of 1,024 words,
//                           one workgroup per block, each block's total kept
//   radix_sort_scan         exclusive scan of the block totals (one workgroup)
//   radix_sort_scatter      stable scatter from one (keys, values) pair of buffers to the other
// The passes ping-pong between buffer 0 and buffer 1; record() says which holds the result.
//
// Storage buffers per pipeline: 2, 2, 1, 6. Workgroup memory: 64 B, 512 B, 512 B, 8,832 B.
#pragma once

#include <cstdint>
#include <memory>

#include "msm/vulkan/command_batch.hpp"
#include "msm/vulkan/storage_buffer.hpp"
#include "msm/vulkan/vulkan_context.hpp"

namespace zkmsm::vulkan {

class RadixSort {
 public:
  static constexpr std::uint32_t kDigitBits = 4;
  static constexpr std::uint32_t kWorkgroupSize = 128;    // fixed in shaders/radix_sort.glsl
  static constexpr std::uint32_t kScanBlockWords = 1024;  // radix_sort.glsl's SCAN_BLOCK_WORDS
  // Entries per thread of a tile: not tuned (16 keeps the lavapipe tests short; a GPU wants a
  // measurement).
  static constexpr std::uint32_t kDefaultItemsPerThread = 16;
  // The scatter holds a whole tile in its 2,048 words of workgroup memory.
  static constexpr std::uint32_t kMaxItemsPerThread = 16;

  // A sort of up to max_count entries (≥ 1); owns the histogram and block-total buffers.
  static Status create(std::unique_ptr<RadixSort>& out,
                       Context& context,
                       std::uint32_t max_count,
                       std::uint32_t items_per_thread = kDefaultItemsPerThread);

  // Records the passes into `batch` (no begin_stage: the caller names the stage). The count
  // entries start in keys[0], values[0]; keys[1], values[1] are scratch of the same size. On
  // success `sorted_in` is the index (0 or 1) of the pair holding the sorted entries. key_bits in
  // [1, 32]; count ≤ max_count (0 records nothing).
  Status record(CommandBatch& batch,
                StorageBuffer* const keys[2],
                StorageBuffer* const values[2],
                std::uint32_t count,
                std::uint32_t key_bits,
                std::uint32_t& sorted_in);

  // Device bytes create() allocates (the histograms and their block totals).
  static std::uint64_t device_bytes(std::uint32_t max_count, std::uint32_t items_per_thread = kDefaultItemsPerThread);

  static std::uint32_t passes(std::uint32_t key_bits) { return (key_bits + kDigitBits - 1) / kDigitBits; }

 private:
  RadixSort(Context& context,
            std::unique_ptr<StorageBuffer> histograms,
            std::unique_ptr<StorageBuffer> block_totals,
            std::uint32_t max_count,
            std::uint32_t items_per_thread);
  Context& context_;
  std::unique_ptr<StorageBuffer> histograms_;
  std::unique_ptr<StorageBuffer> block_totals_;
  std::uint32_t max_count_;
  std::uint32_t items_per_thread_;
};

}  // namespace zkmsm::vulkan
