// MsmConfig and MsmStats: how an MSM is computed and what it reports.
//
// Every field has its default as a member initialiser; that default is the documentation.
// An MSM is variable-time in its inputs (scalars and points): never use it on secrets.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace zkmsm {

enum class Backend {
  automatic,  // the fastest backend present: cuda, then vulkan on a GPU (never lavapipe), then cpu
  cpu,
  cuda,
  vulkan,
  webgpu,  // WGSL compute shaders through WebGPU: the WebAssembly module only (browsers, node)
};

enum class Accumulator {
  automatic,      // the backend's best accumulator for the size
  stream_walker,  // GPU: per-thread S-slot walker over bucket-sorted entries (seeds 000/001)
  pair_tree,      // GPU: pairwise affine additions level by level (seed 002)
  batch_affine,   // CPU: levels of batched independent affine additions per window
  xyzz,           // CPU and CUDA: XYZZ buckets with mixed additions, no inversion
};

enum class WalkerState {
  automatic,    // the backend picks by size (CUDA: warp up to 2^18 points, global above)
  registers,    // slot accumulators in registers/private memory, one inversion per thread and round
  global,       // slot accumulators in device memory, laid out coalesced
  warp,         // S ≤ 4 slots in registers, one inversion per round shared by the 32 lanes of a warp
  global_warp,  // slot accumulators in device memory (as global), one inversion per round shared
                // by the 32 lanes of a warp
};

// Whether the scalars are split by the curve's GLV endomorphism (the cuda backend; the others
// ignore it): k ≡ k1 + k2·λ with |k1|, |k2| < 2^127 and φ(x, y) = (β·x, y) = λ·(x, y), so the MSM
// runs over 2n points (P and φ(P)) with scalars of half the length: half the windows and half the
// buckets to reduce, the same number of bucket additions, 128 more device bytes per point.
enum class Glv {
  automatic,  // where it was measured faster: cuda at n ≤ 2^20 points (docs/cuda_notes.md, run 19)
  on,
  off,
};

// MsmConfig::devices = {kAllDevices}: every CUDA device of the host.
inline constexpr int kAllDevices = -1;

struct MsmConfig {
  Backend backend = Backend::automatic;
  // Signed-digit window size c in bits, in [2, 22]; 0 picks it from the backend's cost model. A c
  // above what n points can use, the smallest c with 2^(c−1) ≥ n buckets per window, runs as that
  // c on every backend; MsmStats::window_bits reports the c that ran.
  unsigned window_bits = 0;
  Accumulator accumulator = Accumulator::automatic;
  // Stream walker knobs (GPU backends). Defaults: chosen by size from the H200 measurements in
  // docs/cuda_notes.md (runs 3–4: warp S = 4 up to 2^18, global S = 16 at 2^20, S = 32 at 2^22,
  // S = 48 at 2^24, with a register cap from 2^22).
  unsigned walker_slots = 0;  // S: affine additions per batched inversion per thread; 0 = by size
  unsigned walker_threads_per_block = 128;
  unsigned walker_max_blocks = 0;  // thread cap = walker_max_blocks · threads per block; 0 = auto
  WalkerState walker_state = WalkerState::automatic;
  // Pair tree knob: cache dx between the forward and backward pass (seed 002 "super opt").
  bool pair_tree_dx_cache = false;
  // Device bytes the backend may use; 0 = no limit beyond the device's free memory.
  std::size_t memory_budget_bytes = 0;
  // Reject points that are not on the curve (costs ~4 field multiplications per point) and, on
  // BLS12-381, not in G1 (Scott's test, ~1,000 multiplications per point: more than the MSM on
  // the cpu backend; prepare_bases validates once for bases used many times).
  bool validate_points = true;
  // Input representation: canonical (false) or Montgomery form (true) coordinates / scalars.
  bool points_in_montgomery = false;
  bool scalars_in_montgomery = false;
  // CPU backend: worker threads; 0 = all hardware threads.
  unsigned cpu_threads = 0;
  // Where the spans given to msm() (and to prepare_bases) live: host memory (false) or memory of
  // the current CUDA device (true: the spans hold device pointers, never dereferenced on the
  // host). Only the cuda backend reads device memory; every other backend, and `automatic` when
  // it does not resolve to cuda, refuses device inputs with ErrorCode::invalid_argument. Device
  // inputs have the layout of Point / Scalar (curves.hpp); device points must be 16-byte aligned.
  // Points that need conversion (not points_in_montgomery) or validation (validate_points) are
  // converted and checked on the device into a copy, with the host path's error codes; the rest
  // are read in place. The caller keeps device inputs alive and unchanged until msm() returns.
  bool points_on_device = false;
  bool scalars_on_device = false;
  // A cudaStream_t, passed as void* so that this header needs no CUDA header. nullptr: the cuda
  // backend uses a stream of its own for each call. Otherwise every copy, kernel and device
  // allocation of the call is ordered on this stream (of the current device), after the work
  // already queued there (e.g. the kernel that wrote device inputs), and msm() still returns only
  // once the result is on the host (it synchronises the stream). Two host threads can run MSMs
  // concurrently, each on its own stream. Ignored by the cpu backend.
  void* cuda_stream = nullptr;
  // CUDA devices (ordinals) the cuda backend spreads the work over; empty: the calling thread's
  // current device only; {kAllDevices}: every CUDA device of the host. With a list (even {0})
  // each listed device runs the whole pipeline on its share of the points on a stream of its
  // own, from a host thread of the library's, and the partial sums are added on the host:
  //   msm(points, scalars)   contiguous slices of ⌈n/k⌉ points; host inputs are uploaded to each
  //                          device in slices, device inputs (of any one device) are copied
  //                          slice by slice from their device to each
  //   prepare_bases          the points are dealt to the devices in stripes (bases.hpp), each
  //                          device keeps its own part; msm(bases, ·) runs on those devices
  //   msm_batch              each MSM whole on one device (points), or every MSM dealt over the
  //                          bases' devices (bases); each device runs its MSMs one after another
  // cuda_stream must then be nullptr (a stream belongs to one device), except with a list of
  // the current device alone, which then runs directly on that stream. The other backends take
  // {} and {kAllDevices} only (they run on one device). Listing a device twice is an error.
  std::vector<int> devices;
  // cuda backend: split the scalars by the curve's GLV endomorphism (enum Glv above); φ(P) is
  // computed into a device buffer of 2n points, counted in the memory estimate. MsmStats::glv says
  // whether it ran. The other backends ignore it.
  Glv glv = Glv::automatic;
  // prepare_bases on the cuda backend: keep k = precompute_factor shifted copies of every point,
  // copy j being 2^(j·c·⌈T/k⌉)·P (ICICLE's precompute_factor), so that the T windows of an MSM on
  // these bases share ⌈T/k⌉ sets of buckets: a smaller reduction, for k times the bases' device
  // memory (64·k bytes per point) and a one-time cost in prepare_bases of (k − 1)·c·⌈T/k⌉
  // doublings per point. c is fixed when the bases are prepared (window_bits, or the cost model
  // for their size); msm() on them runs with that c and without glv. 0 and 1: no copies; at most
  // kMaxPrecomputeFactor; a k above T is T. Bases dealt over several devices take no copies
  // (invalid_argument). msm() on points, and the other backends, ignore it.
  unsigned precompute_factor = 1;
};

inline constexpr unsigned kMaxPrecomputeFactor = 64;

struct StageTime {
  std::string name;  // a stage of ARCHITECTURE.md, "The pipeline", e.g. "accumulate_buckets"
  double milliseconds = 0;
};

struct MsmStats {
  std::string backend;                   // backend that ran: "cpu", "cuda", "vulkan"
  std::string accumulator;               // accumulator that ran
  unsigned window_bits = 0;              // c actually used
  unsigned windows = 0;                  // number of signed-digit windows (of the halves with glv)
  bool glv = false;                      // the scalars were split by the endomorphism (MsmConfig::glv)
  std::vector<StageTime> stages;         // per-stage wall (CPU) or device-event (GPU) times
  double total_milliseconds = 0;         // whole call, inputs conversion included
  std::size_t estimated_peak_bytes = 0;  // closed-form model of the backend's working memory
  std::size_t measured_peak_bytes = 0;   // peak of the backend's own allocations
  // GPUs that ran part of the MSM: cuda 1 … k (MsmConfig::devices; 0 when a listed-devices
  // call had no points to give any device), vulkan 1, cpu 0. With more
  // than one, a stage's time is the largest over the devices (they run at the same time) and the
  // peak bytes are summed over them.
  unsigned devices = 0;
};

}  // namespace zkmsm
