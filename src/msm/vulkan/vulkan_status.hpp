// The outcome of a Vulkan backend call: ok, or an error code with a message for people. Nothing in
// src/msm/vulkan throws or aborts on a missing loader, a missing device or a failed Vulkan call;
// the error comes back as a Status.
#pragma once

#include <string>
#include <utility>

namespace zkmsm::vulkan {

enum class StatusCode {
  ok,
  no_vulkan,         // no Vulkan loader or driver (vkCreateInstance failed)
  no_device,         // no physical device the options allow
  unsupported,       // the device lacks something required (a compute queue, a limit)
  out_of_memory,     // host or device allocation failed
  invalid_argument,  // a caller error (buffer bounds, binding count, dispatch size)
  device_error,      // any other failed Vulkan call, including a lost device
  rejected_point,    // an input point failed convert_points (coordinate ≥ p, or not on the curve)
};

struct Status {
  StatusCode code = StatusCode::ok;
  std::string message;

  bool ok() const { return code == StatusCode::ok; }
  static Status success() { return {}; }
  static Status error(StatusCode code, std::string message) { return Status{code, std::move(message)}; }
};

const char* status_code_name(StatusCode code);

}  // namespace zkmsm::vulkan
