#include "msm/vulkan/vulkan_msm.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>

#include "msm/common/signed_digits.hpp"
#include "msm/common/window_cost_model.hpp"
#include "msm/vulkan/dispatch_arguments.hpp"
#include "msm/vulkan/msm_workspace.hpp"
#include "msm/vulkan/shader_registry.hpp"

namespace zkmsm::vulkan {
namespace {

// Stages recorded per window batch (decompose, sort, plan, accumulate, reduce); a CommandBatch
// holds kMaxStages, so one command buffer takes this many batches (after upload_to_device and
// convert_inputs).
constexpr std::uint32_t kStagesPerBatch = 5;
constexpr std::uint32_t kBatchesPerSubmission = (CommandBatch::kMaxStages - 2) / kStagesPerBatch;
// Entries per radix-sort workgroup (RadixSort: 128 threads × 16 items): the sort's dispatches
// stay within maxComputeWorkGroupCount[0] workgroups.
constexpr std::uint64_t kSortEntriesPerWorkgroup = 128 * RadixSort::kDefaultItemsPerThread;
constexpr std::uint32_t kConvertWorkgroupSize = 64;  // not tuned
constexpr std::uint32_t kNoneRejected = 0xffffffffu;

// The push-constant block of convert_points.comp.
struct ConvertArguments {
  std::uint32_t n;
  std::uint32_t to_montgomery;
  std::uint32_t validate;
};

// staged: a discrete GPU (inputs staged, working buffers device-local).
MsmWorkspaceShape workspace_shape_for(const VulkanMsmPlan& plan, std::size_t n, ScalarCurve curve, bool staged) {
  const BufferMemory working = staged ? BufferMemory::device_local : BufferMemory::host_visible;
  MsmWorkspaceShape shape;
  shape.n = static_cast<std::uint32_t>(n);
  shape.staged = staged;
  shape.stages = {curve, static_cast<std::uint32_t>(n), plan.window_bits, plan.batch_windows, working};
  shape.walker = {curve,
                  plan.walker_slots,
                  plan.walker_workgroup_size,
                  plan.walker_threads,
                  std::uint64_t{plan.batch_windows} << (plan.window_bits - 1),
                  working,
                  plan.walker_state};
  shape.pair_tree = plan.accumulator == VulkanAccumulator::pair_tree;
  if (shape.pair_tree) {
    shape.pair_tree_shape.curve = curve;
    shape.pair_tree_shape.slots = plan.walker_slots;
    shape.pair_tree_shape.workgroup_size = plan.walker_workgroup_size;
    shape.pair_tree_shape.dx_cache = plan.pair_tree_dx_cache;
    shape.pair_tree_shape.max_entries = static_cast<std::uint32_t>(std::uint64_t{plan.batch_windows} * n);
    shape.pair_tree_shape.max_buckets = std::uint64_t{plan.batch_windows} << (plan.window_bits - 1);
    shape.pair_tree_shape.memory = working;
    shape.walker = {};
  }
  shape.reduction = {curve, plan.window_bits, plan.windows, plan.batch_windows, working};
  return shape;
}

std::uint32_t walker_threads_for(std::uint64_t entries, unsigned slots, const VulkanMsmOptions& options) {
  const std::uint64_t cap = options.walker_max_workgroups != 0
                                ? std::uint64_t{options.walker_max_workgroups} * options.walker_workgroup_size
                                : kAutoMaxWalkerThreads;
  const std::uint64_t wanted = (entries + slots * kEntriesPerSlot - 1) / (slots * kEntriesPerSlot);
  return static_cast<std::uint32_t>(std::clamp<std::uint64_t>(wanted, 1, cap));
}

}  // namespace

Status plan_msm(VulkanMsmPlan& out,
                const DeviceInfo& device,
                std::size_t n,
                unsigned scalar_bits,
                const VulkanMsmOptions& options) {
  if (n == 0 || n >= (std::size_t{1} << 31)) {
    return Status::error(StatusCode::invalid_argument, "vulkan msm: n must be in [1, 2^31)");
  }
  if (options.window_bits != 0 && (options.window_bits < 2 || options.window_bits > kMaxWindowBits)) {
    return Status::error(StatusCode::invalid_argument, "vulkan msm: window_bits must be 0 (auto) or in [2, 22]");
  }
  if (options.walker_slots > StreamWalker::kMaxSlots) {
    return Status::error(StatusCode::invalid_argument,
                         "vulkan msm: walker_slots must be at most " + std::to_string(StreamWalker::kMaxSlots));
  }
  if (options.walker_workgroup_size == 0 || options.walker_workgroup_size > device.max_workgroup_invocations) {
    return Status::error(StatusCode::invalid_argument, "vulkan msm: walker threads per workgroup must be in [1, " +
                                                           std::to_string(device.max_workgroup_invocations) + "] on " +
                                                           device.name);
  }
  VulkanMsmPlan plan;
  plan.window_bits = options.window_bits != 0 ? options.window_bits : choose_window_bits(n, scalar_bits, kWindowCostWeights);
  plan.windows = signed_window_count(scalar_bits, plan.window_bits);
  plan.walker_slots = options.walker_slots != 0 ? options.walker_slots : kDefaultWalkerSlots;
  plan.walker_workgroup_size = options.walker_workgroup_size;
  plan.walker_state = options.walker_state;
  plan.accumulator = options.accumulator;
  plan.pair_tree_dx_cache = options.pair_tree_dx_cache;
  // The largest batch within the device's limits: one binding's range (keys, values and bucket
  // sums are single bindings), the sort's dispatch size, 32-bit entry positions.
  const std::uint64_t buckets = std::uint64_t{1} << (plan.window_bits - 1);
  const std::uint64_t range = device.max_storage_buffer_range;
  const std::uint64_t max_entries = std::min<std::uint64_t>(
      {range / 4, kSortEntriesPerWorkgroup * device.max_workgroup_count[0], (std::uint64_t{1} << 31) - 1});
  std::uint64_t windows = std::min<std::uint64_t>({plan.windows, max_entries / n, range / (buckets * 64)});
  if (windows == 0) {
    return Status::error(StatusCode::invalid_argument,
                         "vulkan msm: n = " + std::to_string(n) + " at c = " + std::to_string(plan.window_bits) +
                             " does not fit one window in a storage buffer of " + device.name);
  }
  for (;; --windows) {
    plan.batch_windows = static_cast<unsigned>(windows);
    plan.walker_threads = walker_threads_for(windows * n, plan.walker_slots, options);
    const MsmWorkspaceShape shape =
        workspace_shape_for(plan, n, ScalarCurve::bn254, device.kind == DeviceKind::discrete_gpu);
    plan.device_bytes = MsmWorkspace::device_bytes(shape);
    const std::uint64_t walker_slots = std::uint64_t{plan.walker_threads} * plan.walker_slots;
    const bool records_fit = shape.pair_tree
                                 ? PairTree::largest_buffer_bytes(shape.pair_tree_shape) <= range
                                 : walker_slots * 256 <= range &&
                                       walker_slots * StreamWalker::slot_state_words(plan.walker_state) * 4 <= range;
    const bool in_budget = options.memory_budget_bytes == 0 || plan.device_bytes <= options.memory_budget_bytes;
    if (records_fit && in_budget) break;
    if (windows == 1) {
      if (!records_fit) {
        return Status::error(StatusCode::invalid_argument,
                             "vulkan msm: the accumulator's buffers do not fit a storage buffer of " + device.name +
                                 " even for one window (walker: fewer threads or slots)");
      }
      return Status::error(StatusCode::out_of_memory,
                           "vulkan msm: memory_budget_bytes = " + std::to_string(options.memory_budget_bytes) +
                               " is below the " + std::to_string(plan.device_bytes) +
                               " bytes one window batch needs for n = " + std::to_string(n));
    }
  }
  plan.batches = (plan.windows + plan.batch_windows - 1) / plan.batch_windows;
  out = plan;
  return Status::success();
}

Status shared_context(Context*& out) {
  // Never destroyed: drivers tear themselves down at exit, and a static destructor destroying the
  // device after that crashes (seen with NVIDIA's driver). The process's exit frees it.
  static std::mutex mutex;
  static Context* context = nullptr;
  static Status failure;
  static bool tried = false;
  std::lock_guard<std::mutex> lock(mutex);
  if (!tried) {
    tried = true;
    std::unique_ptr<Context> created;
    failure = Context::create(created);
    context = created.release();
  }
  out = context;
  return failure;
}

Status msm_words(Context& context,
                 ScalarCurve curve,
                 std::size_t n,
                 const std::uint32_t* point_words,
                 const std::uint32_t* scalar_words,
                 unsigned scalar_bits,
                 const VulkanMsmOptions& options,
                 std::vector<std::uint32_t>& window_sum_words,
                 VulkanMsmReport& report) {
  report = {};
  report.device = context.info().name;
  window_sum_words.clear();
  if (n == 0) return Status::success();  // no windows: the sum is infinity
  VulkanMsmPlan plan;
  if (Status s = plan_msm(plan, context.info(), n, scalar_bits, options); !s.ok()) return s;
  // A discrete GPU keeps every working buffer in device-local memory and gets the inputs through
  // host-visible staging buffers (a copy at the start of the command buffer); elsewhere
  // (integrated GPUs, lavapipe) host-visible memory is the device's own and is used directly.
  const bool staged = context.info().kind == DeviceKind::discrete_gpu;
  const MsmWorkspaceShape shape = workspace_shape_for(plan, n, curve, staged);
  plan.device_bytes = MsmWorkspace::device_bytes(shape);
  report.plan = plan;
  WorkspaceLease lease;
  if (Status s = lease_workspace(lease, context, shape); !s.ok()) return s;
  MsmWorkspace& workspace = *lease.workspace;
  report.workspace_reused = lease.reused;
  report.measured_peak_bytes = MsmWorkspace::device_bytes(workspace.shape());

  // One thread: 16 threads wrote no faster into NVIDIA's host-visible (write-combined) memory on
  // the H200's host, ~9 GB/s either way (BENCHMARKS.md, Vulkan third run).
  const auto upload_start = std::chrono::steady_clock::now();
  if (Status s = workspace.staged_points().write(0, std::as_bytes(std::span(point_words, n * 16))); !s.ok()) return s;
  if (Status s = workspace.staged_scalars().write(0, std::as_bytes(std::span(scalar_words, n * 8))); !s.ok()) return s;
  const bool convert = !options.points_in_montgomery || options.validate_points;
  if (convert) {
    const std::uint32_t none = kNoneRejected;
    if (Status s = workspace.first_rejected().write(0, std::as_bytes(std::span(&none, 1))); !s.ok()) return s;
  }
  const double upload_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - upload_start).count();

  std::map<std::string, double> stage_ms;
  std::vector<std::string> order = {"upload_inputs"};
  stage_ms["upload_inputs"] = upload_ms;
  auto collect = [&](const CommandBatch& batch) {
    for (const StageTime& stage : batch.stage_times()) {
      if (stage_ms.find(stage.name) == stage_ms.end()) order.push_back(stage.name);
      stage_ms[stage.name] += stage.milliseconds;
    }
  };
  const Pipeline* convert_pipeline = nullptr;
  if (convert) {
    const std::array<std::uint32_t, 1> specialization = {kConvertWorkgroupSize};
    if (Status s = context.pipeline(
            convert_pipeline,
            curve == ScalarCurve::bn254 ? ShaderId::convert_points_bn254 : ShaderId::convert_points_grumpkin,
            specialization);
        !s.ok())
      return s;
  }
  BucketStages& stages = workspace.stages();
  StreamWalker* walker = workspace.walker();
  PairTree* pair_tree = workspace.pair_tree();
  StorageBuffer& bucket_sums = pair_tree != nullptr ? pair_tree->bucket_sums() : walker->bucket_sums();
  BucketReduction& reduction = workspace.reduction();
  std::unique_ptr<CommandBatch> batch;
  for (unsigned b = 0; b < plan.batches; ++b) {
    if (!batch) {
      if (Status s = CommandBatch::create(batch, context); !s.ok()) return s;
      if (b == 0 && staged) {
        if (Status s = batch->begin_stage("upload_to_device"); !s.ok()) return s;
        if (Status s = batch->copy(workspace.staged_points(), workspace.points(), n * 64); !s.ok()) return s;
        if (Status s = batch->copy(workspace.staged_scalars(), workspace.scalars(), n * 32); !s.ok()) return s;
      }
      if (b == 0 && convert) {
        if (Status s = batch->begin_stage("convert_inputs"); !s.ok()) return s;
        const ConvertArguments arguments{static_cast<std::uint32_t>(n), options.points_in_montgomery ? 0u : 1u,
                                         options.validate_points ? 1u : 0u};
        if (Status s = batch->dispatch(*convert_pipeline, {&workspace.points(), &workspace.first_rejected()},
                                       bytes_of(arguments), groups_for(n, kConvertWorkgroupSize));
            !s.ok())
          return s;
      }
    }
    const unsigned first_window = b * plan.batch_windows;
    const unsigned windows = std::min(plan.batch_windows, plan.windows - first_window);
    if (Status s = stages.record(*batch, workspace.scalars(), first_window, windows); !s.ok()) return s;
    if (Status s = batch->begin_stage("accumulate_buckets"); !s.ok()) return s;
    const Status accumulated = pair_tree != nullptr ? pair_tree->record(*batch, workspace.points(), stages)
                                                    : walker->record(*batch, workspace.points(), stages);
    if (!accumulated.ok()) return accumulated;
    if (Status s = batch->begin_stage("reduce_buckets"); !s.ok()) return s;
    if (Status s = reduction.record_batch(*batch, bucket_sums, stages, first_window); !s.ok()) return s;
    if (b + 1 == plan.batches || (b + 1) % kBatchesPerSubmission == 0) {
      if (Status s = batch->submit_and_wait(); !s.ok()) return s;
      collect(*batch);
      batch.reset();
    }
  }
  if (convert) {
    std::uint32_t first_rejected = kNoneRejected;
    if (Status s = workspace.first_rejected().read(std::as_writable_bytes(std::span(&first_rejected, 1)), 0); !s.ok())
      return s;
    if (first_rejected != kNoneRejected) {
      report.rejected_point = first_rejected;
      return Status::error(StatusCode::rejected_point,
                           "vulkan msm: point " + std::to_string(first_rejected) + " was rejected by convert_points");
    }
  }
  window_sum_words.resize(std::size_t{plan.windows} * 32);
  if (Status s = reduction.read_window_sums(window_sum_words); !s.ok()) return s;
  for (const std::string& name : order) report.stages.push_back({name, stage_ms[name]});
  return Status::success();
}

}  // namespace zkmsm::vulkan
