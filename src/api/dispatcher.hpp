// The API layer's one way to the backends: the registry the generated registration list fills,
// the backend choice (automatic resolved in one function) and its checks, and the one mapping
// between the public types and the backend interface (MsmConfig -> MsmRequest / Knobs /
// InputForm, MsmReport -> MsmStats, Status -> Error). Names no backend.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "api/curve_map.hpp"
#include "msm/common/backend_registry.hpp"
#include "msm/common/elapsed_time.hpp"
#include "msm/common/msm_backend.hpp"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm::api {

using backend::Clock;
using backend::elapsed_ms;

// Largest n: sorted entries keep the point index in 31 bits.
inline constexpr std::size_t kMaxPoints = (std::size_t{1} << 31) - 1;
// Device points are read with 16-byte loads.
inline constexpr std::size_t kDevicePointAlignment = 16;

// The library's backends, registered on first use.
const backend::BackendRegistry& registry();

backend::BackendKind to_kind(Backend backend);
Backend to_public(backend::BackendKind kind);

// The backend `requested` stands for: automatic is the first registered backend for the curve
// that is available and accelerated (registration order: cuda, vulkan), else cpu. Without a
// curve, BN254's answer (every backend supports BN254 and Grumpkin).
Backend resolve_backend(Backend requested);
Backend resolve_backend(Backend requested, CurveId curve);

template <class Internal>
using BackendOf = backend::MsmBackend<Internal>;

// The backend to run for `config`, after the checks every entry point shares: window_bits in
// range, the backend available, device inputs only on a backend that reads device memory.
template <class Internal>
Result<BackendOf<Internal>*> choose_backend(const MsmConfig& config, Backend requested, bool device_inputs);

// MsmConfig::devices as far as the API checks it: kAllDevices alone, and a list of devices only
// for a backend that runs on device lists (which checks the list itself).
template <class Internal>
Result<bool> check_device_list(const MsmConfig& config, const BackendOf<Internal>& backend);

// The one mapping from the public configuration to the backend interface.
backend::Knobs to_knobs(const MsmConfig& config);
backend::InputForm to_form(const MsmConfig& config);
backend::MsmRequest to_request(const void* points, const void* scalars, std::size_t n, const MsmConfig& config);
backend::ScalarInputs to_scalar_inputs(const void* scalars, std::size_t n, const MsmConfig& config);

// The public error of a backend's failure (one code per code; the message as the backend wrote it).
Error to_error(const backend::Status& status);

// Fills *stats from a backend's report: convert_inputs leads the stage list (0 when the backend
// converted nothing).
void fill_stats(MsmStats* stats, Backend backend, const backend::MsmReport& report, Clock::time_point start);

// The public results of a batch and their *stats.
template <class Curve>
std::vector<Point<Curve>> batch_results(std::span<const AffinePoint<InternalCurve<Curve>>> sums,
                                        std::span<const backend::MsmReport> reports,
                                        Backend backend,
                                        std::vector<MsmStats>* stats,
                                        Clock::time_point start) {
  std::vector<Point<Curve>> results;
  results.reserve(sums.size());
  for (std::size_t m = 0; m < sums.size(); ++m) {
    if (stats != nullptr) fill_stats(&(*stats)[m], backend, reports[m], start);
    results.push_back(to_public_point<Curve>(sums[m]));
  }
  return results;
}

}  // namespace zkmsm::api
