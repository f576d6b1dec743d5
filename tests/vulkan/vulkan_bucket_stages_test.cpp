// BucketStages (src/msm/vulkan/bucket_stages.hpp): decompose_scalars → sort_by_bucket → plan in
// one CommandBatch, against the host (vulkan_bucket_reference.hpp): the sorted entries equal
// std::stable_sort of the host decomposition, bucket_start / bucket_end equal a linear walk over
// the sorted keys for every bucket (empty ones included), and valid is the number of non-sentinel
// entries. Batches of one window, several windows and all windows, c = 4, 7, 13, 16; all-zero
// scalars (valid = 0, every bucket empty) and a batch without a zero digit (valid = E); the stage
// timestamps; consecutive batches through the same buffers.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "msm/vulkan/bucket_stages.hpp"
#include "vulkan/vulkan_bucket_reference.hpp"
#include "vulkan/vulkan_test_support.hpp"

namespace zkmsm::vulkan {
namespace {

using test::BucketEntries;

class VulkanBucketStagesTest : public zkmsm::test::SeededTest {};

std::vector<std::uint32_t> read_words(StorageBuffer& buffer, std::size_t words) {
  std::vector<std::uint32_t> out(words);
  EXPECT_TRUE(buffer.read(std::as_writable_bytes(std::span(out)), 0).ok());
  return out;
}

std::unique_ptr<StorageBuffer> scalar_buffer(Context& context, const std::vector<test::Scalar>& scalars) {
  std::unique_ptr<StorageBuffer> buffer;
  const std::vector<std::uint32_t> words = test::scalar_words(scalars);
  EXPECT_TRUE(StorageBuffer::create(buffer, context, words.size() * sizeof(std::uint32_t)).ok());
  EXPECT_TRUE(buffer->write(0, std::as_bytes(std::span(words))).ok());
  return buffer;
}

// Records and runs one batch; returns the stage names of the batch's timestamps.
std::vector<std::string> run_batch(
    Context& context, BucketStages& stages, StorageBuffer& scalars, unsigned first_window, unsigned batch_windows) {
  std::unique_ptr<CommandBatch> batch;
  EXPECT_TRUE(CommandBatch::create(batch, context).ok());
  Status s = stages.record(*batch, scalars, first_window, batch_windows);
  EXPECT_TRUE(s.ok()) << s.message;
  s = batch->submit_and_wait();
  EXPECT_TRUE(s.ok()) << s.message;
  std::vector<std::string> names;
  for (const backend::StageTime& time : batch->stage_times()) {
    EXPECT_GE(time.milliseconds, 0.0) << time.name;
    names.push_back(time.name);
  }
  return names;
}

void expect_batch_matches_host(BucketStages& stages,
                               const std::vector<test::Scalar>& scalars,
                               unsigned first_window,
                               unsigned batch_windows) {
  const BucketStagesShape& shape = stages.shape();
  const BucketEntries host = test::host_stable_sort(
      test::host_decompose(scalars, shape.curve, shape.window_bits, first_window, batch_windows), 32);
  ASSERT_EQ(stages.entries(), host.keys.size());
  EXPECT_EQ(read_words(stages.sorted_keys(), stages.entries()), host.keys);
  EXPECT_EQ(read_words(stages.sorted_values(), stages.entries()), host.values);
  const test::BucketBoundsReference bounds = test::host_bucket_bounds(host.keys, stages.sentinel_key());
  EXPECT_EQ(read_words(stages.bucket_start(), stages.sentinel_key()), bounds.start);
  EXPECT_EQ(read_words(stages.bucket_end(), stages.sentinel_key()), bounds.end);
  EXPECT_EQ(read_words(stages.valid(), 1)[0], bounds.valid);
}

TEST_F(VulkanBucketStagesTest, BatchesOfSeveralWindowSizes) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  struct Case {
    CurveId curve;
    unsigned window_bits;
    unsigned first_window;
    unsigned batch_windows;
  };
  const unsigned all_windows_of_4 = signed_window_count(256, 4);
  for (const Case& c : {Case{CurveId::bn254, 4, 0, all_windows_of_4}, Case{CurveId::grumpkin, 7, 5, 6},
                        Case{CurveId::bn254, 13, 0, 1}, Case{CurveId::grumpkin, 16, 14, 3}}) {
    SCOPED_TRACE(::testing::Message() << "c = " << c.window_bits << ", windows " << c.first_window << " + "
                                      << c.batch_windows);
    const std::vector<test::Scalar> scalars = test::test_scalars(rng, c.curve, 2000);
    const std::unique_ptr<StorageBuffer> buffer = scalar_buffer(*context, scalars);
    std::unique_ptr<BucketStages> stages;
    ASSERT_TRUE(BucketStages::create(stages, *context, {c.curve, 2000, c.window_bits, c.batch_windows}).ok());
    const std::vector<std::string> names = run_batch(*context, *stages, *buffer, c.first_window, c.batch_windows);
    if (!names.empty()) {
      EXPECT_EQ(names, (std::vector<std::string>{"decompose_scalars", "sort_by_bucket", "plan"}));
    }
    expect_batch_matches_host(*stages, scalars, c.first_window, c.batch_windows);
  }
}

TEST_F(VulkanBucketStagesTest, ConsecutiveBatchesReuseTheBuffers) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  const unsigned window_bits = 10;
  const unsigned windows = signed_window_count(256, window_bits);
  const std::vector<test::Scalar> scalars = test::test_scalars(rng, CurveId::bn254, 1500);
  const std::unique_ptr<StorageBuffer> buffer = scalar_buffer(*context, scalars);
  std::unique_ptr<BucketStages> stages;
  ASSERT_TRUE(BucketStages::create(stages, *context, {CurveId::bn254, 1500, window_bits, 8}).ok());
  for (unsigned first_window = 0; first_window < windows; first_window += 8) {
    const unsigned batch_windows = std::min(8u, windows - first_window);
    SCOPED_TRACE(::testing::Message() << "batch at window " << first_window);
    run_batch(*context, *stages, *buffer, first_window, batch_windows);
    expect_batch_matches_host(*stages, scalars, first_window, batch_windows);
  }
}

TEST_F(VulkanBucketStagesTest, AllZeroScalarsLeaveNoValidEntry) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  const std::vector<test::Scalar> scalars(100, test::Scalar{});
  const std::unique_ptr<StorageBuffer> buffer = scalar_buffer(*context, scalars);
  std::unique_ptr<BucketStages> stages;
  ASSERT_TRUE(BucketStages::create(stages, *context, {CurveId::bn254, 100, 5, 4}).ok());
  run_batch(*context, *stages, *buffer, 0, 4);
  EXPECT_EQ(read_words(stages->valid(), 1)[0], 0u);
  expect_batch_matches_host(*stages, scalars, 0, 4);
}

TEST_F(VulkanBucketStagesTest, NoZeroDigitMeansEveryEntryIsValid) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  // Scalar 1 with c = 2: window 0's digit is 1 for every scalar, so the batch has no sentinel.
  test::Scalar one{};
  one.limb[0] = 1;
  const std::vector<test::Scalar> scalars(77, one);
  const std::unique_ptr<StorageBuffer> buffer = scalar_buffer(*context, scalars);
  std::unique_ptr<BucketStages> stages;
  ASSERT_TRUE(BucketStages::create(stages, *context, {CurveId::grumpkin, 77, 2, 1}).ok());
  run_batch(*context, *stages, *buffer, 0, 1);
  EXPECT_EQ(read_words(stages->valid(), 1)[0], 77u);
  expect_batch_matches_host(*stages, scalars, 0, 1);
}

}  // namespace
}  // namespace zkmsm::vulkan
