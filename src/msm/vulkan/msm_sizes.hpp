// The host-side sizing of one Vulkan MSM, closed form from (n, options, device limits): the
// window size (the window cost model, msm/common/window_cost_model.hpp, with this backend's
// weights), how many windows each batch holds, the walker's geometry, and the bytes of every
// buffer (MsmSizes::device_bytes, the backend's memory estimate). A memory budget makes the window
// batches smaller.
#pragma once

#include <cstddef>
#include <cstdint>

#include "msm/common/msm_backend.hpp"
#include "msm/common/window_cost_model.hpp"
#include "msm/vulkan/msm_workspace.hpp"
#include "msm/vulkan/vulkan_context.hpp"

namespace zkmsm::vulkan {

// Auto slot memory: not yet measured against each other on a GPU (BENCHMARKS.md will say).
inline constexpr backend::WalkerState kDefaultWalkerState = backend::WalkerState::registers;

// The Vulkan MSM's options (the adapter, vulkan_backend.cpp, translates MsmRequest's knobs to
// these). accumulator: stream_walker (StreamWalker, the default), xyzz (StreamWalker's xyzz walker:
// one XYZZ sum per invocation, no inversion) or pair_tree (PairTree, seed 002: S pairs per
// inversion, level by level); walker_state: registers or global (stream_walker.hpp; the stream
// walker's only).
struct VulkanMsmOptions {
  backend::AccumulatorKind accumulator = backend::AccumulatorKind::stream_walker;
  bool pair_tree_dx_cache = false;      // pair tree: keep each pair's dx for the backward pass
  unsigned window_bits = 0;             // c; 0 = the cost model's choice
  unsigned walker_slots = 0;            // S (walker slots, pair-tree pairs per inversion); 0 = 8
  unsigned walker_workgroup_size = 64;  // walker invocations per workgroup
  unsigned walker_max_workgroups = 0;   // thread cap in workgroups; 0 = automatic
  backend::WalkerState walker_state = kDefaultWalkerState;
  std::size_t memory_budget_bytes = 0;  // 0 = only the device's limits
  bool points_in_montgomery = true;     // false: canonical coordinates, converted on the device
  bool validate_points = false;         // check every point on the device (y² = x³ + b, x, y < p)
  // The discrete-GPU memory layout on any device (tests on lavapipe): inputs staged in host memory
  // and copied by the first command, working buffers device-local, the bit sums read back through
  // host memory. A discrete GPU always gets it.
  bool discrete_memory_layout = false;
  // With that layout: the inputs' copies to the device in this many chunks, each submitted as soon
  // as the host has filled its part of the staging buffers, so that the device copies chunk k
  // while the host fills chunk k + 1; 0 = by size (kUploadChunkBytes).
  unsigned upload_chunks = 0;
};

// The closed-form sizes of one MSM (what the driver allocates and dispatches).
struct MsmSizes {
  backend::AccumulatorKind accumulator = backend::AccumulatorKind::stream_walker;
  bool pair_tree_dx_cache = false;
  unsigned window_bits = 0;
  unsigned windows = 0;        // T
  unsigned batch_windows = 0;  // W (the last batch may be shorter)
  unsigned batches = 0;
  unsigned walker_slots = 0;  // S
  backend::WalkerState walker_state = kDefaultWalkerState;
  unsigned walker_workgroup_size = 0;
  std::uint32_t walker_threads = 0;
  std::uint64_t device_bytes = 0;  // every buffer of the MSM
};

// Auto upload chunks: about this many input bytes each, at most kMaxUploadChunks. Not measured yet
// (the prediction: BENCHMARKS.md "the inputs' copies overlapped with the host's fill").
inline constexpr std::size_t kUploadChunkBytes = std::size_t{8} << 20;
inline constexpr unsigned kMaxUploadChunks = 8;
// An explicit upload_chunks: each chunk is a command pool, a fence and a query pool.
inline constexpr unsigned kMaxExplicitUploadChunks = 64;

// Auto slots: the seeds' S = 8 (mobile knee); not yet measured on a desktop GPU through Vulkan.
inline constexpr unsigned kDefaultWalkerSlots = 8;
// Weights of the window cost model (msm/common/window_cost_model.hpp): 9 per entry, 18 per bucket.
// Fitted on an H100 through NVIDIA's Vulkan driver (2026-12-07, xyzz walker, int64 field form,
// window-splitting reduce, prepared bases; BENCHMARKS.md "Vulkan window sizes"): BN254 2^20 runs
// 10 % faster at c = 17 (21.4 ms) than at the CPU weights' c = 16 (23.8), and 9/18 picks 17 there
// while keeping BLS12-381's measured best (c = 16 at 2^18 and 2^20; 2^16 flat within 3 % for
// c = 12–14). The CPU backend's 9/26 (2-core machine) were used until then.
inline constexpr WindowCostWeights kWindowCostWeights{9.0, 18.0, 0, kMinWindowBits, kMaxWindowBits};
// Auto walker threads: about this many sorted entries per slot (as the CUDA plan), at most
// kAutoMaxWalkerThreads (about one wave of a large GPU; H200 CUDA run 1).
inline constexpr std::uint64_t kEntriesPerSlot = 16;
inline constexpr std::uint64_t kAutoMaxWalkerThreads = std::uint64_t{1} << 16;
// Auto xyzz walker threads: about this many sorted entries per invocation, at most
// kAutoMaxXyzzThreads: the CUDA xyzz walker's geometry (launch_sizes.hpp), not yet measured
// through Vulkan.
inline constexpr std::uint64_t kXyzzEntriesPerThread = 32;
inline constexpr std::uint64_t kAutoMaxXyzzThreads = std::uint64_t{1} << 20;
// The sizes for n points of `curve` on `device`, or invalid_argument (a knob out of range, an accumulator or
// walker state Vulkan does not have) / out_of_memory (budget too small). points_on_device: the
// points are prepared bases kept on the device (device_bases.hpp), outside the MSM's buffers.
Status size_msm(MsmSizes& out,
                const DeviceInfo& device,
                CurveId curve,
                std::size_t n,
                unsigned scalar_bits,
                const VulkanMsmOptions& options,
                bool points_on_device = false);

// Whether an MSM takes the discrete-GPU memory layout (VulkanMsmOptions::discrete_memory_layout).
inline bool uses_discrete_memory_layout(const DeviceInfo& device, const VulkanMsmOptions& options) {
  return device.kind == DeviceKind::discrete_gpu || options.discrete_memory_layout;
}

// The buffers of an MSM of n points sized `sizes` on `curve`; staged: a discrete GPU (inputs
// staged, working buffers device-local); points_on_device: no point buffers (prepared bases).
MsmWorkspaceShape workspace_shape_for(
    const MsmSizes& sizes, std::size_t n, CurveId curve, bool staged, bool points_on_device);

}  // namespace zkmsm::vulkan
