// KeptHostMemory: the memory policy of the library's working arrays (UninitializedBuffer). A large
// array's mapping, when released, is kept for the next array instead of going back to the system;
// the next MSM of a size seen before finds its arrays already faulted in.
//
// Why: a large HostBuffer is a fresh 2 MiB-aligned mapping, and its first touch costs a page fault
// and the kernel clearing the page — on every call, warm or not. The cpu backend's MSM at 2^16
// maps ~23 MB of working arrays per call, ~220 faults (measured: `perf stat -e page-faults` over
// `zkmsm bench --backend cpu`, 2-core machine, docs/cpu_perf_notes.md §12); a prover calls it
// again and again with the same n.
//
// The pool: mappings, each with its length — from 1 MiB HostBuffer's (2 MiB-aligned, huge pages,
// lengths multiples of 2 MiB), from 64 KiB to 1 MiB plain ones (lengths multiples of 64 KiB: glibc
// maps arrays of this size afresh on every call too, and the accumulator's per-thread arrays are
// of this size — they took ~70 % of a warm 2^16 call's faults, §12). allocate() takes the smallest
// kept mapping at least as long as the request and at most twice as long, else maps a fresh one
// (when that fails, it unmaps every kept mapping and tries once more: kept memory never makes an
// allocation fail); release() keeps the mapping, then unmaps the oldest kept mappings while the
// pool holds more than kKeptHostBytesMax (a mapping larger than that is unmapped at once).
// Arrays below 64 KiB use operator new. All functions are thread-safe (one mutex; a lookup among a
// few dozen mappings per allocation of ≥ 64 KiB).
//
// release_kept_host_memory() unmaps every kept mapping (the public zkmsm::release_kept_memory()).
// Header-only: each binary that compiles the library's headers (the library, a test) has one pool.
#pragma once

#include <atomic>
#include <cstddef>
#include <deque>
#include <mutex>
#include <new>

#include "zkmsm/host_buffer.hpp"

namespace zkmsm {

// The pool's bound. 1 GiB keeps the cpu backend's working arrays of an MSM up to 2^22 points
// (estimated peak of its arrays: 143 MB at 2^20, ~4× that at 2^22) and bounds what a process
// holds after a larger one.
inline constexpr std::size_t kKeptHostBytesMax = std::size_t{1} << 30;
// The bound in force: kKeptHostBytesMax; tests lower it (KeptHostBytesMaxForTests) so that they
// need not map a gigabyte.
inline std::atomic<std::size_t> kept_host_bytes_max{kKeptHostBytesMax};

class KeptHostBytesMaxForTests {
 public:
  explicit KeptHostBytesMaxForTests(std::size_t bytes) { kept_host_bytes_max.store(bytes); }
  ~KeptHostBytesMaxForTests() { kept_host_bytes_max.store(kKeptHostBytesMax); }
  KeptHostBytesMaxForTests(const KeptHostBytesMaxForTests&) = delete;
  KeptHostBytesMaxForTests& operator=(const KeptHostBytesMaxForTests&) = delete;
};

// The smallest array that takes a kept mapping, and the granule of the plain mappings' lengths.
inline constexpr std::size_t kKeptHostMinBytes = std::size_t{64} << 10;

namespace kept_host_memory_detail {

struct Mapping {
  void* memory;
  std::size_t length;
};

struct Pool {
  std::mutex mutex;
  std::deque<Mapping> kept;  // oldest first
  std::size_t kept_bytes = 0;

  // Unmaps the oldest mappings until at most `limit` bytes are kept. Caller holds the mutex.
  void trim_to(std::size_t limit) {
    while (kept_bytes > limit && !kept.empty()) {
      host_buffer_detail::release_large(kept.front().memory, 1, kept.front().length);
      kept_bytes -= kept.front().length;
      kept.pop_front();
    }
  }
};

// Never destroyed: arrays held by static objects may be released after static destruction began.
inline Pool& pool() {
  static Pool* const instance = new Pool;
  return *instance;
}

}  // namespace kept_host_memory_detail

struct KeptHostMemory {
  static void* allocate(std::size_t bytes, std::size_t alignment, std::size_t* mapped_bytes) {
#if defined(__linux__)
    if (bytes >= kKeptHostMinBytes) {
      const bool huge = bytes >= host_buffer_detail::kHugePageMinBytes;
      const std::size_t granule = huge ? host_buffer_detail::kHugePageBytes : kKeptHostMinBytes;
      const std::size_t length = (bytes + granule - 1) / granule * granule;
      if (void* kept = take_kept(length, mapped_bytes)) return kept;
      try {
        return map_fresh(bytes, alignment, length, huge, mapped_bytes);
      } catch (const std::bad_alloc&) {
        // The kept mappings may be what the system is short of: give them back and try once more.
        release_all();
        return map_fresh(bytes, alignment, length, huge, mapped_bytes);
      }
    }
#endif
    return host_buffer_detail::allocate_large(bytes, alignment, mapped_bytes);
  }

  static void release(void* memory, std::size_t alignment, std::size_t mapped_bytes) {
    if (memory == nullptr) return;
    // Heap memory, and a mapping larger than the bound (it would push every other one out).
    if (mapped_bytes == 0 || mapped_bytes > kept_host_bytes_max.load()) {
      host_buffer_detail::release_large(memory, alignment, mapped_bytes);
      return;
    }
    auto& pool = kept_host_memory_detail::pool();
    std::lock_guard lock(pool.mutex);
    pool.kept.push_back({memory, mapped_bytes});
    pool.kept_bytes += mapped_bytes;
    pool.trim_to(kept_host_bytes_max.load());
  }

  static void release_all() {
    auto& pool = kept_host_memory_detail::pool();
    std::lock_guard lock(pool.mutex);
    pool.trim_to(0);
  }

 private:
#if defined(__linux__)
  // The smallest kept mapping of at least `length` bytes and at most twice that (a small array
  // must not pin a large mapping, held outside the pool and its bound while it lives), or nullptr.
  static void* take_kept(std::size_t length, std::size_t* mapped_bytes) {
    auto& pool = kept_host_memory_detail::pool();
    std::lock_guard lock(pool.mutex);
    auto best = pool.kept.end();
    for (auto it = pool.kept.begin(); it != pool.kept.end(); ++it)
      if (it->length >= length && it->length <= 2 * length && (best == pool.kept.end() || it->length < best->length))
        best = it;
    if (best == pool.kept.end()) return nullptr;
    void* memory = best->memory;
    *mapped_bytes = best->length;
    pool.kept_bytes -= best->length;
    pool.kept.erase(best);
    return memory;
  }

  // A fresh mapping: HostBuffer's 2 MiB-aligned huge-page one, or a plain one of `length` bytes.
  static void* map_fresh(
      std::size_t bytes, std::size_t alignment, std::size_t length, bool huge, std::size_t* mapped_bytes) {
    if (huge) return host_buffer_detail::allocate_large(bytes, alignment, mapped_bytes);
    void* memory = mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) throw std::bad_alloc();
    *mapped_bytes = length;
    return memory;
  }
#endif
};

// Bytes of mappings kept for the next arrays (not in use).
inline std::size_t kept_host_memory_bytes() {
  auto& pool = kept_host_memory_detail::pool();
  std::lock_guard lock(pool.mutex);
  return pool.kept_bytes;
}

// Unmaps every kept mapping; arrays in use are not affected (theirs return to the pool later).
inline void release_kept_host_memory() { KeptHostMemory::release_all(); }

}  // namespace zkmsm
