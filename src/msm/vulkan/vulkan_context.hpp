// A Vulkan device opened for compute: instance, the chosen physical device (device_selection.hpp),
// one compute queue, a command pool, and the cache of compute pipelines keyed by
// (shader, specialization constants). Plain C++: no Vulkan header here, so the API layer can
// include it; the Vulkan objects live in Context::Impl (vulkan_context_impl.hpp).
//
// Thread safety: pipeline() may be called from several threads; submissions to the one queue
// (CommandBatch::submit_and_wait) are serialised inside the context.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "msm/vulkan/device_selection.hpp"
#include "msm/vulkan/field_form.hpp"
#include "msm/vulkan/shader_registry.hpp"
#include "msm/vulkan/vulkan_status.hpp"

namespace zkmsm::vulkan {

struct ContextOptions {
  DevicePreference preference = DevicePreference::automatic;  // ZKMSM_VULKAN_DEVICE may override automatic
  bool enable_validation = false;                             // VK_LAYER_KHRONOS_validation when installed (debugging)
  FieldForm field_form = FieldForm::automatic;                // ZKMSM_VULKAN_FIELD may override automatic
};

// What the chosen device offers, read once when the context is created.
struct DeviceInfo {
  std::string name;
  DeviceKind kind = DeviceKind::other;
  std::uint32_t api_version = 0;                       // VK_MAKE_API_VERSION layout
  bool timestamps = false;                             // the compute queue has timestamp queries
  double timestamp_period_ns = 0;                      // nanoseconds per timestamp tick
  std::uint32_t max_storage_buffers_per_stage = 0;     // maxPerStageDescriptorStorageBuffers
  std::uint32_t max_workgroup_memory_bytes = 0;        // maxComputeSharedMemorySize
  std::uint32_t max_workgroup_invocations = 0;         // maxComputeWorkGroupInvocations
  std::array<std::uint32_t, 3> max_workgroup_count{};  // maxComputeWorkGroupCount
  std::uint64_t max_storage_buffer_range = 0;          // maxStorageBufferRange (bytes one binding sees)
  bool shader_int64 = false;                           // 64-bit integers in shaders (shaderInt64)
  FieldForm field_form = FieldForm::int32;             // the form every pipeline runs: int32 or int64
};

// A compute pipeline from the cache; owned by its Context, valid as long as the context.
class Pipeline;

class Context {
 public:
  // Opens a device. Without a Vulkan driver or an allowed device, returns an error status
  // (no_vulkan, no_device, unsupported) and leaves `out` empty.
  static Status create(std::unique_ptr<Context>& out, const ContextOptions& options = {});
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  const DeviceInfo& info() const;

  // The pipeline of `shader` with specialization constants constant_id i = specialization[i]
  // (32-bit each), created on first use and cached; the same key returns the same object.
  Status pipeline(const Pipeline*& out, ShaderId shader, std::span<const std::uint32_t> specialization = {});
  // Number of pipelines created so far (tests of the cache).
  std::size_t pipelines_created() const;

  struct Impl;
  Impl& impl() { return *impl_; }

 private:
  explicit Context(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace zkmsm::vulkan
