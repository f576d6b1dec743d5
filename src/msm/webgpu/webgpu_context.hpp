// The WebGPU device of the WebAssembly module and what the stages need from it: storage and
// uniform buffers, compute pipelines built from WGSL text with explicit layouts, one-dispatch
// passes, waiting for the GPU, and reading a buffer back.
//
// The device is the one JavaScript hands to init() (Module.preinitializedWebGPUDevice:
// navigator.gpu's in a browser, Dawn's `webgpu` package in node). Waiting for the GPU (a
// buffer mapped, an error scope popped, the queue's work done) yields to JavaScript's event loop
// through Asyncify (EM_ASYNC_JS functions awaiting WebGPU's promises), so an exported call that
// waits is asynchronous in JavaScript (ccall with {async: true}). Validation errors (a WGSL compile error, a bad
// binding) come back as a Status with the device's message, never as a crash.
//
// Dispatches do not wait: they are recorded into one command encoder (one compute pass, a
// dispatch per usage scope, so each sees the writes of the ones before), submitted by the next
// write(), upload(), wait() or read() — a write submits first, so that the dispatches before it
// read the buffer as it was — or before a buffer is destroyed. Their validation errors, and those
// of an upload's copies, collect in one error scope that wait() (or read()) pops: a stage records
// its dispatches and the MSM waits once per stage.
//
// A wait suspends the call once (Asyncify) and resumes when WebGPU's promise settles (the map,
// the popped error scope, the queue's submitted work, awaited together where a wait needs several):
// polling them with emscripten_sleep(0) cost a timer per poll, at least 1 ms in node and 4 ms in
// browsers once timers nest, several times per stage.
#pragma once

#include <webgpu/webgpu.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>

namespace zkmsm::webgpu {

// What went wrong, for the backend's error codes.
enum class Failure {
  device_error,      // the device refused or lost something (a validation error, a failed map)
  invalid_argument,  // a knob or a shape out of range
  unavailable,       // no device was handed to the module
  out_of_memory,     // a buffer could not be had (or the memory budget is too small)
};

// Whether a pipeline's marked word loops stay loops or are written out (Context::pipeline).
enum class WordLoops { kept, unrolled };

struct Status {
  bool ok = true;
  std::string message;
  Failure failure = Failure::device_error;
  static Status error(std::string message, Failure failure = Failure::device_error) {
    return {false, std::move(message), failure};
  }
};

// The size a buffer of `bytes` is allocated with: a multiple of 4, at least 16 (WebGPU wants sizes
// in multiples of 4 and no zero-sized bindings).
constexpr std::uint64_t allocation_bytes(std::uint64_t bytes) { return bytes < 16 ? 16 : (bytes + 3) / 4 * 4; }
// WebGPU's default maxStorageBufferBindingSize, 128 MiB, the largest buffer a stage binds: at most
// 2^25 four-byte entries per buffer (keys, values), 2^21 points of 64 bytes (BN254, Grumpkin) and
// ⌊2^27 / 96⌋ of 96 bytes (BLS12-381).
inline constexpr std::uint64_t kMaxBindingBytes = std::uint64_t{1} << 27;

// JavaScript-held inputs: web/zkmsm.mjs may leave the caller's byte arrays where they are and
// only reserve their place in the module's memory (Module.zkmsmInputViews: { at, bytes } for each,
// during one call). Context::upload reads such a range from the caller's array (one copy, into the
// staging buffer, instead of two); any other reader of the host inputs must first copy them in.
// Whether JavaScript holds inputs during this call:
bool javascript_holds_inputs();
// Copies the part of [data, data + bytes) that JavaScript holds into the module's memory (the
// inputs a host path reads: a rejected point, Montgomery scalars, another backend's whole arrays).
void materialize_held_inputs(const void* data, std::size_t bytes);

// An owned WGPUBuffer (released with its owner). bytes: what was asked for; allocated:
// allocation_bytes(bytes), the size it is bound with.
class Buffer {
 public:
  Buffer() = default;
  Buffer(WGPUBuffer handle, std::size_t bytes, std::size_t allocated)
      : handle_(handle), bytes_(bytes), allocated_(allocated) {}
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  Buffer(Buffer&& other) noexcept : handle_(other.handle_), bytes_(other.bytes_), allocated_(other.allocated_) {
    other.handle_ = nullptr;
  }
  Buffer& operator=(Buffer&& other) noexcept;
  ~Buffer();
  WGPUBuffer handle() const { return handle_; }
  std::size_t bytes() const { return bytes_; }
  std::size_t allocated() const { return allocated_; }

 private:
  WGPUBuffer handle_ = nullptr;
  std::size_t bytes_ = 0;
  std::size_t allocated_ = 0;
};

// How a shader reads a binding (its index in the list is its @binding in @group(0)).
enum class BindingKind { read_only_storage, storage, uniform };

// A compute pipeline and the layout of its one bind group.
class Pipeline {
 public:
  Pipeline() = default;
  Pipeline(const Pipeline&) = delete;
  Pipeline& operator=(const Pipeline&) = delete;
  Pipeline(Pipeline&& other) noexcept;
  Pipeline& operator=(Pipeline&& other) noexcept;
  ~Pipeline();
  bool valid() const { return pipeline_ != nullptr; }

 private:
  friend class Context;
  WGPUComputePipeline pipeline_ = nullptr;
  WGPUBindGroupLayout layout_ = nullptr;
  std::size_t bindings_ = 0;
};

class Context {
 public:
  // The module's context, or an error when JavaScript handed it no device.
  static Status get(Context** out);

  // Buffers made while an AllocationScope is open share its error scopes: one wait for the GPU
  // process when it closes instead of two per buffer (each wait a trip through the JavaScript
  // event loop, at least 4 ms in browsers once timers nest). Error scopes are a stack: while one
  // is open, only scopes pushed after it may be popped (a pipeline's compile may; a dispatch's
  // may not: make every buffer first, then dispatch).
  class AllocationScope {
   public:
    explicit AllocationScope(Context& context);
    AllocationScope(const AllocationScope&) = delete;
    AllocationScope& operator=(const AllocationScope&) = delete;
    // Pops both scopes, waiting: out of memory, or a size the device refuses, as a Status.
    Status close();
    ~AllocationScope();  // pops them without waiting when close() was not called (a failure)

   private:
    Context& context_;
    bool open_ = true;
  };

  // Zero-filled buffers: storage (bound as storage or read-only storage, copied to and from) and
  // uniform (written from the host).
  Status storage_buffer(std::size_t bytes, Buffer& out);
  Status uniform_buffer(std::size_t bytes, Buffer& out);
  // A buffer the host maps for writing (MapWrite | CopySrc): the staging of upload().
  Status staging_buffer(std::size_t bytes, Buffer& out);
  void write(const Buffer& buffer, const void* data, std::size_t bytes);
  // One part of an upload: `bytes` (a multiple of 4) of the module's memory at `data`, for the
  // start of `to`.
  struct UploadPart {
    const Buffer* to = nullptr;
    const void* data = nullptr;
    std::size_t bytes = 0;
  };
  // Copies every part to its buffer through `staging` (a staging_buffer at least as large as the
  // parts together): one map of the staging buffer (waited for), the parts written into it one
  // after another in JavaScript straight from the module's memory, then a copy per part on the
  // GPU. write() instead hands the driver the whole array, which Dawn copies into fresh staging
  // memory on every call: 96 MiB took ~100 ms on the H100 machine, where a kept mapped buffer moved
  // 24 MiB in 5.3 ms (probe, BENCHMARKS.md, WebGPU on a GPU).
  Status upload(const Buffer& staging, std::span<const UploadPart> parts);

  // The pipeline of the WGSL `source`'s entry point `main` with @group(0) bindings of `kinds`,
  // compiled on first use and kept with the context (a shader compile costs seconds on
  // software adapters): later calls with the same text return the same pipeline. `word_loops`
  // unrolled: the source's marked word loops written out first (wgsl_word_loops.hpp; the hot
  // shaders: the xyzz walker, walker_combine, split_windows).
  Status pipeline(const std::string& source,
                  std::span<const BindingKind> kinds,
                  const Pipeline*& out,
                  WordLoops word_loops = WordLoops::kept);
  // One pass of `workgroups` workgroups of `pipeline` over `buffers` (bound in order); above
  // 65,535 workgroups in rows of 65,535 (the kernel reads shaders/dispatch.wgsl's linear indices).
  Status dispatch(const Pipeline& pipeline, std::span<const Buffer* const> buffers, std::uint32_t workgroups);
  // Submits the recorded dispatches, if any.
  void flush();
  // Waits until the GPU has run everything submitted; the first validation error of the
  // dispatches since the last wait, if any, comes back with `what` (the stage) in front.
  Status wait(const char* what);
  // Copies the first `bytes` of `buffer` to `out`, waiting for the GPU (and for the dispatches
  // before it, whose errors it returns).
  Status read(const Buffer& buffer, void* out, std::size_t bytes);

  // Bytes of the buffers alive now (allocated sizes), and the most alive at once since
  // reset_peak_bytes(): the measured peak of an MSM.
  static std::uint64_t live_bytes();
  static std::uint64_t peak_bytes();
  static void reset_peak_bytes();

  // The device's maxComputeInvocationsPerWorkgroup (256 by WebGPU's defaults, 128 on
  // compatibility-mode devices).
  std::uint32_t max_invocations_per_workgroup() const { return max_invocations_per_workgroup_; }

  // Test hook: the row length of large dispatches (default and maximum 65,535, WebGPU's
  // maxComputeWorkgroupsPerDimension), lowered so that small tests dispatch in rows.
  void set_max_workgroups_per_dimension(std::uint32_t workgroups);

 private:
  Context(WGPUDevice device, WGPUQueue queue);
  friend class Buffer;
  // The module's context, once made (Buffer's destructor submits its recorded dispatches).
  static Context* instance;
  static void flush_before_destroying();
  // A buffer of allocation_bytes(bytes), counted in live_bytes(); errors come back here unless an
  // AllocationScope is open (then its close() reports them).
  Status create_buffer(std::size_t bytes, WGPUBufferUsageFlags usage, Buffer& out);
  // A handle of allocation_bytes(bytes), its errors left to the error scope open at the time.
  WGPUBuffer new_handle(std::size_t bytes, WGPUBufferUsageFlags usage);
  // Wraps a new handle in `out` and counts it in live_bytes().
  void own(WGPUBuffer handle, std::size_t bytes, Buffer& out);
  // Opens the dispatches' error scope unless it is open.
  void open_dispatch_scope();
  // Submits a copy of `bytes` from `from` at from_offset to `to` at to_offset; its validation
  // error comes back with the next wait() or read().
  void copy(WGPUBuffer from, std::uint64_t from_offset, WGPUBuffer to, std::uint64_t to_offset, std::size_t bytes);
  Status compile(const std::string& source, std::span<const BindingKind> kinds, Pipeline& out);
  // Pops the `count` innermost error scopes, waiting once: -1 when none caught an error, else the
  // index of the first that did (innermost first), its message in `message`.
  int pop_error_scopes(int count, std::string& message);
  WGPUDevice device_;
  WGPUQueue queue_;
  std::uint32_t max_workgroups_per_dimension_ = 65535;
  std::uint32_t max_invocations_per_workgroup_ = 128;
  WGPUCommandEncoder pending_encoder_ = nullptr;  // the recorded dispatches, not yet submitted
  WGPUComputePassEncoder pending_pass_ = nullptr;
  bool dispatch_scope_open_ = false;                            // an error scope pushed by a dispatch, popped by wait()
  bool allocation_scope_open_ = false;                          // an AllocationScope's scopes are pushed
  std::uint64_t scope_bytes_ = 0;                               // bytes asked for inside it
  std::map<std::string, std::unique_ptr<Pipeline>> pipelines_;  // by binding kinds + source
};

}  // namespace zkmsm::webgpu
