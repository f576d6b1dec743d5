#include "msm/vulkan/vulkan_context.hpp"

#include <cstdio>
#include <cstring>
#include <vector>

#include "msm/vulkan/pipeline_statistics.hpp"
#include "msm/vulkan/vulkan_context_impl.hpp"

namespace zkmsm::vulkan {

const char* status_code_name(StatusCode code) {
  switch (code) {
    case StatusCode::ok:
      return "ok";
    case StatusCode::no_vulkan:
      return "no_vulkan";
    case StatusCode::no_device:
      return "no_device";
    case StatusCode::unsupported:
      return "unsupported";
    case StatusCode::out_of_memory:
      return "out_of_memory";
    case StatusCode::invalid_argument:
      return "invalid_argument";
    case StatusCode::device_error:
      return "device_error";
    case StatusCode::rejected_point:
      return "rejected_point";
  }
  return "unknown";
}

const char* vk_result_name(VkResult result) {
  switch (result) {
    case VK_SUCCESS:
      return "VK_SUCCESS";
    case VK_NOT_READY:
      return "VK_NOT_READY";
    case VK_TIMEOUT:
      return "VK_TIMEOUT";
    case VK_INCOMPLETE:
      return "VK_INCOMPLETE";
    case VK_ERROR_OUT_OF_HOST_MEMORY:
      return "VK_ERROR_OUT_OF_HOST_MEMORY";
    case VK_ERROR_OUT_OF_DEVICE_MEMORY:
      return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
    case VK_ERROR_INITIALIZATION_FAILED:
      return "VK_ERROR_INITIALIZATION_FAILED";
    case VK_ERROR_DEVICE_LOST:
      return "VK_ERROR_DEVICE_LOST";
    case VK_ERROR_MEMORY_MAP_FAILED:
      return "VK_ERROR_MEMORY_MAP_FAILED";
    case VK_ERROR_LAYER_NOT_PRESENT:
      return "VK_ERROR_LAYER_NOT_PRESENT";
    case VK_ERROR_EXTENSION_NOT_PRESENT:
      return "VK_ERROR_EXTENSION_NOT_PRESENT";
    case VK_ERROR_FEATURE_NOT_PRESENT:
      return "VK_ERROR_FEATURE_NOT_PRESENT";
    case VK_ERROR_INCOMPATIBLE_DRIVER:
      return "VK_ERROR_INCOMPATIBLE_DRIVER";
    case VK_ERROR_TOO_MANY_OBJECTS:
      return "VK_ERROR_TOO_MANY_OBJECTS";
    case VK_ERROR_OUT_OF_POOL_MEMORY:
      return "VK_ERROR_OUT_OF_POOL_MEMORY";
    default:
      return "VkResult (other)";
  }
}

Status vulkan_error(const std::string& what, VkResult result) {
  const StatusCode code = result == VK_ERROR_OUT_OF_HOST_MEMORY || result == VK_ERROR_OUT_OF_DEVICE_MEMORY
                              ? StatusCode::out_of_memory
                              : StatusCode::device_error;
  return Status::error(code, "vulkan: " + what + " failed: " + vk_result_name(result) + " (" +
                                 std::to_string(static_cast<int>(result)) + ")");
}

namespace {

DeviceKind kind_of(VkPhysicalDeviceType type) {
  switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
      return DeviceKind::discrete_gpu;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
      return DeviceKind::integrated_gpu;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
      return DeviceKind::virtual_gpu;
    case VK_PHYSICAL_DEVICE_TYPE_CPU:
      return DeviceKind::cpu;
    default:
      return DeviceKind::other;
  }
}

// The queue family used for compute: one with compute and timestamps if there is one, else the
// first with compute. Returns false when the device has no compute queue.
bool find_compute_queue_family(std::uint32_t& out, VkPhysicalDevice physical_device) {
  std::uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(physical_device, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(physical_device, &count, families.data());
  bool found = false;
  for (std::uint32_t i = 0; i < count; ++i) {
    if ((families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) == 0) continue;
    if (!found || (families[out].timestampValidBits == 0 && families[i].timestampValidBits != 0)) {
      out = i;
      found = true;
    }
  }
  return found;
}

bool validation_layer_present() {
  std::uint32_t count = 0;
  vkEnumerateInstanceLayerProperties(&count, nullptr);
  std::vector<VkLayerProperties> layers(count);
  vkEnumerateInstanceLayerProperties(&count, layers.data());
  for (const VkLayerProperties& layer : layers) {
    if (std::strcmp(layer.layerName, "VK_LAYER_KHRONOS_validation") == 0) return true;
  }
  return false;
}

}  // namespace

Context::Impl::~Impl() {
  if (device != VK_NULL_HANDLE) {
    vkDeviceWaitIdle(device);
    for (auto& [key, p] : pipelines) {
      vkDestroyPipeline(device, p->pipeline, nullptr);
      vkDestroyPipelineLayout(device, p->layout, nullptr);
      vkDestroyDescriptorSetLayout(device, p->set_layout, nullptr);
    }
    vkDestroyDevice(device, nullptr);
  }
  if (instance != VK_NULL_HANDLE) vkDestroyInstance(instance, nullptr);
}

bool Context::Impl::find_memory_type(std::uint32_t& out,
                                     std::uint32_t type_bits,
                                     VkMemoryPropertyFlags required,
                                     VkMemoryPropertyFlags preferred) const {
  for (const VkMemoryPropertyFlags wanted : {required | preferred, required}) {
    for (std::uint32_t i = 0; i < memory_properties.memoryTypeCount; ++i) {
      if ((type_bits & (1u << i)) == 0) continue;
      if ((memory_properties.memoryTypes[i].propertyFlags & wanted) == wanted) {
        out = i;
        return true;
      }
    }
  }
  return false;
}

Context::Context(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Context::~Context() = default;

const DeviceInfo& Context::info() const { return impl_->info; }

Status Context::create(std::unique_ptr<Context>& out, const ContextOptions& options) {
  out.reset();
  auto impl = std::make_unique<Impl>();

  // ---- instance ----
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "zkmsm";
  app.pEngineName = "zkmsm";
  app.apiVersion = VK_API_VERSION_1_1;
  VkInstanceCreateInfo instance_info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  instance_info.pApplicationInfo = &app;
  const char* validation_layer = "VK_LAYER_KHRONOS_validation";
  if (options.enable_validation && validation_layer_present()) {
    instance_info.enabledLayerCount = 1;
    instance_info.ppEnabledLayerNames = &validation_layer;
  }
  if (const VkResult r = vkCreateInstance(&instance_info, nullptr, &impl->instance); r != VK_SUCCESS) {
    impl->instance = VK_NULL_HANDLE;
    return Status::error(StatusCode::no_vulkan, std::string("vulkan: no Vulkan driver (vkCreateInstance: ") +
                                                    vk_result_name(r) +
                                                    "); install a driver, e.g. mesa-vulkan-drivers");
  }

  // ---- physical device ----
  std::uint32_t device_count = 0;
  vkEnumeratePhysicalDevices(impl->instance, &device_count, nullptr);
  std::vector<VkPhysicalDevice> devices(device_count);
  vkEnumeratePhysicalDevices(impl->instance, &device_count, devices.data());
  std::vector<DeviceCandidate> candidates;
  std::vector<std::uint32_t> queue_families(device_count, 0);
  for (std::uint32_t i = 0; i < device_count; ++i) {
    VkPhysicalDeviceProperties properties;
    vkGetPhysicalDeviceProperties(devices[i], &properties);
    candidates.push_back({properties.deviceName, kind_of(properties.deviceType),
                          find_compute_queue_family(queue_families[i], devices[i])});
  }
  std::string unknown_value;
  const DevicePreference preference = effective_device_preference(options.preference, &unknown_value);
  if (!unknown_value.empty()) {
    return Status::error(StatusCode::invalid_argument, "vulkan: ZKMSM_VULKAN_DEVICE=" + unknown_value +
                                                           " is not one of auto, software, cpu, hardware, gpu");
  }
  const std::optional<std::size_t> chosen = choose_device(candidates, preference);
  if (!chosen) {
    std::string listed;
    for (const DeviceCandidate& c : candidates) listed += " [" + c.name + ", " + device_kind_name(c.kind) + "]";
    return Status::error(StatusCode::no_device,
                         "vulkan: no usable Vulkan device (" + std::to_string(device_count) +
                             " found:" + (listed.empty() ? std::string(" none") : listed) + ")" +
                             (preference == DevicePreference::hardware_only ? "; software devices excluded" : ""));
  }
  impl->physical_device = devices[*chosen];
  impl->queue_family = queue_families[*chosen];

  VkPhysicalDeviceProperties properties;
  vkGetPhysicalDeviceProperties(impl->physical_device, &properties);
  VkPhysicalDeviceFeatures features;
  vkGetPhysicalDeviceFeatures(impl->physical_device, &features);
  vkGetPhysicalDeviceMemoryProperties(impl->physical_device, &impl->memory_properties);
  std::uint32_t family_count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(impl->physical_device, &family_count, nullptr);
  std::vector<VkQueueFamilyProperties> families(family_count);
  vkGetPhysicalDeviceQueueFamilyProperties(impl->physical_device, &family_count, families.data());

  DeviceInfo& info = impl->info;
  info.name = properties.deviceName;
  info.kind = kind_of(properties.deviceType);
  info.api_version = properties.apiVersion;
  info.timestamps = families[impl->queue_family].timestampValidBits != 0 && properties.limits.timestampPeriod > 0;
  info.timestamp_period_ns = properties.limits.timestampPeriod;
  info.max_storage_buffers_per_stage = properties.limits.maxPerStageDescriptorStorageBuffers;
  info.max_workgroup_memory_bytes = properties.limits.maxComputeSharedMemorySize;
  info.max_workgroup_invocations = properties.limits.maxComputeWorkGroupInvocations;
  for (int i = 0; i < 3; ++i) info.max_workgroup_count[i] = properties.limits.maxComputeWorkGroupCount[i];
  info.max_storage_buffer_range = properties.limits.maxStorageBufferRange;
  info.shader_int64 = features.shaderInt64 == VK_TRUE;

  // ---- logical device and queue ----
  const float priority = 1.0f;
  VkDeviceQueueCreateInfo queue_info{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queue_info.queueFamilyIndex = impl->queue_family;
  queue_info.queueCount = 1;
  queue_info.pQueuePriorities = &priority;
  std::string unknown_form;
  const FieldForm requested_form = effective_field_form(options.field_form, &unknown_form);
  if (!unknown_form.empty()) {
    return Status::error(StatusCode::invalid_argument,
                         "vulkan: ZKMSM_VULKAN_FIELD=" + unknown_form + " is not one of auto, int32, int64");
  }
  const std::optional<FieldForm> form = resolve_field_form(requested_form, info.shader_int64);
  if (!form) {
    return Status::error(StatusCode::unsupported,
                         "vulkan: the int64 field form needs shaderInt64, which " + info.name + " does not have");
  }
  info.field_form = *form;
  // 64-bit integers where the device has them (the int64 field form uses them).
  VkPhysicalDeviceFeatures enabled_features{};
  enabled_features.shaderInt64 = features.shaderInt64;
  VkDeviceCreateInfo device_info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  device_info.queueCreateInfoCount = 1;
  device_info.pQueueCreateInfos = &queue_info;
  device_info.pEnabledFeatures = &enabled_features;
  // The compilers' statistics, for developers (pipeline_statistics.hpp).
  VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR executable_features{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR};
  if (pipeline_statistics_requested()) {
    if (pipeline_statistics_supported(impl->physical_device)) {
      executable_features.pipelineExecutableInfo = VK_TRUE;
      device_info.pNext = &executable_features;
      device_info.enabledExtensionCount = 1;
      device_info.ppEnabledExtensionNames = &kPipelineStatisticsExtension;
      impl->capture_statistics = true;
    } else {
      std::fprintf(stderr, "vulkan: %s has no %s; ZKMSM_VULKAN_PIPELINE_STATS ignored\n", info.name.c_str(),
                   kPipelineStatisticsExtension);
    }
  }
  if (const VkResult r = vkCreateDevice(impl->physical_device, &device_info, nullptr, &impl->device); r != VK_SUCCESS) {
    impl->device = VK_NULL_HANDLE;
    return vulkan_error("vkCreateDevice on " + info.name, r);
  }
  vkGetDeviceQueue(impl->device, impl->queue_family, 0, &impl->queue);

  out.reset(new Context(std::move(impl)));
  return Status::success();
}

std::size_t Context::pipelines_created() const {
  std::lock_guard lock(impl_->pipelines_mutex);
  return impl_->pipelines.size();
}

Status Context::pipeline(const Pipeline*& out, ShaderId shader, std::span<const std::uint32_t> specialization) {
  out = nullptr;
  if (static_cast<std::uint32_t>(shader) >= static_cast<std::uint32_t>(ShaderId::count)) {
    return Status::error(StatusCode::invalid_argument, "vulkan: unknown shader id");
  }
  Impl& im = *impl_;
  Impl::PipelineKey key{shader, std::vector<std::uint32_t>(specialization.begin(), specialization.end())};
  std::lock_guard lock(im.pipelines_mutex);
  if (auto found = im.pipelines.find(key); found != im.pipelines.end()) {
    out = found->second.get();
    return Status::success();
  }
  const ShaderInfo& shader_desc = shader_info(shader);
  if (shader_desc.storage_buffers > im.info.max_storage_buffers_per_stage) {
    return Status::error(StatusCode::unsupported, std::string("vulkan: shader ") + shader_desc.name + " needs " +
                                                      std::to_string(shader_desc.storage_buffers) +
                                                      " storage buffers, the device allows " +
                                                      std::to_string(im.info.max_storage_buffers_per_stage));
  }
  if (shader_desc.workgroup_memory_bytes > im.info.max_workgroup_memory_bytes) {
    return Status::error(StatusCode::unsupported, std::string("vulkan: shader ") + shader_desc.name +
                                                      " needs more workgroup memory than the device has");
  }

  auto p = std::make_unique<Pipeline>();
  p->shader = shader;
  p->storage_buffers = shader_desc.storage_buffers;
  p->push_constant_bytes = shader_desc.push_constant_bytes;
  VkDevice device = im.device;
  // Destroys whatever was created when a later step fails.
  auto fail = [&](const std::string& what, VkResult r) {
    if (p->pipeline != VK_NULL_HANDLE) vkDestroyPipeline(device, p->pipeline, nullptr);
    if (p->layout != VK_NULL_HANDLE) vkDestroyPipelineLayout(device, p->layout, nullptr);
    if (p->set_layout != VK_NULL_HANDLE) vkDestroyDescriptorSetLayout(device, p->set_layout, nullptr);
    return vulkan_error(what + " for " + shader_desc.name, r);
  };

  std::vector<VkDescriptorSetLayoutBinding> bindings(shader_desc.storage_buffers);
  for (std::uint32_t i = 0; i < shader_desc.storage_buffers; ++i) {
    bindings[i] = {i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
  }
  VkDescriptorSetLayoutCreateInfo set_info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  set_info.bindingCount = shader_desc.storage_buffers;
  set_info.pBindings = bindings.data();
  if (const VkResult r = vkCreateDescriptorSetLayout(device, &set_info, nullptr, &p->set_layout); r != VK_SUCCESS) {
    p->set_layout = VK_NULL_HANDLE;
    return fail("vkCreateDescriptorSetLayout", r);
  }

  VkPushConstantRange push_range{VK_SHADER_STAGE_COMPUTE_BIT, 0, shader_desc.push_constant_bytes};
  VkPipelineLayoutCreateInfo layout_info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layout_info.setLayoutCount = 1;
  layout_info.pSetLayouts = &p->set_layout;
  layout_info.pushConstantRangeCount = shader_desc.push_constant_bytes > 0 ? 1 : 0;
  layout_info.pPushConstantRanges = &push_range;
  if (const VkResult r = vkCreatePipelineLayout(device, &layout_info, nullptr, &p->layout); r != VK_SUCCESS) {
    p->layout = VK_NULL_HANDLE;
    return fail("vkCreatePipelineLayout", r);
  }

  VkShaderModuleCreateInfo module_info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  const std::span<const std::uint32_t> spirv =
      im.info.field_form == FieldForm::int64 && !shader_desc.spirv_int64.empty() ? shader_desc.spirv_int64
                                                                                 : shader_desc.spirv;
  module_info.codeSize = spirv.size_bytes();
  module_info.pCode = spirv.data();
  VkShaderModule module = VK_NULL_HANDLE;
  if (const VkResult r = vkCreateShaderModule(device, &module_info, nullptr, &module); r != VK_SUCCESS) {
    return fail("vkCreateShaderModule", r);
  }

  std::vector<VkSpecializationMapEntry> entries(key.second.size());
  for (std::uint32_t i = 0; i < entries.size(); ++i) {
    entries[i] = {i, static_cast<std::uint32_t>(i * sizeof(std::uint32_t)), sizeof(std::uint32_t)};
  }
  VkSpecializationInfo specialization_info{static_cast<std::uint32_t>(entries.size()), entries.data(),
                                           key.second.size() * sizeof(std::uint32_t), key.second.data()};
  VkComputePipelineCreateInfo pipeline_info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  pipeline_info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  pipeline_info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  pipeline_info.stage.module = module;
  pipeline_info.stage.pName = "main";
  pipeline_info.stage.pSpecializationInfo = entries.empty() ? nullptr : &specialization_info;
  pipeline_info.layout = p->layout;
  if (im.capture_statistics) pipeline_info.flags |= VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR;
  const VkResult r = vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &pipeline_info, nullptr, &p->pipeline);
  vkDestroyShaderModule(device, module, nullptr);
  if (r != VK_SUCCESS) {
    p->pipeline = VK_NULL_HANDLE;
    return fail("vkCreateComputePipelines", r);
  }
  if (im.capture_statistics) print_pipeline_statistics(device, p->pipeline, shader_desc.name);
  out = p.get();
  im.pipelines.emplace(std::move(key), std::move(p));
  return Status::success();
}

}  // namespace zkmsm::vulkan
