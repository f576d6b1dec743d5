// Internal: the Vulkan objects of a StorageBuffer (includes vulkan.h).
#pragma once

#include "msm/vulkan/storage_buffer.hpp"
#include "msm/vulkan/vulkan_context_impl.hpp"

namespace zkmsm::vulkan {

struct StorageBuffer::Impl {
  VkDevice device = VK_NULL_HANDLE;
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  void* mapped = nullptr;  // the whole allocation, mapped for the buffer's lifetime
  ~Impl();
};

}  // namespace zkmsm::vulkan
