// Internal: the Vulkan objects behind Context, Pipeline, StorageBuffer and CommandBatch. Only the
// backend's .cpp files include this header (it includes vulkan.h).
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "msm/vulkan/vulkan_context.hpp"

namespace zkmsm::vulkan {

// "what failed: VK_ERROR_…" as a device_error status (out_of_memory for allocation failures).
Status vulkan_error(const std::string& what, VkResult result);
const char* vk_result_name(VkResult result);

class Pipeline {
 public:
  ShaderId shader{};
  std::uint32_t storage_buffers = 0;
  std::uint32_t push_constant_bytes = 0;
  VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
};

struct Context::Impl {
  DeviceInfo info;
  VkInstance instance = VK_NULL_HANDLE;
  VkPhysicalDevice physical_device = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  std::uint32_t queue_family = 0;
  VkQueue queue = VK_NULL_HANDLE;
  VkPhysicalDeviceMemoryProperties memory_properties{};
  bool capture_statistics = false;  // ZKMSM_VULKAN_PIPELINE_STATS=1 on a device that reports them
  std::mutex queue_mutex;           // vkQueueSubmit needs external synchronisation of the queue

  using PipelineKey = std::pair<ShaderId, std::vector<std::uint32_t>>;
  std::mutex pipelines_mutex;
  std::map<PipelineKey, std::unique_ptr<Pipeline>> pipelines;

  ~Impl();
  // A memory type allowed by `type_bits` with all `required` flags (and the `preferred` ones
  // when such a type exists); returns false when none has the required flags.
  bool find_memory_type(std::uint32_t& out,
                        std::uint32_t type_bits,
                        VkMemoryPropertyFlags required,
                        VkMemoryPropertyFlags preferred) const;
};

}  // namespace zkmsm::vulkan
