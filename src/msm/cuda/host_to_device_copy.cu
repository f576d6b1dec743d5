// copy_host_to_device (host_to_device_copy.hpp): direct copies, and the pinned staging ring for
// pageable host sources.
//
// The staged copy is a pipeline of chunks through a ring of kRingChunks pinned chunks: chunk k of
// the call goes through ring slot k mod kRingChunks. The filling threads take chunks in order from
// an atomic counter and copy their bytes into the slot as soon as the slot is free; the calling
// thread queues each chunk's copy (and records the slot's event) as soon as the chunk is filled,
// frees a slot again once its copy has completed, and fills chunks itself when it has nothing to
// queue. Only the calling thread makes CUDA calls, so the copies are ordered on the caller's stream
// whatever kind of handle it is (cudaStreamPerThread included) and the caller's context is the one
// used; the other threads only copy bytes. (The first version ran in waves of one chunk per
// thread with two barriers per wave: a wave's copies waited for its slowest fill, and 32 MiB was
// only two waves, the first never overlapped; docs/cuda_notes.md run 25.)
//
// A ring belongs to one device (its events are recorded on that device's streams) and to one call
// at a time: a call takes an idle ring of the current device from the pool — preferably one whose
// copies have all completed, else a new one (at most kMaxRingsPerDevice), else any — and gives it
// back when its copies are queued. A call first waits for every copy still pending from its ring,
// so no call overwrites bytes the copy engine has still to read. After a failure the ring goes
// back only once the stream has been synchronised; if that fails too it is dropped (leaked, never
// freed under a copy). Rings live until the process ends (pinned host memory: kRingChunks ·
// kStagingChunkBytes = 32 MiB each).
#include <cuda_runtime.h>
#include <sched.h>

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

// Two chunks per filling thread: a thread can fill its next chunk while its last one is copied.
constexpr unsigned kRingChunks = 2 * kStagingThreads;
constexpr std::size_t kRingBytes = std::size_t{kRingChunks} * kStagingChunkBytes;
// Rings per device before a call waits for a busy one (concurrent callers on one device).
constexpr std::size_t kMaxRingsPerDevice = 4;

std::atomic<std::uint64_t> staged_chunks{0};

// A call stages its pageable sources only when they are this many bytes together: below it the
// threads' start and the waves' barriers cost more than the faster copy saves. One H100 machine
// (2026-12-06, docs/cuda_notes.md run 24, host inputs of one MSM, old → staged): 6 MiB 0.39 →
// 0.68 ms, 12 MiB 0.75 → 1.36, 24 MiB 1.46 → 1.78, 48 MiB 2.89 → 2.26, 96 MiB 5.73 → 3.35.
constexpr std::size_t kMinStagedCallBytes = std::size_t{32} << 20;
std::atomic<bool> stage_every_call{false};  // test hook: no per-call threshold

// Pinned chunks of one device and, per chunk, the event behind its last copy.
struct StagingRing {
  int device = -1;
  unsigned char* memory = nullptr;  // kRingBytes of page-locked host memory
  cudaEvent_t copied[kRingChunks] = {};
  bool in_use[kRingChunks] = {};  // a copy from the chunk was queued and not yet seen complete

  unsigned char* chunk(unsigned slot) const { return memory + std::size_t{slot} * kStagingChunkBytes; }
  // True when no copy from the ring is pending (or its state cannot be asked).
  bool idle() const {
    for (unsigned slot = 0; slot < kRingChunks; ++slot) {
      if (!in_use[slot]) continue;
      const cudaError_t state = cudaEventQuery(copied[slot]);
      if (state == cudaErrorNotReady) return false;
      if (state != cudaSuccess) (void)cudaGetLastError();
    }
    return true;
  }
};

void destroy_events(StagingRing& ring) {
  for (cudaEvent_t event : ring.copied)
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
  for (cudaEvent_t& event : ring->copied) {
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

// The chunk pipeline (see the top of the file). Chunk k may be filled into slot k mod kRingChunks
// once free_round[slot] reaches k / kRingChunks (the slot's copy of chunk k − kRingChunks has
// completed); filled[slot] = k + 1 says chunk k is in the slot. After a CUDA failure nothing more
// is queued or filled, the waiting threads are let go, and the failure is returned.
class ChunkPipeline {
 public:
  ChunkPipeline(StagingRing& ring, const std::vector<StagedChunk>& chunks, cudaStream_t stream)
      : ring_(ring), chunks_(chunks), stream_(stream) {}

  // Runs the calling thread's part with `threads` − 1 filling threads beside it.
  CudaStatus run(unsigned threads) {
    // Copies of an earlier call from this ring (a busy ring taken from the pool) complete first.
    for (unsigned slot = 0; slot < kRingChunks; ++slot) {
      if (!ring_.in_use[slot]) continue;
      if (const cudaError_t error = cudaEventSynchronize(ring_.copied[slot]); error != cudaSuccess)
        return cuda_failure(error, "cudaEventSynchronize (a staging chunk's earlier copy)");
      ring_.in_use[slot] = false;
    }
    auto worker = [this](unsigned) noexcept {
      for (std::size_t k = claim(); k < chunks_.size(); k = claim()) {
        if (!wait_until_free(k)) return;
        fill(k);
      }
    };
    host::WorkerThreads pool;
    (void)pool.start(threads - 1, 1, worker);  // threads the system refuses leave their chunks to the others
    const CudaStatus status = dispatch();
    if (!status.ok) fail();
    pool.join();
    return status;
  }

 private:
  static unsigned slot_of(std::size_t k) { return static_cast<unsigned>(k % kRingChunks); }
  static std::uint64_t round_of(std::size_t k) { return k / kRingChunks; }

  std::size_t claim() { return next_fill_.fetch_add(1, std::memory_order_relaxed); }

  // False when the call failed meanwhile.
  bool wait_until_free(std::size_t k) {
    std::atomic<std::uint64_t>& round = free_round_[slot_of(k)];
    for (std::uint64_t seen = round.load(std::memory_order_acquire); seen < round_of(k);
         seen = round.load(std::memory_order_acquire))
      round.wait(seen, std::memory_order_acquire);
    return !failed_.load(std::memory_order_acquire);
  }

  void fill(std::size_t k) {
    const StagedChunk& chunk = chunks_[k];
    gather(*chunk.copy, chunk.offset, chunk.bytes, ring_.chunk(slot_of(k)));
    filled_[slot_of(k)].store(k + 1, std::memory_order_release);
  }

  // The calling thread: queue chunks in order as they are filled, free slots whose copies have
  // completed, fill a chunk itself when the next one to fill has a free slot.
  CudaStatus dispatch() {
    const std::size_t count = chunks_.size();
    std::size_t queued = 0;  // chunks whose copies are queued
    std::size_t freed = 0;   // chunks whose slots were given back to later chunks
    while (queued < count) {
      if (filled_[slot_of(queued)].load(std::memory_order_acquire) == queued + 1) {
        ZKMSM_TRY(queue_copy(queued));
        ++queued;
        continue;
      }
      if (freed < queued && freed + kRingChunks < count) {
        const cudaError_t state = cudaEventQuery(ring_.copied[slot_of(freed)]);
        if (state == cudaSuccess) {
          release_slot(freed);
          ++freed;
          continue;
        }
        if (state != cudaErrorNotReady) return cuda_failure(state, "cudaEventQuery (a staging chunk's copy)");
      }
      std::size_t k = next_fill_.load(std::memory_order_relaxed);
      if (k < count && free_round_[slot_of(k)].load(std::memory_order_acquire) >= round_of(k) &&
          next_fill_.compare_exchange_strong(k, k + 1, std::memory_order_relaxed)) {
        fill(k);
        continue;
      }
      std::this_thread::yield();
    }
    return {};
  }

  CudaStatus queue_copy(std::size_t k) {
    const StagedChunk& chunk = chunks_[k];
    auto* destination = static_cast<unsigned char*>(chunk.copy->device_destination) + chunk.offset;
    // The slot counts as in use once a copy from it may be queued.
    ring_.in_use[slot_of(k)] = true;
    ZKMSM_CUDA_CHECK(cudaMemcpyAsync(destination, ring_.chunk(slot_of(k)), chunk.bytes, cudaMemcpyDefault, stream_));
    ZKMSM_CUDA_CHECK(cudaEventRecord(ring_.copied[slot_of(k)], stream_));
    staged_chunks.fetch_add(1, std::memory_order_relaxed);
    return {};
  }

  void release_slot(std::size_t k) {
    std::atomic<std::uint64_t>& round = free_round_[slot_of(k)];
    round.store(round_of(k) + 1, std::memory_order_release);
    round.notify_all();
  }

  // Lets every waiting thread go; they fill nothing more.
  void fail() {
    failed_.store(true, std::memory_order_release);
    for (std::atomic<std::uint64_t>& round : free_round_) {
      round.store(~std::uint64_t{0}, std::memory_order_release);
      round.notify_all();
    }
  }

  StagingRing& ring_;
  const std::vector<StagedChunk>& chunks_;
  cudaStream_t stream_;
  std::atomic<std::size_t> next_fill_{0};
  std::atomic<bool> failed_{false};
  std::atomic<std::uint64_t> free_round_[kRingChunks] = {};
  std::atomic<std::uint64_t> filled_[kRingChunks] = {};
};

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
  std::size_t staged_bytes = 0;
  for (const HostToDeviceCopy& copy : copies) {
    if (copy.bytes() == 0) continue;
    if (!may_stage || copy_route(copy.source, copy.bytes()) == CopyRoute::direct) {
      ZKMSM_TRY(copy_directly(copy, cuda_stream));
      continue;
    }
    staged.push_back(&copy);
    staged_bytes += copy.bytes();
    for (std::size_t offset = 0; offset < copy.bytes(); offset += kStagingChunkBytes)
      chunks.push_back({&copy, offset, std::min(kStagingChunkBytes, copy.bytes() - offset)});
  }
  if (chunks.empty()) return {};
  // Too little to pay for the threads, or no pinned memory to be had: the driver's own path.
  auto copy_staged_sources_directly = [&]() -> CudaStatus {
    for (const HostToDeviceCopy* copy : staged) ZKMSM_TRY(copy_directly(*copy, cuda_stream));
    return {};
  };
  if (staged_bytes < kMinStagedCallBytes && !stage_every_call.load()) return copy_staged_sources_directly();

  int device = 0;
  ZKMSM_CUDA_CHECK(cudaGetDevice(&device));
  std::unique_ptr<StagingRing> ring = RingPool::instance().take(device);
  if (ring == nullptr) return copy_staged_sources_directly();
  const unsigned wanted = max_threads == 0 ? kStagingThreads : std::min(max_threads, kStagingThreads);
  const unsigned threads =
      static_cast<unsigned>(std::min<std::size_t>({std::size_t{wanted}, std::size_t{usable_cpus()}, chunks.size()}));
  const CudaStatus status = ChunkPipeline(*ring, chunks, cuda_stream).run(threads);
  if (status.ok) {
    RingPool::instance().give_back(std::move(ring));
  } else if (cudaStreamSynchronize(cuda_stream) == cudaSuccess) {
    // Every copy this call queued from the ring has completed; an earlier call's copy may still
    // be pending on another stream if waiting for it is what failed.
    if (!ring->idle()) {
      RingPool::instance().drop(std::move(ring));
      return status;
    }
    for (bool& in_use : ring->in_use) in_use = false;
    RingPool::instance().give_back(std::move(ring));
  } else {
    (void)cudaGetLastError();
    RingPool::instance().drop(std::move(ring));
  }
  return status;
}

}  // namespace zkmsm::cuda::detail
