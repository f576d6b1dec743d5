// The cpu backend behind the one backend interface (msm/common/msm_backend.hpp): converts and
// validates the caller's host arrays (host/host_inputs.hpp), translates the knobs it reads
// (window_bits, cpu_threads, accumulator) to CpuMsmOptions, runs cpu::msm and reports.
#include <chrono>
#include <cstddef>
#include <memory>
#include <new>
#include <span>

#include "core/uninitialized_buffer.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "host/host_inputs.hpp"
#include "host/parallel_for.hpp"
#include "msm/common/backend_registry.hpp"
#include "msm/common/msm_backend.hpp"
#include "msm/cpu/cpu_msm.hpp"

namespace zkmsm::cpu {

namespace {

using Clock = std::chrono::steady_clock;

double elapsed_ms(Clock::time_point since) {
  return std::chrono::duration<double, std::milli>(Clock::now() - since).count();
}

// The accumulators other backends have fall back to the cpu's automatic choice.
CpuAccumulator to_cpu_accumulator(backend::AccumulatorKind accumulator) {
  return accumulator == backend::AccumulatorKind::batch_affine ? CpuAccumulator::batch_affine
                                                               : CpuAccumulator::automatic;
}

CpuMsmOptions cpu_options(const backend::Knobs& knobs) {
  CpuMsmOptions options;
  options.window_bits = knobs.window_bits;
  options.threads = knobs.cpu_threads;
  options.accumulator = to_cpu_accumulator(knobs.accumulator);
  return options;
}

// Host memory the inputs took (closed form and allocated), counted into the report's peaks.
struct HostInputBytes {
  std::size_t estimated = 0;
  std::size_t measured = 0;
};

// The report of one cpu::msm, the host conversion time as its leading convert_inputs stage.
void fill_report(backend::MsmReport& out, const CpuMsmReport& report, double convert_ms, HostInputBytes host) {
  out.accumulator = to_string(report.accumulator);
  out.window_bits = report.window_bits;
  out.windows = report.windows;
  out.stages.clear();
  out.stages.push_back({"convert_inputs", convert_ms});
  for (const CpuStageTime& stage : report.stages) out.stages.push_back({stage.name, stage.milliseconds});
  out.estimated_peak_bytes = report.estimated_peak_bytes + host.estimated;
  out.measured_peak_bytes = report.measured_peak_bytes + host.measured;
  out.devices = 0;
}

backend::Status host_memory_failure() {
  return backend::Status::error(backend::StatusCode::out_of_memory, "host memory allocation failed");
}

backend::Status host_inputs_only() {
  return backend::Status::error(backend::StatusCode::invalid_argument,
                                "cpu backend: inputs in device memory are cuda's");
}

// Prepared bases: Montgomery form, validated, a private copy in host memory.
template <class Curve>
class CpuBases final : public backend::PreparedBases {
 public:
  std::size_t size() const override { return points.size(); }
  UninitializedBuffer<AffinePoint<Curve>> points;
};

template <class Curve>
class CpuBackend final : public backend::MsmBackend<Curve> {
 public:
  using Integer = typename Curve::ScalarField::Integer;

  backend::BackendKind kind() const override { return backend::BackendKind::cpu; }
  const char* name() const override { return "cpu"; }
  bool available() const override { return true; }
  bool accelerated() const override { return false; }

  backend::Status msm(AffinePoint<Curve>& sum,
                      const backend::MsmRequest& request,
                      backend::MsmReport& report) override {
    if (request.points.on_device || request.scalars.on_device) return host_inputs_only();
    const std::size_t n = request.points.n;
    try {
      const unsigned threads = host::resolve_thread_count(request.knobs.cpu_threads);
      const auto convert_start = Clock::now();
      UninitializedBuffer<AffinePoint<Curve>> point_storage;
      host::RejectedPoint rejected;
      const std::span<const AffinePoint<Curve>> points = host::convert_host_points<Curve>(
          request.points.points, n, request.form, threads, false, point_storage, rejected);
      if (rejected.any()) return rejected.status();
      UninitializedBuffer<Integer> scalars =
          host::convert_host_scalars<Curve>(request.scalars.scalars, n, request.form.scalars_in_montgomery, threads);
      const double convert_ms = elapsed_ms(convert_start);
      CpuMsmReport cpu_report;
      sum =
          cpu::msm<Curve>(points, std::span<const Integer>(scalars.data(), n), cpu_options(request.knobs), &cpu_report);
      const HostInputBytes host{(request.form.points_in_montgomery ? 0 : n * sizeof(AffinePoint<Curve>)) + n * 32,
                                point_storage.bytes() + scalars.bytes()};
      fill_report(report, cpu_report, convert_ms, host);
      return backend::Status::success();
    } catch (const std::bad_alloc&) {
      return host_memory_failure();
    }
  }

  backend::Status prepare_bases(std::unique_ptr<backend::PreparedBases>& out,
                                const backend::PointInputs& points,
                                const backend::InputForm& form,
                                const backend::Knobs& knobs) override {
    if (points.on_device) return host_inputs_only();
    try {
      auto bases = std::make_unique<CpuBases<Curve>>();
      if (points.n != 0) {
        host::RejectedPoint rejected;
        host::convert_host_points<Curve>(points.points, points.n, form, host::resolve_thread_count(knobs.cpu_threads),
                                         true, bases->points, rejected);
        if (rejected.any()) return rejected.status();
      }
      out = std::move(bases);
      return backend::Status::success();
    } catch (const std::bad_alloc&) {
      return host_memory_failure();
    }
  }

  backend::Status msm_bases(AffinePoint<Curve>& sum,
                            const backend::PreparedBases& bases,
                            const backend::ScalarInputs& scalars,
                            const backend::InputForm& form,
                            const backend::Knobs& knobs,
                            backend::MsmReport& report) override {
    if (scalars.on_device) return host_inputs_only();
    const std::size_t n = scalars.n;
    try {
      const auto convert_start = Clock::now();
      UninitializedBuffer<Integer> converted = host::convert_host_scalars<Curve>(
          scalars.scalars, n, form.scalars_in_montgomery, host::resolve_thread_count(knobs.cpu_threads));
      const double convert_ms = elapsed_ms(convert_start);
      const auto& points = static_cast<const CpuBases<Curve>&>(bases).points;
      CpuMsmReport cpu_report;
      sum = cpu::msm<Curve>(std::span<const AffinePoint<Curve>>(points.data(), n),
                            std::span<const Integer>(converted.data(), n), cpu_options(knobs), &cpu_report);
      fill_report(report, cpu_report, convert_ms, HostInputBytes{n * 32, converted.bytes()});
      return backend::Status::success();
    } catch (const std::bad_alloc&) {
      return host_memory_failure();
    }
  }
};

}  // namespace

void register_backend(backend::BackendRegistry& registry) {
  static CpuBackend<Bn254G1> bn254;
  static CpuBackend<GrumpkinG1> grumpkin;
  registry.add<Bn254G1>(bn254);
  registry.add<GrumpkinG1>(grumpkin);
}

}  // namespace zkmsm::cpu
