// The public entry point: input conversion and validation, backend choice, statistics.
#include <algorithm>
#include <chrono>
#include <cstring>
#include <limits>
#include <new>
#include <string>
#include <vector>

#include "api/curve_map.hpp"
#include "core/uninitialized_buffer.hpp"
#include "msm/cpu/cpu_msm.hpp"
#include "msm/cpu/parallel_for.hpp"
#if defined(ZKMSM_HAVE_CUDA)
#include "msm/cuda/cuda_msm.hpp"
#endif
#include "zkmsm/zkmsm.hpp"

namespace zkmsm {
namespace {

using Clock = std::chrono::steady_clock;

// Largest n: sorted entries keep the point index in 31 bits.
constexpr std::size_t kMaxPoints = (std::size_t{1} << 31) - 1;
constexpr std::size_t kConvertChunk = 4096;

template <std::size_t N>
BigInt<N> to_bigint(const std::array<std::uint64_t, N>& limbs) {
  BigInt<N> out{};
  for (std::size_t i = 0; i < N; ++i) out.limb[i] = limbs[i];
  return out;
}

// Why point `index` was rejected, or nothing.
struct PointIssue {
  std::size_t index = std::numeric_limits<std::size_t>::max();
  ErrorCode code = ErrorCode::invalid_argument;
  std::string message;
};

// Converts (if needed) and validates the points; returns the internal span to use.
template <class Curve>
std::span<const AffinePoint<api::InternalCurve<Curve>>> prepare_points(
    std::span<const Point<Curve>> points,
    const MsmConfig& config,
    unsigned threads,
    UninitializedBuffer<AffinePoint<api::InternalCurve<Curve>>>& storage,
    PointIssue& issue) {
  using Internal = api::InternalCurve<Curve>;
  using Affine = AffinePoint<Internal>;
  using BaseField = typename Internal::BaseField;
  const std::size_t n = points.size();
  const bool convert = !config.points_in_montgomery;
  if (convert) storage.resize(n);
  std::span<const Affine> internal = convert
                                         ? std::span<const Affine>(storage.data(), n)
                                         : std::span<const Affine>(reinterpret_cast<const Affine*>(points.data()), n);
  if (!convert && !config.validate_points) return internal;

  const std::size_t chunks = (n + kConvertChunk - 1) / kConvertChunk;
  std::vector<PointIssue> chunk_issue(chunks);
  cpu::parallel_for(chunks, threads, [&](std::size_t chunk, unsigned) {
    const std::size_t end = std::min(n, (chunk + 1) * kConvertChunk);
    for (std::size_t i = chunk * kConvertChunk; i < end; ++i) {
      const auto x = to_bigint(points[i].x);
      const auto y = to_bigint(points[i].y);
      const bool x_ok = BaseField::is_canonical(x);
      if (!x_ok || !BaseField::is_canonical(y)) {
        chunk_issue[chunk] = {
            i, ErrorCode::point_not_canonical,
            "point " + std::to_string(i) + ": coordinate " + (x_ok ? "y" : "x") + " is not below the field modulus p"};
        return;
      }
      const Affine p = convert ? Affine{BaseField::from_canonical(x), BaseField::from_canonical(y)}
                               : Affine{BaseField::from_raw(x), BaseField::from_raw(y)};
      if (convert) storage[i] = p;
      if (config.validate_points && !p.is_on_curve()) {
        chunk_issue[chunk] = {i, ErrorCode::point_not_on_curve,
                              "point " + std::to_string(i) + " is not on the curve " + Curve::name};
        return;
      }
    }
  });
  for (const PointIssue& c : chunk_issue) {
    if (c.index != std::numeric_limits<std::size_t>::max()) {
      issue = c;
      break;
    }
  }
  return internal;
}

template <class Curve>
UninitializedBuffer<typename api::InternalCurve<Curve>::ScalarField::Integer> prepare_scalars(
    std::span<const Scalar<Curve>> scalars, const MsmConfig& config, unsigned threads) {
  using ScalarField = typename api::InternalCurve<Curve>::ScalarField;
  using Integer = typename ScalarField::Integer;
  const std::size_t n = scalars.size();
  UninitializedBuffer<Integer> out(n);
  const std::size_t chunks = (n + kConvertChunk - 1) / kConvertChunk;
  cpu::parallel_for(chunks, threads, [&](std::size_t chunk, unsigned) {
    const std::size_t end = std::min(n, (chunk + 1) * kConvertChunk);
    for (std::size_t i = chunk * kConvertChunk; i < end; ++i) {
      const Integer value = to_bigint(scalars[i]);
      // A Montgomery-form scalar a·R mod r is read mod r, then divided by R.
      out[i] = config.scalars_in_montgomery
                   ? ScalarField::from_raw(reduce_mod(value, ScalarField::modulus())).to_canonical()
                   : value;
    }
  });
  return out;
}

Backend resolve_backend(Backend requested) {
  if (requested != Backend::automatic) return requested;
  if (backend_available(Backend::cuda)) return Backend::cuda;
  if (backend_available(Backend::vulkan)) return Backend::vulkan;
  return Backend::cpu;
}

cpu::CpuAccumulator to_cpu_accumulator(Accumulator accumulator) {
  switch (accumulator) {
    case Accumulator::batch_affine:
      return cpu::CpuAccumulator::batch_affine;
    default:
      return cpu::CpuAccumulator::automatic;
  }
}

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

template <class Internal>
Result<BackendRun<Internal>> run_cpu(std::span<const AffinePoint<Internal>> points,
                                     std::span<const typename Internal::ScalarField::Integer> scalars,
                                     const MsmConfig& config) {
  cpu::CpuMsmOptions options;
  options.window_bits = config.window_bits;
  options.threads = config.cpu_threads;
  options.accumulator = to_cpu_accumulator(config.accumulator);
  cpu::CpuMsmReport report;
  BackendRun<Internal> run;
  run.sum = cpu::msm<Internal>(points, scalars, options, &report);
  copy_report(run, report, cpu::to_string(report.accumulator));
  return run;
}

template <class Internal>
Result<BackendRun<Internal>> run_cuda(std::span<const AffinePoint<Internal>> points,
                                      std::span<const typename Internal::ScalarField::Integer> scalars,
                                      const MsmConfig& config) {
#if defined(ZKMSM_HAVE_CUDA)
  cuda::CudaMsmOptions options;
  options.window_bits = config.window_bits;
  options.walker_slots = config.walker_slots;
  options.walker_threads_per_block = config.walker_threads_per_block;
  options.walker_max_blocks = config.walker_max_blocks;
  options.walker_state =
      config.walker_state == WalkerState::global ? cuda::WalkerStateKind::global : cuda::WalkerStateKind::registers;
  options.memory_budget_bytes = config.memory_budget_bytes;
  cuda::CudaMsmReport report;
  BackendRun<Internal> run;
  const cuda::CudaStatus status = cuda::msm<Internal>(&run.sum, points, scalars, options, &report);
  if (!status.ok) {
    return Error{status.out_of_memory ? ErrorCode::out_of_memory : ErrorCode::device_error,
                 "cuda backend: " + status.message};
  }
  copy_report(run, report, "stream_walker");
  return run;
#else
  (void)points;
  (void)scalars;
  (void)config;
  return Error{ErrorCode::backend_unavailable, "this build has no CUDA backend"};
#endif
}

double elapsed_ms(Clock::time_point since) {
  return std::chrono::duration<double, std::milli>(Clock::now() - since).count();
}

}  // namespace

const char* version() { return ZKMSM_VERSION; }

const char* to_string(ErrorCode code) {
  switch (code) {
    case ErrorCode::invalid_argument:
      return "invalid_argument";
    case ErrorCode::point_not_canonical:
      return "point_not_canonical";
    case ErrorCode::point_not_on_curve:
      return "point_not_on_curve";
    case ErrorCode::backend_unavailable:
      return "backend_unavailable";
    case ErrorCode::out_of_memory:
      return "out_of_memory";
    case ErrorCode::device_error:
      return "device_error";
  }
  return "unknown";
}

const char* to_string(Backend backend) {
  switch (backend) {
    case Backend::automatic:
      return "auto";
    case Backend::cpu:
      return "cpu";
    case Backend::cuda:
      return "cuda";
    case Backend::vulkan:
      return "vulkan";
  }
  return "unknown";
}

const char* to_string(Accumulator accumulator) {
  switch (accumulator) {
    case Accumulator::automatic:
      return "auto";
    case Accumulator::stream_walker:
      return "stream_walker";
    case Accumulator::pair_tree:
      return "pair_tree";
    case Accumulator::batch_affine:
      return "batch_affine";
  }
  return "unknown";
}

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
    case Backend::vulkan:
      return false;
  }
  return false;
}

template <class Curve>
Result<Point<Curve>> msm(std::span<const Point<Curve>> points,
                         std::span<const Scalar<Curve>> scalars,
                         const MsmConfig& config,
                         MsmStats* stats) {
  using Internal = api::InternalCurve<Curve>;
  const auto start = Clock::now();
  if (points.size() != scalars.size()) {
    return Error{ErrorCode::invalid_argument,
                 "got " + std::to_string(points.size()) + " points but " + std::to_string(scalars.size()) + " scalars"};
  }
  if (points.size() > kMaxPoints) {
    return Error{ErrorCode::invalid_argument, "at most 2^31 - 1 points per MSM"};
  }
  if (config.window_bits > 22 || config.window_bits == 1) {
    return Error{ErrorCode::invalid_argument, "window_bits must be 0 (auto) or in [2, 22]"};
  }
  const Backend backend = resolve_backend(config.backend);
  if (!backend_available(backend)) {
    return Error{ErrorCode::backend_unavailable,
                 std::string("backend '") + to_string(backend) + "' is not available in this build or on this machine"};
  }
  const unsigned threads = cpu::resolve_thread_count(config.cpu_threads);
  try {
    const auto convert_start = Clock::now();
    UninitializedBuffer<AffinePoint<Internal>> point_storage;
    PointIssue issue;
    const auto internal_points = prepare_points<Curve>(points, config, threads, point_storage, issue);
    if (issue.index != std::numeric_limits<std::size_t>::max()) return Error{issue.code, issue.message};
    const auto scalar_storage = prepare_scalars<Curve>(scalars, config, threads);
    const std::span<const typename Internal::ScalarField::Integer> internal_scalars(scalar_storage.data(),
                                                                                    scalar_storage.size());
    const double convert_ms = elapsed_ms(convert_start);

    const Result<BackendRun<Internal>> run = backend == Backend::cuda
                                                 ? run_cuda<Internal>(internal_points, internal_scalars, config)
                                                 : run_cpu<Internal>(internal_points, internal_scalars, config);
    if (!run) return run.error();
    const BackendRun<Internal>& ran = run.value();

    Point<Curve> result;
    if (!ran.sum.is_infinity()) {
      const auto x = ran.sum.x.to_canonical();
      const auto y = ran.sum.y.to_canonical();
      for (std::size_t i = 0; i < Curve::base_limbs; ++i) {
        result.x[i] = x.limb[i];
        result.y[i] = y.limb[i];
      }
    }
    if (stats != nullptr) {
      stats->backend = to_string(backend);
      stats->accumulator = ran.accumulator;
      stats->window_bits = ran.window_bits;
      stats->windows = ran.windows;
      stats->stages.clear();
      stats->stages.push_back({"convert_inputs", convert_ms});
      stats->stages.insert(stats->stages.end(), ran.stages.begin(), ran.stages.end());
      // Host-side input copies count for the CPU backend; the GPU backends report device bytes.
      const bool host_backend = backend == Backend::cpu;
      const std::size_t input_bytes = point_storage.bytes() + scalar_storage.bytes();
      const std::size_t estimated_input_bytes =
          (config.points_in_montgomery ? 0 : points.size() * sizeof(AffinePoint<Internal>)) + points.size() * 32;
      stats->estimated_peak_bytes = ran.estimated_peak_bytes + (host_backend ? estimated_input_bytes : 0);
      stats->measured_peak_bytes = ran.measured_peak_bytes + (host_backend ? input_bytes : 0);
      stats->total_milliseconds = elapsed_ms(start);
    }
    return result;
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
