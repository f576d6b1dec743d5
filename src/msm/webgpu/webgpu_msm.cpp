// The MSM on WebGPU (webgpu_msm.hpp).
#include "msm/webgpu/webgpu_msm.hpp"

#include <algorithm>
#include <bit>
#include <memory>
#include <string>
#include <vector>

#include "core/uninitialized_buffer.hpp"
#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "curve/xyzz_point.hpp"
#include "msm/common/combine_windows.hpp"
#include "msm/common/elapsed_time.hpp"
#include "msm/common/signed_digits.hpp"
#include "msm/common/window_cost_model.hpp"
#include "msm/webgpu/bucket_bounds.hpp"
#include "msm/webgpu/bucket_reduction.hpp"
#include "msm/webgpu/convert_points.hpp"
#include "msm/webgpu/decompose_scalars.hpp"
#include "msm/webgpu/msm_workspace.hpp"
#include "msm/webgpu/pair_tree.hpp"
#include "msm/webgpu/radix_sort.hpp"
#include "msm/webgpu/stream_walker.hpp"
#include "msm/webgpu/webgpu_curve.hpp"

namespace zkmsm::webgpu {

namespace {

using backend::Clock;
using backend::elapsed_ms;

// The window cost model's weights: the Vulkan backend's (the CPU backend's 9 per entry, 26 per
// bucket), not fitted on WebGPU.
constexpr WindowCostWeights kWindowCostWeights{9.0, 26.0, 0, kMinWindowBits, kMaxWindowBits};
// S unless asked, by n, for the 8-word fields (BN254, Grumpkin): measured through Dawn's Vulkan
// backend on an H100 (BENCHMARKS.md, "WebGPU on a GPU, fifth run", stream walker, c automatic):
// 2^18 S = 8 38.6 ms, 16 35.6, 24 36.0, 32 38.8; 2^20 S = 8 85.4, 16 85.5, 32 77.9, 64 79.0.
// Below 2^17 the seeds' S = 8 (their mobile knee), as the Vulkan backend; 2^19 not measured.
// BLS12-381's 12-word field keeps S = 8 (its private memory grows with S; not measured), and so
// does the pair tree (S = 16 at 2^20: 135 ms against the walker's 78).
unsigned default_slots(CurveId curve, WebGpuAccumulator accumulator, std::size_t n) {
  if (accumulator == WebGpuAccumulator::xyzz) return 1;
  if (curve == CurveId::bls12_381 || accumulator == WebGpuAccumulator::pair_tree || n < (std::size_t{1} << 17))
    return 8;
  return n < (std::size_t{1} << 20) ? 16 : 32;
}
// Automatic walker size: about this many sorted entries per slot, at most kMaxThreads invocations
// (the Vulkan backend's geometry; not tuned for WebGPU).
constexpr std::uint64_t kEntriesPerSlot = 16;
constexpr std::uint64_t kMaxThreads = std::uint64_t{1} << 16;
// The xyzz walker: about this many entries per invocation, at most kMaxXyzzThreads and as many as
// keep its records in one binding (the Vulkan backend's geometry, CUDA's; not tuned for WebGPU).
constexpr std::uint64_t kXyzzEntriesPerThread = 32;
constexpr std::uint64_t kMaxXyzzThreads = std::uint64_t{1} << 20;

Status invalid(std::string message) { return Status::error(std::move(message), Failure::invalid_argument); }

// The shapes of the stages for n points and `sizes` (c, T, batch windows, S, threads, workgroup).
struct StageShapes {
  std::uint32_t entries = 0;   // E = batch windows · n
  std::uint32_t sentinel = 0;  // batch windows · B: the key past every bucket
  StreamWalkerShape walker;    // with the stream walker
  PairTreeShape tree;          // with the pair tree
  BucketReductionShape reduction;
};

StageShapes stage_shapes(CurveId curve, std::size_t n, const WebGpuMsmOptions& options, const WebGpuMsmSizes& sizes) {
  StageShapes shapes;
  shapes.entries = static_cast<std::uint32_t>(sizes.batch_windows * n);
  shapes.sentinel = sizes.batch_windows * (std::uint32_t{1} << (sizes.window_bits - 1));
  const bool xyzz = options.accumulator == WebGpuAccumulator::xyzz;
  shapes.walker = {curve, sizes.slots, sizes.threads, sizes.workgroup_size, shapes.sentinel, xyzz};
  shapes.tree = {curve, sizes.slots, sizes.workgroup_size, options.dx_cache, shapes.entries, shapes.sentinel};
  shapes.reduction = {curve, sizes.window_bits, sizes.windows, sizes.batch_windows, xyzz};
  return shapes;
}

// The buffers of the MSM of n points with `sizes` (msm_workspace.hpp).
MsmWorkspaceShape workspace_shape(CurveId curve,
                                  std::size_t n,
                                  const WebGpuMsmOptions& options,
                                  const WebGpuMsmSizes& sizes) {
  const StageShapes shapes = stage_shapes(curve, n, options, sizes);
  MsmWorkspaceShape shape;
  shape.curve = curve;
  shape.n = static_cast<std::uint32_t>(n);
  shape.entries = shapes.entries;
  shape.sentinel = shapes.sentinel;
  shape.pair_tree = options.accumulator == WebGpuAccumulator::pair_tree;
  shape.points_on_device = options.points_on_device;
  shape.walker = shapes.walker;
  shape.tree = shapes.tree;
  shape.reduction = shapes.reduction;
  return shape;
}

// The closed form of every buffer webgpu_msm has alive at once: the workspace's, and the staging
// buffer that reads the T·c bit sums back.
std::uint64_t device_bytes(CurveId curve, std::size_t n, const WebGpuMsmOptions& options, const WebGpuMsmSizes& sizes) {
  return MsmWorkspace::device_bytes(workspace_shape(curve, n, options, sizes)) +
         allocation_bytes(xyzz_point_bytes(curve) * sizes.windows * sizes.window_bits);
}

}  // namespace

template <class Curve>
Status plan_webgpu_msm(std::size_t n, const WebGpuMsmOptions& options, WebGpuMsmSizes& sizes) {
  constexpr CurveId curve = curve_id_of<Curve>();
  constexpr std::uint64_t point_bytes = affine_point_bytes(curve);
  if (!window_bits_allowed(options.window_bits)) return invalid("window_bits must be 0 (auto) or in [2, 22]");
  if (options.slots > StreamWalker::kMaxSlots)
    return invalid("walker_slots must be in [0, " + std::to_string(StreamWalker::kMaxSlots) + "]");
  // S = 1 with the stream walker killed the process on a GPU: a segmentation fault in node through
  // Dawn's Vulkan backend on NVIDIA's driver (H100, 580.159.04, 2026-12-06) at every n and c tried,
  // the private arrays padded to two slots or not; S = 2, 3, 8 and the pair tree with S = 1 ran.
  // Refused on every device rather than crash one.
  if (options.accumulator == WebGpuAccumulator::xyzz && options.slots > 1)
    return invalid("the xyzz walker has one running sum per invocation (walker_slots 0 or 1)");
  if (options.accumulator == WebGpuAccumulator::stream_walker && options.slots == 1)
    return invalid(
        "walker_slots = 1 is refused with the stream walker on WebGPU (its pipeline crashed the "
        "process on NVIDIA's Vulkan driver through Dawn); use walker_slots >= 2 or accumulator "
        "'pair_tree'");
  if (options.workgroup_size > kMaxWorkgroupSize)
    return invalid("walker_threads_per_block must be in [1, " + std::to_string(kMaxWorkgroupSize) +
                   "] (WebGPU's default maxComputeInvocationsPerWorkgroup)");
  if (options.accumulator == WebGpuAccumulator::pair_tree && options.workgroup_size > PairTree::kMaxWorkgroupSize)
    return invalid("walker_threads_per_block must be at most " + std::to_string(PairTree::kMaxWorkgroupSize) +
                   " with the pair tree (its scan's workgroups)");
  if (n * point_bytes > kMaxBindingBytes)
    return invalid("at most " + std::to_string(kMaxBindingBytes / point_bytes) +
                   " points on WebGPU (WebGPU's default maxStorageBufferBindingSize, 128 MiB)");
  const unsigned scalar_bits = static_cast<unsigned>(Curve::ScalarField::Constants::modulus_bits);
  sizes = {};
  sizes.window_bits = effective_window_bits(n, options.window_bits, scalar_bits, kWindowCostWeights);
  sizes.windows = signed_window_count(scalar_bits, sizes.window_bits);
  sizes.slots = options.slots != 0 ? options.slots : default_slots(curve, options.accumulator, n);
  sizes.workgroup_size = options.workgroup_size != 0 ? options.workgroup_size : kDefaultWalkerWorkgroupSize;
  const std::uint64_t points = std::max<std::size_t>(n, 1);
  const bool xyzz = options.accumulator == WebGpuAccumulator::xyzz;
  // The bucket sums of a batch are one binding too (XYZZ: twice the affine size).
  const std::uint64_t bucket_sums_per_window =
      (std::uint64_t{1} << (sizes.window_bits - 1)) * (xyzz ? xyzz_point_bytes(curve) : affine_point_bytes(curve));
  if (bucket_sums_per_window > kMaxBindingBytes)
    return invalid("window_bits = " + std::to_string(sizes.window_bits) +
                   ": one window's bucket sums exceed WebGPU's 128 MiB binding");
  unsigned batch_windows = static_cast<unsigned>(std::clamp<std::uint64_t>(
      std::min(kMaxBindingBytes / 4 / points, kMaxBindingBytes / bucket_sums_per_window), 1, sizes.windows));
  for (;;) {
    sizes.batch_windows = batch_windows;
    sizes.batches = (sizes.windows + batch_windows - 1) / batch_windows;
    const std::uint64_t entries = std::uint64_t{batch_windows} * points;
    std::uint64_t threads =
        xyzz ? std::clamp<std::uint64_t>(
                   (entries + kXyzzEntriesPerThread - 1) / kXyzzEntriesPerThread, 1,
                   std::min<std::uint64_t>(kMaxXyzzThreads, kMaxBindingBytes / (2 * xyzz_point_bytes(curve))))
             : std::clamp<std::uint64_t>(
                   (entries + sizes.slots * kEntriesPerSlot - 1) / (sizes.slots * kEntriesPerSlot), 1, kMaxThreads);
    if (options.max_workgroups != 0)
      threads = std::min<std::uint64_t>(threads, std::uint64_t{options.max_workgroups} * sizes.workgroup_size);
    sizes.threads = options.accumulator == WebGpuAccumulator::pair_tree ? 0 : static_cast<std::uint32_t>(threads);
    sizes.device_bytes = device_bytes(curve, n, options, sizes);
    // The pair tree keeps a point per entry: its buffers, not the keys, bound the batch.
    const bool tree_fits =
        options.accumulator != WebGpuAccumulator::pair_tree ||
        PairTree::largest_binding_bytes(stage_shapes(curve, n, options, sizes).tree) <= kMaxBindingBytes;
    if (tree_fits && (options.memory_budget_bytes == 0 || sizes.device_bytes <= options.memory_budget_bytes)) return {};
    if (batch_windows == 1 && !tree_fits)
      return invalid("at most " + std::to_string(kMaxBindingBytes / point_bytes) +
                     " points with the pair tree on WebGPU (a point per entry in one 128 MiB binding)");
    if (batch_windows == 1)
      return Status::error("memory_budget_bytes = " + std::to_string(options.memory_budget_bytes) + " is below the " +
                               std::to_string(sizes.device_bytes) + " device bytes of one window at a time",
                           Failure::out_of_memory);
    --batch_windows;
  }
}

namespace {

// The points of one MSM: the caller's in host memory, or prepared bases' on the device.
template <class Curve>
struct MsmPoints {
  std::span<const AffinePoint<Curve>> host;  // n points (without on_device)
  const Buffer* on_device = nullptr;         // at least n points, Montgomery form, validated
  std::size_t n = 0;
};

template <class Curve>
Status run_webgpu_msm(const MsmPoints<Curve>& points,
                      const void* scalars,
                      const WebGpuMsmOptions& options,
                      AffinePoint<Curve>& result,
                      WebGpuMsmReport& report,
                      const WebGpuPointForm& form) {
  using Affine = AffinePoint<Curve>;
  constexpr CurveId curve = curve_id_of<Curve>();
  static_assert(sizeof(Affine) == affine_point_bytes(curve) && sizeof(XyzzPoint<Curve>) == xyzz_point_bytes(curve),
                "the host's points are the shaders' layouts");
  const std::size_t n = points.n;
  report = {};
  if (Status s = plan_webgpu_msm<Curve>(n, options, report.sizes); !s.ok) return s;
  const WebGpuMsmSizes& sizes = report.sizes;
  if (n == 0) {
    result = Affine::infinity();
    return {};
  }
  const unsigned c = sizes.window_bits;
  const unsigned windows = sizes.windows;
  const auto count = static_cast<std::uint32_t>(n);
  const bool pair_tree = options.accumulator == WebGpuAccumulator::pair_tree;

  Context* context = nullptr;
  if (Status got = Context::get(&context); !got.ok) return got;
  if (sizes.workgroup_size > context->max_invocations_per_workgroup())
    return invalid("walker_threads_per_block = " + std::to_string(sizes.workgroup_size) +
                   " is above this device's maxComputeInvocationsPerWorkgroup, " +
                   std::to_string(context->max_invocations_per_workgroup()));
  // Stage times in pipeline order, summed over the batches.
  std::vector<WebGpuStageTime>& stages = report.stages;
  for (const char* name : {"upload_inputs", "decompose_scalars", "sort_by_bucket", "plan", "accumulate_buckets",
                           "reduce_buckets", "combine_windows", "convert_inputs"})
    stages.push_back({name, 0});
  const bool convert = points.on_device == nullptr && (form.canonical || form.validate);
  auto timed = [&](std::size_t stage, Clock::time_point since) -> Status {
    Status waited = context->wait(stages[stage].name.c_str());
    stages[stage].milliseconds += elapsed_ms(since);
    return waited;
  };

  Clock::time_point start = Clock::now();
  MsmWorkspace* workspace = nullptr;
  bool reused = false;
  if (Status s = lease_workspace(*context, workspace_shape(curve, n, options, sizes), workspace, reused); !s.ok)
    return s;
  // The measured peak: the workspace's buffers (made by this call or kept from an earlier one) and
  // what the call makes besides them.
  Context::reset_peak_bytes();
  const std::uint64_t live_before = Context::live_bytes() - MsmWorkspace::device_bytes(workspace->shape());
  MsmWorkspace& w = *workspace;
  report.workspace_reused = reused;
  const Buffer& point_buffer = points.on_device != nullptr ? *points.on_device : w.points;
  // A batch's front stages: decompose_scalars, sort_by_bucket and the plan, each waited for and
  // timed when `timed_stages`, else only recorded (the next upload or wait submits them).
  struct BatchFront {
    DecomposeShape shape;
    std::uint32_t entries = 0;
    std::uint32_t sorted_in = 0;
  };
  auto record_front = [&](unsigned first, BatchFront& front, bool timed_stages) -> Status {
    const unsigned batch = std::min(sizes.batch_windows, windows - first);
    front.shape = DecomposeShape{count, c, first, batch};
    front.entries = batch * count;
    Clock::time_point since = Clock::now();
    if (Status s = record_decompose_scalars(*context, curve, w.scalars, front.shape, w.keys[0], w.values[0],
                                            w.decompose_arguments);
        !s.ok)
      return s;
    if (timed_stages)
      if (Status s = timed(1, since); !s.ok) return s;
    since = Clock::now();
    Buffer* const key_pair[2] = {&w.keys[0], &w.keys[1]};
    Buffer* const value_pair[2] = {&w.values[0], &w.values[1]};
    const auto batch_key_bits = static_cast<std::uint32_t>(std::bit_width(front.shape.sentinel()));
    if (Status s = w.sort->sort(key_pair, value_pair, front.entries, batch_key_bits, front.sorted_in); !s.ok) return s;
    if (timed_stages)
      if (Status s = timed(2, since); !s.ok) return s;
    since = Clock::now();
    if (Status s = w.bounds.record(w.keys[front.sorted_in], front.entries, front.shape.sentinel(), w.bucket_start,
                                   w.bucket_end, w.valid, w.bounds_arguments);
        !s.ok)
      return s;
    if (timed_stages)
      if (Status s = timed(3, since); !s.ok) return s;
    return {};
  };

  // The scalars go first, and the first batch's front stages are submitted before the points are
  // uploaded: the GPU runs them while JavaScript fills the points' staging buffer. Their time is
  // inside upload_inputs.
  const Context::UploadPart scalar_part[] = {{&w.scalars, scalars, static_cast<std::size_t>(n * kScalarBytes)}};
  if (Status s = context->upload(w.staged_scalars, scalar_part); !s.ok) return s;
  BatchFront front;
  if (Status s = record_front(0, front, false); !s.ok) return s;
  if (points.on_device == nullptr) {
    const Context::UploadPart point_part[] = {{&w.points, points.host.data(), n * sizeof(Affine)}};
    if (Status s = context->upload(w.staged_points, point_part); !s.ok) return s;
  }
  if (Status s = timed(0, start); !s.ok) return s;
  if (convert) {
    start = Clock::now();
    if (Status s = record_convert_points(*context, curve, w.points, count, form.canonical, form.validate,
                                         w.first_rejected, w.convert_arguments);
        !s.ok)
      return s;
    std::uint32_t rejected = kNoRejectedPoint;
    if (Status s = context->read(w.first_rejected, &rejected, sizeof rejected); !s.ok) return s;
    stages[7].milliseconds = elapsed_ms(start);
    if (rejected != kNoRejectedPoint) {
      report.rejected_point = rejected;
      return {};
    }
  }

  for (unsigned first = 0; first < windows; first += sizes.batch_windows) {
    const unsigned batch = std::min(sizes.batch_windows, windows - first);
    if (first != 0)
      if (Status s = record_front(first, front, true); !s.ok) return s;
    start = Clock::now();
    if (pair_tree) {
      if (Status s = w.tree->accumulate(point_buffer, w.keys[front.sorted_in], w.values[front.sorted_in],
                                        w.bucket_start, w.bucket_end, front.entries, front.shape.sentinel(), count);
          !s.ok)
        return s;
    } else if (Status s = w.walker->accumulate(point_buffer, w.keys[front.sorted_in], w.values[front.sorted_in],
                                               w.valid, front.entries);
               !s.ok) {
      return s;
    }
    if (Status s = timed(4, start); !s.ok) return s;
    start = Clock::now();
    const Buffer& bucket_sums = pair_tree ? w.tree->bucket_sums() : w.walker->bucket_sums();
    if (Status s = w.reduction->reduce_batch(bucket_sums, w.bucket_start, w.bucket_end, first, batch); !s.ok) return s;
    if (Status s = timed(5, start); !s.ok) return s;
  }
  start = Clock::now();
  std::vector<XyzzPoint<Curve>> bit_sums(std::size_t{windows} * c);
  if (Status s = context->read(w.reduction->bit_sums(), bit_sums.data(), bit_sums.size() * sizeof(XyzzPoint<Curve>));
      !s.ok)
    return s;
  result = combine_windows<Curve>(bit_sums, 1);
  stages[6].milliseconds = elapsed_ms(start);
  report.measured_peak_bytes = Context::peak_bytes() - live_before;
  return {};
}

}  // namespace

template <class Curve>
Status webgpu_msm(std::span<const AffinePoint<Curve>> points,
                  const void* scalars,
                  const WebGpuMsmOptions& options,
                  AffinePoint<Curve>& result,
                  WebGpuMsmReport& report,
                  const WebGpuPointForm& form) {
  WebGpuMsmOptions on_host = options;
  on_host.points_on_device = false;
  const Status status = run_webgpu_msm<Curve>({points, nullptr, points.size()}, scalars, on_host, result, report, form);
  // A failed call may leave the kept buffers mid-use (the staging buffer mapped, a batch half done).
  if (!status.ok) release_kept_workspace();
  return status;
}

template <class Curve>
Status webgpu_msm_on_device_points(const Buffer& points,
                                   std::size_t n,
                                   const void* scalars,
                                   WebGpuMsmOptions options,
                                   AffinePoint<Curve>& result,
                                   WebGpuMsmReport& report) {
  options.points_on_device = true;
  const Status status = run_webgpu_msm<Curve>({{}, &points, n}, scalars, options, result, report, {});
  if (!status.ok) release_kept_workspace();
  return status;
}

#define ZKMSM_WEBGPU_MSM(Curve)                                                                                 \
  template Status plan_webgpu_msm<Curve>(std::size_t, const WebGpuMsmOptions&, WebGpuMsmSizes&);                \
  template Status webgpu_msm<Curve>(std::span<const AffinePoint<Curve>>, const void*, const WebGpuMsmOptions&,  \
                                    AffinePoint<Curve>&, WebGpuMsmReport&, const WebGpuPointForm&);             \
  template Status webgpu_msm_on_device_points<Curve>(const Buffer&, std::size_t, const void*, WebGpuMsmOptions, \
                                                     AffinePoint<Curve>&, WebGpuMsmReport&);
ZKMSM_WEBGPU_MSM(Bn254G1)
ZKMSM_WEBGPU_MSM(GrumpkinG1)
ZKMSM_WEBGPU_MSM(Bls12381G1)
#undef ZKMSM_WEBGPU_MSM

}  // namespace zkmsm::webgpu
