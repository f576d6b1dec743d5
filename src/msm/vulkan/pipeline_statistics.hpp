// The driver's compile statistics of every pipeline a context builds (registers, spills,
// instruction counts: whatever the driver reports through VK_KHR_pipeline_executable_properties),
// printed to stderr when the environment variable ZKMSM_VULKAN_PIPELINE_STATS is set to 1. A
// developer's view of how a GPU's compiler saw a shader (NVIDIA's, Mesa's); nothing else reads
// them. Internal to the backend (includes vulkan.h).
#pragma once

#include <vulkan/vulkan.h>

namespace zkmsm::vulkan {

inline constexpr const char* kPipelineStatisticsExtension = "VK_KHR_pipeline_executable_properties";

// ZKMSM_VULKAN_PIPELINE_STATS=1.
bool pipeline_statistics_requested();

// Whether the physical device has the extension and its pipelineExecutableInfo feature.
bool pipeline_statistics_supported(VkPhysicalDevice physical_device);

// One line per statistic of each executable of `pipeline` ("vulkan pipeline <name> [<executable>]:
// <statistic> = <value>"); `pipeline` was created with VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR
// on a device with the extension and feature enabled. Prints why when the driver returns none.
void print_pipeline_statistics(VkDevice device, VkPipeline pipeline, const char* name);

}  // namespace zkmsm::vulkan
