// The Vulkan runtime pieces on the device: context, pipeline cache keyed by specialization
// constants, storage buffers, one-command-buffer batches with per-stage timestamps, and the
// error statuses (never a crash) for bad arguments and for a refused device.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "field/bn254_fields.hpp"
#include "msm/vulkan/command_batch.hpp"
#include "msm/vulkan/storage_buffer.hpp"
#include "msm/vulkan/vulkan_context.hpp"
#include "vulkan/vulkan_field_ops.hpp"
#include "vulkan/vulkan_test_support.hpp"

namespace zkmsm::vulkan {
namespace {

TEST(VulkanRuntime, DeviceInfoIsFilled) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  const DeviceInfo& info = context->info();
  EXPECT_FALSE(info.name.empty());
  // Vulkan's required minimums: the backend's shaders are written within them.
  EXPECT_GE(info.max_storage_buffers_per_stage, 4u);
  EXPECT_GE(info.max_workgroup_memory_bytes, 16384u);
  EXPECT_GE(info.max_workgroup_count[0], 65535u);
}

TEST(VulkanRuntime, PipelinesAreCachedPerShaderAndSpecialization) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  const std::uint32_t wg64[] = {64};
  const std::uint32_t wg96[] = {96};
  const Pipeline* first = nullptr;
  const Pipeline* again = nullptr;
  const Pipeline* other_size = nullptr;
  const Pipeline* other_shader = nullptr;
  ASSERT_TRUE(context->pipeline(first, ShaderId::field_ops_bn254_fq, wg64).ok());
  const std::size_t created = context->pipelines_created();
  ASSERT_TRUE(context->pipeline(again, ShaderId::field_ops_bn254_fq, wg64).ok());
  EXPECT_EQ(first, again);
  EXPECT_EQ(context->pipelines_created(), created);
  ASSERT_TRUE(context->pipeline(other_size, ShaderId::field_ops_bn254_fq, wg96).ok());
  ASSERT_TRUE(context->pipeline(other_shader, ShaderId::field_ops_bn254_fr, wg64).ok());
  EXPECT_NE(first, other_size);
  EXPECT_NE(first, other_shader);
  EXPECT_EQ(context->pipelines_created(), created + 2);
}

TEST(VulkanRuntime, BufferRoundTripAndBounds) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  std::unique_ptr<StorageBuffer> buffer;
  ASSERT_TRUE(StorageBuffer::create(buffer, *context, 64).ok());
  EXPECT_EQ(buffer->size(), 64u);
  std::array<std::byte, 16> data{};
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::byte>(i + 1);
  ASSERT_TRUE(buffer->write(48, data).ok());
  std::array<std::byte, 16> back{};
  ASSERT_TRUE(buffer->read(back, 48).ok());
  EXPECT_EQ(back, data);
  std::array<std::byte, 4> zeros{};
  ASSERT_TRUE(buffer->read(zeros, 0).ok());  // new buffers start zeroed
  EXPECT_EQ(zeros, (std::array<std::byte, 4>{}));

  EXPECT_EQ(buffer->write(49, data).code, StatusCode::invalid_argument);
  EXPECT_EQ(buffer->read(back, 64).code, StatusCode::invalid_argument);
  std::unique_ptr<StorageBuffer> empty;
  EXPECT_EQ(StorageBuffer::create(empty, *context, 0).code, StatusCode::invalid_argument);
  EXPECT_EQ(empty, nullptr);
}

// Two stages, each a field_ops dispatch that reads the previous one's output: the stages run in
// order (the barrier works) and each gets a time.
TEST(VulkanRuntime, OneBatchRunsStagesInOrderWithTimestamps) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  const std::uint32_t count = 4;
  std::vector<Bn254Fq> a(count), b(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    a[i] = Bn254Fq::from_u64(i + 3);
    b[i] = Bn254Fq::from_u64(10 * i + 1);
  }
  std::unique_ptr<StorageBuffer> a_buffer, b_buffer, first, second;
  ASSERT_TRUE(StorageBuffer::create(a_buffer, *context, 32 * count).ok());
  ASSERT_TRUE(StorageBuffer::create(b_buffer, *context, 32 * count).ok());
  ASSERT_TRUE(StorageBuffer::create(first, *context, test::kFieldOpsResults * 32 * count).ok());
  ASSERT_TRUE(StorageBuffer::create(second, *context, test::kFieldOpsResults * 32 * count).ok());
  ASSERT_TRUE(a_buffer->write(0, std::as_bytes(std::span(a))).ok());
  ASSERT_TRUE(b_buffer->write(0, std::as_bytes(std::span(b))).ok());

  const Pipeline* pipeline = nullptr;
  ASSERT_TRUE(context->pipeline(pipeline, ShaderId::field_ops_bn254_fq).ok());  // default workgroup size 64
  std::unique_ptr<CommandBatch> batch;
  ASSERT_TRUE(CommandBatch::create(batch, *context).ok());
  ASSERT_TRUE(batch->begin_stage("sums").ok());
  ASSERT_TRUE(batch->dispatch(*pipeline, {a_buffer.get(), b_buffer.get(), first.get()}, test::bytes_of(count), 1).ok());
  // Stage 2 reads stage 1's results as its `a` (the first `count` entries are the sums a + b).
  ASSERT_TRUE(batch->begin_stage("products of sums").ok());
  ASSERT_TRUE(batch->dispatch(*pipeline, {first.get(), b_buffer.get(), second.get()}, test::bytes_of(count), 1).ok());
  const Status submitted = batch->submit_and_wait();
  ASSERT_TRUE(submitted.ok()) << submitted.message;

  std::vector<std::array<Bn254Fq, test::kFieldOpsResults>> results(count);
  ASSERT_TRUE(second->read(std::as_writable_bytes(std::span(results)), 0).ok());
  std::vector<std::array<Bn254Fq, test::kFieldOpsResults>> sums(count);
  ASSERT_TRUE(first->read(std::as_writable_bytes(std::span(sums)), 0).ok());
  for (std::uint32_t i = 0; i < count; ++i) {
    // Entry i of stage 1's output as a flat element array is element i of result row
    // 0, 1, … (kFieldOpsResults entries per row).
    const Bn254Fq stage1_a = sums[i / test::kFieldOpsResults][i % test::kFieldOpsResults];
    EXPECT_EQ(results[i][2], stage1_a * b[i]) << "pair " << i;
  }

  if (context->info().timestamps) {
    ASSERT_EQ(batch->stage_times().size(), 2u);
    EXPECT_EQ(batch->stage_times()[0].name, "sums");
    EXPECT_EQ(batch->stage_times()[1].name, "products of sums");
    for (const backend::StageTime& stage : batch->stage_times()) EXPECT_GE(stage.milliseconds, 0.0);
  } else {
    EXPECT_TRUE(batch->stage_times().empty());
  }
  EXPECT_EQ(batch->submit_and_wait().code, StatusCode::invalid_argument);  // submitted once only
}

// A batch created for repeated submission runs its commands again on the buffers' new contents,
// with new stage times each time, and takes no more commands once submitted.
TEST(VulkanRuntime, ARepeatableBatchRunsAgainOnNewContents) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  const std::uint32_t count = 4;
  std::unique_ptr<StorageBuffer> a_buffer, b_buffer, out;
  ASSERT_TRUE(StorageBuffer::create(a_buffer, *context, 32 * count).ok());
  ASSERT_TRUE(StorageBuffer::create(b_buffer, *context, 32 * count).ok());
  ASSERT_TRUE(StorageBuffer::create(out, *context, test::kFieldOpsResults * 32 * count).ok());
  EXPECT_NE(a_buffer->serial(), b_buffer->serial());
  const Pipeline* pipeline = nullptr;
  ASSERT_TRUE(context->pipeline(pipeline, ShaderId::field_ops_bn254_fq).ok());
  std::unique_ptr<CommandBatch> batch;
  ASSERT_TRUE(CommandBatch::create(batch, *context, CommandBatch::Submissions::repeated).ok());
  ASSERT_TRUE(batch->begin_stage("field ops").ok());
  ASSERT_TRUE(batch->dispatch(*pipeline, {a_buffer.get(), b_buffer.get(), out.get()}, test::bytes_of(count), 1).ok());
  for (std::uint64_t round = 0; round < 3; ++round) {
    std::vector<Bn254Fq> a(count), b(count);
    for (std::uint32_t i = 0; i < count; ++i) {
      a[i] = Bn254Fq::from_u64(100 * round + i + 3);
      b[i] = Bn254Fq::from_u64(7 * round + 10 * i + 1);
    }
    ASSERT_TRUE(a_buffer->write(0, std::as_bytes(std::span(a))).ok());
    ASSERT_TRUE(b_buffer->write(0, std::as_bytes(std::span(b))).ok());
    const Status submitted = batch->submit_and_wait();
    ASSERT_TRUE(submitted.ok()) << submitted.message;
    std::vector<std::array<Bn254Fq, test::kFieldOpsResults>> results(count);
    ASSERT_TRUE(out->read(std::as_writable_bytes(std::span(results)), 0).ok());
    for (std::uint32_t i = 0; i < count; ++i) EXPECT_EQ(results[i][2], a[i] * b[i]) << "round " << round;
    EXPECT_EQ(batch->stage_times().size(), context->info().timestamps ? 1u : 0u);
  }
  EXPECT_EQ(batch->begin_stage("late").code, StatusCode::invalid_argument);
}

// A batch submitted in two steps (submit, then wait) while the host writes elsewhere in the same
// staging buffer, copies of ranges, and a later batch whose dispatch reads what the first copied
// (ordered by order_after_earlier_submissions, no copy barrier of its own): the MSM driver's
// upload chunks. lavapipe runs submissions in order, so only a GPU could show a missing barrier.
TEST(VulkanRuntime, SubmittedBatchesAreWaitedForAndOrderLaterOnes) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  constexpr std::uint32_t kCount = 8;
  constexpr std::size_t kBytes = kCount * sizeof(Bn254Fq);
  std::unique_ptr<StorageBuffer> staged, middle, out;
  ASSERT_TRUE(StorageBuffer::create(staged, *context, kBytes).ok());
  ASSERT_TRUE(StorageBuffer::create(middle, *context, kBytes).ok());
  ASSERT_TRUE(StorageBuffer::create(out, *context, test::kFieldOpsResults * kBytes).ok());
  std::vector<Bn254Fq> values(kCount);
  for (std::uint32_t i = 0; i < kCount; ++i) values[i] = Bn254Fq::from_u64(1000 + 37 * i);
  const std::vector<Bn254Fq> zeros(kCount, Bn254Fq::zero());
  ASSERT_TRUE(middle->write(0, std::as_bytes(std::span(zeros))).ok());
  ASSERT_TRUE(staged->write(0, std::as_bytes(std::span(values).first(6))).ok());
  const Pipeline* pipeline = nullptr;
  ASSERT_TRUE(context->pipeline(pipeline, ShaderId::field_ops_bn254_fq).ok());

  std::unique_ptr<CommandBatch> refused;  // a range past the buffers is an error, kept by the batch
  ASSERT_TRUE(CommandBatch::create(refused, *context).ok());
  EXPECT_EQ(refused->copy(*staged, *middle, 4, kBytes).code, StatusCode::invalid_argument);
  EXPECT_EQ(refused->submit().code, StatusCode::invalid_argument);
  std::unique_ptr<CommandBatch> upload, stages;
  ASSERT_TRUE(CommandBatch::create(upload, *context, CommandBatch::Submissions::repeated).ok());
  ASSERT_TRUE(upload->begin_stage("upload").ok());
  ASSERT_TRUE(upload->copy(*staged, *middle, 4 * sizeof(Bn254Fq), 2 * sizeof(Bn254Fq)).ok());  // values 2 … 5
  ASSERT_TRUE(CommandBatch::create(stages, *context).ok());
  ASSERT_TRUE(stages->order_after_earlier_submissions().ok());
  ASSERT_TRUE(stages->begin_stage("field ops").ok());
  ASSERT_TRUE(stages->dispatch(*pipeline, {middle.get(), middle.get(), out.get()}, test::bytes_of(kCount), 1).ok());
  EXPECT_EQ(upload->wait().code, StatusCode::invalid_argument);  // nothing submitted
  ASSERT_TRUE(upload->submit().ok());
  EXPECT_EQ(upload->submit().code, StatusCode::invalid_argument);  // still pending, not kept as an error
  // The host fills the rest of the staging buffer while the copy may run.
  ASSERT_TRUE(staged->write(6 * sizeof(Bn254Fq), std::as_bytes(std::span(values).subspan(6))).ok());
  ASSERT_TRUE(stages->submit_and_wait().ok());
  ASSERT_TRUE(upload->wait().ok());
  std::vector<std::array<Bn254Fq, test::kFieldOpsResults>> results(kCount);
  ASSERT_TRUE(out->read(std::as_writable_bytes(std::span(results)), 0).ok());
  for (std::uint32_t i = 0; i < kCount; ++i) {
    const Bn254Fq copied = i >= 2 && i < 6 ? values[i] : Bn254Fq::zero();
    EXPECT_EQ(results[i][2], copied * copied) << i;
  }
  EXPECT_EQ(upload->stage_times().size(), context->info().timestamps ? 1u : 0u);
  ASSERT_TRUE(upload->submit().ok());  // repeatable: again, and destroyed while pending
}

TEST(VulkanRuntime, BadDispatchesAreErrorsNotCrashes) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  std::unique_ptr<StorageBuffer> buffer;
  ASSERT_TRUE(StorageBuffer::create(buffer, *context, 256).ok());
  const Pipeline* pipeline = nullptr;
  ASSERT_TRUE(context->pipeline(pipeline, ShaderId::field_ops_bn254_fr).ok());
  const std::uint32_t count = 1;

  std::unique_ptr<CommandBatch> wrong_bindings;
  ASSERT_TRUE(CommandBatch::create(wrong_bindings, *context).ok());
  EXPECT_EQ(wrong_bindings->dispatch(*pipeline, {buffer.get(), buffer.get()}, test::bytes_of(count), 1).code,
            StatusCode::invalid_argument);
  // The first error sticks: the batch refuses to submit.
  EXPECT_EQ(wrong_bindings->submit_and_wait().code, StatusCode::invalid_argument);

  std::unique_ptr<CommandBatch> wrong_push;
  ASSERT_TRUE(CommandBatch::create(wrong_push, *context).ok());
  const std::uint64_t too_wide = 1;
  EXPECT_EQ(
      wrong_push->dispatch(*pipeline, {buffer.get(), buffer.get(), buffer.get()}, test::bytes_of(too_wide), 1).code,
      StatusCode::invalid_argument);

  std::unique_ptr<CommandBatch> too_many_groups;
  ASSERT_TRUE(CommandBatch::create(too_many_groups, *context).ok());
  const std::uint32_t limit = context->info().max_workgroup_count[0];
  if (limit < UINT32_MAX) {
    EXPECT_EQ(too_many_groups
                  ->dispatch(*pipeline, {buffer.get(), buffer.get(), buffer.get()}, test::bytes_of(count), limit + 1)
                  .code,
              StatusCode::invalid_argument);
  }
}

TEST(VulkanRuntime, HardwareOnlyOnASoftwareDeviceIsAStatus) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  std::unique_ptr<Context> hardware;
  const Status status = Context::create(hardware, {DevicePreference::hardware_only});
  if (context->info().kind == DeviceKind::cpu) {
    // Only a software device here unless a GPU exists beside it; either way no crash.
    if (!status.ok()) {
      EXPECT_EQ(status.code, StatusCode::no_device);
      EXPECT_EQ(hardware, nullptr);
      EXPECT_NE(status.message.find("software devices excluded"), std::string::npos) << status.message;
    }
  } else {
    ASSERT_TRUE(status.ok()) << status.message;
    EXPECT_NE(hardware->info().kind, DeviceKind::cpu);
  }
}

}  // namespace
}  // namespace zkmsm::vulkan
