#include "msm/vulkan/vulkan_msm.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>

#include "msm/common/signed_digits.hpp"
#include "msm/cpu/window_cost_model.hpp"
#include "msm/vulkan/bucket_reduction.hpp"
#include "msm/vulkan/storage_buffer.hpp"
#include "msm/vulkan/stream_walker.hpp"

namespace zkmsm::vulkan {
namespace {

// Stages recorded per window batch (decompose, sort, plan, accumulate, reduce); a CommandBatch
// holds kMaxStages, so one command buffer takes this many batches (plus combine_windows).
constexpr std::uint32_t kStagesPerBatch = 5;
constexpr std::uint32_t kBatchesPerSubmission = (CommandBatch::kMaxStages - 1) / kStagesPerBatch;
// Entries per radix-sort workgroup (RadixSort: 128 threads × 16 items): the sort's dispatches
// stay within maxComputeWorkGroupCount[0] workgroups.
constexpr std::uint64_t kSortEntriesPerWorkgroup = 128 * RadixSort::kDefaultItemsPerThread;

// staged: the inputs are held twice (host-visible staging and device-local copies).
std::uint64_t bytes_for(const VulkanMsmPlan& plan, std::size_t n, ScalarCurve curve, bool staged) {
  const BucketStagesShape stages{curve, static_cast<std::uint32_t>(n), plan.window_bits, plan.batch_windows};
  const StreamWalkerShape walker{curve, plan.walker_slots, plan.walker_workgroup_size, plan.walker_threads,
                                 std::uint64_t{plan.batch_windows} << (plan.window_bits - 1)};
  const BucketReductionShape reduction{curve, plan.window_bits, plan.windows, plan.batch_windows};
  return std::uint64_t{n} * (64 + 32) * (staged ? 2 : 1) + BucketStages::device_bytes(stages) +
         StreamWalker::device_bytes(walker) + BucketReduction::device_bytes(reduction);
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
  if (options.window_bits != 0 && (options.window_bits < 2 || options.window_bits > BucketStages::kMaxWindowBits)) {
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
  plan.window_bits = options.window_bits != 0 ? options.window_bits : cpu::choose_window_bits(n, scalar_bits);
  plan.windows = signed_window_count(scalar_bits, plan.window_bits);
  plan.walker_slots = options.walker_slots != 0 ? options.walker_slots : kDefaultWalkerSlots;
  plan.walker_workgroup_size = options.walker_workgroup_size;
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
    plan.device_bytes = bytes_for(plan, n, ScalarCurve::bn254, device.kind == DeviceKind::discrete_gpu);
    const bool records_fit = std::uint64_t{plan.walker_threads} * plan.walker_slots * 256 <= range;
    const bool in_budget = options.memory_budget_bytes == 0 || plan.device_bytes <= options.memory_budget_bytes;
    if (records_fit && in_budget) break;
    if (windows == 1) {
      if (!records_fit) {
        return Status::error(StatusCode::invalid_argument,
                             "vulkan msm: the walker's records do not fit a storage buffer; fewer threads or slots");
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
                 std::array<std::uint32_t, 32>& xyzz,
                 VulkanMsmReport& report) {
  report = {};
  report.device = context.info().name;
  if (n == 0) {
    xyzz = {};  // ZZ = ZZZ = 0: infinity
    return Status::success();
  }
  VulkanMsmPlan plan;
  if (Status s = plan_msm(plan, context.info(), n, scalar_bits, options); !s.ok()) return s;
  plan.device_bytes = bytes_for(plan, n, curve, context.info().kind == DeviceKind::discrete_gpu);
  report.plan = plan;

  // A discrete GPU keeps every working buffer in device-local memory and gets the inputs through
  // host-visible staging buffers (a copy at the start of the command buffer); elsewhere
  // (integrated GPUs, lavapipe) host-visible memory is the device's own and is used directly.
  const bool discrete = context.info().kind == DeviceKind::discrete_gpu;
  const BufferMemory working = discrete ? BufferMemory::device_local : BufferMemory::host_visible;
  std::unique_ptr<StorageBuffer> staged_points;
  std::unique_ptr<StorageBuffer> staged_scalars;
  if (Status s = StorageBuffer::create(staged_points, context, n * 64); !s.ok()) return s;
  if (Status s = StorageBuffer::create(staged_scalars, context, n * 32); !s.ok()) return s;
  const auto upload_start = std::chrono::steady_clock::now();
  if (Status s = staged_points->write(0, std::as_bytes(std::span(point_words, n * 16))); !s.ok()) return s;
  if (Status s = staged_scalars->write(0, std::as_bytes(std::span(scalar_words, n * 8))); !s.ok()) return s;
  const double upload_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - upload_start).count();
  std::unique_ptr<StorageBuffer> device_points;
  std::unique_ptr<StorageBuffer> device_scalars;
  if (discrete) {
    if (Status s = StorageBuffer::create(device_points, context, n * 64, working); !s.ok()) return s;
    if (Status s = StorageBuffer::create(device_scalars, context, n * 32, working); !s.ok()) return s;
  }
  StorageBuffer* points = discrete ? device_points.get() : staged_points.get();
  StorageBuffer* scalars = discrete ? device_scalars.get() : staged_scalars.get();

  std::unique_ptr<BucketStages> stages;
  std::unique_ptr<StreamWalker> walker;
  std::unique_ptr<BucketReduction> reduction;
  const BucketStagesShape stages_shape{curve, static_cast<std::uint32_t>(n), plan.window_bits, plan.batch_windows,
                                       working};
  if (Status s = BucketStages::create(stages, context, stages_shape); !s.ok()) return s;
  const StreamWalkerShape walker_shape{curve,
                                       plan.walker_slots,
                                       plan.walker_workgroup_size,
                                       plan.walker_threads,
                                       std::uint64_t{plan.batch_windows} << (plan.window_bits - 1),
                                       working};
  if (Status s = StreamWalker::create(walker, context, walker_shape); !s.ok()) return s;
  const BucketReductionShape reduction_shape{curve, plan.window_bits, plan.windows, plan.batch_windows, working};
  if (Status s = BucketReduction::create(reduction, context, reduction_shape); !s.ok()) return s;
  report.measured_peak_bytes = (discrete ? 2 : 1) * (points->size() + scalars->size()) +
                               BucketStages::device_bytes(stages_shape) + StreamWalker::device_bytes(walker_shape) +
                               BucketReduction::device_bytes(reduction_shape);

  std::map<std::string, double> stage_ms;
  std::vector<std::string> order = {"upload_inputs"};
  stage_ms["upload_inputs"] = upload_ms;
  auto collect = [&](const CommandBatch& batch) {
    for (const StageTime& stage : batch.stage_times()) {
      if (stage_ms.find(stage.name) == stage_ms.end()) order.push_back(stage.name);
      stage_ms[stage.name] += stage.milliseconds;
    }
  };
  std::unique_ptr<CommandBatch> batch;
  for (unsigned b = 0; b < plan.batches; ++b) {
    if (!batch) {
      if (Status s = CommandBatch::create(batch, context); !s.ok()) return s;
      if (discrete && b == 0) {
        if (Status s = batch->begin_stage("upload_to_device"); !s.ok()) return s;
        if (Status s = batch->copy(*staged_points, *points, n * 64); !s.ok()) return s;
        if (Status s = batch->copy(*staged_scalars, *scalars, n * 32); !s.ok()) return s;
      }
    }
    const unsigned first_window = b * plan.batch_windows;
    const unsigned windows = std::min(plan.batch_windows, plan.windows - first_window);
    if (Status s = stages->record(*batch, *scalars, first_window, windows); !s.ok()) return s;
    if (Status s = batch->begin_stage("accumulate_buckets"); !s.ok()) return s;
    if (Status s = walker->record(*batch, *points, *stages); !s.ok()) return s;
    if (Status s = batch->begin_stage("reduce_buckets"); !s.ok()) return s;
    if (Status s = reduction->record_batch(*batch, walker->bucket_sums(), *stages, first_window); !s.ok()) return s;
    const bool last = b + 1 == plan.batches;
    if (!last && (b + 1) % kBatchesPerSubmission == 0) {
      if (Status s = batch->submit_and_wait(); !s.ok()) return s;
      collect(*batch);
      batch.reset();
    }
  }
  if (!batch) {
    if (Status s = CommandBatch::create(batch, context); !s.ok()) return s;
  }
  if (Status s = batch->begin_stage("combine_windows"); !s.ok()) return s;
  if (Status s = reduction->record_combine(*batch); !s.ok()) return s;
  if (Status s = batch->submit_and_wait(); !s.ok()) return s;
  collect(*batch);
  if (Status s = reduction->read_result(xyzz); !s.ok()) return s;
  for (const std::string& name : order) report.stages.push_back({name, stage_ms[name]});
  return Status::success();
}

}  // namespace zkmsm::vulkan
