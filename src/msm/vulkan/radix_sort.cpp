#include "msm/vulkan/radix_sort.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <string>

namespace zkmsm::vulkan {
namespace {

constexpr std::uint32_t kRadix = 1u << RadixSort::kDigitBits;

// The push-constant block of radix_sort_histogram.comp and radix_sort_scatter.comp.
struct PassArguments {
  std::uint32_t count;
  std::uint32_t shift;
  std::uint32_t tiles;
  std::uint32_t digit_mask;  // kRadix − 1, or fewer bits in a last pass ending at key_bits
};

std::uint32_t tile_count(std::uint32_t count, std::uint32_t items_per_thread) {
  const std::uint64_t tile_items = std::uint64_t{RadixSort::kWorkgroupSize} * items_per_thread;
  return static_cast<std::uint32_t>((count + tile_items - 1) / tile_items);
}

// Blocks of the histograms' scan (radix_sort_scan_blocks.comp) for `words` histogram words.
std::uint32_t scan_block_count(std::uint32_t words) {
  return (words + RadixSort::kScanBlockWords - 1) / RadixSort::kScanBlockWords;
}

}  // namespace

RadixSort::RadixSort(Context& context,
                     std::unique_ptr<StorageBuffer> histograms,
                     std::unique_ptr<StorageBuffer> block_totals,
                     std::uint32_t max_count,
                     std::uint32_t items_per_thread)
    : context_(context),
      histograms_(std::move(histograms)),
      block_totals_(std::move(block_totals)),
      max_count_(max_count),
      items_per_thread_(items_per_thread) {}

std::uint64_t RadixSort::device_bytes(std::uint32_t max_count, std::uint32_t items_per_thread) {
  const std::uint32_t words = kRadix * tile_count(max_count, items_per_thread);
  return (std::uint64_t{words} + scan_block_count(words)) * sizeof(std::uint32_t);
}

Status RadixSort::create(std::unique_ptr<RadixSort>& out,
                         Context& context,
                         std::uint32_t max_count,
                         std::uint32_t items_per_thread) {
  if (max_count == 0) return Status::error(StatusCode::invalid_argument, "radix sort: max_count must be ≥ 1");
  if (items_per_thread == 0 || items_per_thread > kMaxItemsPerThread) {
    return Status::error(StatusCode::invalid_argument, "radix sort: items_per_thread must be in [1, 16]");
  }
  std::unique_ptr<StorageBuffer> histograms;
  std::unique_ptr<StorageBuffer> block_totals;
  const std::uint32_t words = kRadix * tile_count(max_count, items_per_thread);
  if (Status s = StorageBuffer::create(histograms, context, std::size_t{words} * sizeof(std::uint32_t)); !s.ok()) {
    return s;
  }
  if (Status s =
          StorageBuffer::create(block_totals, context, std::size_t{scan_block_count(words)} * sizeof(std::uint32_t));
      !s.ok()) {
    return s;
  }
  out.reset(new RadixSort(context, std::move(histograms), std::move(block_totals), max_count, items_per_thread));
  return Status::success();
}

Status RadixSort::record(CommandBatch& batch,
                         StorageBuffer* const keys[2],
                         StorageBuffer* const values[2],
                         std::uint32_t count,
                         std::uint32_t key_bits,
                         std::uint32_t& sorted_in) {
  sorted_in = 0;
  if (key_bits == 0 || key_bits > 32) {
    return Status::error(StatusCode::invalid_argument, "radix sort: key_bits must be in [1, 32]");
  }
  if (count > max_count_) {
    return Status::error(StatusCode::invalid_argument, "radix sort: " + std::to_string(count) +
                                                           " entries, more than the " + std::to_string(max_count_) +
                                                           " it was created for");
  }
  if (count == 0) return Status::success();
  const std::array<std::uint32_t, 1> specialization = {items_per_thread_};
  const Pipeline* histogram = nullptr;
  const Pipeline* scan_blocks = nullptr;
  const Pipeline* scan = nullptr;
  const Pipeline* scatter = nullptr;
  if (Status s = context_.pipeline(histogram, ShaderId::radix_sort_histogram, specialization); !s.ok()) return s;
  if (Status s = context_.pipeline(scan_blocks, ShaderId::radix_sort_scan_blocks); !s.ok()) return s;
  if (Status s = context_.pipeline(scan, ShaderId::radix_sort_scan); !s.ok()) return s;
  if (Status s = context_.pipeline(scatter, ShaderId::radix_sort_scatter, specialization); !s.ok()) return s;

  const std::uint32_t tiles = tile_count(count, items_per_thread_);
  const std::uint32_t histogram_words = kRadix * tiles;
  const std::uint32_t blocks = scan_block_count(histogram_words);
  for (std::uint32_t pass = 0; pass < passes(key_bits); ++pass) {
    const std::uint32_t from = pass % 2;
    const std::uint32_t to = 1 - from;
    const std::uint32_t shift = pass * kDigitBits;
    const std::uint32_t digit_bits = std::min(kDigitBits, key_bits - shift);
    const PassArguments arguments{count, shift, tiles, (1u << digit_bits) - 1};
    const auto argument_bytes = std::as_bytes(std::span<const PassArguments, 1>(&arguments, 1));
    if (Status s = batch.dispatch(*histogram, {keys[from], histograms_.get()}, argument_bytes, tiles); !s.ok()) {
      return s;
    }
    if (Status s = batch.dispatch(*scan_blocks, {histograms_.get(), block_totals_.get()},
                                  std::as_bytes(std::span<const std::uint32_t, 1>(&histogram_words, 1)), blocks);
        !s.ok()) {
      return s;
    }
    if (Status s = batch.dispatch(*scan, {block_totals_.get()},
                                  std::as_bytes(std::span<const std::uint32_t, 1>(&blocks, 1)), 1);
        !s.ok()) {
      return s;
    }
    if (Status s = batch.dispatch(
            *scatter, {keys[from], values[from], keys[to], values[to], histograms_.get(), block_totals_.get()},
            argument_bytes, tiles);
        !s.ok()) {
      return s;
    }
    sorted_in = to;
  }
  return Status::success();
}

}  // namespace zkmsm::vulkan
