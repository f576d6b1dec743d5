// Helpers of every stage that records dispatches: a push-constant block as bytes, and the
// workgroup count that covers a number of invocations.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace zkmsm::vulkan {

template <class T>
std::span<const std::byte> bytes_of(const T& value) {
  return std::as_bytes(std::span<const T, 1>(&value, 1));
}

// ⌈invocations / workgroup_size⌉ (CommandBatch::dispatch checks it against the device's limit).
inline std::uint32_t groups_for(std::uint64_t invocations, std::uint32_t workgroup_size) {
  return static_cast<std::uint32_t>((invocations + workgroup_size - 1) / workgroup_size);
}

}  // namespace zkmsm::vulkan
