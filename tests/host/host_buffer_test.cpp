// HostBuffer (zkmsm/host_buffer.hpp), which the library's UninitializedBuffer is: sizes,
// alignment, moves, large arrays mapped on 2 MiB boundaries.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <utility>

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
#endif

}  // namespace
}  // namespace zkmsm
