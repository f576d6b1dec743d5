// How the API layer runs one MSM on a backend, once its inputs are in the backend's form: the
// backend choice and its checks, the inputs handed over (host or device memory), the backend
// call, and the statistics. Shared by msm(points, scalars) (msm.cpp) and msm(bases, scalars)
// (bases.cpp).
#pragma once

#include <chrono>
#include <cstddef>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "api/curve_map.hpp"
#include "msm/cpu/cpu_msm.hpp"
#if defined(ZKMSM_HAVE_CUDA)
#include "msm/cuda/cuda_msm.hpp"
#endif
#if defined(ZKMSM_HAVE_VULKAN)
#include <type_traits>

#include "api/host_inputs.hpp"
#include "msm/vulkan/vulkan_msm.hpp"
#endif
#include "zkmsm/zkmsm.hpp"

namespace zkmsm::api {

using Clock = std::chrono::steady_clock;

inline double elapsed_ms(Clock::time_point since) {
  return std::chrono::duration<double, std::milli>(Clock::now() - since).count();
}

// Largest n: sorted entries keep the point index in 31 bits.
inline constexpr std::size_t kMaxPoints = (std::size_t{1} << 31) - 1;
// Device points are read with 16-byte loads.
inline constexpr std::size_t kDevicePointAlignment = 16;

// The backend `requested` stands for: automatic is cuda, then vulkan on a GPU (never a software
// Vulkan device such as lavapipe), then cpu.
Backend resolve_backend(Backend requested);

// The backend to run for `config`, after the checks every entry point shares: window_bits in
// range, the backend available, device inputs only on cuda.
Result<Backend> choose_backend(const MsmConfig& config, Backend requested, bool device_inputs);

// Whether `backend` converts the caller's host points itself (on the device).
inline bool converts_points_on_device(Backend backend) {
  return backend == Backend::cuda || backend == Backend::vulkan;
}
// Whether `backend` takes the caller's host scalars as they are.
inline bool takes_caller_scalars(Backend backend, const MsmConfig& config) {
  return backend == Backend::cuda || (backend == Backend::vulkan && !config.scalars_in_montgomery);
}

// One MSM's inputs as the API hands them to a backend.
//   host points:    cpu: AffinePoint<Internal>[n], Montgomery form, validated (converted by
//                   host_inputs.hpp); cuda, vulkan: the caller's Point layout, converted on the
//                   device as points_in_montgomery / validate_points say (prepared bases: the
//                   internal form, nothing to convert)
//   device points:  the caller's Point layout, read as points_in_montgomery / validate say
//   host scalars:   cpu, vulkan: canonical Integer[n] (vulkan: the caller's array when it is
//                   canonical); cuda: the caller's Scalar layout, as for device scalars
//   device scalars: the caller's Scalar layout, Montgomery form when scalars_in_montgomery
template <class Internal>
struct BackendInputs {
  using Integer = typename Internal::ScalarField::Integer;
  std::size_t n = 0;
  const void* points = nullptr;
  bool points_on_device = false;
  bool points_in_montgomery = true;
  bool validate_points = false;
  const void* scalars = nullptr;
  bool scalars_on_device = false;
  bool scalars_in_montgomery = false;

  std::span<const AffinePoint<Internal>> host_points() const {
    return {static_cast<const AffinePoint<Internal>*>(points), n};
  }
  std::span<const Integer> host_scalars() const { return {static_cast<const Integer*>(scalars), n}; }
};

// What a backend returns: the affine sum and its statistics.
template <class Internal>
struct BackendRun {
  AffinePoint<Internal> sum;
  std::string accumulator;
  unsigned window_bits = 0;
  unsigned windows = 0;
  std::vector<StageTime> stages;
  std::size_t estimated_peak_bytes = 0;
  std::size_t measured_peak_bytes = 0;
  unsigned devices = 0;  // GPUs that ran part of it (MsmStats::devices)
};

// The fields every backend's report shares (window, stages, memory).
template <class Internal, class Report>
void copy_report(BackendRun<Internal>& run, const Report& report, std::string accumulator) {
  run.accumulator = std::move(accumulator);
  run.window_bits = report.window_bits;
  run.windows = report.windows;
  for (const auto& stage : report.stages) run.stages.push_back({stage.name, stage.milliseconds});
  run.estimated_peak_bytes = report.estimated_peak_bytes;
  run.measured_peak_bytes = report.measured_peak_bytes;
}

inline cpu::CpuAccumulator to_cpu_accumulator(Accumulator accumulator) {
  switch (accumulator) {
    case Accumulator::batch_affine:
      return cpu::CpuAccumulator::batch_affine;
    default:
      return cpu::CpuAccumulator::automatic;
  }
}

// The cpu backend reads host inputs only (choose_backend refused device inputs).
template <class Internal>
Result<BackendRun<Internal>> run_cpu(const BackendInputs<Internal>& inputs, const MsmConfig& config) {
  cpu::CpuMsmOptions options;
  options.window_bits = config.window_bits;
  options.threads = config.cpu_threads;
  options.accumulator = to_cpu_accumulator(config.accumulator);
  cpu::CpuMsmReport report;
  BackendRun<Internal> run;
  run.sum = cpu::msm<Internal>(inputs.host_points(), inputs.host_scalars(), options, &report);
  copy_report(run, report, cpu::to_string(report.accumulator));
  return run;
}

#if defined(ZKMSM_HAVE_CUDA)
// The public error for a failed cuda backend call: device validation keeps the host path's
// codes and messages; the rest are memory or runtime failures.
inline Error cuda_error(const cuda::CudaStatus& status) {
  switch (status.point_issue) {
    case cuda::PointIssue::x_not_canonical:
    case cuda::PointIssue::y_not_canonical:
      return Error{ErrorCode::point_not_canonical, status.message};
    case cuda::PointIssue::not_on_curve:
      return Error{ErrorCode::point_not_on_curve, status.message};
    case cuda::PointIssue::none:
      break;
  }
  return Error{status.out_of_memory ? ErrorCode::out_of_memory : ErrorCode::device_error,
               "cuda backend: " + status.message};
}
#endif

#if defined(ZKMSM_HAVE_CUDA)
// The cuda backend's options from the public configuration.
inline cuda::CudaMsmOptions cuda_options(const MsmConfig& config) {
  cuda::CudaMsmOptions options;
  options.window_bits = config.window_bits;
  options.walker_slots = config.walker_slots;
  options.walker_threads_per_block = config.walker_threads_per_block;
  options.walker_max_blocks = config.walker_max_blocks;
  switch (config.walker_state) {
    case WalkerState::automatic:
      options.walker_state = cuda::WalkerStateKind::automatic;
      break;
    case WalkerState::registers:
      options.walker_state = cuda::WalkerStateKind::registers;
      break;
    case WalkerState::global:
      options.walker_state = cuda::WalkerStateKind::global;
      break;
    case WalkerState::warp:
      options.walker_state = cuda::WalkerStateKind::warp;
      break;
    case WalkerState::global_warp:
      options.walker_state = cuda::WalkerStateKind::global_warp;
      break;
  }
  options.memory_budget_bytes = config.memory_budget_bytes;
  options.stream = config.cuda_stream;
  return options;
}

// The cuda backend's view of the API's inputs.
template <class Internal>
cuda::CudaMsmInputs cuda_inputs(const BackendInputs<Internal>& inputs) {
  cuda::CudaMsmInputs device_inputs;
  device_inputs.n = inputs.n;
  device_inputs.points = inputs.points;
  device_inputs.points_on_device = inputs.points_on_device;
  device_inputs.scalars = inputs.scalars;
  device_inputs.scalars_on_device = inputs.scalars_on_device;
  device_inputs.form.points_in_montgomery = inputs.points_in_montgomery;
  device_inputs.form.validate_points = inputs.validate_points;
  device_inputs.form.scalars_in_montgomery = inputs.scalars_in_montgomery;
  return device_inputs;
}
#endif

// The cuda backend on the calling thread's current device (MsmConfig::devices resolved to it).
template <class Internal>
Result<BackendRun<Internal>> run_cuda(const BackendInputs<Internal>& inputs, const MsmConfig& config) {
#if defined(ZKMSM_HAVE_CUDA)
  cuda::CudaMsmReport report;
  BackendRun<Internal> run;
  const cuda::CudaStatus status = cuda::msm<Internal>(&run.sum, cuda_inputs(inputs), cuda_options(config), &report);
  if (!status.ok) return cuda_error(status);
  copy_report(run, report, "stream_walker");
  run.devices = 1;
  return run;
#else
  (void)inputs;
  (void)config;
  return Error{ErrorCode::backend_unavailable, "this build has no CUDA backend"};
#endif
}

#if defined(ZKMSM_HAVE_VULKAN)
inline Error vulkan_error(const vulkan::Status& status) {
  switch (status.code) {
    case vulkan::StatusCode::invalid_argument:
      return Error{ErrorCode::invalid_argument, "vulkan backend: " + status.message};
    case vulkan::StatusCode::out_of_memory:
      return Error{ErrorCode::out_of_memory, "vulkan backend: " + status.message};
    case vulkan::StatusCode::no_vulkan:
    case vulkan::StatusCode::no_device:
    case vulkan::StatusCode::unsupported:
      return Error{ErrorCode::backend_unavailable, "vulkan backend: " + status.message};
    default:
      return Error{ErrorCode::device_error, "vulkan backend: " + status.message};
  }
}
#endif

// The vulkan backend takes the caller's host points as they are (converted and validated on the
// device, as the flags say) and canonical host scalars (the caller's, or converted by the API
// layer from Montgomery form), and runs the stream walker with its slots in private memory
// (registers) or in a buffer (global), or the pair tree; the warp states are CUDA's.
template <class Internal>
Result<BackendRun<Internal>> run_vulkan(const BackendInputs<Internal>& inputs, const MsmConfig& config) {
#if defined(ZKMSM_HAVE_VULKAN)
  if (config.accumulator == Accumulator::batch_affine) {
    return Error{ErrorCode::invalid_argument, std::string("vulkan backend: accumulator '") +
                                                  to_string(config.accumulator) +
                                                  "' is the cpu backend's (vulkan has stream_walker and pair_tree)"};
  }
  if (config.walker_state == WalkerState::warp || config.walker_state == WalkerState::global_warp) {
    return Error{
        ErrorCode::invalid_argument,
        "vulkan backend: walker_state warp and global_warp are cuda's (vulkan has auto, registers and global)"};
  }
  if (inputs.points_on_device || inputs.scalars_on_device) {
    return Error{ErrorCode::invalid_argument, "vulkan backend: inputs in device memory are cuda's"};
  }
  vulkan::Context* context = nullptr;
  if (const vulkan::Status s = vulkan::shared_context(context); !s.ok()) return vulkan_error(s);
  vulkan::VulkanMsmOptions options;
  options.window_bits = config.window_bits;
  options.walker_slots = config.walker_slots;
  options.walker_workgroup_size = config.walker_threads_per_block;
  options.walker_max_workgroups = config.walker_max_blocks;
  if (config.walker_state == WalkerState::registers) options.walker_state = backend::WalkerState::registers;
  if (config.walker_state == WalkerState::global) options.walker_state = backend::WalkerState::global;
  const bool pair_tree = config.accumulator == Accumulator::pair_tree;
  if (pair_tree) options.accumulator = backend::AccumulatorKind::pair_tree;
  options.pair_tree_dx_cache = config.pair_tree_dx_cache;
  options.memory_budget_bytes = config.memory_budget_bytes;
  options.points_in_montgomery = inputs.points_in_montgomery;
  options.validate_points = inputs.validate_points;
  constexpr vulkan::ScalarCurve curve =
      std::is_same_v<Internal, Bn254G1> ? vulkan::ScalarCurve::bn254 : vulkan::ScalarCurve::grumpkin;
  vulkan::VulkanMsmReport report;
  BackendRun<Internal> run;
  const vulkan::Status status =
      vulkan::msm_from_words<Internal>(*context, curve, inputs.n, static_cast<const std::uint32_t*>(inputs.points),
                                       static_cast<const std::uint32_t*>(inputs.scalars), options, run.sum, report);
  if (status.code == vulkan::StatusCode::rejected_point) {
    // The device names the lowest bad index; the host says why, in the host path's words.
    using Curve = PublicCurve<Internal>;
    AffinePoint<Internal> unused;
    const RejectedPoint rejected =
        check_host_point<Curve>(static_cast<const Point<Curve>*>(inputs.points)[report.rejected_point],
                                report.rejected_point, !inputs.points_in_montgomery, inputs.validate_points, unused);
    if (rejected.any()) return Error{rejected.code, rejected.message};
    return Error{ErrorCode::device_error, "vulkan backend: " + status.message + ", which the host accepts"};
  }
  if (!status.ok()) return vulkan_error(status);
  run.accumulator = pair_tree ? "pair_tree" : "stream_walker";
  run.window_bits = report.sizes.window_bits;
  run.windows = report.sizes.windows;
  for (const auto& stage : report.stages) run.stages.push_back({stage.name, stage.milliseconds});
  run.estimated_peak_bytes = report.sizes.device_bytes;
  run.measured_peak_bytes = report.measured_peak_bytes;
  run.devices = 1;
  return run;
#else
  (void)inputs;
  (void)config;
  return Error{ErrorCode::backend_unavailable, "this build has no Vulkan backend"};
#endif
}

template <class Internal>
Result<BackendRun<Internal>> run_backend(Backend backend,
                                         const BackendInputs<Internal>& inputs,
                                         const MsmConfig& config) {
  switch (backend) {
    case Backend::cuda:
      return run_cuda<Internal>(inputs, config);
    case Backend::vulkan:
      return run_vulkan<Internal>(inputs, config);
    default:
      return run_cpu<Internal>(inputs, config);
  }
}

// Host memory the API layer used for one call's inputs (reported for host backends only).
struct HostInputBytes {
  std::size_t estimated = 0;  // closed form
  std::size_t measured = 0;   // what was allocated
};

// Fills *stats: the host conversion time is added to the backend's convert_inputs stage (device
// conversion), which leads the list.
template <class Internal>
void fill_stats(MsmStats* stats,
                Backend backend,
                const BackendRun<Internal>& run,
                double host_convert_ms,
                HostInputBytes host_inputs,
                Clock::time_point start) {
  if (stats == nullptr) return;
  stats->backend = to_string(backend);
  stats->accumulator = run.accumulator;
  stats->window_bits = run.window_bits;
  stats->windows = run.windows;
  stats->stages.clear();
  stats->stages.push_back({"convert_inputs", host_convert_ms});
  for (const StageTime& stage : run.stages) {
    if (stage.name == "convert_inputs")
      stats->stages.front().milliseconds += stage.milliseconds;
    else
      stats->stages.push_back(stage);
  }
  // Host-side input copies count for the CPU backend; the GPU backends report device bytes.
  const bool host_backend = backend == Backend::cpu;
  stats->estimated_peak_bytes = run.estimated_peak_bytes + (host_backend ? host_inputs.estimated : 0);
  stats->measured_peak_bytes = run.measured_peak_bytes + (host_backend ? host_inputs.measured : 0);
  stats->devices = run.devices;
  stats->total_milliseconds = elapsed_ms(start);
}

// The public results of a batch whose runs are done (the device queues), and their *stats.
template <class Curve>
std::vector<Point<Curve>> batch_results(const std::vector<BackendRun<InternalCurve<Curve>>>& runs,
                                        Backend backend,
                                        std::vector<MsmStats>* stats,
                                        Clock::time_point start) {
  std::vector<Point<Curve>> results;
  results.reserve(runs.size());
  for (std::size_t m = 0; m < runs.size(); ++m) {
    if (stats != nullptr) fill_stats(&(*stats)[m], backend, runs[m], 0, {}, start);
    results.push_back(to_public_point<Curve>(runs[m].sum));
  }
  return results;
}

// A batch run MSM by MSM: one(m, stats of MSM m or nullptr) -> Result<Point<Curve>> for each m <
// count; the first failure is returned as "msm m: …". Every entry's total is the batch's time.
template <class Curve, class One>
Result<std::vector<Point<Curve>>> batch_one_by_one(std::size_t count,
                                                   std::vector<MsmStats>* stats,
                                                   Clock::time_point start,
                                                   const One& one) {
  std::vector<Point<Curve>> results;
  results.reserve(count);
  for (std::size_t m = 0; m < count; ++m) {
    Result<Point<Curve>> result = one(m, stats != nullptr ? &(*stats)[m] : nullptr);
    if (!result) return Error{result.error().code, "msm " + std::to_string(m) + ": " + result.error().message};
    results.push_back(result.value());
  }
  if (stats != nullptr) {
    for (MsmStats& entry : *stats) entry.total_milliseconds = elapsed_ms(start);
  }
  return results;
}

}  // namespace zkmsm::api
