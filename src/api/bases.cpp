// Bases (bases.hpp): points validated and converted once for a backend (host memory for cpu,
// device memory for cuda), and msm(bases, scalars) over a prefix of them.
#include "zkmsm/bases.hpp"

#include <cstdint>
#include <limits>
#include <memory>
#include <new>
#include <string>
#include <utility>

#include "api/backend_runs.hpp"
#include "api/cuda_devices.hpp"
#include "api/curve_map.hpp"
#include "core/uninitialized_buffer.hpp"
#include "host/parallel_for.hpp"
#include "zkmsm/zkmsm.hpp"
#if defined(ZKMSM_HAVE_CUDA)
#include "msm/cuda/cuda_msm.hpp"
#endif

namespace zkmsm {
namespace api {

// What a Bases owns: `size` affine points, Montgomery form, validated, in host memory (cpu) or
// device memory (cuda), in the AffinePoint<Internal> layout. On several CUDA devices, part d
// holds the points stripes deals to slot d (devices[d]), back to back.
template <class Internal>
struct BasesStorage {
  Backend backend = Backend::cpu;
  std::size_t size = 0;
  UninitializedBuffer<AffinePoint<Internal>> host_points;  // cpu
  DeviceBuffer device_points;                              // cuda, one device
  std::vector<int> devices;                                // cuda, several devices (else empty)
  std::vector<DeviceBuffer> device_parts;                  // cuda, several devices: part d on devices[d]
  DeviceStripes stripes;
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
    host::RejectedPoint rejected;
    const auto host_points =
        host::convert_host_points<Internal>(points.data(), n, input_form(config),
                                            host::resolve_thread_count(config.cpu_threads), false, converted, rejected);
    if (rejected.any()) return rejected_error(rejected);
    status = cuda::prepare_device_points<Internal>(storage.device_points.data(), host_points.data(), false, n, form,
                                                   config.cuda_stream);
  }
  if (!status.ok) return cuda_error(status);
  return true;
}

// Fills storage.device_parts: the points dealt in stripes of kBasesStripePoints to `devices`,
// one host thread per device. Host points are converted and validated here once, then each
// device copies its stripes; device points (of any one device) are copied stripe by stripe to
// each device and converted and validated there, the lowest rejected index (of the whole array)
// reported as the host path would.
template <class Curve>
Result<bool> prepare_device_parts(BasesStorage<InternalCurve<Curve>>& storage,
                                  std::span<const Point<Curve>> points,
                                  const MsmConfig& config,
                                  const std::vector<int>& devices) {
  using Internal = InternalCurve<Curve>;
  constexpr std::size_t kPointBytes = sizeof(AffinePoint<Internal>);
  const std::size_t n = points.size();
  storage.devices = devices;
  storage.stripes = DeviceStripes{kBasesStripePoints, devices.size()};
  storage.device_parts.resize(devices.size());
  UninitializedBuffer<AffinePoint<Internal>> converted;
  const void* source = points.data();
  if (!config.points_on_device) {
    host::RejectedPoint rejected;
    source =
        host::convert_host_points<Internal>(points.data(), n, input_form(config),
                                            host::resolve_thread_count(config.cpu_threads), false, converted, rejected)
            .data();
    if (rejected.any()) return rejected_error(rejected);
  }
  cuda::InputForm form;
  form.points_in_montgomery = config.points_in_montgomery;
  form.validate_points = config.validate_points;
  std::vector<cuda::CudaStatus> statuses(devices.size());
  const cuda::CudaStatus started = cuda::run_on_threads(devices.size(), [&](std::size_t d) {
    const std::size_t count = storage.stripes.local_count(d, n);
    statuses[d] = cuda::set_current_device(devices[d]);
    if (!statuses[d].ok) return;
    Result<DeviceBuffer> memory = DeviceBuffer::allocate(count * kPointBytes);
    if (!memory) {
      statuses[d] = cuda::CudaStatus{false, memory.error().code == ErrorCode::out_of_memory, memory.error().message};
      return;
    }
    storage.device_parts[d] = std::move(memory.value());
    void* part = storage.device_parts[d].data();
    const unsigned char* first =
        static_cast<const unsigned char*>(source) + storage.stripes.first_index(d) * kPointBytes;
    statuses[d] = cuda::copy_stripes_to_device(part, first, kPointBytes, count, storage.stripes.block,
                                               storage.stripes.stride(), nullptr);
    if (statuses[d].ok && config.points_on_device) {
      statuses[d] = cuda::prepare_device_points<Internal>(part, part, true, count, form, nullptr);
      if (statuses[d].point_issue != cuda::PointIssue::none) {
        statuses[d].point_index = storage.stripes.global_index(d, statuses[d].point_index);
        statuses[d].message = cuda::point_issue_message(statuses[d].point_issue, statuses[d].point_index, Curve::name);
      }
    }
  });
  if (!started.ok) return cuda_error(started);
  // A failure other than a rejected point first (that device may not have validated its part),
  // else the lowest rejected index.
  const cuda::CudaStatus* failed = nullptr;
  for (std::size_t d = 0; d < devices.size(); ++d) {
    const cuda::CudaStatus& status = statuses[d];
    if (status.ok) continue;
    const bool point = status.point_issue != cuda::PointIssue::none;
    const bool failed_point = failed != nullptr && failed->point_issue != cuda::PointIssue::none;
    if (failed == nullptr || (!point && failed_point) ||
        (point && failed_point && status.point_index < failed->point_index))
      failed = &status;
  }
  if (failed != nullptr) return cuda_error(*failed);
  return true;
}

// The devices the bases live on: storage.devices, or the one device of single-device bases.
template <class Internal>
std::vector<int> bases_devices(const BasesStorage<Internal>& storage) {
  if (!storage.devices.empty()) return storage.devices;
  return {storage.device_points.device()};
}

// The bases' part for slot d (single-device bases: all of them).
template <class Internal>
const void* bases_part(const BasesStorage<Internal>& storage, std::size_t d) {
  return storage.devices.empty() ? storage.device_points.data() : storage.device_parts[d].data();
}

// The shares of msm(bases, scalars) on the bases' devices: device d reads its part of the points
// in place and copies its stripes of the scalars (host memory or any one device's memory; device
// scalars are read in place when the bases live on the current device alone).
template <class Internal>
void deal_bases_msm(std::vector<cuda::DeviceQueue>& queues,
                    std::size_t msm,
                    const BasesStorage<Internal>& storage,
                    const void* scalars,
                    std::size_t n,
                    const MsmConfig& config) {
  const bool in_place = config.scalars_on_device && reads_device_inputs_in_place(bases_devices(storage));
  constexpr std::size_t kScalarBytes = sizeof(typename Internal::ScalarField::Integer);
  cuda::deal_msm(queues, msm, n, storage.stripes, [&](std::size_t d) {
    cuda::CudaMsmInputs share;
    share.points = bases_part(storage, d);
    share.points_on_device = true;
    share.scalars = static_cast<const unsigned char*>(scalars) + storage.stripes.first_index(d) * kScalarBytes;
    share.scalars_on_device = in_place;
    if (!in_place) {
      share.scalar_stripe_block = storage.stripes.block;
      share.scalar_stripe_stride = storage.stripes.stride();
    }
    share.form.scalars_in_montgomery = config.scalars_in_montgomery;
    return share;
  });
}

// An MSM on bases runs where they live: `requested` (resolve_devices) is empty or their devices;
// through the device queues, without the caller's stream.
template <class Internal>
Result<bool> check_bases_devices(const BasesStorage<Internal>& storage,
                                 const std::vector<int>& requested,
                                 const void* config_stream) {
  const std::vector<int> where = bases_devices(storage);
  if (config_stream != nullptr) {
    return Error{ErrorCode::invalid_argument,
                 "cuda_stream: these bases run through the device queues (prepared with devices, or devices given "
                 "now), where each device uses streams of its own; pass cuda_stream = nullptr"};
  }
  if (requested.empty() || requested == where) return true;
  std::string list;
  for (const int d : where) list += (list.empty() ? "" : ", ") + std::to_string(d);
  return Error{ErrorCode::invalid_argument, "devices: the bases live on CUDA device(s) " + list +
                                                "; an MSM on them runs there (leave devices empty)"};
}

// The bases' queues, one per device, empty.
template <class Internal>
std::vector<cuda::DeviceQueue> bases_queues(const BasesStorage<Internal>& storage) {
  const std::vector<int> where = bases_devices(storage);
  std::vector<cuda::DeviceQueue> queues(where.size());
  for (std::size_t d = 0; d < queues.size(); ++d) queues[d].device = where[d];
  return queues;
}

// Runs the queues of `msms` MSMs on the bases' devices; one BackendRun per MSM (batch) or the
// single MSM's.
template <class Internal>
Result<std::vector<BackendRun<Internal>>> run_bases_batch(const std::vector<cuda::DeviceQueue>& queues,
                                                          const MsmConfig& config,
                                                          std::size_t msms,
                                                          bool name_the_msm) {
  cuda::CudaShareRunner<Internal> runner{cuda_options(config)};
  runner.options.stream = nullptr;
  std::vector<AffinePoint<Internal>> sums(msms);
  std::vector<cuda::MultiDeviceReport> reports;
  std::size_t failed = 0;
  const cuda::CudaStatus status = cuda::run_device_queues<Internal>(sums, queues, runner, &reports, &failed);
  if (!status.ok) {
    Error error = cuda_error(status);
    if (name_the_msm && failed != std::numeric_limits<std::size_t>::max())
      error.message = "msm " + std::to_string(failed) + ": " + error.message;
    return error;
  }
  std::vector<BackendRun<Internal>> runs(msms);
  for (std::size_t m = 0; m < msms; ++m) {
    runs[m].sum = sums[m];
    copy_multi_device_report(runs[m], reports[m]);
  }
  return runs;
}

template <class Internal>
Result<BackendRun<Internal>> run_bases_queues(const std::vector<cuda::DeviceQueue>& queues,
                                              const MsmConfig& config,
                                              std::size_t msms) {
  Result<std::vector<BackendRun<Internal>>> runs = run_bases_batch<Internal>(queues, config, msms, false);
  if (!runs) return runs.error();
  return std::move(runs.value().front());
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
  const Result<std::vector<int>> devices = api::resolve_devices(config, backend);
  if (!devices) return devices.error();
  try {
    auto state = std::make_unique<typename Bases<Curve>::State>();
    state->backend = backend;
    state->size = n;
    if (n == 0 && backend == Backend::cuda && !devices.value().empty()) {
      // No points: nothing to upload, but the bases remember their devices for msm()'s checks.
      state->devices = devices.value();
      state->stripes = DeviceStripes{api::kBasesStripePoints, devices.value().size()};
      state->device_parts.resize(devices.value().size());
    } else if (n != 0 && backend == Backend::cuda) {
#if defined(ZKMSM_HAVE_CUDA)
      const Result<bool> prepared = devices.value().empty()
                                        ? api::prepare_device_bases<Curve>(*state, points, config)
                                        : api::prepare_device_parts<Curve>(*state, points, config, devices.value());
      if (!prepared) return prepared.error();
#endif
    } else if (n != 0) {
      host::RejectedPoint rejected;
      host::convert_host_points<api::InternalCurve<Curve>>(points.data(), n, api::input_form(config),
                                                           host::resolve_thread_count(config.cpu_threads), true,
                                                           state->host_points, rejected);
      if (rejected.any()) return api::rejected_error(rejected);
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
  const Result<std::vector<int>> devices = api::resolve_devices(config, backend);
  if (!devices) return devices.error();
  try {
#if defined(ZKMSM_HAVE_CUDA)
    if (backend == Backend::cuda && (!bases.state_->devices.empty() || !devices.value().empty())) {
      const Result<bool> same = api::check_bases_devices(*bases.state_, devices.value(), config.cuda_stream);
      if (!same) return same.error();
      std::vector<cuda::DeviceQueue> queues = api::bases_queues(*bases.state_);
      api::deal_bases_msm(queues, 0, *bases.state_, scalars.data(), n, config);
      const Result<api::BackendRun<Internal>> run = api::run_bases_queues<Internal>(queues, config, 1);
      if (!run) return run.error();
      api::fill_stats(stats, backend, run.value(), 0, api::HostInputBytes{}, start);
      return api::to_public_point<Curve>(run.value().sum);
    }
#endif
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
      scalar_storage = host::convert_host_scalars<Internal>(scalars.data(), n, config.scalars_in_montgomery,
                                                            host::resolve_thread_count(config.cpu_threads));
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

template <class Curve>
Result<std::vector<Point<Curve>>> msm_batch(const Bases<Curve>& bases,
                                            std::span<const std::span<const Scalar<Curve>>> scalars,
                                            const MsmConfig& config,
                                            std::vector<MsmStats>* stats) {
  using Internal [[maybe_unused]] = api::InternalCurve<Curve>;
  const auto start = api::Clock::now();
  try {
    if (stats != nullptr) stats->assign(scalars.size(), MsmStats{});
#if defined(ZKMSM_HAVE_CUDA)
    const Result<Backend> chosen = api::choose_backend(config, bases.backend(), config.scalars_on_device);
    if (!chosen) return chosen.error();
    const Result<std::vector<int>> devices = api::resolve_devices(config, chosen.value());
    if (!devices) return devices.error();
    if (chosen.value() == Backend::cuda && (!bases.state_->devices.empty() || !devices.value().empty())) {
      if (config.backend != Backend::automatic && config.backend != bases.backend()) {
        return Error{ErrorCode::invalid_argument, std::string("the bases were prepared for backend '") +
                                                      to_string(bases.backend()) + "' but config.backend is '" +
                                                      to_string(config.backend) + "'"};
      }
      const Result<bool> same = api::check_bases_devices(*bases.state_, devices.value(), config.cuda_stream);
      if (!same) return same.error();
      std::vector<cuda::DeviceQueue> queues = api::bases_queues(*bases.state_);
      for (std::size_t m = 0; m < scalars.size(); ++m) {
        if (scalars[m].size() > bases.size()) {
          return Error{ErrorCode::invalid_argument,
                       "msm " + std::to_string(m) + ": got " + std::to_string(scalars[m].size()) +
                           " scalars but the bases hold only " + std::to_string(bases.size()) + " points"};
        }
        api::deal_bases_msm(queues, m, *bases.state_, scalars[m].data(), scalars[m].size(), config);
      }
      const Result<std::vector<api::BackendRun<Internal>>> runs =
          api::run_bases_batch<Internal>(queues, config, scalars.size(), true);
      if (!runs) return runs.error();
      return api::batch_results<Curve>(runs.value(), Backend::cuda, stats, start);
    }
#endif
    return api::batch_one_by_one<Curve>(scalars.size(), stats, start, [&](std::size_t m, MsmStats* entry) {
      return msm<Curve>(bases, scalars[m], config, entry);
    });
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

template Result<std::vector<Point<Bn254>>> msm_batch<Bn254>(const Bases<Bn254>&,
                                                            std::span<const std::span<const Scalar<Bn254>>>,
                                                            const MsmConfig&,
                                                            std::vector<MsmStats>*);
template Result<std::vector<Point<Grumpkin>>> msm_batch<Grumpkin>(const Bases<Grumpkin>&,
                                                                  std::span<const std::span<const Scalar<Grumpkin>>>,
                                                                  const MsmConfig&,
                                                                  std::vector<MsmStats>*);

}  // namespace zkmsm
