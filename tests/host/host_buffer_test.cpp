// HostBuffer (zkmsm/host_buffer.hpp), which the library's UninitializedBuffer is: sizes,
// alignment, moves, large arrays mapped on 2 MiB boundaries; the library's arrays' kept memory
// (core/kept_host_memory.hpp): reuse, bound, release, threads.
#include <gtest/gtest.h>

#include <sys/resource.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <thread>
#include <utility>
#include <vector>

#include "core/uninitialized_buffer.hpp"
#include "zkmsm/host_buffer.hpp"

namespace zkmsm {
namespace {

struct alignas(64) Wide {
  std::uint64_t words[8];
};

TEST(HostBuffer, SmallAndLargeArraysHoldTheirElements) {
  for (std::size_t count : {std::size_t{1}, std::size_t{1000}, (std::size_t{9} << 20) / sizeof(Wide)}) {
    HostBuffer<Wide> buffer(count);
    ASSERT_EQ(buffer.size(), count);
    EXPECT_EQ(buffer.bytes(), count * sizeof(Wide));
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(buffer.data()) % alignof(Wide), 0u);
    for (std::size_t i = 0; i < count; ++i) buffer[i].words[0] = i;
    for (std::size_t i = 0; i < count; i += 997) EXPECT_EQ(buffer[i].words[0], i);
  }
}

TEST(HostBuffer, MovesAndResizes) {
  HostBuffer<std::uint32_t> a((std::size_t{5} << 20) / 4);
  a[7] = 42;
  std::uint32_t* const data = a.data();
  HostBuffer<std::uint32_t> b(std::move(a));
  EXPECT_EQ(b.data(), data);
  EXPECT_EQ(b[7], 42u);
  EXPECT_EQ(a.size(), 0u);
  EXPECT_EQ(a.data(), nullptr);
  a = std::move(b);
  EXPECT_EQ(a.data(), data);
  a.resize(3);
  EXPECT_EQ(a.size(), 3u);
  a.resize(0);
  EXPECT_EQ(a.data(), nullptr);
}

#if defined(__linux__)
// Large arrays are 2 MiB-aligned mappings (huge-page candidates); the library's buffer is the same.
TEST(HostBuffer, LargeArraysAreAlignedToHugePages) {
  HostBuffer<std::uint64_t> large((std::size_t{6} << 20) / sizeof(std::uint64_t));
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(large.data()) % (std::size_t{2} << 20), 0u);
  std::memset(large.data(), 1, large.bytes());
  UninitializedBuffer<std::uint32_t> internal((std::size_t{4} << 20) / sizeof(std::uint32_t));
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(internal.data()) % (std::size_t{2} << 20), 0u);
  // From 1 MiB up (one huge page for an array of 1–2 MiB).
  HostBuffer<std::uint8_t> one_mib(std::size_t{1} << 20);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(one_mib.data()) % (std::size_t{2} << 20), 0u);
  std::memset(one_mib.data(), 1, one_mib.bytes());
}

// A released large array's mapping serves the next array that fits (already faulted in); the
// caller's HostBuffer never takes from or gives to the pool.
TEST(KeptHostMemory, AReleasedMappingServesTheNextArrayThatFits) {
  release_kept_host_memory();
  std::uint32_t* first = nullptr;
  {
    UninitializedBuffer<std::uint32_t> array((std::size_t{3} << 20) / 4);
    first = array.data();
    array[0] = 7;
  }
  EXPECT_EQ(kept_host_memory_bytes(), std::size_t{4} << 20);  // 3 MiB rounded up to huge pages
  {
    HostBuffer<std::uint32_t> callers((std::size_t{3} << 20) / 4);
    EXPECT_NE(callers.data(), first);
    EXPECT_EQ(kept_host_memory_bytes(), std::size_t{4} << 20);
  }
  {
    UninitializedBuffer<std::uint8_t> smaller(std::size_t{3} << 20);
    EXPECT_EQ(static_cast<void*>(smaller.data()), static_cast<void*>(first));
    EXPECT_EQ(kept_host_memory_bytes(), 0u);
    UninitializedBuffer<std::uint8_t> larger(std::size_t{5} << 20);  // nothing kept fits: fresh
    EXPECT_NE(static_cast<void*>(larger.data()), static_cast<void*>(first));
    larger[larger.size() - 1] = 1;
  }
  EXPECT_EQ(kept_host_memory_bytes(), (std::size_t{4} << 20) + (std::size_t{6} << 20));
  {
    // The smallest kept mapping that fits: the 4 MiB one for 2 MiB, then the 6 MiB one for 3 MiB.
    UninitializedBuffer<std::uint8_t> a(std::size_t{2} << 20);
    EXPECT_EQ(static_cast<void*>(a.data()), static_cast<void*>(first));
    UninitializedBuffer<std::uint8_t> b(std::size_t{3} << 20);
    EXPECT_EQ(kept_host_memory_bytes(), 0u);
  }
  release_kept_host_memory();
  EXPECT_EQ(kept_host_memory_bytes(), 0u);
}

// From 64 KiB to 1 MiB: plain mappings in 64 KiB granules, kept too; below 64 KiB: operator new.
TEST(KeptHostMemory, MidSizedArraysAreKeptSmallOnesAreNot) {
  release_kept_host_memory();
  { UninitializedBuffer<std::uint8_t> small(kKeptHostMinBytes - 1); }
  EXPECT_EQ(kept_host_memory_bytes(), 0u);
  std::uint8_t* first = nullptr;
  {
    UninitializedBuffer<std::uint8_t> mid(std::size_t{100} << 10);
    first = mid.data();
    mid[mid.size() - 1] = 1;
  }
  EXPECT_EQ(kept_host_memory_bytes(), std::size_t{128} << 10);
  {
    UninitializedBuffer<std::uint8_t> again(std::size_t{80} << 10);
    EXPECT_EQ(again.data(), first);
  }
  { UninitializedBuffer<std::uint8_t> below_huge((std::size_t{1} << 20) - 1); }
  EXPECT_EQ(kept_host_memory_bytes(), (std::size_t{128} << 10) + (std::size_t{1} << 20));
  release_kept_host_memory();
  EXPECT_EQ(kept_host_memory_bytes(), 0u);
}

// The pool keeps at most its bound, dropping the oldest mappings first; a mapping larger than the
// bound is not kept. (The bound lowered to 8 MiB for the test.)
TEST(KeptHostMemory, KeepsAtMostItsBound) {
  release_kept_host_memory();
  const KeptHostBytesMaxForTests bound(std::size_t{8} << 20);
  const std::size_t chunk = std::size_t{2} << 20;
  std::vector<UninitializedBuffer<std::uint8_t>> arrays;
  for (int i = 0; i < 6; ++i) arrays.emplace_back(chunk);
  arrays.clear();  // released in order: the first two are dropped
  EXPECT_EQ(kept_host_memory_bytes(), std::size_t{8} << 20);
  UninitializedBuffer<std::uint8_t> again(chunk);
  EXPECT_EQ(kept_host_memory_bytes(), std::size_t{6} << 20);
  { UninitializedBuffer<std::uint8_t> larger_than_the_bound(std::size_t{10} << 20); }
  EXPECT_EQ(kept_host_memory_bytes(), std::size_t{6} << 20);
  release_kept_host_memory();
  EXPECT_EQ(kept_host_memory_bytes(), 0u);
}

// A small array never takes a kept mapping more than twice its length.
TEST(KeptHostMemory, ASmallArrayDoesNotPinALargeMapping) {
  release_kept_host_memory();
  { UninitializedBuffer<std::uint8_t> large(std::size_t{16} << 20); }
  EXPECT_EQ(kept_host_memory_bytes(), std::size_t{16} << 20);
  {
    UninitializedBuffer<std::uint8_t> small(std::size_t{3} << 20);  // 4 MiB: the 16 MiB one is too long
    EXPECT_EQ(kept_host_memory_bytes(), std::size_t{16} << 20);
    UninitializedBuffer<std::uint8_t> half(std::size_t{8} << 20);  // 8 MiB: it may take 16
    EXPECT_EQ(kept_host_memory_bytes(), 0u);
  }
  release_kept_host_memory();
}

// Kept memory never makes an allocation fail: when a fresh mapping is refused (here an address
// space limit, in a child process), the kept mappings are unmapped and the allocation retried.
[[noreturn]] void allocate_beside_kept_memory_under_a_limit() {
  release_kept_host_memory();
  { UninitializedBuffer<std::uint8_t> kept(std::size_t{64} << 20); }  // kept: 64 MiB of address space
  std::FILE* statm = std::fopen("/proc/self/statm", "r");
  unsigned long pages = 0;
  if (statm == nullptr || std::fscanf(statm, "%lu", &pages) != 1) std::_Exit(2);
  std::fclose(statm);
  const std::size_t limit = pages * 4096 + (std::size_t{48} << 20);
  const rlimit cap{limit, limit};
  if (setrlimit(RLIMIT_AS, &cap) != 0) std::_Exit(2);
  try {
    UninitializedBuffer<std::uint8_t> larger(std::size_t{80} << 20);  // the kept one is too short
    larger[larger.size() - 1] = 1;
    std::_Exit(kept_host_memory_bytes() == 0 ? 0 : 3);  // the 64 MiB were given back
  } catch (const std::bad_alloc&) {
    std::_Exit(1);
  }
}

TEST(KeptHostMemory, KeptMappingsAreGivenBackWhenAnAllocationIsRefused) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space: RLIMIT_AS cannot be tested under it";
#else
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(allocate_beside_kept_memory_under_a_limit(), ::testing::ExitedWithCode(0), "");
#endif
}

// Threads allocating, writing, checking and releasing arrays at once never share one.
TEST(KeptHostMemory, ThreadsNeverShareAnArray) {
  release_kept_host_memory();
  std::vector<std::thread> threads;
  std::vector<int> failures(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([t, &failures] {
      for (int round = 0; round < 50; ++round) {
        UninitializedBuffer<std::uint32_t> array(((std::size_t{1} + (round + t) % 3) << 20) / 4);
        for (std::size_t i = 0; i < array.size(); i += 1024) array[i] = static_cast<std::uint32_t>(t * 1000 + round);
        for (std::size_t i = 0; i < array.size(); i += 1024)
          if (array[i] != static_cast<std::uint32_t>(t * 1000 + round)) ++failures[t];
      }
    });
  }
  for (auto& thread : threads) thread.join();
  for (int t = 0; t < 4; ++t) EXPECT_EQ(failures[t], 0) << "thread " << t;
  EXPECT_LE(kept_host_memory_bytes(), kKeptHostBytesMax);
  release_kept_host_memory();
}
#endif

}  // namespace
}  // namespace zkmsm
