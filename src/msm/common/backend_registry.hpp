// The backends this library was built with, per curve, in registration order (the order
// `automatic` tries them). Filled once by the registration list CMake generates
// (cmake/backend_registration.cmake): each backend folder defines
// zkmsm::<name>::register_backend(BackendRegistry&) in its adapter file, which adds one
// MsmBackend per curve. The registry does not own the backends (they are objects of static
// storage duration in the adapters).
#pragma once

#include <span>
#include <tuple>
#include <vector>

#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "msm/common/msm_backend.hpp"

namespace zkmsm::backend {

class BackendRegistry {
 public:
  template <class Curve>
  void add(MsmBackend<Curve>& backend) {
    list<Curve>().push_back(&backend);
  }

  // The backend of `kind` for Curve, or nullptr when this build has none.
  template <class Curve>
  MsmBackend<Curve>* find(BackendKind kind) const {
    for (MsmBackend<Curve>* backend : list<Curve>())
      if (backend->kind() == kind) return backend;
    return nullptr;
  }

  // Every backend for Curve, in registration order.
  template <class Curve>
  std::span<MsmBackend<Curve>* const> backends() const {
    return list<Curve>();
  }

 private:
  template <class Curve>
  std::vector<MsmBackend<Curve>*>& list() {
    return std::get<std::vector<MsmBackend<Curve>*>>(lists_);
  }
  template <class Curve>
  const std::vector<MsmBackend<Curve>*>& list() const {
    return std::get<std::vector<MsmBackend<Curve>*>>(lists_);
  }

  std::tuple<std::vector<MsmBackend<Bn254G1>*>,
             std::vector<MsmBackend<GrumpkinG1>*>,
             std::vector<MsmBackend<Bls12381G1>*>>
      lists_;
};

// Calls every built backend's register_backend in priority order (the generated
// backend_registration.cpp in the build tree).
void register_backends(BackendRegistry& registry);

}  // namespace zkmsm::backend
