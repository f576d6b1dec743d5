// The WebGPU device of the module (webgpu_context.hpp).
#include "msm/webgpu/webgpu_context.hpp"

#include <emscripten.h>
#include <emscripten/html5_webgpu.h>

#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

namespace zkmsm::webgpu {

namespace {

// The module's buffer bytes (one context, one thread): alive now and the peak since a reset.
std::uint64_t live_buffer_bytes = 0;
std::uint64_t peak_buffer_bytes = 0;

}  // namespace

Buffer& Buffer::operator=(Buffer&& other) noexcept {
  std::swap(handle_, other.handle_);
  std::swap(bytes_, other.bytes_);
  std::swap(allocated_, other.allocated_);
  return *this;
}

Buffer::~Buffer() {
  if (handle_ != nullptr) {
    Context::flush_before_destroying();  // recorded dispatches may still name it
    wgpuBufferDestroy(handle_);
    wgpuBufferRelease(handle_);
    live_buffer_bytes -= allocated_;
  }
}

Pipeline::Pipeline(Pipeline&& other) noexcept
    : pipeline_(other.pipeline_), layout_(other.layout_), bindings_(other.bindings_) {
  other.pipeline_ = nullptr;
  other.layout_ = nullptr;
}

Pipeline& Pipeline::operator=(Pipeline&& other) noexcept {
  std::swap(pipeline_, other.pipeline_);
  std::swap(layout_, other.layout_);
  std::swap(bindings_, other.bindings_);
  return *this;
}

Pipeline::~Pipeline() {
  if (pipeline_ != nullptr) wgpuComputePipelineRelease(pipeline_);
  if (layout_ != nullptr) wgpuBindGroupLayoutRelease(layout_);
}

namespace {

// A callback's result and whether it came, polled while yielding to JavaScript.
template <class T>
struct Awaited {
  bool done = false;
  T value{};
};

void wait_for(const bool& done) {
  while (!done) emscripten_sleep(0);
}

// JavaScript's Module.preinitializedWebGPUDevice is set (init({ device })).
EM_JS(int, device_was_handed, (), { return Module["preinitializedWebGPUDevice"] ? 1 : 0; });

}  // namespace

Context::Context(WGPUDevice device, WGPUQueue queue) : device_(device), queue_(queue) {
  WGPUSupportedLimits limits{};
  if (wgpuDeviceGetLimits(device_, &limits))
    max_invocations_per_workgroup_ = limits.limits.maxComputeInvocationsPerWorkgroup;
}

Context* Context::instance = nullptr;

Status Context::get(Context** out) {
  Context*& context = instance;
  if (context == nullptr) {
    if (device_was_handed() == 0) {
      return Status::error(
          "no WebGPU device: pass one to init({ device }) (navigator.gpu in a browser, the "
          "`webgpu` package in node)",
          Failure::unavailable);
    }
    const WGPUDevice device = emscripten_webgpu_get_device();
    context = new Context(device, wgpuDeviceGetQueue(device));
  }
  *out = context;
  return {};
}

Status Context::create_handle(std::size_t bytes, WGPUBufferUsageFlags usage, WGPUBuffer& out) {
  WGPUBufferDescriptor descriptor{};
  descriptor.size = allocation_bytes(bytes);
  descriptor.usage = usage;
  // Out of memory, or a size above the device's maxBufferSize (a validation error).
  if (!allocation_scope_open_) {
    wgpuDevicePushErrorScope(device_, WGPUErrorFilter_Validation);
    wgpuDevicePushErrorScope(device_, WGPUErrorFilter_OutOfMemory);
  }
  out = wgpuDeviceCreateBuffer(device_, &descriptor);
  if (allocation_scope_open_) return {};
  const Status memory = pop_errors("out of device memory");
  const Status valid = pop_errors("a buffer of this size");
  if (!memory.ok)
    return Status::error(memory.message + " (" + std::to_string(bytes) + " bytes)", Failure::out_of_memory);
  if (!valid.ok) return Status::error(valid.message + " (" + std::to_string(bytes) + " bytes)");
  return {};
}

Status Context::create_buffer(std::size_t bytes, WGPUBufferUsageFlags usage, Buffer& out) {
  WGPUBuffer handle = nullptr;
  const Status made = create_handle(bytes, usage, handle);
  const std::uint64_t allocated = allocation_bytes(bytes);
  out = Buffer(handle, bytes, allocated);
  live_buffer_bytes += allocated;
  peak_buffer_bytes = std::max(peak_buffer_bytes, live_buffer_bytes);
  if (allocation_scope_open_) scope_bytes_ += allocated;
  return made;
}

Context::AllocationScope::AllocationScope(Context& context) : context_(context) {
  wgpuDevicePushErrorScope(context_.device_, WGPUErrorFilter_Validation);
  wgpuDevicePushErrorScope(context_.device_, WGPUErrorFilter_OutOfMemory);
  context_.allocation_scope_open_ = true;
  context_.scope_bytes_ = 0;
}

Status Context::AllocationScope::close() {
  open_ = false;
  context_.allocation_scope_open_ = false;
  const std::string bytes = " (" + std::to_string(context_.scope_bytes_) + " bytes in all)";
  const Status memory = context_.pop_errors("out of device memory");
  const Status valid = context_.pop_errors("a buffer the device refuses");
  if (!memory.ok) return Status::error(memory.message + bytes, Failure::out_of_memory);
  if (!valid.ok) return Status::error(valid.message + bytes);
  return {};
}

Context::AllocationScope::~AllocationScope() {
  if (!open_) return;
  context_.allocation_scope_open_ = false;
  for (int scope = 0; scope < 2; ++scope)
    wgpuDevicePopErrorScope(
        context_.device_, [](WGPUErrorType, const char*, void*) {}, nullptr);
}

Status Context::storage_buffer(std::size_t bytes, Buffer& out) {
  return create_buffer(bytes, WGPUBufferUsage_Storage | WGPUBufferUsage_CopySrc | WGPUBufferUsage_CopyDst, out);
}

Status Context::uniform_buffer(std::size_t bytes, Buffer& out) {
  return create_buffer(bytes, WGPUBufferUsage_Uniform | WGPUBufferUsage_CopyDst, out);
}

void Context::write(const Buffer& buffer, const void* data, std::size_t bytes) {
  flush();  // the recorded dispatches read what the buffer holds now
  if (bytes % 4 == 0) {
    wgpuQueueWriteBuffer(queue_, buffer.handle(), 0, data, bytes);
    return;
  }
  std::vector<unsigned char> padded((bytes + 3) / 4 * 4, 0);
  std::memcpy(padded.data(), data, bytes);
  wgpuQueueWriteBuffer(queue_, buffer.handle(), 0, padded.data(), padded.size());
}

namespace {

// Fills the first `bytes` of the mapped staging buffer from the module's memory at `data`, in
// JavaScript (Emscripten's wgpuBufferGetMappedRange would hand out a zero-filled copy in the
// module's heap and copy it back on unmap); 0 when the range cannot be had.
EM_JS(int, fill_mapped_staging, (WGPUBuffer staging, const void* data, std::size_t bytes), {
  try {
    const range = WebGPU.mgrBuffer.get(staging).getMappedRange(0, bytes);
    new Uint8Array(range).set(HEAPU8.subarray(data >>> 0, (data >>> 0) + bytes));
    return 1;
  } catch (e) {
    return 0;
  }
});

}  // namespace

Status Context::map(WGPUBuffer buffer, WGPUMapModeFlags mode, std::size_t bytes, const char* what) {
  Awaited<WGPUBufferMapAsyncStatus> mapped;
  wgpuBufferMapAsync(
      buffer, mode, 0, bytes,
      [](WGPUBufferMapAsyncStatus status, void* user) {
        auto* awaited = static_cast<Awaited<WGPUBufferMapAsyncStatus>*>(user);
        awaited->value = status;
        awaited->done = true;
      },
      &mapped);
  wait_for(mapped.done);
  if (mapped.value != WGPUBufferMapAsyncStatus_Success)
    return Status::error(std::string(what) + " failed (map status " + std::to_string(mapped.value) + ")");
  return {};
}

Status Context::copy(WGPUBuffer from, WGPUBuffer to, std::uint64_t to_offset, std::size_t bytes, const char* what) {
  wgpuDevicePushErrorScope(device_, WGPUErrorFilter_Validation);
  WGPUCommandEncoder encoder = wgpuDeviceCreateCommandEncoder(device_, nullptr);
  wgpuCommandEncoderCopyBufferToBuffer(encoder, from, 0, to, to_offset, bytes);
  WGPUCommandBuffer commands = wgpuCommandEncoderFinish(encoder, nullptr);
  wgpuQueueSubmit(queue_, 1, &commands);
  wgpuCommandBufferRelease(commands);
  wgpuCommandEncoderRelease(encoder);
  return pop_errors(what);
}

Status Context::next_upload_staging(WGPUBuffer& out) {
  const unsigned slot = next_upload_staging_;
  next_upload_staging_ ^= 1;
  // A staging buffer whose copy may still run is mapped again only after the queue has drained
  // (mapping it with the copy in flight never completed under Dawn's Vulkan backend in node: the
  // H100 machine, 2^20, docs in BENCHMARKS.md).
  if (upload_staging_busy_[slot]) {
    if (Status drained = wait("uploading the inputs"); !drained.ok) return drained;
  }
  upload_staging_busy_[slot] = true;
  WGPUBuffer& staging = upload_staging_[slot];
  if (staging == nullptr) {
    WGPUBuffer made = nullptr;
    if (Status s = create_handle(kUploadChunkBytes, WGPUBufferUsage_MapWrite | WGPUBufferUsage_CopySrc, made); !s.ok) {
      wgpuBufferDestroy(made);
      wgpuBufferRelease(made);
      return s;
    }
    staging = made;
  }
  out = staging;
  return {};
}

void Context::set_upload_chunk_bytes(std::size_t bytes) {
  const std::size_t chunk = std::min(bytes / 4 * 4, kUploadChunkBytes);
  staged_upload_bytes_ = chunk == 0 ? kStagedUploadBytes : chunk;
  upload_chunk_bytes_ = chunk == 0 ? kUploadChunkBytes : chunk;
}

Status Context::upload(const Buffer& buffer, const void* data, std::size_t bytes) {
  if (bytes < staged_upload_bytes_ || bytes % 4 != 0) {
    write(buffer, data, bytes);
    return {};
  }
  flush();  // the recorded dispatches read what the buffer holds now
  const auto* source = static_cast<const unsigned char*>(data);
  for (std::size_t offset = 0; offset < bytes; offset += upload_chunk_bytes_) {
    const std::size_t chunk = std::min(upload_chunk_bytes_, bytes - offset);
    WGPUBuffer staging = nullptr;
    if (Status got = next_upload_staging(staging); !got.ok) return got;
    // next_upload_staging drained the queue if this buffer's last copy may still run.
    if (Status s = map(staging, WGPUMapMode_Write, chunk, "uploading the inputs"); !s.ok) return s;
    const int filled = fill_mapped_staging(staging, source + offset, chunk);
    wgpuBufferUnmap(staging);
    if (filled == 0)
      return Status::error("uploading the inputs failed: a staging buffer's mapped range is not available");
    if (Status s = copy(staging, buffer.handle(), offset, chunk, "uploading the inputs"); !s.ok) return s;
  }
  return {};
}

Status Context::pop_errors(const char* what) {
  Awaited<std::string> error;
  wgpuDevicePopErrorScope(
      device_,
      [](WGPUErrorType type, const char* message, void* user) {
        auto* awaited = static_cast<Awaited<std::string>*>(user);
        if (type != WGPUErrorType_NoError) awaited->value = message != nullptr ? message : "WebGPU error";
        awaited->done = true;
      },
      &error);
  wait_for(error.done);
  if (!error.value.empty()) return Status::error(std::string(what) + ": " + error.value);
  return {};
}

Status Context::pipeline(const std::string& source, std::span<const BindingKind> kinds, const Pipeline*& out) {
  std::string key;
  for (const BindingKind kind : kinds) key += static_cast<char>('0' + static_cast<int>(kind));
  key += '\n' + source;
  auto found = pipelines_.find(key);
  if (found == pipelines_.end()) {
    auto made = std::make_unique<Pipeline>();
    if (Status compiled = compile(source, kinds, *made); !compiled.ok) return compiled;
    found = pipelines_.emplace(std::move(key), std::move(made)).first;
  }
  out = found->second.get();
  return {};
}

Status Context::compile(const std::string& source, std::span<const BindingKind> kinds, Pipeline& out) {
  wgpuDevicePushErrorScope(device_, WGPUErrorFilter_Validation);
  WGPUShaderModuleWGSLDescriptor wgsl{};
  wgsl.chain.sType = WGPUSType_ShaderModuleWGSLDescriptor;
  wgsl.source = source.c_str();
  WGPUShaderModuleDescriptor module_descriptor{};
  module_descriptor.nextInChain = &wgsl.chain;
  WGPUShaderModule module = wgpuDeviceCreateShaderModule(device_, &module_descriptor);

  std::vector<WGPUBindGroupLayoutEntry> entries(kinds.size());
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    entries[i].binding = static_cast<std::uint32_t>(i);
    entries[i].visibility = WGPUShaderStage_Compute;
    entries[i].buffer.type = kinds[i] == BindingKind::uniform             ? WGPUBufferBindingType_Uniform
                             : kinds[i] == BindingKind::read_only_storage ? WGPUBufferBindingType_ReadOnlyStorage
                                                                          : WGPUBufferBindingType_Storage;
  }
  WGPUBindGroupLayoutDescriptor layout_descriptor{};
  layout_descriptor.entryCount = static_cast<std::uint32_t>(entries.size());
  layout_descriptor.entries = entries.data();
  Pipeline pipeline;
  pipeline.layout_ = wgpuDeviceCreateBindGroupLayout(device_, &layout_descriptor);
  pipeline.bindings_ = kinds.size();
  WGPUPipelineLayoutDescriptor pipeline_layout_descriptor{};
  pipeline_layout_descriptor.bindGroupLayoutCount = 1;
  pipeline_layout_descriptor.bindGroupLayouts = &pipeline.layout_;
  WGPUPipelineLayout pipeline_layout = wgpuDeviceCreatePipelineLayout(device_, &pipeline_layout_descriptor);
  WGPUComputePipelineDescriptor descriptor{};
  descriptor.layout = pipeline_layout;
  descriptor.compute.module = module;
  descriptor.compute.entryPoint = "main";
  pipeline.pipeline_ = wgpuDeviceCreateComputePipeline(device_, &descriptor);
  wgpuPipelineLayoutRelease(pipeline_layout);
  wgpuShaderModuleRelease(module);
  if (Status errors = pop_errors("compute pipeline"); !errors.ok) return errors;
  out = std::move(pipeline);
  return {};
}

Status Context::dispatch(const Pipeline& pipeline, std::span<const Buffer* const> buffers, std::uint32_t workgroups) {
  if (buffers.size() != pipeline.bindings_) return Status::error("dispatch: the buffers do not match the bindings");
  if (!dispatch_scope_open_) {
    wgpuDevicePushErrorScope(device_, WGPUErrorFilter_Validation);
    dispatch_scope_open_ = true;
  }
  std::vector<WGPUBindGroupEntry> entries(buffers.size());
  for (std::size_t i = 0; i < buffers.size(); ++i) {
    entries[i].binding = static_cast<std::uint32_t>(i);
    entries[i].buffer = buffers[i]->handle();
    // The whole buffer, by its size: Emscripten 3.1.6's glue turns WGPU_WHOLE_SIZE into 2^64 − 1,
    // which the WebGPU API refuses.
    entries[i].size = buffers[i]->allocated();
  }
  WGPUBindGroupDescriptor group_descriptor{};
  group_descriptor.layout = pipeline.layout_;
  group_descriptor.entryCount = static_cast<std::uint32_t>(entries.size());
  group_descriptor.entries = entries.data();
  WGPUBindGroup group = wgpuDeviceCreateBindGroup(device_, &group_descriptor);
  if (pending_encoder_ == nullptr) {
    pending_encoder_ = wgpuDeviceCreateCommandEncoder(device_, nullptr);
    pending_pass_ = wgpuCommandEncoderBeginComputePass(pending_encoder_, nullptr);
  }
  wgpuComputePassEncoderSetPipeline(pending_pass_, pipeline.pipeline_);
  wgpuComputePassEncoderSetBindGroup(pending_pass_, 0, group, 0, nullptr);
  // More workgroups than a dimension takes: rows of that many (shaders/dispatch.wgsl).
  if (workgroups != 0) {
    const std::uint32_t x = workgroups < max_workgroups_per_dimension_ ? workgroups : max_workgroups_per_dimension_;
    wgpuComputePassEncoderDispatch(pending_pass_, x, (workgroups + x - 1) / x, 1);
  }
  wgpuBindGroupRelease(group);
  return {};
}

void Context::flush() {
  if (pending_encoder_ == nullptr) return;
  wgpuComputePassEncoderEnd(pending_pass_);
  WGPUCommandBuffer commands = wgpuCommandEncoderFinish(pending_encoder_, nullptr);
  wgpuQueueSubmit(queue_, 1, &commands);
  wgpuCommandBufferRelease(commands);
  wgpuComputePassEncoderRelease(pending_pass_);
  wgpuCommandEncoderRelease(pending_encoder_);
  pending_pass_ = nullptr;
  pending_encoder_ = nullptr;
}

void Context::flush_before_destroying() {
  if (instance != nullptr) instance->flush();
}

Status Context::wait(const char* what) {
  flush();
  if (dispatch_scope_open_) {
    dispatch_scope_open_ = false;
    if (Status errors = pop_errors(what); !errors.ok) return errors;
  }
  Awaited<WGPUQueueWorkDoneStatus> done;
  wgpuQueueOnSubmittedWorkDone(
      queue_, 0,
      [](WGPUQueueWorkDoneStatus status, void* user) {
        auto* awaited = static_cast<Awaited<WGPUQueueWorkDoneStatus>*>(user);
        awaited->value = status;
        awaited->done = true;
      },
      &done);
  wait_for(done.done);
  if (done.value != WGPUQueueWorkDoneStatus_Success)
    return Status::error(std::string(what) + ": the GPU did not finish (status " + std::to_string(done.value) + ")");
  upload_staging_busy_[0] = upload_staging_busy_[1] = false;  // every copy from them has run
  return {};
}

std::uint64_t Context::live_bytes() { return live_buffer_bytes; }
std::uint64_t Context::peak_bytes() { return peak_buffer_bytes; }
void Context::reset_peak_bytes() { peak_buffer_bytes = live_buffer_bytes; }

void Context::set_max_workgroups_per_dimension(std::uint32_t workgroups) {
  max_workgroups_per_dimension_ = workgroups == 0 || workgroups > 65535 ? 65535 : workgroups;
}

Status Context::read(const Buffer& buffer, void* out, std::size_t bytes) {
  if (bytes == 0) return {};
  flush();
  if (dispatch_scope_open_) {
    dispatch_scope_open_ = false;
    if (Status errors = pop_errors("dispatch"); !errors.ok) return errors;
  }
  const std::size_t padded = (bytes + 3) / 4 * 4;
  Buffer staging;
  if (Status made = create_buffer(padded, WGPUBufferUsage_MapRead | WGPUBufferUsage_CopyDst, staging); !made.ok)
    return made;
  if (Status s = copy(buffer.handle(), staging.handle(), 0, padded, "reading a buffer back"); !s.ok) return s;
  if (Status s = map(staging.handle(), WGPUMapMode_Read, padded, "reading a buffer back"); !s.ok) return s;
  // Emscripten's glue returns 0 when the range cannot be had (it catches the exception).
  const void* range = wgpuBufferGetConstMappedRange(staging.handle(), 0, padded);
  if (range == nullptr) {
    wgpuBufferUnmap(staging.handle());
    return Status::error("reading a buffer back failed: its mapped range is not available");
  }
  std::memcpy(out, range, bytes);
  wgpuBufferUnmap(staging.handle());
  return {};
}

}  // namespace zkmsm::webgpu
