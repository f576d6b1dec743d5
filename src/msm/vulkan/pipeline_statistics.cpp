#include "msm/vulkan/pipeline_statistics.hpp"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace zkmsm::vulkan {

bool pipeline_statistics_requested() {
  const char* value = std::getenv("ZKMSM_VULKAN_PIPELINE_STATS");
  return value != nullptr && std::strcmp(value, "1") == 0;
}

bool pipeline_statistics_supported(VkPhysicalDevice physical_device) {
  std::uint32_t count = 0;
  vkEnumerateDeviceExtensionProperties(physical_device, nullptr, &count, nullptr);
  std::vector<VkExtensionProperties> extensions(count);
  vkEnumerateDeviceExtensionProperties(physical_device, nullptr, &count, extensions.data());
  bool listed = false;
  for (const VkExtensionProperties& e : extensions)
    listed = listed || std::strcmp(e.extensionName, kPipelineStatisticsExtension) == 0;
  if (!listed) return false;
  VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR executable_features{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR};
  VkPhysicalDeviceFeatures2 features{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  features.pNext = &executable_features;
  vkGetPhysicalDeviceFeatures2(physical_device, &features);
  return executable_features.pipelineExecutableInfo == VK_TRUE;
}

void print_pipeline_statistics(VkDevice device, VkPipeline pipeline, const char* name) {
  const auto get_properties = reinterpret_cast<PFN_vkGetPipelineExecutablePropertiesKHR>(
      vkGetDeviceProcAddr(device, "vkGetPipelineExecutablePropertiesKHR"));
  const auto get_statistics = reinterpret_cast<PFN_vkGetPipelineExecutableStatisticsKHR>(
      vkGetDeviceProcAddr(device, "vkGetPipelineExecutableStatisticsKHR"));
  if (get_properties == nullptr || get_statistics == nullptr) {
    std::fprintf(stderr, "vulkan pipeline %s: the driver gives no pipeline executable functions\n", name);
    return;
  }
  VkPipelineInfoKHR pipeline_info{VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR};
  pipeline_info.pipeline = pipeline;
  std::uint32_t executable_count = 0;
  get_properties(device, &pipeline_info, &executable_count, nullptr);
  std::vector<VkPipelineExecutablePropertiesKHR> executables(
      executable_count, VkPipelineExecutablePropertiesKHR{VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_PROPERTIES_KHR});
  get_properties(device, &pipeline_info, &executable_count, executables.data());
  if (executable_count == 0) std::fprintf(stderr, "vulkan pipeline %s: no executables reported\n", name);
  for (std::uint32_t e = 0; e < executable_count; ++e) {
    VkPipelineExecutableInfoKHR executable_info{VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR};
    executable_info.pipeline = pipeline;
    executable_info.executableIndex = e;
    std::uint32_t statistic_count = 0;
    get_statistics(device, &executable_info, &statistic_count, nullptr);
    std::vector<VkPipelineExecutableStatisticKHR> statistics(
        statistic_count, VkPipelineExecutableStatisticKHR{VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR});
    get_statistics(device, &executable_info, &statistic_count, statistics.data());
    if (statistic_count == 0)
      std::fprintf(stderr, "vulkan pipeline %s [%s]: no statistics\n", name, executables[e].name);
    for (const VkPipelineExecutableStatisticKHR& s : statistics) {
      std::fprintf(stderr, "vulkan pipeline %s [%s]: %s = ", name, executables[e].name, s.name);
      switch (s.format) {
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR:
          std::fprintf(stderr, "%s\n", s.value.b32 == VK_TRUE ? "true" : "false");
          break;
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR:
          std::fprintf(stderr, "%" PRId64 "\n", s.value.i64);
          break;
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR:
          std::fprintf(stderr, "%" PRIu64 "\n", s.value.u64);
          break;
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_FLOAT64_KHR:
          std::fprintf(stderr, "%g\n", s.value.f64);
          break;
        default:
          std::fprintf(stderr, "(format %d)\n", static_cast<int>(s.format));
      }
    }
  }
}

}  // namespace zkmsm::vulkan
