// The Vulkan backend's adapter: MsmBackend<Curve> for BN254 G1, Grumpkin and BLS12-381 G1 over the driver
// (vulkan_msm.hpp) and the process's shared Vulkan context.
//
//   knobs    accumulator xyzz (auto, unless walker_slots > 1 or a walker_state names the stream
//            walker), stream_walker or pair_tree; walker_state registers (auto) or global (the
//            stream walker's); window_bits, walker_slots, walker_threads_per_block (workgroup size),
//            walker_max_blocks (workgroups), pair_tree_dx_cache, memory_budget_bytes as they are.
//            batch_affine (the cpu backend's), the warp walker states and inputs in device
//            memory (cuda's) are refused.
//   points   the caller's public Points (their layout is AffinePoint<Curve>'s), converted and
//            validated on the device (convert_points.comp); a point the device rejects is
//            checked again on the host for the exact code and message.
//   scalars  canonical ones are taken as they are (the shaders reduce them mod r); Montgomery
//            ones are made canonical on the host first, timed as part of convert_inputs.
//   auto     accelerated() answers no without any Vulkan call where no GPU device node exists
//            (gpu_device_node_present); otherwise it and available() create the process's one
//            shared context (instance and device) on first use.
//   bases    kept on the device (device_bases.hpp): prepare_bases uploads, converts and validates
//            the points there once (a rejected point is named as for an MSM); msm_bases uploads
//            only the scalars and reads a prefix of the bases in place.
#include "msm/vulkan/vulkan_backend.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <system_error>
#include <type_traits>
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
#include "msm/vulkan/device_bases.hpp"
#include "msm/vulkan/msm_workspace.hpp"
#include "msm/vulkan/vulkan_msm.hpp"

namespace zkmsm::vulkan {
namespace {

using backend::Clock;
using backend::elapsed_ms;

backend::Status to_backend_status(const Status& status) {
  switch (status.code) {
    case StatusCode::ok:
      return backend::Status::success();
    case StatusCode::invalid_argument:
      return backend::Status::error(backend::StatusCode::invalid_argument, "vulkan backend: " + status.message);
    case StatusCode::out_of_memory:
      return backend::Status::error(backend::StatusCode::out_of_memory, "vulkan backend: " + status.message);
    case StatusCode::no_vulkan:
    case StatusCode::no_device:
    case StatusCode::unsupported:
      return backend::Status::error(backend::StatusCode::unavailable, "vulkan backend: " + status.message);
    default:
      return backend::Status::error(backend::StatusCode::device_error, "vulkan backend: " + status.message);
  }
}

backend::Status invalid_knob(std::string message) {
  return backend::Status::error(backend::StatusCode::invalid_argument, "vulkan backend: " + std::move(message));
}

// accumulator = auto: the xyzz walker, faster than the stream walker at every size measured
// (one H100 through NVIDIA's Vulkan driver, 2026-12-06: BN254 2^16–2^20 23–34 % less per MSM,
// BLS12-381 bases 20–29 %; lavapipe within ±10 %; BENCHMARKS.md), unless the knobs name the
// stream walker (walker_slots above 1, or a walker_state).
backend::AccumulatorKind automatic_accumulator(const backend::Knobs& knobs) {
  const bool stream_walker_knobs = knobs.walker_slots > 1 || knobs.walker_state != backend::WalkerState::automatic;
  return stream_walker_knobs ? backend::AccumulatorKind::stream_walker : backend::AccumulatorKind::xyzz;
}

// The knobs Vulkan has, as the driver's options (the point forms are set by the caller).
backend::Status translate_knobs(const backend::Knobs& knobs, VulkanMsmOptions& options) {
  if (knobs.accumulator == backend::AccumulatorKind::batch_affine) {
    return invalid_knob(
        "accumulator 'batch_affine' is the cpu backend's (vulkan has stream_walker, xyzz and pair_tree)");
  }
  const bool xyzz = knobs.accumulator == backend::AccumulatorKind::xyzz;
  if (xyzz && knobs.walker_state != backend::WalkerState::automatic) {
    return invalid_knob("walker_state is the stream walker's knob, not the xyzz walker's");
  }
  if (knobs.pair_tree_dx_cache && knobs.accumulator != backend::AccumulatorKind::pair_tree) {
    return invalid_knob("pair_tree_dx_cache needs accumulator = pair_tree");
  }
  if (knobs.walker_state == backend::WalkerState::warp || knobs.walker_state == backend::WalkerState::global_warp) {
    return invalid_knob("walker_state warp and global_warp are cuda's (vulkan has auto, registers and global)");
  }
  options.window_bits = knobs.window_bits;
  options.walker_slots = knobs.walker_slots;
  options.walker_workgroup_size = knobs.walker_threads_per_block;
  options.walker_max_workgroups = knobs.walker_max_blocks;
  if (knobs.walker_state != backend::WalkerState::automatic) options.walker_state = knobs.walker_state;
  if (knobs.accumulator == backend::AccumulatorKind::automatic) {
    options.accumulator = automatic_accumulator(knobs);
  } else {
    options.accumulator = knobs.accumulator;
  }
  options.pair_tree_dx_cache = knobs.pair_tree_dx_cache;
  options.memory_budget_bytes = knobs.memory_budget_bytes;
  return backend::Status::success();
}

// Whether a hardware Vulkan driver could run here, decided once per process from the device nodes
// alone (no Vulkan call). On Linux every hardware driver opens a kernel GPU device: a DRM render
// node (Mesa's radv, anv, nvk, turnip, venus, ...), NVIDIA's /dev/nvidia*, WSL's /dev/dxg, or
// Android's Adreno (/dev/kgsl*) and Mali (/dev/mali*) nodes; without any of them the only Vulkan
// devices are software ones (lavapipe, SwiftShader). Elsewhere the answer is yes (the context
// probe decides).
bool gpu_device_node_present() {
#if defined(__linux__)
  static const bool present = [] {
    std::error_code error;
    for (const char* direct : {"/dev/dxg", "/dev/nvidiactl", "/dev/kgsl-3d0", "/dev/mali0"})
      if (std::filesystem::exists(direct, error)) return true;
    std::filesystem::directory_iterator render_nodes("/dev/dri", error);
    if (error) return false;
    for (const std::filesystem::directory_entry& entry : render_nodes)
      if (entry.path().filename().string().rfind("renderD", 0) == 0) return true;
    return false;
  }();
  return present;
#else
  return true;
#endif
}

template <class Curve>
class VulkanBackend final : public backend::MsmBackend<Curve> {
  using Integer = typename Curve::ScalarField::Integer;

 public:
  backend::BackendKind kind() const override { return backend::BackendKind::vulkan; }
  const char* name() const override { return "vulkan"; }

  // Creates the process's context (instance and device) on first use: asked when vulkan is named.
  bool available() const override {
    Context* context = nullptr;
    return shared_context(context).ok();
  }
  // Never a software device: lavapipe runs the shaders on the CPU, far slower than the cpu
  // backend (backend = vulkan still can use it). Where no hardware Vulkan device can exist (no GPU
  // device node), the answer is no without creating a Vulkan instance.
  bool accelerated() const override {
    if (!gpu_device_node_present()) return false;
    Context* context = nullptr;
    return shared_context(context).ok() && context->info().kind != DeviceKind::cpu;
  }
  // The workspace kept for the next MSM of the same shape (msm_workspace.hpp).
  void release_kept_memory() override { release_kept_workspace(); }

  backend::Status msm(AffinePoint<Curve>& sum,
                      const backend::MsmRequest& request,
                      backend::MsmReport& report) override {
    try {
      return run_msm(sum, request, nullptr, report);
    } catch (const std::bad_alloc&) {
      return backend::Status::error(backend::StatusCode::out_of_memory, "host memory allocation failed");
    }
  }

  backend::Status prepare_bases(std::unique_ptr<backend::PreparedBases>& out,
                                const backend::PointInputs& points,
                                const backend::InputForm& form,
                                const backend::Knobs& /*knobs: the bases' form is the shaders'*/) override {
    if (points.on_device) return invalid_knob("inputs in device memory are cuda's");
    try {
      Context* context = nullptr;
      if (const Status s = shared_context(context); !s.ok()) return to_backend_status(s);
      auto bases = std::make_unique<DeviceBases>();
      const DevicePointForm point_form{!form.points_in_montgomery, form.validate_points};
      std::optional<std::uint32_t> rejected;
      if (const Status s =
              prepare_device_bases(*context, shader_curve_of<Curve>(), points.n,
                                   static_cast<const std::uint32_t*>(points.points), point_form, *bases, rejected);
          !s.ok())
        return to_backend_status(s);
      if (rejected) return recheck_rejected_point(points, form, *rejected);
      out = std::move(bases);
      return backend::Status::success();
    } catch (const std::bad_alloc&) {
      return backend::Status::error(backend::StatusCode::out_of_memory, "host memory allocation failed");
    }
  }

  backend::Status msm_bases(AffinePoint<Curve>& sum,
                            const backend::PreparedBases& bases,
                            const backend::ScalarInputs& scalars,
                            const backend::InputForm& form,
                            const backend::Knobs& knobs,
                            backend::MsmReport& report) override {
    try {
      return run_msm(sum, host::request_on_prepared_points(nullptr, scalars, form, knobs),
                     static_cast<const DeviceBases&>(bases).points.get(), report);
    } catch (const std::bad_alloc&) {
      return backend::Status::error(backend::StatusCode::out_of_memory, "host memory allocation failed");
    }
  }

 private:
  // device_points: prepared bases on the device (msm_bases), else request.points in host memory.
  backend::Status run_msm(AffinePoint<Curve>& sum,
                          const backend::MsmRequest& request,
                          StorageBuffer* device_points,
                          backend::MsmReport& report) {
    VulkanMsmOptions options;
    if (backend::Status s = translate_knobs(request.knobs, options); !s.ok()) return s;
    if (request.points.on_device || request.scalars.on_device)
      return invalid_knob("inputs in device memory are cuda's");
    options.points_in_montgomery = request.form.points_in_montgomery;
    options.validate_points = request.form.validate_points;
    Context* context = nullptr;
    if (const Status s = shared_context(context); !s.ok()) return to_backend_status(s);

    const std::size_t n = request.points.n;
    const auto convert_start = Clock::now();
    UninitializedBuffer<Integer> canonical_scalars;
    const void* scalars =
        host::host_scalars<Curve>(request.scalars.scalars, n, request.form.scalars_in_montgomery,
                                  host::resolve_thread_count(request.knobs.cpu_threads), canonical_scalars)
            .data();
    const double host_convert_ms = elapsed_ms(convert_start);

    VulkanMsmReport vulkan_report;
    const MsmPoints points = device_points != nullptr
                                 ? MsmPoints{nullptr, device_points}
                                 : MsmPoints{static_cast<const std::uint32_t*>(request.points.points), nullptr};
    const Status status = msm_from_words<Curve>(*context, n, points, static_cast<const std::uint32_t*>(scalars),
                                                options, sum, vulkan_report);
    if (status.code == StatusCode::rejected_point && vulkan_report.rejected_point != kNoRejectedPoint)
      return recheck_rejected_point(request.points, request.form, vulkan_report.rejected_point);
    if (!status.ok()) return to_backend_status(status);
    fill_report(report, vulkan_report, options, request.form.scalars_in_montgomery, host_convert_ms);
    return backend::Status::success();
  }

  // The device names the lowest bad index; the host says why, in the host path's words.
  static backend::Status recheck_rejected_point(const backend::PointInputs& points,
                                                const backend::InputForm& form,
                                                std::size_t index) {
    AffinePoint<Curve> unused;
    const host::RejectedPoint rejected =
        host::check_host_point<Curve>(host::caller_points<Curve>(points.points, index + 1)[index], index,
                                      !form.points_in_montgomery, form.validate_points, unused);
    if (rejected.any()) return rejected.status();
    return backend::Status::error(
        backend::StatusCode::device_error,
        "vulkan backend: the device rejected point " + std::to_string(index) + ", which the host accepts");
  }

  // The host's scalar conversion and the device's point conversion are one convert_inputs stage,
  // listed first.
  static void fill_report(backend::MsmReport& report,
                          const VulkanMsmReport& vulkan_report,
                          const VulkanMsmOptions& options,
                          bool scalars_converted,
                          double host_convert_ms) {
    report = {};
    report.accumulator = options.accumulator == backend::AccumulatorKind::pair_tree ? "pair_tree"
                         : options.accumulator == backend::AccumulatorKind::xyzz    ? "xyzz"
                                                                                    : "stream_walker";
    report.window_bits = vulkan_report.sizes.window_bits;
    report.windows = vulkan_report.sizes.windows;
    const bool converted = scalars_converted || !options.points_in_montgomery || options.validate_points;
    if (converted) report.stages.push_back({"convert_inputs", host_convert_ms});
    for (const backend::StageTime& stage : vulkan_report.stages) {
      if (stage.name == "convert_inputs")
        report.stages.front().milliseconds += stage.milliseconds;
      else
        report.stages.push_back(stage);
    }
    report.estimated_peak_bytes = vulkan_report.sizes.device_bytes;
    report.measured_peak_bytes = vulkan_report.measured_peak_bytes;
    report.devices = 1;
  }
};

}  // namespace

template <class Curve>
backend::MsmBackend<Curve>& msm_backend() {
  static VulkanBackend<Curve> instance;
  return instance;
}

template backend::MsmBackend<Bn254G1>& msm_backend<Bn254G1>();
template backend::MsmBackend<GrumpkinG1>& msm_backend<GrumpkinG1>();
template backend::MsmBackend<Bls12381G1>& msm_backend<Bls12381G1>();

void register_backend(backend::BackendRegistry& registry) {
  registry.add(msm_backend<Bn254G1>());
  registry.add(msm_backend<GrumpkinG1>());
  registry.add(msm_backend<Bls12381G1>());
}

}  // namespace zkmsm::vulkan
