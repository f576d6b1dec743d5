// The WebGPU backend's adapter: MsmBackend<Curve> for BN254 G1, Grumpkin and BLS12-381 G1 over the driver
// (webgpu_msm.hpp) and the device JavaScript handed to the WebAssembly module.
//
//   knobs    accumulator xyzz (auto: automatic_accumulator; one XYZZ sum per invocation, S = 1),
//            stream_walker or pair_tree (with pair_tree_dx_cache); walker_state registers (auto); window_bits,
//            walker_slots (S of the stream walker or the pair tree),
//            walker_threads_per_block (workgroup size of the walker or of the pair tree's levels),
//            walker_max_blocks (workgroups of the walker at most), memory_budget_bytes (fewer
//            windows per batch). batch_affine (the cpu backend's), the global and warp
//            walker states, the dx cache without the pair tree and inputs in device memory are
//            refused.
//            cpu_threads sizes the host's input conversion; glv and precompute_factor (cuda's)
//            are ignored.
//   held     inputs JavaScript holds (webgpu_context.hpp) are read from the caller's arrays by the
//            upload; the host reads of a rejected point and of Montgomery scalars copy them in
//            first.
//   points   uploaded as the caller holds them, then converted to Montgomery form and validated
//            on the device (convert_points.hpp: coordinates < p, on the curve, and in G1 on
//            BLS12-381); a rejected point is named by the host path's check of it
//            (host_inputs.hpp), so the codes and messages are the cpu backend's.
//   scalars  canonical ones as they are (the shaders reduce them mod r); Montgomery ones made
//            canonical on the host first, timed with the points as convert_inputs.
//   auto     available() when JavaScript handed init() a device; accelerated() when init() also
//            judged it a hardware adapter (set_webgpu_accelerated: not a CPU fallback such as
//            SwiftShader or llvmpipe, where the cpu backend is faster).
//   bases    prepare_bases uploads the points once and converts and validates them on the device,
//            where they stay (device_bases.hpp); msm_bases uploads only the scalars and reads a
//            prefix of the kept points in place.
//   memory   the device buffers of the last MSM are kept for the next one of the same shape
//            (msm_workspace.hpp; released by release_kept_workspace, JavaScript's
//            releaseDeviceMemory()).
#include <cstdint>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "core/uninitialized_buffer.hpp"
#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "host/host_inputs.hpp"
#include "msm/common/backend_registry.hpp"
#include "msm/common/elapsed_time.hpp"
#include "msm/common/window_cost_model.hpp"
#include "msm/webgpu/device_bases.hpp"
#include "msm/webgpu/msm_workspace.hpp"
#include "msm/webgpu/webgpu_backend.hpp"
#include "msm/webgpu/webgpu_msm.hpp"

namespace zkmsm::webgpu {
namespace {

using backend::Clock;
using backend::elapsed_ms;

bool accelerated_device = false;
WebGpuMsmSizes last_sizes;
bool last_reused_workspace = false;

backend::Status to_backend_status(const Status& status) {
  if (status.ok) return backend::Status::success();
  const std::string message = "webgpu backend: " + status.message;
  switch (status.failure) {
    case Failure::invalid_argument:
      return backend::Status::error(backend::StatusCode::invalid_argument, message);
    case Failure::unavailable:
      return backend::Status::error(backend::StatusCode::unavailable, message);
    case Failure::out_of_memory:
      return backend::Status::error(backend::StatusCode::out_of_memory, message);
    case Failure::device_error:
      break;
  }
  return backend::Status::error(backend::StatusCode::device_error, message);
}

backend::Status invalid_knob(std::string message) {
  return backend::Status::error(backend::StatusCode::invalid_argument, "webgpu backend: " + std::move(message));
}

// accumulator = auto: the xyzz walker (on an H100 through Dawn's Vulkan backend, BN254, 2026-12-07:
// 2^16 22.6 → 14.0 ms, 2^20 75.6 → 60.6 ms against the stream walker; not yet measured on Apple or
// mobile GPUs, where the seeds ran the stream walker), unless walker_slots > 1 asks for the stream
// walker or one window's XYZZ bucket sums would exceed a 128 MiB binding (window_bits 22 on BN254
// and Grumpkin, 21 and 22 on BLS12-381), where the stream walker's affine sums still fit.
WebGpuAccumulator automatic_accumulator(CurveId curve, const backend::Knobs& knobs) {
  if (knobs.walker_slots > 1) return WebGpuAccumulator::stream_walker;
  if (knobs.window_bits >= kMinWindowBits && knobs.window_bits <= kMaxWindowBits &&
      (std::uint64_t{1} << (knobs.window_bits - 1)) * xyzz_point_bytes(curve) > kMaxBindingBytes)
    return WebGpuAccumulator::stream_walker;
  return WebGpuAccumulator::xyzz;
}

backend::Status translate_knobs(CurveId curve, const backend::Knobs& knobs, WebGpuMsmOptions& options) {
  switch (knobs.accumulator) {
    case backend::AccumulatorKind::automatic:
      options.accumulator = automatic_accumulator(curve, knobs);
      break;
    case backend::AccumulatorKind::stream_walker:
      break;
    case backend::AccumulatorKind::pair_tree:
      options.accumulator = WebGpuAccumulator::pair_tree;
      break;
    case backend::AccumulatorKind::batch_affine:
      return invalid_knob(
          "accumulator 'batch_affine' is the cpu backend's (webgpu has stream_walker, xyzz and pair_tree)");
    case backend::AccumulatorKind::xyzz:
      options.accumulator = WebGpuAccumulator::xyzz;
      break;
  }
  if (knobs.walker_state != backend::WalkerState::automatic && knobs.walker_state != backend::WalkerState::registers)
    return invalid_knob("walker_state: webgpu keeps the walker's slots in private memory (auto or registers)");
  if (knobs.pair_tree_dx_cache && options.accumulator != WebGpuAccumulator::pair_tree)
    return invalid_knob("pair_tree_dx_cache needs accumulator 'pair_tree'");
  options.dx_cache = knobs.pair_tree_dx_cache;
  options.window_bits = knobs.window_bits;
  options.slots = knobs.walker_slots;
  options.workgroup_size = knobs.walker_threads_per_block;
  options.max_workgroups = knobs.walker_max_blocks;
  options.memory_budget_bytes = knobs.memory_budget_bytes;
  return backend::Status::success();
}

template <class Curve>
class WebGpuBackend final : public backend::MsmBackend<Curve> {
  using Affine = AffinePoint<Curve>;
  using Integer = typename Curve::ScalarField::Integer;

 public:
  backend::BackendKind kind() const override { return backend::BackendKind::webgpu; }
  const char* name() const override { return "webgpu"; }

  bool available() const override {
    Context* context = nullptr;
    return Context::get(&context).ok;
  }
  std::string unavailable_reason() const override {
    Context* context = nullptr;
    return Context::get(&context).message;
  }
  bool accelerated() const override { return accelerated_device && available(); }
  // The workspace kept for the next MSM of the same shape (msm_workspace.hpp).
  void release_kept_memory() override { release_kept_workspace(); }

  backend::Status msm(Affine& sum, const backend::MsmRequest& request, backend::MsmReport& report) override {
    try {
      return run_msm(sum, request, report);
    } catch (const std::bad_alloc&) {
      return backend::Status::error(backend::StatusCode::out_of_memory, "host memory allocation failed");
    }
  }

  backend::Status prepare_bases(std::unique_ptr<backend::PreparedBases>& out,
                                const backend::PointInputs& points,
                                const backend::InputForm& form,
                                const backend::Knobs& knobs) override {
    if (points.on_device) return invalid_knob("inputs in device memory are cuda's");
    try {
      auto bases = std::make_unique<DeviceBases>();
      const std::span<const Affine> caller = host::caller_points<Curve>(points.points, points.n);
      const WebGpuPointForm point_form{!form.points_in_montgomery, form.validate_points};
      std::optional<std::uint32_t> rejected;
      if (Status s = prepare_device_bases<Curve>(caller, point_form, *bases, rejected); !s.ok)
        return to_backend_status(s);
      if (rejected) return rejected_point_status(caller, *rejected, point_form);
      out = std::move(bases);
      return backend::Status::success();
    } catch (const std::bad_alloc&) {
      return backend::Status::error(backend::StatusCode::out_of_memory, "host memory allocation failed");
    }
  }

  backend::Status msm_bases(Affine& sum,
                            const backend::PreparedBases& bases,
                            const backend::ScalarInputs& scalars,
                            const backend::InputForm& form,
                            const backend::Knobs& knobs,
                            backend::MsmReport& report) override {
    try {
      return run_msm_on_bases(sum, static_cast<const DeviceBases&>(bases), scalars, form, knobs, report);
    } catch (const std::bad_alloc&) {
      return backend::Status::error(backend::StatusCode::out_of_memory, "host memory allocation failed");
    }
  }

 private:
  // Why convert_inputs on the device rejected point `index`: the host path's check of that point,
  // so the code and the message are every backend's.
  static backend::Status rejected_point_status(std::span<const Affine> points,
                                               std::uint32_t index,
                                               const WebGpuPointForm& form) {
    materialize_held_inputs(&points[index], sizeof(Affine));
    Affine converted;
    const host::RejectedPoint rejected =
        host::check_host_point<Curve>(points[index], index, form.canonical, form.validate, converted);
    if (rejected.any()) return rejected.status();
    return backend::Status::error(
        backend::StatusCode::device_error,
        "point " + std::to_string(index) + ": rejected by the device's input check but accepted by the host's");
  }

  backend::Status run_msm(Affine& sum, const backend::MsmRequest& request, backend::MsmReport& report) {
    WebGpuMsmOptions options;
    if (backend::Status s = translate_knobs(curve_id_of<Curve>(), request.knobs, options); !s.ok()) return s;
    if (request.points.on_device || request.scalars.on_device)
      return invalid_knob("inputs in device memory are cuda's");
    const std::size_t n = request.points.n;
    const unsigned threads = host::resolve_thread_count(request.knobs.cpu_threads);

    // The points go to the device as the caller holds them; convert_inputs runs there (the host
    // only names a rejected point). The scalars, if in Montgomery form, are made canonical here.
    const auto convert_start = Clock::now();
    const std::span<const Affine> points = host::caller_points<Curve>(request.points.points, n);
    const WebGpuPointForm point_form{!request.form.points_in_montgomery, request.form.validate_points};
    UninitializedBuffer<Integer> canonical_scalars;
    const void* scalars = canonical_scalars_of(request.scalars.scalars, n, request.form.scalars_in_montgomery, threads,
                                               canonical_scalars);
    const double host_convert_ms = elapsed_ms(convert_start);

    WebGpuMsmReport webgpu_report;
    if (Status s = webgpu_msm<Curve>(points, scalars, options, sum, webgpu_report, point_form); !s.ok)
      return to_backend_status(s);
    if (webgpu_report.rejected_point) return rejected_point_status(points, *webgpu_report.rejected_point, point_form);
    fill_report(report, webgpu_report, options, host_convert_ms);
    return backend::Status::success();
  }

  // The caller's n scalars as the shaders read them: as they are when canonical (JavaScript may
  // hold them), else made canonical on the host into `buffer` (copied in from JavaScript first).
  static const void* canonical_scalars_of(
      const void* scalars, std::size_t n, bool in_montgomery, unsigned threads, UninitializedBuffer<Integer>& buffer) {
    if (in_montgomery) materialize_held_inputs(scalars, n * sizeof(Integer));
    return host::host_scalars<Curve>(scalars, n, in_montgomery, threads, buffer).data();
  }

  // The MSM on the first scalars.n points of `bases` (checked by the API: n ≤ bases.size()).
  backend::Status run_msm_on_bases(Affine& sum,
                                   const DeviceBases& bases,
                                   const backend::ScalarInputs& scalar_inputs,
                                   const backend::InputForm& form,
                                   const backend::Knobs& knobs,
                                   backend::MsmReport& report) {
    WebGpuMsmOptions options;
    if (backend::Status s = translate_knobs(curve_id_of<Curve>(), knobs, options); !s.ok()) return s;
    if (scalar_inputs.on_device) return invalid_knob("inputs in device memory are cuda's");
    const std::size_t n = scalar_inputs.n;
    const auto convert_start = Clock::now();
    UninitializedBuffer<Integer> canonical_scalars;
    const void* scalars = canonical_scalars_of(scalar_inputs.scalars, n, form.scalars_in_montgomery,
                                               host::resolve_thread_count(knobs.cpu_threads), canonical_scalars);
    const double host_convert_ms = elapsed_ms(convert_start);
    WebGpuMsmReport webgpu_report;
    if (Status s = webgpu_msm_on_device_points<Curve>(bases.points, n, scalars, options, sum, webgpu_report); !s.ok)
      return to_backend_status(s);
    fill_report(report, webgpu_report, options, host_convert_ms);
    return backend::Status::success();
  }

  // convert_inputs first: the host's share (Montgomery scalars) and the device's (the points).
  static void fill_report(backend::MsmReport& report,
                          const WebGpuMsmReport& webgpu_report,
                          const WebGpuMsmOptions& options,
                          double host_convert_ms) {
    last_sizes = webgpu_report.sizes;
    last_reused_workspace = webgpu_report.workspace_reused;
    report = {};
    report.accumulator = options.accumulator == WebGpuAccumulator::pair_tree ? "pair_tree"
                         : options.accumulator == WebGpuAccumulator::xyzz    ? "xyzz"
                                                                             : "stream_walker";
    report.window_bits = webgpu_report.sizes.window_bits;
    report.windows = webgpu_report.sizes.windows;
    double convert_ms = host_convert_ms;
    for (const WebGpuStageTime& stage : webgpu_report.stages)
      if (stage.name == "convert_inputs") convert_ms += stage.milliseconds;
    report.stages.push_back({"convert_inputs", convert_ms});
    for (const WebGpuStageTime& stage : webgpu_report.stages)
      if (stage.name != "convert_inputs") report.stages.push_back({stage.name, stage.milliseconds});
    report.estimated_peak_bytes = webgpu_report.sizes.device_bytes;
    report.measured_peak_bytes = webgpu_report.measured_peak_bytes;
    report.devices = 1;
  }
};

WebGpuBackend<Bn254G1> bn254_backend;
WebGpuBackend<GrumpkinG1> grumpkin_backend;
WebGpuBackend<Bls12381G1> bls12_381_backend;

}  // namespace

void set_webgpu_accelerated(bool accelerated) { accelerated_device = accelerated; }
const WebGpuMsmSizes& last_webgpu_msm_sizes() { return last_sizes; }
bool last_webgpu_msm_reused_workspace() { return last_reused_workspace; }

void register_backend(backend::BackendRegistry& registry) {
  registry.add<Bn254G1>(bn254_backend);
  registry.add<GrumpkinG1>(grumpkin_backend);
  registry.add<Bls12381G1>(bls12_381_backend);
}

}  // namespace zkmsm::webgpu
