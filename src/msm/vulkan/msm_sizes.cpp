#include "msm/vulkan/msm_sizes.hpp"

#include <algorithm>
#include <string>

#include "msm/common/signed_digits.hpp"
#include "msm/vulkan/radix_sort.hpp"

namespace zkmsm::vulkan {
namespace {

// Entries per radix-sort workgroup (RadixSort: 128 threads × 16 items): the sort's dispatches
// stay within maxComputeWorkGroupCount[0] workgroups.
constexpr std::uint64_t kSortEntriesPerWorkgroup = 128 * RadixSort::kDefaultItemsPerThread;

// Walker invocations for `entries` sorted entries: about kXyzzEntriesPerThread (xyzz) or
// slots · kEntriesPerSlot (stream walker) entries each, at most the automatic cap or the caller's
// thread cap, and never more than the device takes: the workgroups of one dispatch
// (maxComputeWorkGroupCount[0]) and the records and saved state of every slot in one binding.
std::uint32_t walker_threads_for(
    std::uint64_t entries, unsigned slots, const VulkanMsmOptions& options, const DeviceInfo& device, CurveId curve) {
  const bool xyzz = options.accumulator == backend::AccumulatorKind::xyzz;
  std::uint64_t cap = options.walker_max_workgroups != 0
                          ? std::uint64_t{options.walker_max_workgroups} * options.walker_workgroup_size
                      : xyzz ? kAutoMaxXyzzThreads
                             : kAutoMaxWalkerThreads;
  StreamWalkerShape walker;
  walker.curve = curve;
  walker.slot_memory = options.walker_state;
  walker.accumulator = xyzz ? backend::AccumulatorKind::xyzz : backend::AccumulatorKind::stream_walker;
  const std::uint64_t bytes_per_slot =
      std::max<std::uint64_t>(2 * xyzz_point_bytes(curve), StreamWalker::slot_state_words(walker) * 4);
  cap = std::min<std::uint64_t>({cap, std::uint64_t{device.max_workgroup_count[0]} * options.walker_workgroup_size,
                                 device.max_storage_buffer_range / (bytes_per_slot * slots)});
  const std::uint64_t per_thread = xyzz ? kXyzzEntriesPerThread : slots * kEntriesPerSlot;
  const std::uint64_t wanted = (entries + per_thread - 1) / per_thread;
  return static_cast<std::uint32_t>(std::clamp<std::uint64_t>(wanted, 1, std::max<std::uint64_t>(cap, 1)));
}

}  // namespace

MsmWorkspaceShape workspace_shape_for(
    const MsmSizes& sizes, std::size_t n, CurveId curve, bool staged, bool points_on_device) {
  const BufferMemory working = staged ? BufferMemory::device_local : BufferMemory::host_visible;
  MsmWorkspaceShape shape;
  shape.n = static_cast<std::uint32_t>(n);
  shape.staged = staged;
  shape.points_on_device = points_on_device;
  shape.stages = {curve, static_cast<std::uint32_t>(n), sizes.window_bits, sizes.batch_windows, working};
  shape.walker = {curve,
                  sizes.walker_slots,
                  sizes.walker_workgroup_size,
                  sizes.walker_threads,
                  std::uint64_t{sizes.batch_windows} << (sizes.window_bits - 1),
                  working,
                  sizes.walker_state,
                  sizes.accumulator == backend::AccumulatorKind::xyzz ? backend::AccumulatorKind::xyzz
                                                                      : backend::AccumulatorKind::stream_walker};
  shape.pair_tree = sizes.accumulator == backend::AccumulatorKind::pair_tree;
  if (shape.pair_tree) {
    shape.pair_tree_shape.curve = curve;
    shape.pair_tree_shape.slots = sizes.walker_slots;
    shape.pair_tree_shape.workgroup_size = sizes.walker_workgroup_size;
    shape.pair_tree_shape.dx_cache = sizes.pair_tree_dx_cache;
    shape.pair_tree_shape.max_entries = static_cast<std::uint32_t>(std::uint64_t{sizes.batch_windows} * n);
    shape.pair_tree_shape.max_buckets = std::uint64_t{sizes.batch_windows} << (sizes.window_bits - 1);
    shape.pair_tree_shape.memory = working;
    shape.walker = {};
  }
  shape.reduction = {curve, sizes.window_bits, sizes.windows, sizes.batch_windows, working};
  return shape;
}

Status size_msm(MsmSizes& out,
                const DeviceInfo& device,
                CurveId curve,
                std::size_t n,
                unsigned scalar_bits,
                const VulkanMsmOptions& options,
                bool points_on_device) {
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
  if (options.accumulator != backend::AccumulatorKind::stream_walker &&
      options.accumulator != backend::AccumulatorKind::pair_tree &&
      options.accumulator != backend::AccumulatorKind::xyzz) {
    return Status::error(StatusCode::invalid_argument,
                         "vulkan msm: the accumulators are stream_walker, pair_tree and xyzz");
  }
  const bool xyzz = options.accumulator == backend::AccumulatorKind::xyzz;
  if (xyzz && options.walker_slots > 1) {
    return Status::error(StatusCode::invalid_argument,
                         "vulkan msm: the xyzz walker has one running sum per invocation (walker_slots 0 or 1)");
  }
  if (options.upload_chunks > kMaxExplicitUploadChunks) {
    return Status::error(StatusCode::invalid_argument, "vulkan msm: upload_chunks is at most " +
                                                           std::to_string(kMaxExplicitUploadChunks) + " (0 = by size)");
  }
  if (options.walker_state != backend::WalkerState::registers && options.walker_state != backend::WalkerState::global) {
    return Status::error(StatusCode::invalid_argument, "vulkan msm: the walker states are registers and global");
  }
  MsmSizes sizes;
  sizes.window_bits = effective_window_bits(n, options.window_bits, scalar_bits, kWindowCostWeights);
  sizes.windows = signed_window_count(scalar_bits, sizes.window_bits);
  sizes.walker_slots = xyzz ? 1 : options.walker_slots != 0 ? options.walker_slots : kDefaultWalkerSlots;
  sizes.walker_workgroup_size = options.walker_workgroup_size;
  sizes.walker_state = options.walker_state;
  sizes.accumulator = options.accumulator;
  sizes.pair_tree_dx_cache = options.pair_tree_dx_cache;
  // The largest batch within the device's limits: one binding's range (keys, values and bucket
  // sums are single bindings), the sort's dispatch size, 32-bit entry positions.
  const std::uint64_t buckets = std::uint64_t{1} << (sizes.window_bits - 1);
  const std::uint64_t range = device.max_storage_buffer_range;
  const std::uint64_t max_entries = std::min<std::uint64_t>(
      {range / 4, kSortEntriesPerWorkgroup * device.max_workgroup_count[0], (std::uint64_t{1} << 31) - 1});
  const BucketSumForm bucket_sums = xyzz ? BucketSumForm::xyzz : BucketSumForm::affine;
  std::uint64_t windows = std::min<std::uint64_t>(
      {sizes.windows, max_entries / n, range / (buckets * bucket_sum_bytes(curve, bucket_sums))});
  if (windows == 0) {
    return Status::error(StatusCode::invalid_argument,
                         "vulkan msm: n = " + std::to_string(n) + " at c = " + std::to_string(sizes.window_bits) +
                             " does not fit one window in a storage buffer of " + device.name);
  }
  for (;; --windows) {
    sizes.batch_windows = static_cast<unsigned>(windows);
    sizes.walker_threads = walker_threads_for(windows * n, sizes.walker_slots, options, device, curve);
    const MsmWorkspaceShape shape =
        workspace_shape_for(sizes, n, curve, uses_discrete_memory_layout(device, options), points_on_device);
    sizes.device_bytes = MsmWorkspace::device_bytes(shape);
    const std::uint64_t walker_slots = std::uint64_t{sizes.walker_threads} * sizes.walker_slots;
    const bool records_fit = shape.pair_tree
                                 ? PairTree::largest_buffer_bytes(shape.pair_tree_shape) <= range
                                 : walker_slots * 2 * xyzz_point_bytes(curve) <= range &&
                                       walker_slots * StreamWalker::slot_state_words(shape.walker) * 4 <= range;
    const bool in_budget = options.memory_budget_bytes == 0 || sizes.device_bytes <= options.memory_budget_bytes;
    if (records_fit && in_budget) break;
    if (windows == 1) {
      if (!records_fit) {
        return Status::error(StatusCode::invalid_argument,
                             "vulkan msm: the accumulator's buffers do not fit a storage buffer of " + device.name +
                                 " even for one window (walker: fewer threads or slots)");
      }
      return Status::error(StatusCode::out_of_memory,
                           "vulkan msm: memory_budget_bytes = " + std::to_string(options.memory_budget_bytes) +
                               " is below the " + std::to_string(sizes.device_bytes) +
                               " bytes one window batch needs for n = " + std::to_string(n));
    }
  }
  sizes.batches = (sizes.windows + sizes.batch_windows - 1) / sizes.batch_windows;
  out = sizes;
  return Status::success();
}

}  // namespace zkmsm::vulkan
