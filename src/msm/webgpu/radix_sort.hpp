// sort_by_bucket's sort on the device: a stable LSD radix sort of (key, value) pairs by the low
// key_bits of the keys, 4-bit digits, four kernels per pass (shaders/radix_sort*.wgsl, the
// Vulkan backend's sort in WGSL): per-tile digit counts, their scan in blocks of 1,024 words (one
// workgroup per block), the scan of the block totals (one workgroup), the stable scatter.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "msm/webgpu/webgpu_context.hpp"

namespace zkmsm::webgpu {

class RadixSort {
 public:
  static constexpr std::uint32_t kDigitBits = 4;
  static constexpr std::uint32_t kTileItems = 2048;       // radix_sort.wgsl's TILE_ITEMS
  static constexpr std::uint32_t kScanBlockWords = 1024;  // radix_sort.wgsl's SCAN_BLOCK_WORDS
  // Passes for 32-bit keys: each pass has its own uniform, written before the first dispatch, so
  // a whole sort is recorded into one command encoder (a write between dispatches submits them).
  static constexpr std::uint32_t kMaxPasses = 32 / kDigitBits;

  // The pipelines and a histogram buffer for up to max_count entries.
  static Status create(Context& context, std::uint32_t max_count, std::unique_ptr<RadixSort>& out);
  // The bytes create() allocates: a histogram of 16 words per tile of 2,048 entries, one block
  // total per 1,024 histogram words, kMaxPasses + 2 16-byte uniforms (the key and value buffers are
  // the caller's).
  static std::uint64_t device_bytes(std::uint32_t max_count);
  static std::uint32_t passes(std::uint32_t key_bits) { return (key_bits + kDigitBits - 1) / kDigitBits; }

  // Sorts the first `count` pairs of keys[0], values[0] by their low key_bits (1 … 32); the
  // sorted pairs end in keys[sorted_in], values[sorted_in] (the buffers alternate by pass).
  Status sort(Buffer* const keys[2],
              Buffer* const values[2],
              std::uint32_t count,
              std::uint32_t key_bits,
              std::uint32_t& sorted_in);

 private:
  RadixSort(Context& context, std::uint32_t max_count) : context_(context), max_count_(max_count) {}
  Context& context_;
  std::uint32_t max_count_;
  const Pipeline* histogram_ = nullptr;
  const Pipeline* scan_blocks_ = nullptr;
  const Pipeline* scan_ = nullptr;
  const Pipeline* scatter_ = nullptr;
  Buffer histograms_, block_totals_, pass_arguments_[kMaxPasses], scan_arguments_, block_scan_arguments_;
};

// Uploads the pairs, sorts them by their low key_bits and reads them back in place (for tests).
Status run_radix_sort(std::span<std::uint32_t> keys, std::span<std::uint32_t> values, std::uint32_t key_bits);

}  // namespace zkmsm::webgpu
