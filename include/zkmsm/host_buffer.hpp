// HostBuffer<T>: a host array whose elements start uninitialised, for large MSM inputs and
// working arrays. std::vector would zero-fill (and fault in) hundreds of MiB that are written
// before they are read. For trivially copyable and destructible T (Point<Curve>, Scalar<Curve>,
// integers); no constructor runs: write an element before reading it.
//
// Representation: size() elements of T, contiguous, aligned to alignof(T). Arrays of at least
// 1 MiB on Linux are anonymous mappings aligned to 2 MiB and marked MADV_HUGEPAGE, so the kernel
// can back them with transparent huge pages: the first touch of fresh memory is one fault per
// 2 MiB instead of one per 4 KiB. Measured on a 2-core Firecracker VM (THP "madvise"; the
// project's docs/cpu_perf_notes.md, "Cold memory"): writing 64 MiB of fresh 4 KiB pages 186 ms
// (344 MB/s), of fresh huge pages 12–56 ms, the same memory a second time 4 ms. Elsewhere, and
// for smaller arrays, it is operator new. Move-only; the destructor releases the memory.
//
// Memory (the second template argument) is where the memory comes from and goes back to: by
// default fresh memory from the system each time (FreshHostMemory); the library's own working
// arrays use a policy that keeps released mappings for the next call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <type_traits>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace zkmsm {

namespace host_buffer_detail {

inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;
// Below this an array stays on the ordinary heap (the mapping's own cost, and the allocator
// reuses small blocks already faulted in). 1 MiB: an array of 1–2 MiB takes one huge page (one
// fault, the kernel clearing 2 MiB) instead of 256–512 faults of 4 KiB pages; 4 MiB before
// (measured: docs/cpu_perf_notes.md §11).
inline constexpr std::size_t kHugePageMinBytes = std::size_t{1} << 20;

// `bytes` (> 0) of uninitialised memory aligned to `alignment` (≤ 4 KiB); *mapped_bytes = the
// mapping's length, 0 for the heap.
inline void* allocate_large(std::size_t bytes, std::size_t alignment, std::size_t* mapped_bytes) {
#if defined(__linux__)
  if (bytes >= kHugePageMinBytes) {
    const std::size_t length = (bytes + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
    // One huge page more, so that an aligned run of `length` bytes lies inside; the rest is unmapped.
    void* raw = mmap(nullptr, length + kHugePageBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) throw std::bad_alloc();
    const auto start = reinterpret_cast<std::uintptr_t>(raw);
    const std::uintptr_t aligned = (start + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
    if (aligned > start) munmap(raw, aligned - start);
    const std::uintptr_t end = start + length + kHugePageBytes;
    if (end > aligned + length) munmap(reinterpret_cast<void*>(aligned + length), end - (aligned + length));
    (void)madvise(reinterpret_cast<void*>(aligned), length, MADV_HUGEPAGE);  // advice: refusal is harmless
    *mapped_bytes = length;
    return reinterpret_cast<void*>(aligned);
  }
#endif
  *mapped_bytes = 0;
  return ::operator new (bytes, std::align_val_t{alignment});
}

inline void release_large(void* memory, std::size_t alignment, std::size_t mapped_bytes) {
  if (memory == nullptr) return;
#if defined(__linux__)
  if (mapped_bytes != 0) {
    munmap(memory, mapped_bytes);
    return;
  }
#endif
  ::operator delete (memory, std::align_val_t{alignment});
}

}  // namespace host_buffer_detail

// HostBuffer's default memory: from the system on every allocation, back to it on release.
// A policy is two static functions: allocate(bytes > 0, alignment ≤ 4 KiB, &mapped_bytes) → memory,
// release(memory or nullptr, alignment, mapped_bytes).
struct FreshHostMemory {
  static void* allocate(std::size_t bytes, std::size_t alignment, std::size_t* mapped_bytes) {
    return host_buffer_detail::allocate_large(bytes, alignment, mapped_bytes);
  }
  static void release(void* memory, std::size_t alignment, std::size_t mapped_bytes) {
    host_buffer_detail::release_large(memory, alignment, mapped_bytes);
  }
};

template <class T, class Memory = FreshHostMemory>
class HostBuffer {
  // Elements are bytes until written: trivially copyable, trivially destructible (aggregates such as
  // Point<Curve>, whose default member initializers only a constructor would run, included).
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
  static_assert(alignof(T) <= 4096, "mappings are page-aligned");

 public:
  HostBuffer() = default;
  explicit HostBuffer(std::size_t size) { resize(size); }
  HostBuffer(const HostBuffer&) = delete;
  HostBuffer& operator=(const HostBuffer&) = delete;
  HostBuffer(HostBuffer&& other) noexcept { swap(other); }
  HostBuffer& operator=(HostBuffer&& other) noexcept {
    HostBuffer moved(std::move(other));
    swap(moved);
    return *this;
  }
  ~HostBuffer() { Memory::release(data_, alignof(T), mapped_bytes_); }

  // Discards the contents.
  void resize(std::size_t size) {
    Memory::release(data_, alignof(T), mapped_bytes_);
    data_ = nullptr;
    mapped_bytes_ = 0;
    size_ = 0;
    if (size == 0) return;
    data_ = static_cast<T*>(Memory::allocate(size * sizeof(T), alignof(T), &mapped_bytes_));
    size_ = size;
  }
  T* data() { return data_; }
  const T* data() const { return data_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  std::size_t size() const { return size_; }
  std::size_t bytes() const { return size_ * sizeof(T); }

 private:
  void swap(HostBuffer& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    std::swap(mapped_bytes_, other.mapped_bytes_);
  }

  T* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t mapped_bytes_ = 0;
};

}  // namespace zkmsm
