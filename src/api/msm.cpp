// The public entry point msm(points, scalars): backend choice, input conversion and validation
// (host_inputs.hpp, or on the device for device inputs), the backend run and statistics
// (backend_runs.hpp). Also the names of the enums and backend discovery.
#include <cstdint>
#include <limits>
#include <new>
#include <string>

#include "api/backend_runs.hpp"
#include "api/cuda_devices.hpp"
#include "api/curve_map.hpp"
#include "api/host_inputs.hpp"
#include "core/uninitialized_buffer.hpp"
#include "host/parallel_for.hpp"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm {
namespace api {

namespace {

// A Vulkan device that is a GPU: automatic never picks a software device (lavapipe runs the
// shaders on the CPU, far slower than the cpu backend); backend = vulkan still can.
bool vulkan_gpu_available() {
#if defined(ZKMSM_HAVE_VULKAN)
  vulkan::Context* context = nullptr;
  return vulkan::shared_context(context).ok() && context->info().kind != vulkan::DeviceKind::cpu;
#else
  return false;
#endif
}

}  // namespace

Backend resolve_backend(Backend requested) {
  if (requested != Backend::automatic) return requested;
  if (backend_available(Backend::cuda)) return Backend::cuda;
  if (vulkan_gpu_available()) return Backend::vulkan;
  return Backend::cpu;
}

Result<Backend> choose_backend(const MsmConfig& config, Backend requested, bool device_inputs) {
  if (config.window_bits > 22 || config.window_bits == 1) {
    return Error{ErrorCode::invalid_argument, "window_bits must be 0 (auto) or in [2, 22]"};
  }
  const Backend backend = resolve_backend(requested);
  if (device_inputs && backend != Backend::cuda) {
    return Error{ErrorCode::invalid_argument,
                 std::string("points_on_device / scalars_on_device: inputs in device memory need the cuda backend, "
                             "but backend '") +
                     to_string(backend) + "' reads host memory only" +
                     (requested == Backend::automatic ? " (auto found no usable CUDA device)" : "")};
  }
  if (!backend_available(backend)) {
    return Error{ErrorCode::backend_unavailable,
                 std::string("backend '") + to_string(backend) + "' is not available in this build or on this machine"};
  }
  return backend;
}

}  // namespace api

const char* version() { return ZKMSM_VERSION; }

bool backend_available(Backend backend) {
  switch (backend) {
    case Backend::automatic:
    case Backend::cpu:
      return true;
    case Backend::cuda:
#if defined(ZKMSM_HAVE_CUDA)
      return cuda::device_available();
#else
      return false;
#endif
    case Backend::vulkan: {
#if defined(ZKMSM_HAVE_VULKAN)
      vulkan::Context* context = nullptr;
      return vulkan::shared_context(context).ok();
#else
      return false;
#endif
    }
  }
  return false;
}

template <class Curve>
Result<Point<Curve>> msm(std::span<const Point<Curve>> points,
                         std::span<const Scalar<Curve>> scalars,
                         const MsmConfig& config,
                         MsmStats* stats) {
  using Internal = api::InternalCurve<Curve>;
  const auto start = api::Clock::now();
  if (points.size() != scalars.size()) {
    return Error{ErrorCode::invalid_argument,
                 "got " + std::to_string(points.size()) + " points but " + std::to_string(scalars.size()) + " scalars"};
  }
  const std::size_t n = points.size();
  if (n > api::kMaxPoints) {
    return Error{ErrorCode::invalid_argument, "at most 2^31 - 1 points per MSM"};
  }
  const Result<Backend> chosen =
      api::choose_backend(config, config.backend, config.points_on_device || config.scalars_on_device);
  if (!chosen) return chosen.error();
  const Backend backend = chosen.value();
  if (config.points_on_device && reinterpret_cast<std::uintptr_t>(points.data()) % api::kDevicePointAlignment != 0) {
    return Error{ErrorCode::invalid_argument, "points_on_device: device points must be 16-byte aligned"};
  }
  const Result<std::vector<int>> devices = api::resolve_devices(config, backend);
  if (!devices) return devices.error();
  const unsigned threads = host::resolve_thread_count(config.cpu_threads);
  try {
    const auto convert_start = api::Clock::now();
    api::BackendInputs<Internal> inputs;
    inputs.n = n;
    UninitializedBuffer<AffinePoint<Internal>> point_storage;
    // The cuda and vulkan backends convert and validate host points on the device after the
    // upload: the host only hands over the caller's arrays (their layouts are the internal ones).
    if (config.points_on_device || api::converts_points_on_device(backend)) {
      inputs.points = points.data();
      inputs.points_on_device = config.points_on_device;
      inputs.points_in_montgomery = config.points_in_montgomery;
      inputs.validate_points = config.validate_points;
    } else {
      api::RejectedPoint rejected;
      inputs.points = api::convert_host_points<Curve>(points, config, threads, false, point_storage, rejected).data();
      if (rejected.any()) return Error{rejected.code, rejected.message};
    }
    UninitializedBuffer<typename Internal::ScalarField::Integer> scalar_storage;
    if (config.scalars_on_device || api::takes_caller_scalars(backend, config)) {
      inputs.scalars = scalars.data();
      inputs.scalars_on_device = config.scalars_on_device;
      inputs.scalars_in_montgomery = config.scalars_in_montgomery;
    } else {
      scalar_storage = api::convert_host_scalars<Curve>(scalars, config, threads);
      inputs.scalars = scalar_storage.data();
    }
    const double convert_ms = api::elapsed_ms(convert_start);

    const Result<api::BackendRun<Internal>> run =
        api::run_backend_on<Internal>(backend, devices.value(), inputs, config);
    if (!run) return run.error();
    const api::HostInputBytes host_bytes{(config.points_in_montgomery ? 0 : n * sizeof(AffinePoint<Internal>)) + n * 32,
                                         point_storage.bytes() + scalar_storage.bytes()};
    api::fill_stats(stats, backend, run.value(), convert_ms, host_bytes, start);
    return api::to_public_point<Curve>(run.value().sum);
  } catch (const std::bad_alloc&) {
    return Error{ErrorCode::out_of_memory, "host memory allocation failed"};
  }
}

template Result<Point<Bn254>> msm<Bn254>(std::span<const Point<Bn254>>,
                                         std::span<const Scalar<Bn254>>,
                                         const MsmConfig&,
                                         MsmStats*);
template Result<Point<Grumpkin>> msm<Grumpkin>(std::span<const Point<Grumpkin>>,
                                               std::span<const Scalar<Grumpkin>>,
                                               const MsmConfig&,
                                               MsmStats*);

}  // namespace zkmsm
