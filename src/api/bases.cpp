// Bases (bases.hpp): points validated and converted once for a backend (host memory for cpu,
// device memory for cuda), and msm(bases, scalars) over a prefix of them.
#include "zkmsm/bases.hpp"

#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <utility>

#include "api/backend_runs.hpp"
#include "api/curve_map.hpp"
#include "api/host_inputs.hpp"
#include "core/uninitialized_buffer.hpp"
#include "msm/cpu/parallel_for.hpp"
#include "zkmsm/zkmsm.hpp"
#if defined(ZKMSM_HAVE_CUDA)
#include "msm/cuda/cuda_msm.hpp"
#endif

namespace zkmsm {
namespace api {

// What a Bases owns: `size` affine points, Montgomery form, validated, in host memory (cpu) or
// device memory (cuda), in the AffinePoint<Internal> layout.
template <class Internal>
struct BasesStorage {
  Backend backend = Backend::cpu;
  std::size_t size = 0;
  UninitializedBuffer<AffinePoint<Internal>> host_points;  // cpu
  DeviceBuffer device_points;                              // cuda
};

#if defined(ZKMSM_HAVE_CUDA)
// Fills storage.device_points from host points (converted and validated here, then uploaded)
// or from device points (converted and validated on the device).
template <class Curve>
Result<bool> prepare_device_bases(BasesStorage<InternalCurve<Curve>>& storage,
                                  std::span<const Point<Curve>> points,
                                  const MsmConfig& config) {
  using Internal = InternalCurve<Curve>;
  const std::size_t n = points.size();
  Result<DeviceBuffer> memory = DeviceBuffer::allocate(n * sizeof(AffinePoint<Internal>));
  if (!memory) return memory.error();
  storage.device_points = std::move(memory.value());
  cuda::InputForm form;
  form.points_in_montgomery = config.points_in_montgomery;
  form.validate_points = config.validate_points;
  cuda::CudaStatus status;
  if (config.points_on_device) {
    status = cuda::prepare_device_points<Internal>(storage.device_points.data(), points.data(), true, n, form,
                                                   config.cuda_stream);
  } else {
    UninitializedBuffer<AffinePoint<Internal>> converted;
    RejectedPoint rejected;
    const auto host = convert_host_points<Curve>(points, config, cpu::resolve_thread_count(config.cpu_threads), false,
                                                 converted, rejected);
    if (rejected.any()) return Error{rejected.code, rejected.message};
    status = cuda::prepare_device_points<Internal>(storage.device_points.data(), host.data(), false, n, form,
                                                   config.cuda_stream);
  }
  if (!status.ok) return cuda_error(status);
  return true;
}
#endif

}  // namespace api

template <class Curve>
struct Bases<Curve>::State : api::BasesStorage<api::InternalCurve<Curve>> {};

template <class Curve>
Bases<Curve>::Bases() = default;
template <class Curve>
Bases<Curve>::Bases(std::unique_ptr<State> state) : state_(std::move(state)) {}
template <class Curve>
Bases<Curve>::Bases(Bases&& other) noexcept = default;
template <class Curve>
Bases<Curve>& Bases<Curve>::operator=(Bases&& other) noexcept = default;
template <class Curve>
Bases<Curve>::~Bases() = default;

template <class Curve>
std::size_t Bases<Curve>::size() const {
  return state_ ? state_->size : 0;
}

template <class Curve>
Backend Bases<Curve>::backend() const {
  return state_ ? state_->backend : Backend::cpu;
}

template <class Curve>
Result<Bases<Curve>> prepare_bases(std::span<const Point<Curve>> points, const MsmConfig& config) {
  const std::size_t n = points.size();
  if (n > api::kMaxPoints) return Error{ErrorCode::invalid_argument, "at most 2^31 - 1 points per MSM"};
  const Result<Backend> chosen = api::choose_backend(config, config.backend, config.points_on_device);
  if (!chosen) return chosen.error();
  const Backend backend = chosen.value();
  if (config.points_on_device && reinterpret_cast<std::uintptr_t>(points.data()) % api::kDevicePointAlignment != 0) {
    return Error{ErrorCode::invalid_argument, "points_on_device: device points must be 16-byte aligned"};
  }
  try {
    auto state = std::make_unique<typename Bases<Curve>::State>();
    state->backend = backend;
    state->size = n;
    if (n != 0 && backend == Backend::cuda) {
#if defined(ZKMSM_HAVE_CUDA)
      const Result<bool> prepared = api::prepare_device_bases<Curve>(*state, points, config);
      if (!prepared) return prepared.error();
#endif
    } else if (n != 0) {
      api::RejectedPoint rejected;
      api::convert_host_points<Curve>(points, config, cpu::resolve_thread_count(config.cpu_threads), true,
                                      state->host_points, rejected);
      if (rejected.any()) return Error{rejected.code, rejected.message};
    }
    return Bases<Curve>(std::move(state));
  } catch (const std::bad_alloc&) {
    return Error{ErrorCode::out_of_memory, "host memory allocation failed"};
  }
}

template <class Curve>
Result<Point<Curve>> msm(const Bases<Curve>& bases,
                         std::span<const Scalar<Curve>> scalars,
                         const MsmConfig& config,
                         MsmStats* stats) {
  using Internal = api::InternalCurve<Curve>;
  const auto start = api::Clock::now();
  const std::size_t n = scalars.size();
  if (n > bases.size()) {
    return Error{ErrorCode::invalid_argument, "got " + std::to_string(n) + " scalars but the bases hold only " +
                                                  std::to_string(bases.size()) + " points"};
  }
  if (config.backend != Backend::automatic && config.backend != bases.backend()) {
    return Error{ErrorCode::invalid_argument, std::string("the bases were prepared for backend '") +
                                                  to_string(bases.backend()) + "' but config.backend is '" +
                                                  to_string(config.backend) + "'"};
  }
  const Result<Backend> chosen = api::choose_backend(config, bases.backend(), config.scalars_on_device);
  if (!chosen) return chosen.error();
  const Backend backend = chosen.value();
  try {
    api::BackendInputs<Internal> inputs;
    inputs.n = n;
    if (n != 0 && backend == Backend::cuda) {
#if defined(ZKMSM_HAVE_CUDA)
      int device = -1;
      const cuda::CudaStatus status = cuda::current_device(&device);
      if (!status.ok) return api::cuda_error(status);
      if (device != bases.state_->device_points.device()) {
        return Error{ErrorCode::invalid_argument, "the bases live on CUDA device " +
                                                      std::to_string(bases.state_->device_points.device()) +
                                                      " but the current device is " + std::to_string(device)};
      }
#endif
      inputs.points = bases.state_->device_points.data();
      inputs.points_on_device = true;
    } else if (n != 0) {
      inputs.points = bases.state_->host_points.data();
    }
    const auto convert_start = api::Clock::now();
    UninitializedBuffer<typename Internal::ScalarField::Integer> scalar_storage;
    // The cuda backend takes the caller's scalars as they are (uploaded, converted on the
    // device), and so does vulkan when they are canonical.
    if (config.scalars_on_device || api::takes_caller_scalars(backend, config)) {
      inputs.scalars = scalars.data();
      inputs.scalars_on_device = config.scalars_on_device;
      inputs.scalars_in_montgomery = config.scalars_in_montgomery;
    } else {
      scalar_storage = api::convert_host_scalars<Curve>(scalars, config, cpu::resolve_thread_count(config.cpu_threads));
      inputs.scalars = scalar_storage.data();
    }
    const double convert_ms = api::elapsed_ms(convert_start);

    const Result<api::BackendRun<Internal>> run = api::run_backend<Internal>(backend, inputs, config);
    if (!run) return run.error();
    const api::HostInputBytes host_bytes{config.scalars_on_device ? 0 : n * 32, scalar_storage.bytes()};
    api::fill_stats(stats, backend, run.value(), convert_ms, host_bytes, start);
    return api::to_public_point<Curve>(run.value().sum);
  } catch (const std::bad_alloc&) {
    return Error{ErrorCode::out_of_memory, "host memory allocation failed"};
  }
}

template class Bases<Bn254>;
template class Bases<Grumpkin>;
template Result<Bases<Bn254>> prepare_bases<Bn254>(std::span<const Point<Bn254>>, const MsmConfig&);
template Result<Bases<Grumpkin>> prepare_bases<Grumpkin>(std::span<const Point<Grumpkin>>, const MsmConfig&);
template Result<Point<Bn254>> msm<Bn254>(const Bases<Bn254>&,
                                         std::span<const Scalar<Bn254>>,
                                         const MsmConfig&,
                                         MsmStats*);
template Result<Point<Grumpkin>> msm<Grumpkin>(const Bases<Grumpkin>&,
                                               std::span<const Scalar<Grumpkin>>,
                                               const MsmConfig&,
                                               MsmStats*);

}  // namespace zkmsm
