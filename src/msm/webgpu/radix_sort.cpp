// The radix sort on the device (radix_sort.hpp).
#include "msm/webgpu/radix_sort.hpp"

#include <algorithm>
#include <string>

#include "msm/webgpu/shader_sources.hpp"

namespace zkmsm::webgpu {

namespace {

constexpr std::uint32_t kRadix = 1u << RadixSort::kDigitBits;

std::uint32_t tile_count(std::uint32_t count) { return (count + RadixSort::kTileItems - 1) / RadixSort::kTileItems; }

std::uint32_t histogram_words(std::uint32_t count) { return kRadix * tile_count(count); }

std::uint32_t scan_block_count(std::uint32_t words) {
  return (words + RadixSort::kScanBlockWords - 1) / RadixSort::kScanBlockWords;
}

}  // namespace

std::uint64_t RadixSort::device_bytes(std::uint32_t max_count) {
  const std::uint32_t words = histogram_words(max_count);
  return allocation_bytes(std::uint64_t{words} * 4) + allocation_bytes(std::uint64_t{scan_block_count(words)} * 4) +
         (kMaxPasses + 2) * allocation_bytes(16);
}

Status RadixSort::create(Context& context, std::uint32_t max_count, std::unique_ptr<RadixSort>& out) {
  if (max_count == 0) return Status::error("radix sort: max_count must be at least 1");
  std::unique_ptr<RadixSort> sort(new RadixSort(context, max_count));
  const std::string common = std::string(kDispatchSource) + kRadixSortSource;
  constexpr BindingKind histogram_kinds[] = {BindingKind::read_only_storage, BindingKind::storage,
                                             BindingKind::uniform};
  constexpr BindingKind scan_blocks_kinds[] = {BindingKind::storage, BindingKind::storage, BindingKind::uniform};
  constexpr BindingKind scan_kinds[] = {BindingKind::storage, BindingKind::uniform};
  constexpr BindingKind scatter_kinds[] = {
      BindingKind::read_only_storage, BindingKind::read_only_storage, BindingKind::storage, BindingKind::storage,
      BindingKind::read_only_storage, BindingKind::read_only_storage, BindingKind::uniform};
  if (Status s = context.pipeline(common + kRadixSortHistogramSource, histogram_kinds, sort->histogram_); !s.ok)
    return s;
  if (Status s = context.pipeline(common + kWorkgroupScanSource + kRadixSortScanBlocksSource, scan_blocks_kinds,
                                  sort->scan_blocks_);
      !s.ok)
    return s;
  if (Status s = context.pipeline(common + kWorkgroupScanSource + kRadixSortScanSource, scan_kinds, sort->scan_); !s.ok)
    return s;
  if (Status s =
          context.pipeline(common + kWorkgroupScanSource + kRadixSortScatterSource, scatter_kinds, sort->scatter_);
      !s.ok)
    return s;
  const std::uint32_t words = histogram_words(max_count);
  if (Status s = context.storage_buffer(std::uint64_t{words} * 4, sort->histograms_); !s.ok) return s;
  if (Status s = context.storage_buffer(std::uint64_t{scan_block_count(words)} * 4, sort->block_totals_); !s.ok)
    return s;
  for (Buffer& arguments : sort->pass_arguments_)
    if (Status s = context.uniform_buffer(16, arguments); !s.ok) return s;
  if (Status s = context.uniform_buffer(16, sort->scan_arguments_); !s.ok) return s;
  if (Status s = context.uniform_buffer(16, sort->block_scan_arguments_); !s.ok) return s;
  out = std::move(sort);
  return {};
}

Status RadixSort::sort(Buffer* const keys[2],
                       Buffer* const values[2],
                       std::uint32_t count,
                       std::uint32_t key_bits,
                       std::uint32_t& sorted_in) {
  sorted_in = 0;
  if (key_bits == 0 || key_bits > 32) return Status::error("radix sort: key_bits must be in [1, 32]");
  if (count > max_count_) {
    return Status::error("radix sort: " + std::to_string(count) + " entries, more than the " +
                         std::to_string(max_count_) + " it was created for");
  }
  if (count == 0) return {};
  const std::uint32_t tiles = tile_count(count);
  const std::uint32_t words = histogram_words(count);
  const std::uint32_t blocks = scan_block_count(words);
  const std::uint32_t scan_words[4] = {words, 0, 0, 0};
  context_.write(scan_arguments_, scan_words, sizeof scan_words);
  const std::uint32_t block_scan_words[4] = {blocks, 0, 0, 0};
  context_.write(block_scan_arguments_, block_scan_words, sizeof block_scan_words);
  for (std::uint32_t pass = 0; pass < passes(key_bits); ++pass) {
    const std::uint32_t shift = pass * kDigitBits;
    const std::uint32_t digit_bits = std::min(kDigitBits, key_bits - shift);
    const std::uint32_t arguments[4] = {count, shift, tiles, (1u << digit_bits) - 1};
    context_.write(pass_arguments_[pass], arguments, sizeof arguments);
  }
  for (std::uint32_t pass = 0; pass < passes(key_bits); ++pass) {
    const std::uint32_t from = pass % 2;
    const std::uint32_t to = 1 - from;
    const Buffer& arguments = pass_arguments_[pass];
    const Buffer* histogram_buffers[] = {keys[from], &histograms_, &arguments};
    if (Status s = context_.dispatch(*histogram_, histogram_buffers, tiles); !s.ok) return s;
    const Buffer* scan_blocks_buffers[] = {&histograms_, &block_totals_, &scan_arguments_};
    if (Status s = context_.dispatch(*scan_blocks_, scan_blocks_buffers, blocks); !s.ok) return s;
    const Buffer* scan_buffers[] = {&block_totals_, &block_scan_arguments_};
    if (Status s = context_.dispatch(*scan_, scan_buffers, 1); !s.ok) return s;
    const Buffer* scatter_buffers[] = {keys[from],   values[from],   keys[to],  values[to],
                                       &histograms_, &block_totals_, &arguments};
    if (Status s = context_.dispatch(*scatter_, scatter_buffers, tiles); !s.ok) return s;
    sorted_in = to;
  }
  return {};
}

Status run_radix_sort(std::span<std::uint32_t> keys, std::span<std::uint32_t> values, std::uint32_t key_bits) {
  if (keys.size() != values.size()) return Status::error("radix sort: keys and values differ in length");
  if (keys.empty()) return {};
  if (keys.size() > 0xffffffffu) return Status::error("radix sort: more than 2^32 - 1 entries");
  const auto count = static_cast<std::uint32_t>(keys.size());
  Context* context = nullptr;
  if (Status got = Context::get(&context); !got.ok) return got;
  std::unique_ptr<RadixSort> sort;
  if (Status made = RadixSort::create(*context, count, sort); !made.ok) return made;
  Buffer key_buffers[2], value_buffers[2];
  for (int b = 0; b < 2; ++b) {
    if (Status s = context->storage_buffer(keys.size_bytes(), key_buffers[b]); !s.ok) return s;
    if (Status s = context->storage_buffer(values.size_bytes(), value_buffers[b]); !s.ok) return s;
  }
  context->write(key_buffers[0], keys.data(), keys.size_bytes());
  context->write(value_buffers[0], values.data(), values.size_bytes());
  Buffer* const key_pair[2] = {&key_buffers[0], &key_buffers[1]};
  Buffer* const value_pair[2] = {&value_buffers[0], &value_buffers[1]};
  std::uint32_t sorted_in = 0;
  if (Status s = sort->sort(key_pair, value_pair, count, key_bits, sorted_in); !s.ok) return s;
  if (Status s = context->read(key_buffers[sorted_in], keys.data(), keys.size_bytes()); !s.ok) return s;
  return context->read(value_buffers[sorted_in], values.data(), values.size_bytes());
}

}  // namespace zkmsm::webgpu
