// Where the pipeline's kernels run. The pipeline (pipeline.cuh) is written once against this
// small interface; kernels are functors with a `ZKMSM_HOST_DEVICE void operator()(u64 index)`.
//
//   DeviceExec — the real backend: one CUDA stream (the caller's, or one of its own), allocations
//                from a stream-ordered memory pool, each for_each a kernel launch, the sort is
//                CUB's DeviceRadixSort, stage times from CUDA events. Every CUDA call is checked.
//   HostExec   — the same pipeline as plain host loops (std::stable_sort for the sort). It
//                exists to test the pipeline's logic (plan, walker, partial combine, reduction)
//                on machines without a GPU; it is slow and never used by the API.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <numeric>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include "msm/common/elapsed_time.hpp"
#include "msm/cuda/cuda_msm.hpp"
#include "msm/cuda/host_to_device_copy.hpp"

namespace zkmsm::cuda::detail {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

enum Stage : int {
  kUpload,
  kDecompose,
  kSort,
  kPlan,
  kAccumulate,  // the walker and the partial combine (reported together, ARCHITECTURE.md, "The pipeline")
  kReduce,
  kCombine,
  kDownload,
  kCombinePartials,  // the partial-combine part of kAccumulate, also reported on its own
  kConvertInputs,    // device inputs converted to the pipeline's form and validated
  kStageCount,
};
inline constexpr const char* kStageNames[kStageCount] = {"upload_inputs",
                                                         "decompose_scalars",
                                                         "sort_by_bucket",
                                                         "plan",
                                                         "accumulate_buckets",
                                                         "reduce_buckets",
                                                         "combine_windows",
                                                         "download_result",
                                                         "accumulate_buckets.combine_partials",
                                                         "convert_inputs"};

inline CudaStatus failure(std::string message, bool out_of_memory = false) {
  return CudaStatus{false, out_of_memory, std::move(message)};
}

inline CudaStatus cuda_failure(cudaError_t error, const char* what) {
  const bool oom = error == cudaErrorMemoryAllocation;
  return failure(
      std::string("CUDA error in ") + what + ": " + cudaGetErrorName(error) + " (" + cudaGetErrorString(error) + ")",
      oom);
}

// Evaluates a cudaError_t expression; returns a failed CudaStatus from the enclosing function.
#define ZKMSM_CUDA_CHECK(expr)                                                           \
  do {                                                                                   \
    const cudaError_t zkmsm_cuda_error_ = (expr);                                        \
    if (zkmsm_cuda_error_ != cudaSuccess) return cuda_failure(zkmsm_cuda_error_, #expr); \
  } while (0)

// Evaluates a CudaStatus expression; returns it from the enclosing function when it failed.
#define ZKMSM_TRY(expr)                          \
  do {                                           \
    CudaStatus zkmsm_status_ = (expr);           \
    if (!zkmsm_status_.ok) return zkmsm_status_; \
  } while (0)

// Test hook: device allocations beyond this many bytes in one call fail as out of memory
// (0 = no limit). Lets the tests reach the out-of-memory path on a 141 GB card.
inline std::size_t& simulated_device_limit() {
  static std::size_t limit = 0;
  return limit;
}

template <class F>
__global__ void for_each_kernel(F f, u64 count) {
  const u64 index = static_cast<u64>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (index < count) f(index);
}

// The same with a register cap: at most kMaxThreads per block, at least kMinBlocks such blocks
// resident per SM (ptxas limits registers to 65536 / (kMaxThreads · kMinBlocks)).
template <class F, int kMaxThreads, int kMinBlocks>
__global__ void __launch_bounds__(kMaxThreads, kMinBlocks) for_each_kernel_bounded(F f, u64 count) {
  const u64 index = static_cast<u64>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (index < count) f(index);
}

// Experiment hook: the global-state walker's register cap (0 = the plan's, 1 = none, 3 or 4 =
// kMinBlocks of 256-thread blocks). Set through detail::set_walker_min_blocks.
inline unsigned& walker_min_blocks() {
  static unsigned value = 0;
  return value;
}

// Threads per block of the point-arithmetic kernels (combine_partials, reduce_buckets), which use
// 130–170 registers: with 256 a multiprocessor holds one block (8 warps), with 128 three (12).
// Experiment hook: detail::set_point_kernel_threads_per_block.
inline unsigned& point_kernel_threads_per_block() {
  static unsigned value = 128;
  return value;
}

// Experiment hook: host threads filling the pinned staging chunks of host uploads (0 = the
// default, kStagingThreads capped by the hardware). Set through detail::set_staging_threads.
inline unsigned& staging_threads() {
  static unsigned value = 0;
  return value;
}

class DeviceExec {
 public:
  static constexpr bool kOnDevice = true;

  // Work goes to `stream` (a cudaStream_t) when given; else init() creates a non-blocking stream
  // that the destructor destroys.
  explicit DeviceExec(void* stream = nullptr) : external_stream_(static_cast<cudaStream_t>(stream)) {}
  DeviceExec(const DeviceExec&) = delete;
  DeviceExec& operator=(const DeviceExec&) = delete;
  ~DeviceExec() { release(); }

  CudaStatus init() {
    int device = 0;
    ZKMSM_CUDA_CHECK(cudaGetDevice(&device));
    ZKMSM_TRY(pool_for_device(device, &pool_));
    if (external_stream_ != nullptr) {
      stream_ = external_stream_;
    } else {
      ZKMSM_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
      owns_stream_ = true;
    }
    return {};
  }

  template <class T>
  CudaStatus alloc(T*& ptr, std::size_t count) {
    const std::size_t bytes = std::max<std::size_t>(count * sizeof(T), 16);
    if (simulated_device_limit() != 0 && allocated_ + bytes > simulated_device_limit()) {
      return failure("device allocation of " + std::to_string(bytes) + " bytes exceeds the simulated limit", true);
    }
    void* raw = nullptr;
    cudaError_t error = cudaMallocFromPoolAsync(&raw, bytes, pool_, stream_);
    if (error == cudaErrorMemoryAllocation) {
      // The pool may hold freed blocks of earlier calls in the wrong sizes: return them, retry.
      (void)cudaGetLastError();
      ZKMSM_CUDA_CHECK(cudaStreamSynchronize(stream_));
      ZKMSM_CUDA_CHECK(cudaMemPoolTrimTo(pool_, 0));
      error = cudaMallocFromPoolAsync(&raw, bytes, pool_, stream_);
    }
    if (error != cudaSuccess) {
      (void)cudaGetLastError();
      return failure("device allocation of " + std::to_string(bytes) + " bytes failed after " +
                         std::to_string(allocated_) + " bytes: " + cudaGetErrorString(error),
                     error == cudaErrorMemoryAllocation);
    }
    allocations_.push_back(raw);
    allocated_ += bytes;
    ptr = static_cast<T*>(raw);
    return {};
  }

  CudaStatus memset(void* ptr, int value, std::size_t bytes) {
    ZKMSM_CUDA_CHECK(cudaMemsetAsync(ptr, value, bytes, stream_));
    return {};
  }
  // From host memory or memory of any device of this process (unified addressing); pageable host
  // memory through the pinned staging ring (host_to_device_copy.hpp: staged sources are no longer
  // read when these return, direct ones until the stream reaches the copies).
  CudaStatus upload(void* device_ptr, const void* source, std::size_t bytes) {
    const HostToDeviceCopy copy = contiguous_copy(device_ptr, source, bytes);
    return upload_copies(std::span<const HostToDeviceCopy>(&copy, 1));
  }
  CudaStatus upload_copies(std::span<const HostToDeviceCopy> copies) {
    return copy_host_to_device(copies, stream_, staging_threads());
  }
  CudaStatus download(void* host_ptr, const void* device_ptr, std::size_t bytes) {
    ZKMSM_CUDA_CHECK(cudaMemcpyAsync(host_ptr, device_ptr, bytes, cudaMemcpyDeviceToHost, stream_));
    return {};
  }

  template <class F>
  CudaStatus for_each(u64 count, unsigned threads_per_block, const F& f) {
    if (count == 0) return {};
    const u64 blocks = (count + threads_per_block - 1) / threads_per_block;
    if (blocks > 0x7fffffffu) return failure("kernel grid too large");
    // A block must fit the kernel's registers: ask the runtime once per kernel.
    static const int max_threads = [] {
      cudaFuncAttributes attributes{};
      return cudaFuncGetAttributes(&attributes, for_each_kernel<F>) == cudaSuccess ? attributes.maxThreadsPerBlock : 0;
    }();
    if (max_threads == 0) ZKMSM_CUDA_CHECK(cudaGetLastError());
    if (static_cast<int>(threads_per_block) > max_threads) {
      return failure("a block of " + std::to_string(threads_per_block) + " threads exceeds this kernel's limit of " +
                     std::to_string(max_threads) + " (registers); use fewer threads per block");
    }
    for_each_kernel<F><<<static_cast<unsigned>(blocks), threads_per_block, 0, stream_>>>(f, count);
    ZKMSM_CUDA_CHECK(cudaGetLastError());
    return {};
  }

  template <int kMaxThreads, int kMinBlocks, class F>
  CudaStatus for_each_bounded(u64 count, unsigned threads_per_block, const F& f) {
    if (count == 0) return {};
    if (threads_per_block > static_cast<unsigned>(kMaxThreads)) {
      return failure("a block of " + std::to_string(threads_per_block) + " threads exceeds the walker's bound of " +
                     std::to_string(kMaxThreads));
    }
    const u64 blocks = (count + threads_per_block - 1) / threads_per_block;
    if (blocks > 0x7fffffffu) return failure("kernel grid too large");
    for_each_kernel_bounded<F, kMaxThreads, kMinBlocks>
        <<<static_cast<unsigned>(blocks), threads_per_block, 0, stream_>>>(f, count);
    ZKMSM_CUDA_CHECK(cudaGetLastError());
    return {};
  }

  // Bytes of temporary storage SortPairs needs for `count` items.
  CudaStatus sort_temp_bytes(int count, int end_bit, std::size_t* bytes) {
    cub::DoubleBuffer<u32> keys(nullptr, nullptr), values(nullptr, nullptr);
    ZKMSM_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, *bytes, keys, values, count, 0, end_bit, stream_));
    return {};
  }

  // Sorts (keys, values) by the low end_bit bits of the keys; *sorted_in_alt tells which of the
  // two buffers holds the result.
  CudaStatus sort_pairs(u32* keys,
                        u32* keys_alt,
                        u32* values,
                        u32* values_alt,
                        int count,
                        int end_bit,
                        void* temp,
                        std::size_t temp_bytes,
                        bool* sorted_in_alt) {
    cub::DoubleBuffer<u32> key_buffer(keys, keys_alt), value_buffer(values, values_alt);
    ZKMSM_CUDA_CHECK(
        cub::DeviceRadixSort::SortPairs(temp, temp_bytes, key_buffer, value_buffer, count, 0, end_bit, stream_));
    *sorted_in_alt = key_buffer.selector != 0;
    if ((key_buffer.selector != 0) != (value_buffer.selector != 0)) return failure("CUB sort buffers disagree");
    return {};
  }

  // Bytes of temporary storage ExclusiveSum needs for `count` words.
  CudaStatus scan_temp_bytes(int count, std::size_t* bytes) {
    ZKMSM_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, *bytes, static_cast<const u32*>(nullptr),
                                                   static_cast<u32*>(nullptr), count, stream_));
    return {};
  }

  // out[i] = Σ_{j < i} in[j] for i < count.
  CudaStatus exclusive_scan(const u32* in, u32* out, int count, void* temp, std::size_t temp_bytes) {
    ZKMSM_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(temp, temp_bytes, in, out, count, stream_));
    return {};
  }

  CudaStatus stage_begin(Stage stage) {
    cudaEvent_t start = nullptr;
    ZKMSM_CUDA_CHECK(cudaEventCreate(&start));
    events_.push_back({stage, start, nullptr});
    ZKMSM_CUDA_CHECK(cudaEventRecord(start, stream_));
    return {};
  }
  CudaStatus stage_end(Stage stage) {
    if (events_.empty() || events_.back().stage != stage || events_.back().stop != nullptr) {
      return failure("stage timing out of order");
    }
    ZKMSM_CUDA_CHECK(cudaEventCreate(&events_.back().stop));
    ZKMSM_CUDA_CHECK(cudaEventRecord(events_.back().stop, stream_));
    return {};
  }

  // Waits for everything queued so far (e.g. a download the host is about to read).
  CudaStatus synchronize() {
    ZKMSM_CUDA_CHECK(cudaStreamSynchronize(stream_));
    ZKMSM_CUDA_CHECK(cudaGetLastError());
    return {};
  }

  // Waits for the stream and adds each stage's device time to stage_ms.
  CudaStatus finish(double* stage_ms) {
    ZKMSM_CUDA_CHECK(cudaStreamSynchronize(stream_));
    ZKMSM_CUDA_CHECK(cudaGetLastError());
    for (const TimedStage& t : events_) {
      float ms = 0;
      ZKMSM_CUDA_CHECK(cudaEventElapsedTime(&ms, t.start, t.stop));
      stage_ms[t.stage] += ms;
    }
    return {};
  }

  std::size_t allocated_bytes() const { return allocated_; }

  // The pool keeps freed memory for the next call (release threshold = unlimited), so repeated
  // MSMs of similar sizes do not pay for cudaMalloc; msm() trims it when an allocation fails.
  static CudaStatus pool_for_device(int device, cudaMemPool_t* pool) {
    static std::mutex mutex;
    static std::vector<std::pair<int, cudaMemPool_t>> pools;
    std::lock_guard<std::mutex> lock(mutex);
    for (const auto& [d, p] : pools) {
      if (d == device) {
        *pool = p;
        return {};
      }
    }
    cudaMemPoolProps props{};
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = device;
    ZKMSM_CUDA_CHECK(cudaMemPoolCreate(pool, &props));
    std::uint64_t threshold = ~std::uint64_t{0};
    ZKMSM_CUDA_CHECK(cudaMemPoolSetAttribute(*pool, cudaMemPoolAttrReleaseThreshold, &threshold));
    pools.push_back({device, *pool});
    return {};
  }

 private:
  struct TimedStage {
    Stage stage;
    cudaEvent_t start;
    cudaEvent_t stop;
  };

  void release() {
    // Frees are stream-ordered: they wait for the kernels that use the memory.
    for (void* p : allocations_) (void)cudaFreeAsync(p, stream_);
    for (const TimedStage& t : events_) {
      if (t.start != nullptr) (void)cudaEventDestroy(t.start);
      if (t.stop != nullptr) (void)cudaEventDestroy(t.stop);
    }
    if (stream_ != nullptr) {
      (void)cudaStreamSynchronize(stream_);
      if (owns_stream_) (void)cudaStreamDestroy(stream_);
    }
    (void)cudaGetLastError();
  }

  cudaStream_t external_stream_ = nullptr;
  cudaStream_t stream_ = nullptr;
  bool owns_stream_ = false;
  cudaMemPool_t pool_ = nullptr;
  std::vector<void*> allocations_;
  std::size_t allocated_ = 0;
  std::vector<TimedStage> events_;
};

class HostExec {
 public:
  static constexpr bool kOnDevice = false;

  CudaStatus init() { return {}; }

  template <class T>
  CudaStatus alloc(T*& ptr, std::size_t count) {
    const std::size_t bytes = std::max<std::size_t>(count * sizeof(T), 16);
    if (simulated_device_limit() != 0 && allocated_ + bytes > simulated_device_limit()) {
      return failure("allocation of " + std::to_string(bytes) + " bytes exceeds the simulated limit", true);
    }
    // Filled with a pattern, not zeros: the pipeline must initialise what it reads.
    auto block = std::make_unique<unsigned char[]>(bytes);
    std::memset(block.get(), 0xa5, bytes);
    ptr = reinterpret_cast<T*>(block.get());
    blocks_.push_back(std::move(block));
    allocated_ += bytes;
    return {};
  }
  CudaStatus memset(void* ptr, int value, std::size_t bytes) {
    std::memset(ptr, value, bytes);
    return {};
  }
  CudaStatus upload(void* dst, const void* src, std::size_t bytes) {
    std::memcpy(dst, src, bytes);
    return {};
  }
  CudaStatus upload_copies(std::span<const HostToDeviceCopy> copies) {
    for (const HostToDeviceCopy& copy : copies) {
      auto* out = static_cast<unsigned char*>(copy.device_destination);
      for (std::size_t r = 0; r < copy.rows; ++r)
        std::memcpy(out + r * copy.row_bytes, static_cast<const unsigned char*>(copy.source) + r * copy.source_pitch,
                    copy.row_bytes);
    }
    return {};
  }
  CudaStatus download(void* dst, const void* src, std::size_t bytes) {
    std::memcpy(dst, src, bytes);
    return {};
  }
  template <class F>
  CudaStatus for_each(u64 count, unsigned, const F& f) {
    for (u64 i = 0; i < count; ++i) f(i);
    return {};
  }
  template <int, int, class F>
  CudaStatus for_each_bounded(u64 count, unsigned threads_per_block, const F& f) {
    return for_each(count, threads_per_block, f);
  }
  CudaStatus sort_temp_bytes(int, int, std::size_t* bytes) {
    *bytes = 16;
    return {};
  }
  CudaStatus sort_pairs(u32* keys,
                        u32* keys_alt,
                        u32* values,
                        u32* values_alt,
                        int count,
                        int end_bit,
                        void*,
                        std::size_t,
                        bool* sorted_in_alt) {
    const u32 mask = end_bit >= 32 ? ~u32{0} : (u32{1} << end_bit) - 1;
    std::vector<u32> order(static_cast<std::size_t>(count));
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](u32 a, u32 b) { return (keys[a] & mask) < (keys[b] & mask); });
    for (int i = 0; i < count; ++i) {
      keys_alt[i] = keys[order[i]];
      values_alt[i] = values[order[i]];
    }
    *sorted_in_alt = true;
    return {};
  }
  CudaStatus scan_temp_bytes(int, std::size_t* bytes) {
    *bytes = 16;
    return {};
  }
  CudaStatus exclusive_scan(const u32* in, u32* out, int count, void*, std::size_t) {
    u32 sum = 0;
    for (int i = 0; i < count; ++i) {
      const u32 word = in[i];
      out[i] = sum;
      sum += word;
    }
    return {};
  }
  CudaStatus stage_begin(Stage stage) {
    current_ = stage;
    start_ = backend::Clock::now();
    return {};
  }
  CudaStatus stage_end(Stage stage) {
    if (stage != current_) return failure("stage timing out of order");
    ms_[stage] += backend::elapsed_ms(start_);
    return {};
  }
  CudaStatus synchronize() { return {}; }
  CudaStatus finish(double* stage_ms) {
    for (int s = 0; s < kStageCount; ++s) stage_ms[s] += ms_[s];
    return {};
  }
  std::size_t allocated_bytes() const { return allocated_; }

 private:
  std::vector<std::unique_ptr<unsigned char[]>> blocks_;
  std::size_t allocated_ = 0;
  Stage current_ = kUpload;
  backend::Clock::time_point start_;
  double ms_[kStageCount] = {};
};

// The copies of `count` elements of `element_bytes` from `source` read in runs of `block`
// elements, one run every `stride` elements (see CudaMsmInputs), to `destination` back to back:
// the whole runs as one strided copy, then the tail. Appended to *copies.
inline CudaStatus stripe_copies(void* destination,
                                const void* source,
                                std::size_t element_bytes,
                                std::size_t count,
                                std::size_t block,
                                std::size_t stride,
                                std::vector<HostToDeviceCopy>* copies) {
  if (count == 0) return {};
  if (block == 0 || stride < block) return failure("stripes need 0 < block <= stride");
  if (block == stride || count <= block) {
    copies->push_back(contiguous_copy(destination, source, count * element_bytes));
    return {};
  }
  const std::size_t full_runs = count / block;
  const std::size_t tail = count % block;
  const std::size_t run_bytes = block * element_bytes;
  const std::size_t pitch = stride * element_bytes;
  copies->push_back({destination, source, run_bytes, pitch, full_runs});
  if (tail != 0) {
    copies->push_back(contiguous_copy(static_cast<unsigned char*>(destination) + full_runs * run_bytes,
                                      static_cast<const unsigned char*>(source) + full_runs * pitch,
                                      tail * element_bytes));
  }
  return {};
}

}  // namespace zkmsm::cuda::detail
