// The Vulkan radix sort (src/msm/vulkan/radix_sort.hpp) against std::stable_sort of the pairs by
// the low key_bits bits of the key (vulkan_bucket_reference.hpp). Values are the input positions,
// so any instability shows: random keys of 32 and 20 bits, a key width that is not a multiple of
// the 4-bit digit with random bits above it (ignored, as by CUB's end_bit), many equal keys, all
// keys equal, sizes 1, 1000, 65537 and 2^20 (tiles cut mid-thread and a partial last tile), and
// several items per thread.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <span>
#include <vector>

#include "msm/vulkan/radix_sort.hpp"
#include "vulkan/vulkan_bucket_reference.hpp"
#include "vulkan/vulkan_test_support.hpp"

namespace zkmsm::vulkan {
namespace {

using test::BucketEntries;

class VulkanRadixSortTest : public zkmsm::test::SeededTest {};

std::vector<std::uint32_t> read_words(StorageBuffer& buffer, std::size_t words) {
  std::vector<std::uint32_t> out(words);
  EXPECT_TRUE(buffer.read(std::as_writable_bytes(std::span(out)), 0).ok());
  return out;
}

// Sorts on the device; *milliseconds gets the GPU time of the sort when the queue has timestamps.
BucketEntries device_sort(Context& context,
                          const BucketEntries& in,
                          unsigned key_bits,
                          std::uint32_t items_per_thread = RadixSort::kDefaultItemsPerThread,
                          double* milliseconds = nullptr) {
  const auto count = static_cast<std::uint32_t>(in.keys.size());
  std::unique_ptr<StorageBuffer> buffers[4];
  for (auto& buffer : buffers) EXPECT_TRUE(StorageBuffer::create(buffer, context, count * 4).ok());
  EXPECT_TRUE(buffers[0]->write(0, std::as_bytes(std::span(in.keys))).ok());
  EXPECT_TRUE(buffers[2]->write(0, std::as_bytes(std::span(in.values))).ok());
  StorageBuffer* const keys[2] = {buffers[0].get(), buffers[1].get()};
  StorageBuffer* const values[2] = {buffers[2].get(), buffers[3].get()};
  std::unique_ptr<RadixSort> sort;
  Status s = RadixSort::create(sort, context, count, items_per_thread);
  EXPECT_TRUE(s.ok()) << s.message;
  std::unique_ptr<CommandBatch> batch;
  EXPECT_TRUE(CommandBatch::create(batch, context).ok());
  EXPECT_TRUE(batch->begin_stage("sort_by_bucket").ok());
  std::uint32_t sorted_in = 0;
  s = sort->record(*batch, keys, values, count, key_bits, sorted_in);
  EXPECT_TRUE(s.ok()) << s.message;
  s = batch->submit_and_wait();
  EXPECT_TRUE(s.ok()) << s.message;
  EXPECT_EQ(sorted_in, RadixSort::passes(key_bits) % 2);
  if (milliseconds != nullptr && !batch->stage_times().empty()) *milliseconds = batch->stage_times()[0].milliseconds;
  return {read_words(*keys[sorted_in], count), read_words(*values[sorted_in], count)};
}

// count pairs (key = rng() & key_mask, value = position).
BucketEntries random_pairs(std::mt19937_64& rng, std::size_t count, std::uint32_t key_mask) {
  BucketEntries pairs;
  for (std::size_t j = 0; j < count; ++j) {
    pairs.keys.push_back(static_cast<std::uint32_t>(rng()) & key_mask);
    pairs.values.push_back(static_cast<std::uint32_t>(j));
  }
  return pairs;
}

void expect_stable_sorted(Context& context,
                          const BucketEntries& in,
                          unsigned key_bits,
                          std::uint32_t items_per_thread = RadixSort::kDefaultItemsPerThread) {
  const BucketEntries device = device_sort(context, in, key_bits, items_per_thread);
  const BucketEntries host = test::host_stable_sort(in, key_bits);
  ASSERT_EQ(device.keys.size(), host.keys.size());
  for (std::size_t j = 0; j < host.keys.size(); ++j) {
    ASSERT_EQ(device.keys[j], host.keys[j]) << "position " << j;
    ASSERT_EQ(device.values[j], host.values[j]) << "position " << j;
  }
}

TEST_F(VulkanRadixSortTest, RandomKeysOfSeveralSizes) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  for (std::size_t count : {1u, 1000u, 65537u}) {
    SCOPED_TRACE(::testing::Message() << count << " entries");
    expect_stable_sorted(*context, random_pairs(rng, count, ~0u), 32);
    expect_stable_sorted(*context, random_pairs(rng, count, (1u << 20) - 1), 20);
  }
}

TEST_F(VulkanRadixSortTest, IgnoresKeyBitsAboveKeyBits) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  expect_stable_sorted(*context, random_pairs(rng, 5000, ~0u), 13);
  expect_stable_sorted(*context, random_pairs(rng, 5000, ~0u), 1);
}

TEST_F(VulkanRadixSortTest, ManyEqualKeysKeepTheirOrder) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  expect_stable_sorted(*context, random_pairs(rng, 40000, 7), 3);
  expect_stable_sorted(*context, random_pairs(rng, 40000, 7), 16);
  BucketEntries equal = random_pairs(rng, 40000, 0);
  for (auto& key : equal.keys) key = 0x5a5a5u;
  expect_stable_sorted(*context, equal, 20);
}

TEST_F(VulkanRadixSortTest, ItemsPerThreadDoNotChangeTheResult) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  for (std::uint32_t items : {1u, 7u, 16u}) {
    SCOPED_TRACE(::testing::Message() << items << " items per thread");
    expect_stable_sorted(*context, random_pairs(rng, 10007, 0xfffu), 12, items);
  }
}

TEST_F(VulkanRadixSortTest, MillionEntriesOfTwentyBitKeys) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  const BucketEntries in = random_pairs(rng, std::size_t{1} << 20, (1u << 20) - 1);
  double milliseconds = -1;
  const BucketEntries device = device_sort(*context, in, 20, RadixSort::kDefaultItemsPerThread, &milliseconds);
  std::printf("[  VULKAN  ] 2^20 entries, 20 key bits (5 passes): %.1f ms of GPU time\n", milliseconds);
  const BucketEntries host = test::host_stable_sort(in, 20);
  EXPECT_EQ(device.keys, host.keys);
  EXPECT_EQ(device.values, host.values);
}

TEST_F(VulkanRadixSortTest, RefusesBadArguments) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  std::unique_ptr<RadixSort> sort;
  EXPECT_EQ(RadixSort::create(sort, *context, 0).code, StatusCode::invalid_argument);
  EXPECT_EQ(RadixSort::create(sort, *context, 10, 0).code, StatusCode::invalid_argument);
  EXPECT_EQ(RadixSort::create(sort, *context, 10, 17).code, StatusCode::invalid_argument);
  ASSERT_TRUE(RadixSort::create(sort, *context, 10).ok());
  std::unique_ptr<StorageBuffer> buffer;
  ASSERT_TRUE(StorageBuffer::create(buffer, *context, 64).ok());
  StorageBuffer* const pair[2] = {buffer.get(), buffer.get()};
  std::unique_ptr<CommandBatch> batch;
  ASSERT_TRUE(CommandBatch::create(batch, *context).ok());
  std::uint32_t sorted_in = 0;
  EXPECT_EQ(sort->record(*batch, pair, pair, 11, 8, sorted_in).code, StatusCode::invalid_argument);
  EXPECT_EQ(sort->record(*batch, pair, pair, 10, 0, sorted_in).code, StatusCode::invalid_argument);
  EXPECT_EQ(sort->record(*batch, pair, pair, 10, 33, sorted_in).code, StatusCode::invalid_argument);
}

}  // namespace
}  // namespace zkmsm::vulkan
