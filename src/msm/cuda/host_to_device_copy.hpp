// Host-to-device copies of the CUDA backend: the caller's arrays (host memory, or memory of any
// device of this process) into this call's device memory.
//
// The driver copies pageable host memory through small pinned buffers of its own, one at a time:
// 6.6–9 GB/s on the H200 machine, where pinned memory moves at 55 GB/s (probe of 2026-12-06,
// docs/cuda_notes.md run 24). So pageable sources of kMinStagedBytes or more, in calls with at
// least 32 MiB of them, go through a ring of pinned chunks that several host threads fill while
// the copy engine drains the chunks already filled (96 MiB in 3.35 ms instead of 5.73 on an H100
// machine; the probe's simpler scheme reached 2.4 ms against 11 on the H200 machine). Sources that are already pinned
// (cudaHostAlloc, cudaHostRegister) or in device memory are copied directly. Plain C++: no CUDA headers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "msm/cuda/cuda_msm.hpp"

namespace zkmsm::cuda::detail {

// One copy: `rows` runs of `row_bytes`, one every `source_pitch` bytes from `source`, written back
// to back from `device_destination` (rows = 1: one contiguous run).
struct HostToDeviceCopy {
  void* device_destination = nullptr;
  const void* source = nullptr;
  std::size_t row_bytes = 0;
  std::size_t source_pitch = 0;
  std::size_t rows = 1;

  std::size_t bytes() const { return row_bytes * rows; }
};

// A contiguous run of `bytes`.
inline HostToDeviceCopy contiguous_copy(void* device_destination, const void* source, std::size_t bytes) {
  return {device_destination, source, bytes, bytes, 1};
}

// ---- tuning constants (the H200 machine, 16 cores, PCIe 5: probe of docs/cuda_notes.md run 24) ----
// Pinned chunk: 2 MiB was the best of 1, 2, 4 and 8 MiB at 32, 96 and 384 MiB (4 MiB equal from
// 96 MiB on; 8 MiB 20–30 % slower: fewer chunks to spread over the threads).
inline constexpr std::size_t kStagingChunkBytes = std::size_t{2} << 20;
// Filling threads; the ring holds two chunks per thread (one filled while the other is copied). In the probe (each
// thread alternating between two chunks of its own) 8 threads reached 42–48 GB/s from 96 MiB on, 4 threads 29–32, 2
// threads 16–17, 1 thread 9 (a single memcpy stream reads pageable memory at 6–10 GB/s). Capped by the CPUs the process
// may use.
inline constexpr unsigned kStagingThreads = 8;
// Smaller pageable sources go to the driver directly (a thread start and a chunk's round trip
// would cost more than they save).
inline constexpr std::size_t kMinStagedBytes = std::size_t{1} << 20;

// Queues every copy on `stream` (a cudaStream_t of the current device, or a special handle such as
// cudaStreamPerThread: every CUDA call is made from the calling thread). Pageable host sources of
// kMinStagedBytes or more are staged through pinned chunks (at most `max_threads` threads fill
// them, the calling one included; 0 = kStagingThreads, capped by the CPUs this process may use);
// pinned host and device sources, and every source on a stream being captured into a graph, are
// copied directly. When it returns, staged sources are no longer read; direct ones are read until
// the stream reaches their copies (callers synchronise the stream before they return).
CudaStatus copy_host_to_device(std::span<const HostToDeviceCopy> copies, void* stream, unsigned max_threads = 0);

// What copy_host_to_device does with a source of `bytes` at `source` (any stream not capturing).
enum class CopyRoute { direct, staged };
CopyRoute copy_route(const void* source, std::size_t bytes);

// Test hook: pinned chunks copied so far by this process (the staged route taken, not the fallback
// to direct copies when no pinned memory can be had).
std::uint64_t staged_chunk_count();

}  // namespace zkmsm::cuda::detail
