#include "msm/vulkan/device_selection.hpp"

#include <cstdlib>

namespace zkmsm::vulkan {

const char* device_kind_name(DeviceKind kind) {
  switch (kind) {
    case DeviceKind::discrete_gpu:
      return "discrete GPU";
    case DeviceKind::integrated_gpu:
      return "integrated GPU";
    case DeviceKind::virtual_gpu:
      return "virtual GPU";
    case DeviceKind::cpu:
      return "CPU (software)";
    case DeviceKind::other:
      return "other";
  }
  return "other";
}

std::optional<DevicePreference> parse_device_preference(std::string_view text) {
  if (text == "auto" || text.empty()) return DevicePreference::automatic;
  if (text == "software" || text == "cpu") return DevicePreference::software;
  if (text == "hardware" || text == "gpu") return DevicePreference::hardware_only;
  return std::nullopt;
}

DevicePreference effective_device_preference(DevicePreference requested, std::string* unknown_value) {
  if (requested != DevicePreference::automatic) return requested;
  const char* text = std::getenv("ZKMSM_VULKAN_DEVICE");
  if (text == nullptr) return requested;
  const std::optional<DevicePreference> parsed = parse_device_preference(text);
  if (!parsed) {
    if (unknown_value != nullptr) *unknown_value = text;
    return requested;
  }
  return *parsed;
}

namespace {

// Lower is better; nullopt: never chosen under this preference.
std::optional<int> rank(DeviceKind kind, DevicePreference preference) {
  int gpu_rank = 0;
  switch (kind) {
    case DeviceKind::discrete_gpu:
      gpu_rank = 0;
      break;
    case DeviceKind::integrated_gpu:
      gpu_rank = 1;
      break;
    case DeviceKind::virtual_gpu:
      gpu_rank = 2;
      break;
    case DeviceKind::other:
      gpu_rank = 3;
      break;
    case DeviceKind::cpu:
      gpu_rank = 4;
      break;
  }
  if (kind == DeviceKind::cpu) {
    if (preference == DevicePreference::hardware_only) return std::nullopt;
    if (preference == DevicePreference::software) return -1;
  }
  return gpu_rank;
}

}  // namespace

std::optional<std::size_t> choose_device(std::span<const DeviceCandidate> candidates, DevicePreference preference) {
  std::optional<std::size_t> best;
  int best_rank = 0;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (!candidates[i].has_compute_queue) continue;
    const std::optional<int> r = rank(candidates[i].kind, preference);
    if (!r) continue;
    if (!best || *r < best_rank) {
      best = i;
      best_rank = *r;
    }
  }
  return best;
}

}  // namespace zkmsm::vulkan
