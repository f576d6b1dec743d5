// decompose_scalars.comp on the Vulkan device against the host entries built from
// src/msm/common/signed_digits.hpp (vulkan_bucket_reference.hpp), key for key and value for value:
// both curves' scalar fields, window sizes 4, 7, 13 and 16, the whole window range in one batch
// and partial batches starting past window 0 (the last one running past bit 255), over edge
// scalars (0, 1, r − 1, r, r + 1, 2r, the largest multiple of r, 2^256 − 1, 2^255, 2^254) and
// seeded random ones, reduced and not.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "msm/vulkan/bucket_stages.hpp"
#include "vulkan/vulkan_bucket_reference.hpp"
#include "vulkan/vulkan_test_support.hpp"

namespace zkmsm::vulkan {
namespace {

using test::BucketEntries;

class VulkanDecomposeTest : public zkmsm::test::SeededTest {};

std::vector<std::uint32_t> read_words(StorageBuffer& buffer, std::size_t words) {
  std::vector<std::uint32_t> out(words);
  EXPECT_TRUE(buffer.read(std::as_writable_bytes(std::span(out)), 0).ok());
  return out;
}

// The device's entries for one batch.
BucketEntries device_decompose(Context& context,
                               const std::vector<test::Scalar>& scalars,
                               CurveId curve,
                               unsigned window_bits,
                               unsigned first_window,
                               unsigned batch_windows) {
  const auto n = static_cast<std::uint32_t>(scalars.size());
  std::unique_ptr<BucketStages> stages;
  Status s = BucketStages::create(stages, context, {curve, n, window_bits, batch_windows});
  EXPECT_TRUE(s.ok()) << s.message;
  std::unique_ptr<StorageBuffer> scalar_buffer;
  const std::vector<std::uint32_t> words = test::scalar_words(scalars);
  EXPECT_TRUE(StorageBuffer::create(scalar_buffer, context, words.size() * sizeof(std::uint32_t)).ok());
  EXPECT_TRUE(scalar_buffer->write(0, std::as_bytes(std::span(words))).ok());
  std::unique_ptr<CommandBatch> batch;
  EXPECT_TRUE(CommandBatch::create(batch, context).ok());
  EXPECT_TRUE(batch->begin_stage("decompose_scalars").ok());
  s = stages->record_decompose(*batch, *scalar_buffer, first_window, batch_windows);
  EXPECT_TRUE(s.ok()) << s.message;
  s = batch->submit_and_wait();
  EXPECT_TRUE(s.ok()) << s.message;
  return {read_words(stages->keys(), stages->entries()), read_words(stages->values(), stages->entries())};
}

void expect_same_entries(const BucketEntries& device, const BucketEntries& host) {
  ASSERT_EQ(device.keys.size(), host.keys.size());
  for (std::size_t e = 0; e < host.keys.size(); ++e) {
    ASSERT_EQ(device.keys[e], host.keys[e]) << "entry " << e;
    ASSERT_EQ(device.values[e], host.values[e]) << "entry " << e;
  }
}

TEST_F(VulkanDecomposeTest, EveryWindowOfEdgeAndRandomScalars) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  for (CurveId curve : {CurveId::bn254, CurveId::grumpkin}) {
    const std::vector<test::Scalar> scalars = test::test_scalars(rng, curve, 700);
    for (unsigned window_bits : {4u, 7u, 13u, 16u}) {
      SCOPED_TRACE(::testing::Message() << "curve " << static_cast<int>(curve) << ", c = " << window_bits);
      const unsigned windows = signed_window_count(256, window_bits);
      expect_same_entries(device_decompose(*context, scalars, curve, window_bits, 0, windows),
                          test::host_decompose(scalars, curve, window_bits, 0, windows));
    }
  }
}

TEST_F(VulkanDecomposeTest, PartialBatchesPastWindowZero) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  for (CurveId curve : {CurveId::bn254, CurveId::grumpkin}) {
    const std::vector<test::Scalar> scalars = test::test_scalars(rng, curve, 300);
    for (unsigned window_bits : {4u, 7u, 13u, 16u}) {
      const unsigned windows = signed_window_count(256, window_bits);
      for (unsigned first_window : {1u, windows / 2, windows - 2}) {
        SCOPED_TRACE(::testing::Message() << "curve " << static_cast<int>(curve) << ", c = " << window_bits
                                          << ", first window " << first_window);
        expect_same_entries(device_decompose(*context, scalars, curve, window_bits, first_window, 3),
                            test::host_decompose(scalars, curve, window_bits, first_window, 3));
      }
    }
  }
}

TEST_F(VulkanDecomposeTest, RefusesBadShapes) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  std::unique_ptr<BucketStages> stages;
  EXPECT_EQ(BucketStages::create(stages, *context, {CurveId::bn254, 0, 8, 1}).code, StatusCode::invalid_argument);
  EXPECT_EQ(BucketStages::create(stages, *context, {CurveId::bn254, 10, 1, 1}).code, StatusCode::invalid_argument);
  EXPECT_EQ(BucketStages::create(stages, *context, {CurveId::bn254, 10, 23, 1}).code, StatusCode::invalid_argument);
  EXPECT_EQ(BucketStages::create(stages, *context, {CurveId::bn254, 10, 8, 0}).code, StatusCode::invalid_argument);
  ASSERT_TRUE(BucketStages::create(stages, *context, {CurveId::bn254, 10, 8, 2}).ok());
  std::unique_ptr<StorageBuffer> scalars;
  ASSERT_TRUE(StorageBuffer::create(scalars, *context, 10 * 32).ok());
  std::unique_ptr<CommandBatch> batch;
  ASSERT_TRUE(CommandBatch::create(batch, *context).ok());
  EXPECT_EQ(stages->record_decompose(*batch, *scalars, 0, 3).code, StatusCode::invalid_argument);
}

}  // namespace
}  // namespace zkmsm::vulkan
