// The CPU backend's adapter (msm/common/msm_backend.hpp): checks the knobs the CPU reads,
// converts and validates the caller's host arrays (host/host_inputs.hpp), runs cpu::msm and
// reports its stages; registered for Bn254G1 and GrumpkinG1 by register_backend.
//
// Knobs read: window_bits (0 or [kMinWindowBits, kMaxWindowBits]), cpu_threads, accumulator
// (automatic, batch_affine or xyzz; the GPU accumulators stream_walker and pair_tree are refused),
// devices ({} or {kAllDevices}). pair_tree_dx_cache (a pair-tree knob) is refused. Knobs the CPU
// ignores: the stream-walker tuning knobs walker_slots, walker_threads_per_block,
// walker_max_blocks and walker_state (the C ABI's tests pass them to every backend),
// memory_budget_bytes (device memory; the CPU has none) and cuda_stream.
// Inputs in device memory are refused.
#include <cstddef>
#include <memory>
#include <new>
#include <string>
#include <utility>

#include "core/uninitialized_buffer.hpp"
#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "host/host_bases.hpp"
#include "host/host_inputs.hpp"
#include "host/parallel_for.hpp"
#include "msm/common/backend_registry.hpp"
#include "msm/common/elapsed_time.hpp"
#include "msm/common/msm_backend.hpp"
#include "msm/common/window_cost_model.hpp"
#include "msm/cpu/cpu_msm.hpp"

namespace zkmsm::cpu {
namespace {

using backend::Clock;
using backend::elapsed_ms;
using backend::Status;
using backend::StatusCode;

// Bytes of one public Scalar (four 64-bit limbs).
constexpr std::size_t kScalarBytes = 32;

Status device_inputs_refused() {
  return Status::error(StatusCode::invalid_argument,
                       "points_on_device / scalars_on_device: inputs in device memory need the cuda backend, but "
                       "backend 'cpu' reads host memory only");
}

Status check_knobs(const backend::Knobs& knobs) {
  if (!window_bits_allowed(knobs.window_bits)) {
    return Status::error(StatusCode::invalid_argument, "window_bits must be 0 (auto) or in [" +
                                                           std::to_string(kMinWindowBits) + ", " +
                                                           std::to_string(kMaxWindowBits) + "]");
  }
  if (knobs.accumulator == backend::AccumulatorKind::stream_walker ||
      knobs.accumulator == backend::AccumulatorKind::pair_tree) {
    return Status::error(
        StatusCode::invalid_argument,
        std::string("accumulator '") +
            (knobs.accumulator == backend::AccumulatorKind::pair_tree ? "pair_tree" : "stream_walker") +
            "' is a GPU accumulator: backend 'cpu' has auto, batch_affine and xyzz");
  }
  if (knobs.pair_tree_dx_cache) {
    return Status::error(StatusCode::invalid_argument,
                         "pair_tree_dx_cache: backend 'cpu' has no pair_tree accumulator (cuda and vulkan have)");
  }
  const bool all_devices = knobs.devices.size() == 1 && knobs.devices[0] == -1;
  if (!knobs.devices.empty() && !all_devices) {
    return Status::error(StatusCode::invalid_argument,
                         "devices: backend 'cpu' runs on one device; a list of CUDA devices needs the cuda backend");
  }
  return Status::success();
}

CpuMsmOptions options_for(const backend::Knobs& knobs) {
  CpuMsmOptions options;
  options.window_bits = knobs.window_bits;
  options.threads = knobs.cpu_threads;
  options.accumulator = knobs.accumulator == backend::AccumulatorKind::batch_affine ? CpuAccumulator::batch_affine
                        : knobs.accumulator == backend::AccumulatorKind::xyzz       ? CpuAccumulator::xyzz
                                                                                    : CpuAccumulator::automatic;
  return options;
}

// Host copies of the inputs made by the adapter (counted in the CPU's peak bytes).
struct HostInputBytes {
  std::size_t estimated = 0;
  std::size_t measured = 0;
};

void fill_report(backend::MsmReport& report,
                 const CpuMsmReport& cpu_report,
                 double convert_ms,
                 HostInputBytes host_inputs) {
  report.accumulator = to_string(cpu_report.accumulator);
  report.window_bits = cpu_report.window_bits;
  report.windows = cpu_report.windows;
  report.stages.clear();
  report.stages.push_back({"convert_inputs", convert_ms});
  for (const CpuStageTime& stage : cpu_report.stages) report.stages.push_back({stage.name, stage.milliseconds});
  report.estimated_peak_bytes = cpu_report.estimated_peak_bytes + host_inputs.estimated;
  report.measured_peak_bytes = cpu_report.measured_peak_bytes + host_inputs.measured;
  report.devices = 0;
}

// Why the canonical point `raw` (index `index`) was rejected by msm_canonical_points: the
// scalar check names the reason and builds the message.
template <class Curve>
Status rejection(const AffinePoint<Curve>& raw, std::size_t index, bool validate) {
  AffinePoint<Curve> converted;
  const host::RejectedPoint rejected = host::check_host_point<Curve>(raw, index, true, validate, converted);
  if (rejected.any()) return rejected.status();
  return Status::error(StatusCode::invalid_argument, "point " + std::to_string(index) +
                                                         ": rejected by the 8-lane check but not by the scalar "
                                                         "one (a bug in zkmsm: please report it)");
}

template <class Curve>
class CpuBackend final : public backend::MsmBackend<Curve> {
 public:
  using Affine = AffinePoint<Curve>;
  using Integer = typename Curve::ScalarField::Integer;

  backend::BackendKind kind() const override { return backend::BackendKind::cpu; }
  const char* name() const override { return "cpu"; }
  bool available() const override { return true; }
  bool accelerated() const override { return false; }

  Status msm(Affine& sum, const backend::MsmRequest& request, backend::MsmReport& report) override {
    if (request.points.on_device || request.scalars.on_device) return device_inputs_refused();
    if (Status status = check_knobs(request.knobs); !status.ok()) return status;
    const std::size_t n = request.points.n;
    const unsigned threads = host::resolve_thread_count(request.knobs.cpu_threads);
    try {
      const auto convert_start = Clock::now();
      UninitializedBuffer<Integer> scalar_storage;
      const std::span<const Integer> scalars = host::host_scalars<Curve>(
          request.scalars.scalars, n, request.form.scalars_in_montgomery, threads, scalar_storage);
      const CpuMsmOptions options = options_for(request.knobs);
      CpuMsmReport cpu_report;
      if (!request.form.points_in_montgomery && cpu::reads_canonical_points<Curve>(n, options)) {
        // Canonical points go straight into the IFMA adder's form, checked on the way.
        const std::span<const Affine> canonical = host::caller_points<Curve>(request.points.points, n);
        const double scalars_ms = elapsed_ms(convert_start);
        std::size_t first_rejected = 0;
        if (!cpu::msm_canonical_points<Curve>(sum, canonical, scalars, options, request.form.validate_points,
                                              first_rejected, &cpu_report)) {
          return rejection(canonical[first_rejected], first_rejected, request.form.validate_points);
        }
        const std::size_t scalar_copy_bytes = request.form.scalars_in_montgomery ? n * kScalarBytes : 0;
        fill_report(report, cpu_report, scalars_ms + cpu_report.convert_points_ms,
                    {scalar_copy_bytes, scalar_storage.bytes()});
        return Status::success();
      }
      UninitializedBuffer<Affine> point_storage;
      host::RejectedPoint rejected;
      const std::span<const Affine> points = host::convert_host_points<Curve>(request.points.points, n, request.form,
                                                                              threads, false, point_storage, rejected);
      if (rejected.any()) return rejected.status();
      const double convert_ms = elapsed_ms(convert_start);

      sum = cpu::msm<Curve>(points, scalars, options, &cpu_report);
      const HostInputBytes host_inputs{(request.form.points_in_montgomery ? 0 : n * sizeof(Affine)) +
                                           (request.form.scalars_in_montgomery ? n * kScalarBytes : 0),
                                       point_storage.bytes() + scalar_storage.bytes()};
      fill_report(report, cpu_report, convert_ms, host_inputs);
      return Status::success();
    } catch (const std::bad_alloc&) {
      return Status::error(StatusCode::out_of_memory, "host memory allocation failed");
    }
  }

  Status prepare_bases(std::unique_ptr<backend::PreparedBases>& out,
                       const backend::PointInputs& points,
                       const backend::InputForm& form,
                       const backend::Knobs& knobs) override {
    if (points.on_device) return device_inputs_refused();
    if (Status status = check_knobs(knobs); !status.ok()) return status;
    return host::prepare_host_bases<Curve>(out, points, form, knobs);
  }

  Status msm_bases(Affine& sum,
                   const backend::PreparedBases& bases,
                   const backend::ScalarInputs& scalars,
                   const backend::InputForm& form,
                   const backend::Knobs& knobs,
                   backend::MsmReport& report) override {
    if (scalars.on_device) return device_inputs_refused();
    if (Status status = check_knobs(knobs); !status.ok()) return status;
    const std::size_t n = scalars.n;
    const auto& points = static_cast<const host::HostBases<Curve>&>(bases).points;
    try {
      const auto convert_start = Clock::now();
      UninitializedBuffer<Integer> scalar_storage;
      const std::span<const Integer> converted =
          host::host_scalars<Curve>(scalars.scalars, n, form.scalars_in_montgomery,
                                    host::resolve_thread_count(knobs.cpu_threads), scalar_storage);
      const double convert_ms = elapsed_ms(convert_start);
      CpuMsmReport cpu_report;
      sum = cpu::msm<Curve>({points.data(), n}, converted, options_for(knobs), &cpu_report);
      fill_report(report, cpu_report, convert_ms,
                  {form.scalars_in_montgomery ? n * kScalarBytes : 0, scalar_storage.bytes()});
      return Status::success();
    } catch (const std::bad_alloc&) {
      return Status::error(StatusCode::out_of_memory, "host memory allocation failed");
    }
  }
};

CpuBackend<Bn254G1> bn254_backend;
CpuBackend<GrumpkinG1> grumpkin_backend;
CpuBackend<Bls12381G1> bls12_381_backend;

}  // namespace

void register_backend(backend::BackendRegistry& registry) {
  registry.add<Bn254G1>(bn254_backend);
  registry.add<GrumpkinG1>(grumpkin_backend);
  registry.add<Bls12381G1>(bls12_381_backend);
}

}  // namespace zkmsm::cpu
