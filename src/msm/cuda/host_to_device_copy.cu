// copy_host_to_device (host_to_device_copy.hpp): direct copies, and the pinned staging ring for
// pageable host sources.
//
// The staged copy runs in waves of one chunk per filling thread. The ring holds two waves (halves
// A and B): while the copy engine drains the wave just queued from one half, the threads fill the
// next wave into the other half. Only the calling thread makes CUDA calls (it waits for a half's
// last copy before the threads refill it, then queues the wave's copies and records the half's
// event), so the copies are ordered on the caller's stream whatever kind of handle it is
// (cudaStreamPerThread included) and the caller's context is the one used; the other threads only
// copy bytes, and meet the calling thread at a barrier twice per wave.
//
// A ring belongs to one device (its events are recorded on that device's streams) and to one call
// at a time: a call takes an idle ring of the current device from the pool — preferably one whose
// copies have all completed, else a new one (at most kMaxRingsPerDevice), else any — and gives it
// back when its copies are queued. Before a half is refilled its event is waited for, so no call
// overwrites bytes the copy engine has still to read. After a failure the ring goes back only once
// its stream has been synchronised; if that fails too it is dropped (leaked, never freed under a
// copy). Rings live until the process ends (pinned host memory: 2 · kStagingThreads ·
// kStagingChunkBytes = 32 MiB each).
#include <cuda_runtime.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <barrier>
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

constexpr unsigned kHalves = 2;
constexpr std::size_t kRingBytes = std::size_t{kHalves} * kStagingThreads * kStagingChunkBytes;
// Rings per device before a call waits for a busy one (concurrent callers on one device).
constexpr std::size_t kMaxRingsPerDevice = 4;

std::atomic<std::uint64_t> staged_chunks{0};

// A call stages its pageable sources only when they are this many bytes together: below it the
// threads' start and the waves' barriers cost more than the faster copy saves. One H100 machine
// (2026-12-06, docs/cuda_notes.md run 24, host inputs of one MSM, old → staged): 6 MiB 0.39 →
// 0.68 ms, 12 MiB 0.75 → 1.36, 24 MiB 1.46 → 1.78, 48 MiB 2.89 → 2.26, 96 MiB 5.73 → 3.35.
constexpr std::size_t kMinStagedCallBytes = std::size_t{32} << 20;
std::atomic<bool> stage_every_call{false};  // test hook: no per-call threshold

// Pinned chunks of one device and, per half, the event behind its last wave of copies.
struct StagingRing {
  int device = -1;
  unsigned char* memory = nullptr;  // kRingBytes of page-locked host memory
  cudaEvent_t half_copied[kHalves] = {};
  bool half_in_use[kHalves] = {};

  unsigned char* chunk(unsigned half, unsigned index) const {
    return memory + (std::size_t{half} * kStagingThreads + index) * kStagingChunkBytes;
  }
  // True when no copy from the ring is pending (or its state cannot be asked).
  bool idle() const {
    for (unsigned h = 0; h < kHalves; ++h) {
      if (!half_in_use[h]) continue;
      const cudaError_t state = cudaEventQuery(half_copied[h]);
      if (state == cudaErrorNotReady) return false;
      if (state != cudaSuccess) (void)cudaGetLastError();
    }
    return true;
  }
};

void destroy_events(StagingRing& ring) {
  for (cudaEvent_t event : ring.half_copied)
    if (event != nullptr) (void)cudaEventDestroy(event);
}

// Allocates and pins a ring on the current device; nullptr when the host refuses (the caller
// then copies directly).
std::unique_ptr<StagingRing> make_ring(int device) {
  auto ring = std::make_unique<StagingRing>();
  ring->device = device;
  ring->memory = static_cast<unsigned char*>(std::aligned_alloc(4096, kRingBytes));
  if (ring->memory == nullptr) return nullptr;
  // Registering heap memory pins it in 2.3 ms for 32 MiB; cudaHostAlloc of the same took 14 ms
  // (probe, docs/cuda_notes.md run 24).
  if (cudaHostRegister(ring->memory, kRingBytes, cudaHostRegisterPortable) != cudaSuccess) {
    (void)cudaGetLastError();
    std::free(ring->memory);
    return nullptr;
  }
  for (cudaEvent_t& event : ring->half_copied) {
    if (cudaEventCreateWithFlags(&event, cudaEventDisableTiming) != cudaSuccess) {
      (void)cudaGetLastError();
      event = nullptr;
      destroy_events(*ring);
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

  // nullptr: no ring can be had on this device (pinned memory refused once: not asked again).
  std::unique_ptr<StagingRing> take(int device) {
    std::unique_ptr<StagingRing> busy;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (std::find(refused_.begin(), refused_.end(), device) != refused_.end()) return nullptr;
      std::size_t owned = 0;
      for (auto it = idle_.begin(); it != idle_.end(); ++it) {
        if ((*it)->device != device) continue;
        if ((*it)->idle()) return take_at(it);
        ++owned;
      }
      owned += in_use_count(device);
      if (owned >= kMaxRingsPerDevice) {
        for (auto it = idle_.begin(); it != idle_.end(); ++it)
          if ((*it)->device == device) return take_at(it);  // waits for its copies when refilled
      }
      ++in_use_[device_slot(device)].second;
    }
    std::unique_ptr<StagingRing> ring = make_ring(device);
    std::lock_guard<std::mutex> lock(mutex_);
    if (ring == nullptr) {
      refused_.push_back(device);
      --in_use_[device_slot(device)].second;
    }
    return ring;
  }

  void give_back(std::unique_ptr<StagingRing> ring) {
    std::lock_guard<std::mutex> lock(mutex_);
    --in_use_[device_slot(ring->device)].second;
    idle_.push_back(std::move(ring));
  }
  // A ring whose copies may still read it after a failure: never reused, never freed.
  void drop(std::unique_ptr<StagingRing> ring) {
    std::lock_guard<std::mutex> lock(mutex_);
    --in_use_[device_slot(ring->device)].second;
    (void)ring.release();
  }

 private:
  std::unique_ptr<StagingRing> take_at(std::vector<std::unique_ptr<StagingRing>>::iterator it) {
    std::unique_ptr<StagingRing> ring = std::move(*it);
    idle_.erase(it);
    ++in_use_[device_slot(ring->device)].second;
    return ring;
  }
  std::size_t device_slot(int device) {
    for (std::size_t i = 0; i < in_use_.size(); ++i)
      if (in_use_[i].first == device) return i;
    in_use_.push_back({device, 0});
    return in_use_.size() - 1;
  }
  std::size_t in_use_count(int device) { return in_use_[device_slot(device)].second; }

  std::mutex mutex_;
  std::vector<std::unique_ptr<StagingRing>> idle_;
  std::vector<std::pair<int, std::size_t>> in_use_;  // rings taken and not given back, by device
  std::vector<int> refused_;                         // devices where pinning failed
};

// CPUs this process may run on.
unsigned usable_cpus() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace

CopyRoute copy_route(const void* source, std::size_t bytes) {
  if (bytes < kMinStagedBytes) return CopyRoute::direct;
  cudaPointerAttributes attributes{};
  if (cudaPointerGetAttributes(&attributes, source) != cudaSuccess) {
    (void)cudaGetLastError();
    return CopyRoute::direct;  // unknown: let the copy itself report what is wrong
  }
  return attributes.type == cudaMemoryTypeUnregistered ? CopyRoute::staged : CopyRoute::direct;
}

namespace {

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

// Waves of `threads` chunks (the last one shorter). Per wave w, half w mod 2: the calling thread
// waits for the half's previous copies; barrier; every thread fills chunks of the wave (an atomic
// counter deals them); barrier; the calling thread queues the wave's copies and records the
// half's event. After a CUDA failure the waves go on without CUDA calls or fills (the barrier's
// phases stay in step) and the failure is returned.
// touched[h]: half h was written by this call (its earlier copies had completed first).
CudaStatus copy_staged(
    StagingRing& ring, const std::vector<StagedChunk>& chunks, unsigned threads, cudaStream_t stream, bool* touched) {
  const std::size_t waves = (chunks.size() + threads - 1) / threads;
  std::barrier<> meeting(static_cast<std::ptrdiff_t>(threads));
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  auto fill_wave = [&](std::size_t wave) {
    const std::size_t first = wave * threads;
    const std::size_t end = std::min(chunks.size(), first + threads);
    for (std::size_t k = next.fetch_add(1); k < end; k = next.fetch_add(1)) {
      if (failed.load(std::memory_order_relaxed)) continue;
      const StagedChunk& chunk = chunks[k];
      gather(*chunk.copy, chunk.offset, chunk.bytes,
             ring.chunk(static_cast<unsigned>(wave % kHalves), static_cast<unsigned>(k - first)));
    }
  };
  auto worker = [&](unsigned) noexcept {
    for (std::size_t wave = 0; wave < waves; ++wave) {
      meeting.arrive_and_wait();  // the half is free and `next` points at the wave's first chunk
      fill_wave(wave);
      meeting.arrive_and_wait();  // the wave is filled
    }
  };
  host::WorkerThreads pool;
  const unsigned started = pool.start(threads - 1, 1, worker);
  // Threads the system refused leave the barrier for good (their chunks go to the others).
  for (unsigned missing = started; missing < threads - 1; ++missing) (void)meeting.arrive_and_drop();

  CudaStatus status;
  for (std::size_t wave = 0; wave < waves; ++wave) {
    const unsigned half = static_cast<unsigned>(wave % kHalves);
    if (status.ok && ring.half_in_use[half]) {
      if (const cudaError_t error = cudaEventSynchronize(ring.half_copied[half]); error != cudaSuccess) {
        status = cuda_failure(error, "cudaEventSynchronize (a staging chunk's copy)");
        failed.store(true);
      }
    }
    if (status.ok) touched[half] = true;
    next.store(wave * threads);
    meeting.arrive_and_wait();
    fill_wave(wave);
    meeting.arrive_and_wait();
    if (!status.ok) continue;
    const std::size_t first = wave * threads;
    const std::size_t end = std::min(chunks.size(), first + threads);
    cudaError_t error = cudaSuccess;
    for (std::size_t k = first; k < end && error == cudaSuccess; ++k) {
      const StagedChunk& chunk = chunks[k];
      auto* destination = static_cast<unsigned char*>(chunk.copy->device_destination) + chunk.offset;
      error = cudaMemcpyAsync(destination, ring.chunk(half, static_cast<unsigned>(k - first)), chunk.bytes,
                              cudaMemcpyDefault, stream);
    }
    // The half counts as in use once any copy from it may be queued.
    ring.half_in_use[half] = true;
    if (error == cudaSuccess) error = cudaEventRecord(ring.half_copied[half], stream);
    if (error != cudaSuccess) {
      status = cuda_failure(error, "queueing a staging chunk's copy");
      failed.store(true);
    } else {
      staged_chunks.fetch_add(end - first, std::memory_order_relaxed);
    }
  }
  pool.join();
  return status;
}

}  // namespace

std::uint64_t staged_chunk_count() { return staged_chunks.load(); }

void set_stage_every_call(bool every) { stage_every_call.store(every); }

CudaStatus copy_host_to_device(std::span<const HostToDeviceCopy> copies, void* stream, unsigned max_threads) {
  const auto cuda_stream = static_cast<cudaStream_t>(stream);
  // A stream being captured into a graph gets plain copies (the driver decides what it accepts).
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(cuda_stream, &capture) != cudaSuccess) {
    (void)cudaGetLastError();
    capture = cudaStreamCaptureStatusActive;
  }
  const bool may_stage = capture == cudaStreamCaptureStatusNone;
  std::vector<StagedChunk> chunks;
  std::vector<const HostToDeviceCopy*> staged;
  for (const HostToDeviceCopy& copy : copies) {
    if (copy.bytes() == 0) continue;
    if (!may_stage || copy_route(copy.source, copy.bytes()) == CopyRoute::direct) {
      ZKMSM_TRY(copy_directly(copy, cuda_stream));
      continue;
    }
    staged.push_back(&copy);
    for (std::size_t offset = 0; offset < copy.bytes(); offset += kStagingChunkBytes)
      chunks.push_back({&copy, offset, std::min(kStagingChunkBytes, copy.bytes() - offset)});
  }
  if (chunks.empty()) return {};
  std::size_t staged_bytes = 0;
  for (const HostToDeviceCopy* copy : staged) staged_bytes += copy->bytes();
  if (staged_bytes < kMinStagedCallBytes && !stage_every_call.load()) {
    for (const HostToDeviceCopy* copy : staged) ZKMSM_TRY(copy_directly(*copy, cuda_stream));
    return {};
  }

  int device = 0;
  ZKMSM_CUDA_CHECK(cudaGetDevice(&device));
  std::unique_ptr<StagingRing> ring = RingPool::instance().take(device);
  if (ring == nullptr) {
    // No pinned memory to be had: the driver's own (slower) path.
    for (const HostToDeviceCopy* copy : staged) ZKMSM_TRY(copy_directly(*copy, cuda_stream));
    return {};
  }
  const unsigned wanted = max_threads == 0 ? kStagingThreads : std::min(max_threads, kStagingThreads);
  const unsigned threads =
      static_cast<unsigned>(std::min<std::size_t>({std::size_t{wanted}, std::size_t{usable_cpus()}, chunks.size()}));
  bool touched[kHalves] = {};
  const CudaStatus status = copy_staged(*ring, chunks, threads, cuda_stream, touched);
  if (status.ok) {
    RingPool::instance().give_back(std::move(ring));
  } else if (cudaStreamSynchronize(cuda_stream) == cudaSuccess) {
    // Every copy this call queued from the ring has completed (the halves it did not write keep
    // their events).
    for (unsigned h = 0; h < kHalves; ++h)
      if (touched[h]) ring->half_in_use[h] = false;
    RingPool::instance().give_back(std::move(ring));
  } else {
    (void)cudaGetLastError();
    RingPool::instance().drop(std::move(ring));
  }
  return status;
}

}  // namespace zkmsm::cuda::detail
