#include "msm/vulkan/command_batch.hpp"

#include <algorithm>
#include <array>
#include <mutex>
#include <string>

#include "msm/common/elapsed_time.hpp"
#include "msm/vulkan/storage_buffer_impl.hpp"
#include "msm/vulkan/vulkan_context_impl.hpp"

namespace zkmsm::vulkan {

// Descriptor sets per descriptor pool; a full pool is followed by a new one. A capacity, not a
// tuning constant (not measured).
constexpr std::uint32_t kSetsPerDescriptorPool = 64;
// Storage-buffer descriptors per pool: 8 per set, the mobile limit the shaders keep within.
constexpr std::uint32_t kStorageBuffersPerPoolSet = 8;

namespace {

// Every earlier command's memory writes (this batch's and, in submission order, earlier
// submissions' on the queue) before every later command's reads and writes.
void record_full_memory_barrier(VkCommandBuffer cmd) {
  VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  barrier.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT;
  barrier.dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT;
  vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 1, &barrier, 0,
                       nullptr, 0, nullptr);
}

}  // namespace

struct CommandBatch::Impl {
  Context::Impl* context = nullptr;
  VkCommandPool command_pool = VK_NULL_HANDLE;
  VkCommandBuffer command_buffer = VK_NULL_HANDLE;
  VkQueryPool query_pool = VK_NULL_HANDLE;  // null when the queue has no timestamps
  VkFence fence = VK_NULL_HANDLE;
  std::vector<VkDescriptorPool> descriptor_pools;
  std::uint32_t sets_in_last_pool = kSetsPerDescriptorPool;

  ~Impl() {
    if (context == nullptr) return;
    VkDevice device = context->device;
    for (VkDescriptorPool pool : descriptor_pools) vkDestroyDescriptorPool(device, pool, nullptr);
    if (fence != VK_NULL_HANDLE) vkDestroyFence(device, fence, nullptr);
    if (query_pool != VK_NULL_HANDLE) vkDestroyQueryPool(device, query_pool, nullptr);
    if (command_pool != VK_NULL_HANDLE) vkDestroyCommandPool(device, command_pool, nullptr);
  }

  Status allocate_set(VkDescriptorSet& out, VkDescriptorSetLayout layout) {
    if (sets_in_last_pool == kSetsPerDescriptorPool) {
      VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kSetsPerDescriptorPool * kStorageBuffersPerPoolSet};
      VkDescriptorPoolCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
      info.maxSets = kSetsPerDescriptorPool;
      info.poolSizeCount = 1;
      info.pPoolSizes = &size;
      VkDescriptorPool pool = VK_NULL_HANDLE;
      if (const VkResult r = vkCreateDescriptorPool(context->device, &info, nullptr, &pool); r != VK_SUCCESS) {
        return vulkan_error("vkCreateDescriptorPool", r);
      }
      descriptor_pools.push_back(pool);
      sets_in_last_pool = 0;
    }
    VkDescriptorSetAllocateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    info.descriptorPool = descriptor_pools.back();
    info.descriptorSetCount = 1;
    info.pSetLayouts = &layout;
    if (const VkResult r = vkAllocateDescriptorSets(context->device, &info, &out); r != VK_SUCCESS) {
      return vulkan_error("vkAllocateDescriptorSets", r);
    }
    ++sets_in_last_pool;
    return Status::success();
  }
};

CommandBatch::CommandBatch(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
// Nothing the Impl destroys may still be in use by the device: a batch submitted and never waited
// for (a caller's error path) is waited for here.
CommandBatch::~CommandBatch() {
  if (pending_) vkWaitForFences(impl_->context->device, 1, &impl_->fence, VK_TRUE, UINT64_MAX);
}

Status CommandBatch::create(std::unique_ptr<CommandBatch>& out, Context& context, Submissions submissions) {
  out.reset();
  auto impl = std::make_unique<Impl>();
  Context::Impl& ctx = context.impl();
  impl->context = &ctx;
  VkCommandPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pool_info.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
  pool_info.queueFamilyIndex = ctx.queue_family;
  if (const VkResult r = vkCreateCommandPool(ctx.device, &pool_info, nullptr, &impl->command_pool); r != VK_SUCCESS) {
    impl->command_pool = VK_NULL_HANDLE;
    return vulkan_error("vkCreateCommandPool", r);
  }
  VkCommandBufferAllocateInfo buffer_info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  buffer_info.commandPool = impl->command_pool;
  buffer_info.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  buffer_info.commandBufferCount = 1;
  if (const VkResult r = vkAllocateCommandBuffers(ctx.device, &buffer_info, &impl->command_buffer); r != VK_SUCCESS) {
    return vulkan_error("vkAllocateCommandBuffers", r);
  }
  VkFenceCreateInfo fence_info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  if (const VkResult r = vkCreateFence(ctx.device, &fence_info, nullptr, &impl->fence); r != VK_SUCCESS) {
    impl->fence = VK_NULL_HANDLE;
    return vulkan_error("vkCreateFence", r);
  }
  if (ctx.info.timestamps) {
    VkQueryPoolCreateInfo query_info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    query_info.queryType = VK_QUERY_TYPE_TIMESTAMP;
    query_info.queryCount = kMaxStages + 1;
    if (const VkResult r = vkCreateQueryPool(ctx.device, &query_info, nullptr, &impl->query_pool); r != VK_SUCCESS) {
      impl->query_pool = VK_NULL_HANDLE;
      return vulkan_error("vkCreateQueryPool", r);
    }
  }
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = submissions == Submissions::once ? VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT : 0;
  if (const VkResult r = vkBeginCommandBuffer(impl->command_buffer, &begin); r != VK_SUCCESS) {
    return vulkan_error("vkBeginCommandBuffer", r);
  }
  if (impl->query_pool != VK_NULL_HANDLE)
    vkCmdResetQueryPool(impl->command_buffer, impl->query_pool, 0, kMaxStages + 1);
  out.reset(new CommandBatch(std::move(impl)));
  out->repeatable_ = submissions == Submissions::repeated;
  return Status::success();
}

Status CommandBatch::record_error(Status status) {
  if (first_error_.ok()) first_error_ = status;
  return status;
}

Status CommandBatch::begin_stage(const std::string& name) {
  if (!first_error_.ok()) return first_error_;
  if (recording_ended_)
    return record_error(Status::error(StatusCode::invalid_argument, "vulkan: batch already submitted"));
  if (stage_names_.size() == kMaxStages) {
    return record_error(Status::error(StatusCode::invalid_argument,
                                      "vulkan: more than " + std::to_string(kMaxStages) + " stages in one batch"));
  }
  if (impl_->query_pool != VK_NULL_HANDLE) {
    vkCmdWriteTimestamp(impl_->command_buffer, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, impl_->query_pool,
                        static_cast<std::uint32_t>(stage_names_.size()));
  }
  stage_names_.push_back(name);
  return Status::success();
}

Status CommandBatch::dispatch(const Pipeline& pipeline,
                              std::initializer_list<StorageBuffer*> buffers,
                              std::span<const std::byte> push_constants,
                              std::uint32_t groups_x,
                              std::uint32_t groups_y,
                              std::uint32_t groups_z) {
  return dispatch(pipeline, std::span<StorageBuffer* const>(buffers.begin(), buffers.size()), push_constants, groups_x,
                  groups_y, groups_z);
}

Status CommandBatch::dispatch(const Pipeline& pipeline,
                              std::span<StorageBuffer* const> buffers,
                              std::span<const std::byte> push_constants,
                              std::uint32_t groups_x,
                              std::uint32_t groups_y,
                              std::uint32_t groups_z) {
  if (!first_error_.ok()) return first_error_;
  if (recording_ended_)
    return record_error(Status::error(StatusCode::invalid_argument, "vulkan: batch already submitted"));
  const char* name = shader_info(pipeline.shader).name;
  if (buffers.size() != pipeline.storage_buffers) {
    return record_error(Status::error(StatusCode::invalid_argument, std::string("vulkan: ") + name + " takes " +
                                                                        std::to_string(pipeline.storage_buffers) +
                                                                        " storage buffers, got " +
                                                                        std::to_string(buffers.size())));
  }
  if (push_constants.size() != pipeline.push_constant_bytes) {
    return record_error(Status::error(StatusCode::invalid_argument, std::string("vulkan: ") + name + " takes " +
                                                                        std::to_string(pipeline.push_constant_bytes) +
                                                                        " bytes of push constants, got " +
                                                                        std::to_string(push_constants.size())));
  }
  const std::array<std::uint32_t, 3> groups{groups_x, groups_y, groups_z};
  const auto& max_groups = impl_->context->info.max_workgroup_count;
  for (int i = 0; i < 3; ++i) {
    if (groups[i] > max_groups[i]) {
      return record_error(Status::error(StatusCode::invalid_argument,
                                        std::string("vulkan: ") + name + " dispatch of " + std::to_string(groups[i]) +
                                            " workgroups in dimension " + std::to_string(i) +
                                            " exceeds maxComputeWorkGroupCount " + std::to_string(max_groups[i])));
    }
  }
  for (StorageBuffer* buffer : buffers) {
    if (buffer == nullptr) return record_error(Status::error(StatusCode::invalid_argument, "vulkan: null buffer"));
  }

  VkDescriptorSet set = VK_NULL_HANDLE;
  if (Status s = impl_->allocate_set(set, pipeline.set_layout); !s.ok()) return record_error(s);
  std::vector<VkDescriptorBufferInfo> infos;
  std::vector<VkWriteDescriptorSet> writes;
  infos.reserve(buffers.size());
  for (StorageBuffer* buffer : buffers) infos.push_back({buffer->impl().buffer, 0, VK_WHOLE_SIZE});
  for (std::uint32_t i = 0; i < infos.size(); ++i) {
    VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    write.dstSet = set;
    write.dstBinding = i;
    write.descriptorCount = 1;
    write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    write.pBufferInfo = &infos[i];
    writes.push_back(write);
  }
  vkUpdateDescriptorSets(impl_->context->device, static_cast<std::uint32_t>(writes.size()), writes.data(), 0, nullptr);

  VkCommandBuffer cmd = impl_->command_buffer;
  if (dispatches_ > 0) {
    VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1,
                         &barrier, 0, nullptr, 0, nullptr);
  }
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.pipeline);
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline.layout, 0, 1, &set, 0, nullptr);
  if (!push_constants.empty()) {
    vkCmdPushConstants(cmd, pipeline.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0,
                       static_cast<std::uint32_t>(push_constants.size()), push_constants.data());
  }
  vkCmdDispatch(cmd, groups_x, groups_y, groups_z);
  ++dispatches_;
  return Status::success();
}

Status CommandBatch::copy(StorageBuffer& from, StorageBuffer& to, std::size_t bytes, std::size_t offset) {
  if (!first_error_.ok()) return first_error_;
  if (recording_ended_)
    return record_error(Status::error(StatusCode::invalid_argument, "vulkan: batch already submitted"));
  const std::size_t size = std::min(from.size(), to.size());
  if (bytes == 0 || offset > size || bytes > size - offset) {
    return record_error(Status::error(StatusCode::invalid_argument, "vulkan: copy of " + std::to_string(bytes) +
                                                                        " bytes at " + std::to_string(offset) +
                                                                        " does not fit the buffers"));
  }
  VkCommandBuffer cmd = impl_->command_buffer;
  record_full_memory_barrier(cmd);
  const VkBufferCopy region{offset, offset, bytes};
  vkCmdCopyBuffer(cmd, from.impl().buffer, to.impl().buffer, 1, &region);
  record_full_memory_barrier(cmd);
  return Status::success();
}

Status CommandBatch::order_after_earlier_submissions() {
  if (!first_error_.ok()) return first_error_;
  if (recording_ended_)
    return record_error(Status::error(StatusCode::invalid_argument, "vulkan: batch already submitted"));
  record_full_memory_barrier(impl_->command_buffer);
  return Status::success();
}

Status CommandBatch::submit_and_wait() {
  if (Status s = submit(); !s.ok()) return s;
  return wait();
}

Status CommandBatch::submit() {
  // Misuse of the two steps is an error of the call, not of the recording (not kept).
  if (pending_) return Status::error(StatusCode::invalid_argument, "vulkan: batch still pending");
  if (!first_error_.ok()) return first_error_;
  if (recording_ended_ && !repeatable_) {
    return record_error(Status::error(StatusCode::invalid_argument, "vulkan: batch already submitted"));
  }
  submitted_at_ = backend::Clock::now();
  Context::Impl& ctx = *impl_->context;
  VkCommandBuffer cmd = impl_->command_buffer;
  const auto stage_count = static_cast<std::uint32_t>(stage_names_.size());
  if (!recording_ended_) {
    if (impl_->query_pool != VK_NULL_HANDLE && stage_count > 0) {
      vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, impl_->query_pool, stage_count);
    }
    // Every write of the batch (shaders' and copies': the bit sums' read-back is a copy) made
    // visible to the host's reads after the wait.
    VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, nullptr, 0, nullptr);
    recording_ended_ = true;
    if (const VkResult r = vkEndCommandBuffer(cmd); r != VK_SUCCESS) {
      return record_error(vulkan_error("vkEndCommandBuffer", r));
    }
  } else if (const VkResult r = vkResetFences(ctx.device, 1, &impl_->fence); r != VK_SUCCESS) {
    return record_error(vulkan_error("vkResetFences", r));
  }
  stage_times_.clear();
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &cmd;
  {
    std::lock_guard lock(ctx.queue_mutex);
    if (const VkResult r = vkQueueSubmit(ctx.queue, 1, &submit, impl_->fence); r != VK_SUCCESS) {
      return record_error(vulkan_error("vkQueueSubmit", r));
    }
  }
  pending_ = true;
  return Status::success();
}

Status CommandBatch::wait() {
  if (!pending_) return Status::error(StatusCode::invalid_argument, "vulkan: wait without a submission");
  Context::Impl& ctx = *impl_->context;
  const auto stage_count = static_cast<std::uint32_t>(stage_names_.size());
  // A failed wait (a lost device) leaves the batch pending; destroying it then is what the
  // specification allows after VK_ERROR_DEVICE_LOST.
  if (const VkResult r = vkWaitForFences(ctx.device, 1, &impl_->fence, VK_TRUE, UINT64_MAX); r != VK_SUCCESS) {
    return record_error(vulkan_error("vkWaitForFences", r));
  }
  pending_ = false;
  submit_and_wait_ms_ = backend::elapsed_ms(submitted_at_);
  if (impl_->query_pool != VK_NULL_HANDLE && stage_count > 0) {
    std::vector<std::uint64_t> ticks(stage_count + 1);
    const VkResult r =
        vkGetQueryPoolResults(ctx.device, impl_->query_pool, 0, stage_count + 1, ticks.size() * sizeof(std::uint64_t),
                              ticks.data(), sizeof(std::uint64_t), VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
    if (r != VK_SUCCESS) return record_error(vulkan_error("vkGetQueryPoolResults", r));
    for (std::uint32_t i = 0; i < stage_count; ++i) {
      const double ns = static_cast<double>(ticks[i + 1] - ticks[i]) * ctx.info.timestamp_period_ns;
      stage_times_.push_back({stage_names_[i], ns * 1e-6});
    }
  }
  return Status::success();
}

}  // namespace zkmsm::vulkan
