// The WebGPU device of the module (webgpu_context.hpp).
#include "msm/webgpu/webgpu_context.hpp"

#include <emscripten.h>
#include <emscripten/html5_webgpu.h>

#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

#include "msm/webgpu/wgsl_word_loops.hpp"

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

// The longest error message kept from the device (longer ones are cut).
constexpr int kMessageBytes = 1024;

// Pops the `count` innermost error scopes of `device` (innermost first, all popped before the one
// suspension) and waits for them: -1 when none caught an error, else the index of the first that
// did, its message in `message`.
// clang-format off
EM_ASYNC_JS(int, await_error_scopes, (WGPUDevice device, int count, char* message, int capacity), {
  const gpu = WebGPU.mgrDevice.get(device);
  const popped = [];
  for (let i = 0; i < count; i++) popped.push(gpu.popErrorScope().catch((e) => e));
  const errors = await Promise.all(popped);
  for (let i = 0; i < count; i++) {
    if (errors[i]) {
      stringToUTF8(String(errors[i].message || errors[i]), message, capacity);
      return i;
    }
  }
  return -1;
});
// clang-format on

// Waits until `queue` has run everything submitted, and for the innermost error scope of `device`
// when pop_scope (one suspension for both): 0 when both came back clean, 1 when the scope caught
// an error (its message in `message`), 2 when the queue failed.
// clang-format off
EM_ASYNC_JS(int, await_queue, (WGPUDevice device, WGPUQueue queue, int pop_scope, char* message, int capacity), {
  const popped = pop_scope ? WebGPU.mgrDevice.get(device).popErrorScope().catch((e) => e) : null;
  const done = WebGPU.mgrQueue.get(queue).onSubmittedWorkDone().then(() => true, () => false);
  const [error, finished] = await Promise.all([popped, done]);
  if (error) {
    stringToUTF8(String(error.message || error), message, capacity);
    return 1;
  }
  return finished ? 0 : 2;
});
// clang-format on

// Maps the first `bytes` of `buffer` for `mode` (WGPUMapMode) and waits, with the innermost error
// scope of `device` when pop_scope (one suspension for both): 0 when mapped and clean, 1 when the
// scope caught an error (message in `message`), 2 when the map failed. The glue's state of the
// buffer (mapMode, onUnmap) is set as its own wgpuBufferMapAsync does, so that
// wgpuBufferGetConstMappedRange and wgpuBufferUnmap work on it.
// clang-format off
EM_ASYNC_JS(int, await_map, (WGPUDevice device, WGPUBuffer buffer, int mode, std::size_t bytes, int pop_scope,
                             char* message, int capacity), {
  const wrapper = WebGPU.mgrBuffer.objects[buffer];
  wrapper.mapMode = mode;
  wrapper.onUnmap = [];
  const popped = pop_scope ? WebGPU.mgrDevice.get(device).popErrorScope().catch((e) => e) : null;
  const mapped = wrapper.object.mapAsync(mode, 0, bytes >>> 0).then(() => null, (e) => e || 'map failed');
  const [error, failed] = await Promise.all([popped, mapped]);
  if (error) {
    stringToUTF8(String(error.message || error), message, capacity);
    return 1;
  }
  if (failed) {
    stringToUTF8(String(failed.message || failed), message, capacity);
    return 2;
  }
  return 0;
});
// clang-format on

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

WGPUBuffer Context::new_handle(std::size_t bytes, WGPUBufferUsageFlags usage) {
  WGPUBufferDescriptor descriptor{};
  descriptor.size = allocation_bytes(bytes);
  descriptor.usage = usage;
  return wgpuDeviceCreateBuffer(device_, &descriptor);
}

void Context::own(WGPUBuffer handle, std::size_t bytes, Buffer& out) {
  const std::uint64_t allocated = allocation_bytes(bytes);
  out = Buffer(handle, bytes, allocated);
  live_buffer_bytes += allocated;
  peak_buffer_bytes = std::max(peak_buffer_bytes, live_buffer_bytes);
  if (allocation_scope_open_) scope_bytes_ += allocated;
}

Status Context::create_buffer(std::size_t bytes, WGPUBufferUsageFlags usage, Buffer& out) {
  if (allocation_scope_open_) {
    own(new_handle(bytes, usage), bytes, out);
    return {};
  }
  // Out of memory, or a size above the device's maxBufferSize (a validation error).
  wgpuDevicePushErrorScope(device_, WGPUErrorFilter_Validation);
  wgpuDevicePushErrorScope(device_, WGPUErrorFilter_OutOfMemory);
  own(new_handle(bytes, usage), bytes, out);
  std::string message;
  const int scope = pop_error_scopes(2, message);
  const std::string size = " (" + std::to_string(bytes) + " bytes)";
  if (scope == 0) return Status::error("out of device memory: " + message + size, Failure::out_of_memory);
  if (scope == 1) return Status::error("a buffer of this size: " + message + size);
  return {};
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
  std::string message;
  const int scope = context_.pop_error_scopes(2, message);
  const std::string bytes = " (" + std::to_string(context_.scope_bytes_) + " bytes in all)";
  if (scope == 0) return Status::error("out of device memory: " + message + bytes, Failure::out_of_memory);
  if (scope == 1) return Status::error("a buffer the device refuses: " + message + bytes);
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

Status Context::staging_buffer(std::size_t bytes, Buffer& out) {
  return create_buffer(bytes, WGPUBufferUsage_MapWrite | WGPUBufferUsage_CopySrc, out);
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

// Writes the `bytes` of the module's memory at `data` into the mapped `staging` buffer at
// `offset`, in JavaScript (Emscripten's wgpuBufferGetMappedRange would hand out a zero-filled copy
// in the module's heap and copy it back on unmap): from the caller's array itself where
// JavaScript holds the range (webgpu_context.hpp, JavaScript-held inputs), else from the heap; 0
// when the range cannot be had.
// clang-format off
EM_JS(int, fill_mapped_staging, (WGPUBuffer staging, std::size_t offset, const void* data, std::size_t bytes), {
  try {
    const at = data >>> 0;
    const size = bytes >>> 0;
    const view = (Module["zkmsmInputViews"] || []).find((v) => v.at <= at && at + size <= v.at + v.bytes.length);
    const source = view ? view.bytes.subarray(at - view.at, at - view.at + size) : HEAPU8.subarray(at, at + size);
    new Uint8Array(WebGPU.mgrBuffer.get(staging).getMappedRange(offset >>> 0, size)).set(source);
    return 1;
  } catch (e) {
    return 0;
  }
});
// clang-format on

// Copies into the module's memory the part of [data, data + bytes) that JavaScript holds.
// clang-format off
EM_JS(void, copy_held_inputs, (const void* data, std::size_t bytes), {
  const at = data >>> 0;
  const end = at + (bytes >>> 0);
  for (const view of Module["zkmsmInputViews"] || []) {
    const from = Math.max(at, view.at);
    const to = Math.min(end, view.at + view.bytes.length);
    if (from < to) HEAPU8.set(view.bytes.subarray(from - view.at, to - view.at), from);
  }
});
// clang-format on

EM_JS(int, inputs_held_by_javascript, (), { return (Module["zkmsmInputViews"] || []).length > 0 ? 1 : 0; });

}  // namespace

bool javascript_holds_inputs() { return inputs_held_by_javascript() != 0; }

void materialize_held_inputs(const void* data, std::size_t bytes) {
  if (bytes != 0) copy_held_inputs(data, bytes);
}

void Context::open_dispatch_scope() {
  if (dispatch_scope_open_) return;
  wgpuDevicePushErrorScope(device_, WGPUErrorFilter_Validation);
  dispatch_scope_open_ = true;
}

void Context::copy(
    WGPUBuffer from, std::uint64_t from_offset, WGPUBuffer to, std::uint64_t to_offset, std::size_t bytes) {
  open_dispatch_scope();
  WGPUCommandEncoder encoder = wgpuDeviceCreateCommandEncoder(device_, nullptr);
  wgpuCommandEncoderCopyBufferToBuffer(encoder, from, from_offset, to, to_offset, bytes);
  WGPUCommandBuffer commands = wgpuCommandEncoderFinish(encoder, nullptr);
  wgpuQueueSubmit(queue_, 1, &commands);
  wgpuCommandBufferRelease(commands);
  wgpuCommandEncoderRelease(encoder);
}

Status Context::upload(const Buffer& staging, std::span<const UploadPart> parts) {
  std::size_t total = 0;
  for (const UploadPart& part : parts) {
    if (part.bytes % 4 != 0)
      return Status::error("upload: a part of " + std::to_string(part.bytes) + " bytes is not a multiple of 4");
    total += part.bytes;
  }
  if (total == 0) return {};
  if (total > staging.allocated()) return Status::error("upload: the staging buffer is smaller than the parts");
  flush();  // the recorded dispatches read what the buffers hold now
  char message[kMessageBytes] = {};
  if (await_map(device_, staging.handle(), WGPUMapMode_Write, total, 0, message, sizeof message) != 0)
    return Status::error(std::string("uploading the inputs failed: ") + message);
  std::size_t offset = 0;
  int filled = 1;
  for (const UploadPart& part : parts) {
    filled &= fill_mapped_staging(staging.handle(), offset, part.data, part.bytes);
    offset += part.bytes;
  }
  wgpuBufferUnmap(staging.handle());
  if (filled == 0)
    return Status::error("uploading the inputs failed: the staging buffer's mapped range is not available");
  offset = 0;
  for (const UploadPart& part : parts) {
    copy(staging.handle(), offset, part.to->handle(), 0, part.bytes);
    offset += part.bytes;
  }
  return {};
}

int Context::pop_error_scopes(int count, std::string& message) {
  char text[kMessageBytes] = {};
  const int caught = await_error_scopes(device_, count, text, sizeof text);
  message = text;
  return caught;
}

Status Context::pipeline(const std::string& source,
                         std::span<const BindingKind> kinds,
                         const Pipeline*& out,
                         WordLoops word_loops) {
  // Keyed by the text as written and the loop form, so a kept pipeline is found without unrolling.
  std::string key;
  for (const BindingKind kind : kinds) key += static_cast<char>('0' + static_cast<int>(kind));
  key += word_loops == WordLoops::unrolled ? "u\n" : "k\n";
  key += source;
  auto found = pipelines_.find(key);
  if (found == pipelines_.end()) {
    std::string unrolled;
    if (word_loops == WordLoops::unrolled) {
      std::string error;
      if (!unroll_word_loops(source, unrolled, error)) return Status::error("webgpu shader: " + error);
    }
    auto made = std::make_unique<Pipeline>();
    if (Status compiled = compile(word_loops == WordLoops::unrolled ? unrolled : source, kinds, *made); !compiled.ok)
      return compiled;
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
  if (std::string message; pop_error_scopes(1, message) >= 0) return Status::error("compute pipeline: " + message);
  out = std::move(pipeline);
  return {};
}

Status Context::dispatch(const Pipeline& pipeline, std::span<const Buffer* const> buffers, std::uint32_t workgroups) {
  if (buffers.size() != pipeline.bindings_) return Status::error("dispatch: the buffers do not match the bindings");
  open_dispatch_scope();
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
  const bool pop = dispatch_scope_open_;
  dispatch_scope_open_ = false;
  char message[kMessageBytes] = {};
  const int outcome = await_queue(device_, queue_, pop ? 1 : 0, message, sizeof message);
  if (outcome == 1) return Status::error(std::string(what) + ": " + message);
  if (outcome == 2) return Status::error(std::string(what) + ": the GPU did not finish");
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
  // The dispatches before it, the staging buffer and the copy into it report into one error
  // scope, awaited together with the map: one suspension.
  open_dispatch_scope();
  const std::size_t padded = (bytes + 3) / 4 * 4;
  Buffer staging;
  own(new_handle(padded, WGPUBufferUsage_MapRead | WGPUBufferUsage_CopyDst), padded, staging);
  copy(buffer.handle(), 0, staging.handle(), 0, padded);
  dispatch_scope_open_ = false;
  char message[kMessageBytes] = {};
  const int outcome = await_map(device_, staging.handle(), WGPUMapMode_Read, padded, 1, message, sizeof message);
  if (outcome == 1) return Status::error(std::string("dispatch: ") + message);
  if (outcome == 2) return Status::error(std::string("reading a buffer back failed: ") + message);
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
