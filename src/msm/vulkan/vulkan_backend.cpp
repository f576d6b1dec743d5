// The vulkan backend behind the one backend interface (msm/common/msm_backend.hpp): the caller's
// host points as they are (converted and validated on the device, as the form says), canonical
// host scalars (the caller's, or converted here from Montgomery form), the stream walker with its
// slots in private memory (registers) or in a buffer (global), or the pair tree; the warp states
// and batch_affine are other backends'. Prepared bases are a validated Montgomery copy on the host.
#include <chrono>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <type_traits>

#include "core/uninitialized_buffer.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "host/host_inputs.hpp"
#include "host/parallel_for.hpp"
#include "msm/common/backend_registry.hpp"
#include "msm/common/msm_backend.hpp"
#include "msm/vulkan/vulkan_msm.hpp"

namespace zkmsm::vulkan {

namespace {

using Clock = std::chrono::steady_clock;

backend::Status to_status(const Status& status) {
  switch (status.code) {
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

backend::Status refused(const std::string& message) {
  return backend::Status::error(backend::StatusCode::invalid_argument, "vulkan backend: " + message);
}

// The knobs vulkan has; the others' are refused.
backend::Status check_knobs(const backend::Knobs& knobs) {
  if (knobs.accumulator == backend::AccumulatorKind::batch_affine)
    return refused("accumulator 'batch_affine' is the cpu backend's (vulkan has stream_walker and pair_tree)");
  if (knobs.walker_state == backend::WalkerState::warp || knobs.walker_state == backend::WalkerState::global_warp)
    return refused("walker_state warp and global_warp are cuda's (vulkan has auto, registers and global)");
  return backend::Status::success();
}

VulkanMsmOptions to_options(const backend::Knobs& knobs) {
  VulkanMsmOptions options;
  options.window_bits = knobs.window_bits;
  options.walker_slots = knobs.walker_slots;
  options.walker_workgroup_size = knobs.walker_threads_per_block;
  options.walker_max_workgroups = knobs.walker_max_blocks;
  if (knobs.walker_state == backend::WalkerState::registers) options.walker_state = WalkerSlots::registers;
  if (knobs.walker_state == backend::WalkerState::global) options.walker_state = WalkerSlots::global;
  if (knobs.accumulator == backend::AccumulatorKind::pair_tree) options.accumulator = VulkanAccumulator::pair_tree;
  options.pair_tree_dx_cache = knobs.pair_tree_dx_cache;
  options.memory_budget_bytes = knobs.memory_budget_bytes;
  return options;
}

template <class Curve>
class VulkanBases final : public backend::PreparedBases {
 public:
  std::size_t size() const override { return points.size(); }
  UninitializedBuffer<AffinePoint<Curve>> points;
};

template <class Curve>
class VulkanBackend final : public backend::MsmBackend<Curve> {
 public:
  using Integer = typename Curve::ScalarField::Integer;

  backend::BackendKind kind() const override { return backend::BackendKind::vulkan; }
  const char* name() const override { return "vulkan"; }
  bool available() const override {
    Context* context = nullptr;
    return shared_context(context).ok();
  }
  // Never a software device such as lavapipe (it runs the shaders on the CPU, far slower than
  // the cpu backend); backend = vulkan still can use it.
  bool accelerated() const override {
    Context* context = nullptr;
    return shared_context(context).ok() && context->info().kind != DeviceKind::cpu;
  }

  backend::Status msm(AffinePoint<Curve>& sum,
                      const backend::MsmRequest& request,
                      backend::MsmReport& report) override {
    if (request.points.on_device || request.scalars.on_device) return refused("inputs in device memory are cuda's");
    return run(sum, request.points.points, request.points.n, request.form.points_in_montgomery,
               request.form.validate_points, request.scalars, request.form, request.knobs, report);
  }

  backend::Status prepare_bases(std::unique_ptr<backend::PreparedBases>& out,
                                const backend::PointInputs& points,
                                const backend::InputForm& form,
                                const backend::Knobs& knobs) override {
    if (points.on_device) return refused("inputs in device memory are cuda's");
    try {
      auto bases = std::make_unique<VulkanBases<Curve>>();
      if (points.n != 0) {
        host::RejectedPoint rejected;
        host::convert_host_points<Curve>(points.points, points.n, form, host::resolve_thread_count(knobs.cpu_threads),
                                         true, bases->points, rejected);
        if (rejected.any()) return rejected.status();
      }
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
    if (scalars.on_device) return refused("inputs in device memory are cuda's");
    const auto& points = static_cast<const VulkanBases<Curve>&>(bases).points;
    return run(sum, points.data(), scalars.n, true, false, scalars, form, knobs, report);
  }

 private:
  // points: n in the public layout, Montgomery or canonical, validated or not.
  backend::Status run(AffinePoint<Curve>& sum,
                      const void* points,
                      std::size_t n,
                      bool points_in_montgomery,
                      bool validate_points,
                      const backend::ScalarInputs& scalars,
                      const backend::InputForm& form,
                      const backend::Knobs& knobs,
                      backend::MsmReport& report) {
    if (backend::Status checked = check_knobs(knobs); !checked.ok()) return checked;
    try {
      const auto convert_start = Clock::now();
      UninitializedBuffer<Integer> converted;
      const void* scalar_words = scalars.scalars;
      if (form.scalars_in_montgomery) {
        converted =
            host::convert_host_scalars<Curve>(scalars.scalars, n, true, host::resolve_thread_count(knobs.cpu_threads));
        scalar_words = converted.data();
      }
      const double convert_ms = std::chrono::duration<double, std::milli>(Clock::now() - convert_start).count();
      Context* context = nullptr;
      if (const Status s = shared_context(context); !s.ok()) return to_status(s);
      VulkanMsmOptions options = to_options(knobs);
      options.points_in_montgomery = points_in_montgomery;
      options.validate_points = validate_points;
      constexpr ScalarCurve curve = std::is_same_v<Curve, Bn254G1> ? ScalarCurve::bn254 : ScalarCurve::grumpkin;
      VulkanMsmReport vulkan_report;
      const Status status =
          msm_from_words<Curve>(*context, curve, n, static_cast<const std::uint32_t*>(points),
                                static_cast<const std::uint32_t*>(scalar_words), options, sum, vulkan_report);
      if (status.code == StatusCode::rejected_point) {
        // The device names the lowest bad index; the host says why, in the host path's words.
        AffinePoint<Curve> unused;
        const host::RejectedPoint rejected =
            host::check_host_point<Curve>(host::caller_points<Curve>(points, n)[vulkan_report.rejected_point],
                                          vulkan_report.rejected_point, !points_in_montgomery, validate_points, unused);
        if (rejected.any()) return rejected.status();
        return backend::Status::error(backend::StatusCode::device_error,
                                      "vulkan backend: " + status.message + ", which the host accepts");
      }
      if (!status.ok()) return to_status(status);
      report.accumulator = options.accumulator == VulkanAccumulator::pair_tree ? "pair_tree" : "stream_walker";
      report.window_bits = vulkan_report.plan.window_bits;
      report.windows = vulkan_report.plan.windows;
      report.stages.clear();
      report.stages.push_back({"convert_inputs", convert_ms});
      for (const auto& stage : vulkan_report.stages) report.stages.push_back({stage.name, stage.milliseconds});
      report.estimated_peak_bytes = vulkan_report.plan.device_bytes;
      report.measured_peak_bytes = vulkan_report.measured_peak_bytes;
      report.devices = 1;
      return backend::Status::success();
    } catch (const std::bad_alloc&) {
      return backend::Status::error(backend::StatusCode::out_of_memory, "host memory allocation failed");
    }
  }
};

}  // namespace

void register_backend(backend::BackendRegistry& registry) {
  static VulkanBackend<Bn254G1> bn254;
  static VulkanBackend<GrumpkinG1> grumpkin;
  registry.add<Bn254G1>(bn254);
  registry.add<GrumpkinG1>(grumpkin);
}

}  // namespace zkmsm::vulkan
