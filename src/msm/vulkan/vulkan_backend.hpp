// The Vulkan backend behind the one backend interface (msm/common/msm_backend.hpp): one
// MsmBackend per curve, and its registration with the API's dispatcher. The adapter
// (vulkan_backend.cpp) checks and translates the knobs, hands the caller's host arrays to the
// driver (vulkan_msm.hpp) and maps the driver's Status to backend::Status.
#pragma once

#include "msm/common/msm_backend.hpp"

namespace zkmsm::backend {
class BackendRegistry;
}

namespace zkmsm::vulkan {

// The process's Vulkan backend for Curve (Bn254G1, GrumpkinG1 or Bls12381G1).
template <class Curve>
backend::MsmBackend<Curve>& msm_backend();

// Adds the Vulkan backend of every curve to `registry`.
void register_backend(backend::BackendRegistry& registry);

}  // namespace zkmsm::vulkan
