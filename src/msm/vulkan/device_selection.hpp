// Which physical device the Vulkan backend uses. Pure logic over a list of candidates, so it is
// tested without a Vulkan device (tests/vulkan/vulkan_device_selection_test.cpp).
//
// Order under DevicePreference::automatic: discrete GPU, integrated GPU, virtual GPU, other, and
// a CPU implementation (lavapipe, SwiftShader) only when nothing else exists; among devices of
// one kind the first enumerated wins. Devices without a compute queue are never chosen.
// The environment variable ZKMSM_VULKAN_DEVICE overrides an automatic preference:
//   software (or cpu)  → DevicePreference::software
//   hardware (or gpu)  → DevicePreference::hardware_only
//   auto or unset      → the preference given by the caller
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace zkmsm::vulkan {

enum class DeviceKind { discrete_gpu, integrated_gpu, virtual_gpu, cpu, other };

enum class DevicePreference {
  automatic,      // best GPU; a CPU implementation only when there is nothing else
  software,       // a CPU implementation first (CI, reproducing a lavapipe run); GPUs after it
  hardware_only,  // never a CPU implementation: no GPU is an error (benchmarks)
};

struct DeviceCandidate {
  std::string name;
  DeviceKind kind = DeviceKind::other;
  bool has_compute_queue = false;
};

const char* device_kind_name(DeviceKind kind);

// The preference named by `text` (a ZKMSM_VULKAN_DEVICE value); nullopt for unknown text.
std::optional<DevicePreference> parse_device_preference(std::string_view text);

// `requested`, unless it is automatic and ZKMSM_VULKAN_DEVICE names another preference.
// An unknown value of the variable is reported through `unknown_value` and otherwise ignored.
DevicePreference effective_device_preference(DevicePreference requested, std::string* unknown_value);

// Index into `candidates` of the device to use, or nullopt when none is allowed.
std::optional<std::size_t> choose_device(std::span<const DeviceCandidate> candidates, DevicePreference preference);

}  // namespace zkmsm::vulkan
