// copy_host_to_device (host_to_device_copy.hpp): direct copies, and the pinned staging ring for
// pageable host sources.
//
// A ring belongs to one device (its events are recorded on that device's streams) and to one call
// at a time: a call takes an idle ring of the current device from the pool (or makes one), and
// gives it back when every chunk's copy is queued. A chunk is refilled only after the event
// recorded behind its last copy has completed, so the next call (or the next chunk) never
// overwrites bytes the copy engine has still to read. Rings live until the process ends (pinned
// host memory: 2 · kStagingThreads · kStagingChunkBytes = 32 MiB each; one per device and
// concurrent caller).
#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "host/worker_threads.hpp"
#include "msm/cuda/exec.cuh"
#include "msm/cuda/host_to_device_copy.hpp"

namespace zkmsm::cuda::detail {
namespace {

constexpr unsigned kChunksPerThread = 2;
constexpr std::size_t kRingBytes = std::size_t{kStagingThreads} * kChunksPerThread * kStagingChunkBytes;

// Pinned chunks of one device and the events behind their last copies.
struct StagingRing {
  int device = -1;
  unsigned char* memory = nullptr;                                    // kRingBytes of page-locked host memory
  cudaEvent_t chunk_copied[kStagingThreads * kChunksPerThread] = {};  // nullptr until created
  bool chunk_in_use[kStagingThreads * kChunksPerThread] = {};
};

// Allocates and pins a ring on the current device; nullptr when the host refuses (the caller
// then copies directly).
std::unique_ptr<StagingRing> make_ring(int device) {
  auto ring = std::make_unique<StagingRing>();
  ring->device = device;
  ring->memory = static_cast<unsigned char*>(std::aligned_alloc(4096, kRingBytes));
  if (ring->memory == nullptr) return nullptr;
  // Registering heap memory pins it in 2.3 ms for 32 MiB; cudaHostAlloc of the same took 14 ms
  // (probe, run 24).
  if (cudaHostRegister(ring->memory, kRingBytes, cudaHostRegisterPortable) != cudaSuccess) {
    (void)cudaGetLastError();
    std::free(ring->memory);
    return nullptr;
  }
  for (cudaEvent_t& event : ring->chunk_copied) {
    if (cudaEventCreateWithFlags(&event, cudaEventDisableTiming) != cudaSuccess) {
      (void)cudaGetLastError();
      for (cudaEvent_t created : ring->chunk_copied)
        if (created != nullptr) (void)cudaEventDestroy(created);
      (void)cudaHostUnregister(ring->memory);
      std::free(ring->memory);
      return nullptr;
    }
  }
  return ring;
}

// Idle rings, by device. Never destroyed: at exit the driver may already be gone.
class RingPool {
 public:
  static RingPool& instance() {
    static RingPool* pool = new RingPool;
    return *pool;
  }
  std::unique_ptr<StagingRing> take(int device) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (auto it = idle_.begin(); it != idle_.end(); ++it) {
        if ((*it)->device == device) {
          std::unique_ptr<StagingRing> ring = std::move(*it);
          idle_.erase(it);
          return ring;
        }
      }
    }
    return make_ring(device);
  }
  void give_back(std::unique_ptr<StagingRing> ring) {
    std::lock_guard<std::mutex> lock(mutex_);
    idle_.push_back(std::move(ring));
  }

 private:
  std::mutex mutex_;
  std::vector<std::unique_ptr<StagingRing>> idle_;
};

bool is_pageable_host_memory(const void* pointer) {
  cudaPointerAttributes attributes{};
  if (cudaPointerGetAttributes(&attributes, pointer) != cudaSuccess) {
    (void)cudaGetLastError();
    return true;  // not known to the driver: plain host memory
  }
  return attributes.type == cudaMemoryTypeUnregistered;
}

CudaStatus copy_directly(const HostToDeviceCopy& copy, cudaStream_t stream) {
  if (copy.rows == 1) {
    ZKMSM_CUDA_CHECK(cudaMemcpyAsync(copy.device_destination, copy.source, copy.row_bytes, cudaMemcpyDefault, stream));
  } else {
    ZKMSM_CUDA_CHECK(cudaMemcpy2DAsync(copy.device_destination, copy.row_bytes, copy.source, copy.source_pitch,
                                       copy.row_bytes, copy.rows, cudaMemcpyDefault, stream));
  }
  return {};
}

// Bytes [offset, offset + bytes) of the copy's destination, gathered from its rows into `out`.
void gather(const HostToDeviceCopy& copy, std::size_t offset, std::size_t bytes, unsigned char* out) {
  const auto* source = static_cast<const unsigned char*>(copy.source);
  if (copy.rows == 1) {
    std::memcpy(out, source + offset, bytes);
    return;
  }
  std::size_t row = offset / copy.row_bytes;
  std::size_t within = offset % copy.row_bytes;
  while (bytes != 0) {
    const std::size_t take = std::min(bytes, copy.row_bytes - within);
    std::memcpy(out, source + row * copy.source_pitch + within, take);
    out += take;
    bytes -= take;
    ++row;
    within = 0;
  }
}

// One chunk of one staged copy.
struct StagedChunk {
  const HostToDeviceCopy* copy;
  std::size_t offset;
  std::size_t bytes;
};

// Fills and queues the chunks with up to `threads` threads (the calling one included). Worker w
// owns ring chunks 2w and 2w + 1 and alternates between them.
CudaStatus copy_staged(StagingRing& ring,
                       const std::vector<StagedChunk>& chunks,
                       unsigned threads,
                       cudaStream_t stream) {
  std::atomic<std::size_t> next{0};
  std::mutex failure_mutex;
  CudaStatus failed;
  const auto record_failure = [&](CudaStatus status) {
    std::lock_guard<std::mutex> lock(failure_mutex);
    if (failed.ok) failed = std::move(status);
    next.store(chunks.size());
  };
  auto work = [&](unsigned worker) noexcept {
    // Each thread has its own current device: the ring's (its events and the stream live there).
    if (const cudaError_t error = cudaSetDevice(ring.device); error != cudaSuccess) {
      record_failure(cuda_failure(error, "cudaSetDevice (staging thread)"));
      return;
    }
    unsigned turn = 0;
    for (std::size_t k = next.fetch_add(1); k < chunks.size(); k = next.fetch_add(1)) {
      const unsigned slot = worker * kChunksPerThread + turn;
      turn = (turn + 1) % kChunksPerThread;
      unsigned char* pinned = ring.memory + slot * kStagingChunkBytes;
      if (ring.chunk_in_use[slot]) {
        if (const cudaError_t error = cudaEventSynchronize(ring.chunk_copied[slot]); error != cudaSuccess) {
          record_failure(cuda_failure(error, "cudaEventSynchronize (staging chunk)"));
          return;
        }
      }
      const StagedChunk& chunk = chunks[k];
      gather(*chunk.copy, chunk.offset, chunk.bytes, pinned);
      auto* destination = static_cast<unsigned char*>(chunk.copy->device_destination) + chunk.offset;
      cudaError_t error = cudaMemcpyAsync(destination, pinned, chunk.bytes, cudaMemcpyHostToDevice, stream);
      if (error == cudaSuccess) error = cudaEventRecord(ring.chunk_copied[slot], stream);
      if (error != cudaSuccess) {
        record_failure(cuda_failure(error, "cudaMemcpyAsync (staging chunk)"));
        return;
      }
      ring.chunk_in_use[slot] = true;
    }
  };
  // Workers 1 … threads − 1 on threads of their own (fewer if the system refuses some), worker 0
  // on the calling thread.
  host::WorkerThreads pool;
  pool.start(threads - 1, 1, work);
  work(0);
  pool.join();
  return failed;
}

}  // namespace

CopyRoute copy_route(const void* source, std::size_t bytes) {
  return bytes >= kMinStagedBytes && is_pageable_host_memory(source) ? CopyRoute::staged : CopyRoute::direct;
}

CudaStatus copy_host_to_device(std::span<const HostToDeviceCopy> copies, void* stream, unsigned max_threads) {
  const auto cuda_stream = static_cast<cudaStream_t>(stream);
  std::vector<StagedChunk> chunks;
  for (const HostToDeviceCopy& copy : copies) {
    if (copy.bytes() == 0) continue;
    if (copy_route(copy.source, copy.bytes()) == CopyRoute::direct) {
      ZKMSM_TRY(copy_directly(copy, cuda_stream));
      continue;
    }
    for (std::size_t offset = 0; offset < copy.bytes(); offset += kStagingChunkBytes)
      chunks.push_back({&copy, offset, std::min(kStagingChunkBytes, copy.bytes() - offset)});
  }
  if (chunks.empty()) return {};

  int device = 0;
  ZKMSM_CUDA_CHECK(cudaGetDevice(&device));
  std::unique_ptr<StagingRing> ring = RingPool::instance().take(device);
  if (ring == nullptr) {
    // No pinned memory to be had: the driver's own (slower) path.
    for (const HostToDeviceCopy& copy : copies)
      if (copy.bytes() != 0 && copy_route(copy.source, copy.bytes()) == CopyRoute::staged)
        ZKMSM_TRY(copy_directly(copy, cuda_stream));
    return {};
  }
  const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
  const unsigned wanted = max_threads == 0 ? kStagingThreads : std::min(max_threads, kStagingThreads);
  const unsigned threads =
      static_cast<unsigned>(std::min<std::size_t>({std::size_t{wanted}, std::size_t{hardware}, chunks.size()}));
  const CudaStatus status = copy_staged(*ring, chunks, threads, cuda_stream);
  RingPool::instance().give_back(std::move(ring));
  return status;
}

}  // namespace zkmsm::cuda::detail
