// The API layer's dispatcher (dispatcher.hpp): the registry, the backend choice, and the
// mapping between the public types and the backend interface.
#include "api/dispatcher.hpp"

#include <algorithm>

#include "msm/common/window_cost_model.hpp"

namespace zkmsm::api {

// Knobs::devices carries MsmConfig::devices as given.
static_assert(backend::kAllDevices == kAllDevices);

const backend::BackendRegistry& registry() {
  static const backend::BackendRegistry filled = [] {
    backend::BackendRegistry registry;
    backend::register_backends(registry);
    return registry;
  }();
  return filled;
}

backend::BackendKind to_kind(Backend backend) {
  switch (backend) {
    case Backend::cuda:
      return backend::BackendKind::cuda;
    case Backend::vulkan:
      return backend::BackendKind::vulkan;
    case Backend::webgpu:
      return backend::BackendKind::webgpu;
    default:
      return backend::BackendKind::cpu;
  }
}

Backend to_public(backend::BackendKind kind) {
  switch (kind) {
    case backend::BackendKind::cuda:
      return Backend::cuda;
    case backend::BackendKind::vulkan:
      return Backend::vulkan;
    case backend::BackendKind::webgpu:
      return Backend::webgpu;
    case backend::BackendKind::cpu:
      break;
  }
  return Backend::cpu;
}

// The choice of automatic is made once per process and curve among the backends that support the
// curve (BLS12-381 has fewer than BN254); a backend after the first accelerated, available one is
// never asked (its device is not probed), nor is any when a backend is named.
template <class Internal>
Backend resolve_backend_for(Backend requested) {
  if (requested != Backend::automatic) return requested;
  static const Backend automatic = [] {
    for (const backend::MsmBackend<Internal>* candidate : registry().backends<Internal>()) {
      if (candidate->accelerated() && candidate->available()) return to_public(candidate->kind());
    }
    return Backend::cpu;
  }();
  return automatic;
}

Backend resolve_backend(Backend requested) { return resolve_backend_for<Bn254G1>(requested); }

Backend resolve_backend(Backend requested, CurveId curve) {
  switch (curve) {
    case CurveId::grumpkin:
      return resolve_backend_for<GrumpkinG1>(requested);
    case CurveId::bls12_381:
      return resolve_backend_for<Bls12381G1>(requested);
    case CurveId::bn254:
      break;
  }
  return resolve_backend_for<Bn254G1>(requested);
}

template <class Internal>
Result<BackendOf<Internal>*> choose_backend(const MsmConfig& config, Backend requested, bool device_inputs) {
  if (!window_bits_allowed(config.window_bits)) {
    return Error{ErrorCode::invalid_argument, "window_bits must be 0 (auto) or in [" + std::to_string(kMinWindowBits) +
                                                  ", " + std::to_string(kMaxWindowBits) + "]"};
  }
  const Backend resolved = resolve_backend_for<Internal>(requested);
  BackendOf<Internal>* chosen = registry().find<Internal>(to_kind(resolved));
  if (chosen == nullptr && registry().find<Bn254G1>(to_kind(resolved)) != nullptr) {
    return Error{ErrorCode::backend_unavailable, std::string("backend '") + to_string(resolved) +
                                                     "' does not support the curve " + Internal::name +
                                                     " in this version (the cpu backend does)"};
  }
  // A backend this build lacks cannot be asked; device inputs are CUDA memory by the public
  // contract (MsmConfig::points_on_device), so an absent cuda is reported unavailable below and
  // any other absent backend refuses them here, as a present one would.
  const bool reads_device_memory = chosen != nullptr ? chosen->reads_device_memory() : resolved == Backend::cuda;
  if (device_inputs && !reads_device_memory) {
    return Error{ErrorCode::invalid_argument,
                 std::string("points_on_device / scalars_on_device: inputs in device memory need the cuda backend, "
                             "but backend '") +
                     to_string(resolved) + "' reads host memory only" +
                     (requested == Backend::automatic ? " (auto found no usable CUDA device)" : "")};
  }
  if (chosen == nullptr || !chosen->available()) {
    const std::string reason = chosen != nullptr ? chosen->unavailable_reason() : std::string();
    return Error{ErrorCode::backend_unavailable, std::string("backend '") + to_string(resolved) +
                                                     "' is not available in this build or on this machine" +
                                                     (reason.empty() ? "" : ": " + reason)};
  }
  return chosen;
}

template <class Internal>
Result<bool> check_device_list(const MsmConfig& config, const BackendOf<Internal>& backend) {
  const std::vector<int>& requested = config.devices;
  const bool all = std::find(requested.begin(), requested.end(), kAllDevices) != requested.end();
  if (all && requested.size() != 1) {
    return Error{ErrorCode::invalid_argument, "devices: kAllDevices (-1) must be the only entry"};
  }
  if (backend.runs_on_device_lists() || requested.empty() || all) return true;
  return Error{ErrorCode::invalid_argument, std::string("devices: backend '") + backend.name() +
                                                "' runs on one device; a list of CUDA devices needs the cuda backend"};
}

template Result<BackendOf<Bn254G1>*> choose_backend<Bn254G1>(const MsmConfig&, Backend, bool);
template Result<BackendOf<GrumpkinG1>*> choose_backend<GrumpkinG1>(const MsmConfig&, Backend, bool);
template Result<BackendOf<Bls12381G1>*> choose_backend<Bls12381G1>(const MsmConfig&, Backend, bool);
template Result<bool> check_device_list<Bn254G1>(const MsmConfig&, const BackendOf<Bn254G1>&);
template Result<bool> check_device_list<GrumpkinG1>(const MsmConfig&, const BackendOf<GrumpkinG1>&);
template Result<bool> check_device_list<Bls12381G1>(const MsmConfig&, const BackendOf<Bls12381G1>&);

namespace {

backend::AccumulatorKind to_accumulator_kind(Accumulator accumulator) {
  switch (accumulator) {
    case Accumulator::stream_walker:
      return backend::AccumulatorKind::stream_walker;
    case Accumulator::pair_tree:
      return backend::AccumulatorKind::pair_tree;
    case Accumulator::batch_affine:
      return backend::AccumulatorKind::batch_affine;
    case Accumulator::xyzz:
      return backend::AccumulatorKind::xyzz;
    case Accumulator::automatic:
      break;
  }
  return backend::AccumulatorKind::automatic;
}

backend::WalkerState to_walker_state(WalkerState state) {
  switch (state) {
    case WalkerState::registers:
      return backend::WalkerState::registers;
    case WalkerState::global:
      return backend::WalkerState::global;
    case WalkerState::warp:
      return backend::WalkerState::warp;
    case WalkerState::global_warp:
      return backend::WalkerState::global_warp;
    case WalkerState::automatic:
      break;
  }
  return backend::WalkerState::automatic;
}

backend::GlvChoice to_glv_choice(Glv glv) {
  switch (glv) {
    case Glv::on:
      return backend::GlvChoice::on;
    case Glv::off:
      return backend::GlvChoice::off;
    case Glv::automatic:
      break;
  }
  return backend::GlvChoice::automatic;
}

ErrorCode to_error_code(backend::StatusCode code) {
  switch (code) {
    case backend::StatusCode::point_not_canonical:
      return ErrorCode::point_not_canonical;
    case backend::StatusCode::point_not_on_curve:
      return ErrorCode::point_not_on_curve;
    case backend::StatusCode::point_not_in_subgroup:
      return ErrorCode::point_not_in_subgroup;
    case backend::StatusCode::unavailable:
      return ErrorCode::backend_unavailable;
    case backend::StatusCode::out_of_memory:
      return ErrorCode::out_of_memory;
    case backend::StatusCode::device_error:
      return ErrorCode::device_error;
    case backend::StatusCode::ok:
    case backend::StatusCode::invalid_argument:
      break;
  }
  return ErrorCode::invalid_argument;
}

}  // namespace

backend::Knobs to_knobs(const MsmConfig& config) {
  backend::Knobs knobs;
  knobs.window_bits = config.window_bits;
  knobs.accumulator = to_accumulator_kind(config.accumulator);
  knobs.walker_slots = config.walker_slots;
  knobs.walker_threads_per_block = config.walker_threads_per_block;
  knobs.walker_max_blocks = config.walker_max_blocks;
  knobs.walker_state = to_walker_state(config.walker_state);
  knobs.pair_tree_dx_cache = config.pair_tree_dx_cache;
  knobs.memory_budget_bytes = config.memory_budget_bytes;
  knobs.cpu_threads = config.cpu_threads;
  knobs.cuda_stream = config.cuda_stream;
  knobs.glv = to_glv_choice(config.glv);
  knobs.precompute_factor = config.precompute_factor;
  knobs.devices = config.devices;
  return knobs;
}

backend::InputForm to_form(const MsmConfig& config) {
  return {config.points_in_montgomery, config.validate_points, config.scalars_in_montgomery};
}

backend::ScalarInputs to_scalar_inputs(const void* scalars, std::size_t n, const MsmConfig& config) {
  return {n, scalars, config.scalars_on_device};
}

backend::MsmRequest to_request(const void* points, const void* scalars, std::size_t n, const MsmConfig& config) {
  backend::MsmRequest request;
  request.points = {n, points, config.points_on_device};
  request.scalars = to_scalar_inputs(scalars, n, config);
  request.form = to_form(config);
  request.knobs = to_knobs(config);
  return request;
}

Error to_error(const backend::Status& status) { return Error{to_error_code(status.code), status.message}; }

void fill_stats(MsmStats* stats, Backend backend, const backend::MsmReport& report, Clock::time_point start) {
  if (stats == nullptr) return;
  stats->backend = to_string(backend);
  stats->accumulator = report.accumulator;
  stats->window_bits = report.window_bits;
  stats->windows = report.windows;
  stats->glv = report.glv;
  stats->stages.clear();
  stats->stages.push_back({"convert_inputs", 0});
  for (const backend::StageTime& stage : report.stages) {
    if (stage.name == "convert_inputs")
      stats->stages.front().milliseconds += stage.milliseconds;
    else
      stats->stages.push_back({stage.name, stage.milliseconds});
  }
  stats->estimated_peak_bytes = report.estimated_peak_bytes;
  stats->measured_peak_bytes = report.measured_peak_bytes;
  stats->devices = report.devices;
  stats->total_milliseconds = elapsed_ms(start);
}

}  // namespace zkmsm::api

namespace zkmsm {

Backend resolve_backend(Backend backend) { return api::resolve_backend(backend); }
Backend resolve_backend(Backend backend, CurveId curve) { return api::resolve_backend(backend, curve); }

}  // namespace zkmsm
