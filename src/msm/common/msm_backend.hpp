// The one backend interface: what the API layer hands a backend (MsmRequest: the caller's
// arrays, their form, the knobs), what a backend gives back (the affine sum and an MsmReport),
// and how it fails (Status). Every backend implements MsmBackend<Curve> in ONE adapter file of
// its own folder, which checks the knobs it reads, refuses the ones it does not have, and
// translates them to its internal options; the API's dispatcher (src/api/dispatcher.*) knows
// backends only through this interface and the registry (backend_registry.hpp) that the
// registration list CMake generates fills.
//
// Representations at this boundary:
//   points   the caller's array in the public Point layout (x limbs then y limbs, 64-bit
//            little-endian limbs; (0, 0) = infinity), canonical or Montgomery (form), in host
//            memory or in memory of the current CUDA device (points_on_device); the backend
//            converts and validates them itself (host code: src/host/host_inputs.hpp)
//   scalars  the caller's array in the public Scalar layout (little-endian 64-bit limbs, any
//            value, taken mod r), canonical or Montgomery (form), host or device memory
//   sum      AffinePoint<Curve>, Montgomery form; the API makes it canonical
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "curve/affine_point.hpp"

namespace zkmsm::backend {

// Knobs::devices = {kAllDevices}: every device of the host (MsmConfig's kAllDevices).
inline constexpr int kAllDevices = -1;

// The backends; the API's Backend enum without `automatic`.
enum class BackendKind { cpu, cuda, vulkan, webgpu };

// ---- status --------------------------------------------------------------------------------
// One code per public zkmsm::ErrorCode (result.hpp); the API maps them one to one.
enum class StatusCode {
  ok,
  invalid_argument,       // a knob out of range or one this backend does not have, inputs in memory it cannot read
  point_not_canonical,    // a coordinate ≥ p (point_index says which)
  point_not_on_curve,     // fails the curve equation (point_index says which)
  unavailable,            // not built, or no usable device
  out_of_memory,          // host or device allocation failed
  device_error,           // a GPU runtime error
  point_not_in_subgroup,  // on the curve, outside the prime-order group (point_index says which)
};

struct Status {
  StatusCode code = StatusCode::ok;
  std::string message;          // for humans; the point codes carry the host path's exact words
  std::size_t point_index = 0;  // the lowest rejected point, for the point_* codes

  bool ok() const { return code == StatusCode::ok; }
  static Status success() { return {}; }
  static Status error(StatusCode code, std::string message) { return {code, std::move(message), 0}; }
  static Status rejected_point(StatusCode code, std::string message, std::size_t index) {
    return {code, std::move(message), index};
  }
};

// ---- request -------------------------------------------------------------------------------
enum class AccumulatorKind {
  automatic,      // the backend's best for the size
  stream_walker,  // GPU: per-thread S-slot walker over bucket-sorted entries
  pair_tree,      // GPU: pairwise affine additions level by level
  batch_affine,   // CPU: levels of batched independent affine additions per window
  xyzz,           // XYZZ buckets, mixed additions, no inversion (CPU: one thread per window range;
                  // CUDA: one thread per range of sorted entries)
};

enum class WalkerState {
  automatic,    // the backend picks by size
  registers,    // slot accumulators in registers / private memory, one inversion per thread and round
  global,       // slot accumulators in device memory, laid out coalesced
  warp,         // S ≤ 4 slots in registers, one inversion per round shared by a warp's lanes
  global_warp,  // slots in device memory, one inversion per round shared by a warp's lanes
};

// Whether the scalars are split by the curve's GLV endomorphism (cuda only).
enum class GlvChoice {
  automatic,  // the backend's choice by size
  on,
  off,
};

// MsmConfig's knobs, unchecked (each backend checks what it reads). Meanings as in
// include/zkmsm/msm_config.hpp.
struct Knobs {
  unsigned window_bits = 0;  // 0: the backend's window cost model
  AccumulatorKind accumulator = AccumulatorKind::automatic;
  unsigned walker_slots = 0;
  unsigned walker_threads_per_block = 128;
  unsigned walker_max_blocks = 0;
  WalkerState walker_state = WalkerState::automatic;
  bool pair_tree_dx_cache = false;
  std::size_t memory_budget_bytes = 0;
  unsigned cpu_threads = 0;              // 0: all hardware threads (host work of every backend)
  void* cuda_stream = nullptr;           // a cudaStream_t
  GlvChoice glv = GlvChoice::automatic;  // cuda: split scalars by the GLV endomorphism
  unsigned precompute_factor = 1;        // cuda prepare_bases: shifted copies per point
  std::vector<int> devices;              // MsmConfig::devices, as given (kAllDevices = −1)
};

// How the caller's arrays are encoded.
struct InputForm {
  bool points_in_montgomery = false;
  bool validate_points = true;
  bool scalars_in_montgomery = false;
};

// The caller's points of one MSM or of prepare_bases.
struct PointInputs {
  std::size_t n = 0;
  const void* points = nullptr;  // n public Points
  bool on_device = false;        // memory of the current CUDA device
};

// The caller's scalars of one MSM.
struct ScalarInputs {
  std::size_t n = 0;
  const void* scalars = nullptr;  // n public Scalars
  bool on_device = false;         // memory of the current CUDA device
};

struct MsmRequest {
  PointInputs points;
  ScalarInputs scalars;  // scalars.n == points.n (checked by the API)
  InputForm form;
  Knobs knobs;
};

// ---- report --------------------------------------------------------------------------------
struct StageTime {
  std::string name;  // a pipeline stage (decompose_scalars … combine_windows) or convert_inputs,
                     // upload_inputs, download_result; a sub-stage as "stage.part"
  double milliseconds = 0;
};

struct MsmReport {
  std::string accumulator;  // what ran: stream_walker, pair_tree, batch_affine, xyzz
  unsigned window_bits = 0;
  unsigned windows = 0;
  std::vector<StageTime> stages;         // in pipeline order; convert_inputs first when there is one
  std::size_t estimated_peak_bytes = 0;  // the backend's closed-form model of its working memory
  std::size_t measured_peak_bytes = 0;   // what it allocated
  unsigned devices = 0;                  // GPUs that ran part of the MSM (cpu: 0)
  bool glv = false;                      // the scalars were split by the endomorphism
};

// Points prepared once by a backend for many MSMs (the public Bases): Montgomery form,
// validated, where and how the backend keeps them.
class PreparedBases {
 public:
  virtual ~PreparedBases() = default;
  virtual std::size_t size() const = 0;
};

// ---- the interface -------------------------------------------------------------------------
// Curve: the internal curve type (Bn254G1, GrumpkinG1). Every method may be called from several
// threads at once; none throws (failures are Status).
template <class Curve>
class MsmBackend {
 public:
  virtual ~MsmBackend() = default;

  virtual BackendKind kind() const = 0;
  virtual const char* name() const = 0;  // "cpu", "cuda", "vulkan", "webgpu"
  // Built into this library and a usable device present now (may create the device context).
  virtual bool available() const = 0;
  // When not available(), what the caller can do about it, for the error message ("" = nothing
  // to add to "not available in this build or on this machine").
  virtual std::string unavailable_reason() const { return {}; }
  // Whether `automatic` may choose it when available: a hardware accelerator (never a
  // software device such as lavapipe). Backends are tried in registration order.
  virtual bool accelerated() const = 0;
  // Whether it reads inputs in CUDA device memory (PointInputs / ScalarInputs::on_device); the
  // API refuses device inputs for a backend that does not.
  virtual bool reads_device_memory() const { return false; }
  // Whether it runs on a list of devices (Knobs::devices beyond {} and {kAllDevices}); the API
  // refuses such a list for a backend that does not. The backend checks the list itself.
  virtual bool runs_on_device_lists() const { return false; }
  // Frees what it keeps between MSMs (a device workspace; the API frees the library's kept host
  // memory itself). The next MSM creates it again. Never probes a device that was not used.
  virtual void release_kept_memory() {}

  // *sum = Σ scalars[i]·points[i].
  virtual Status msm(AffinePoint<Curve>& sum, const MsmRequest& request, MsmReport& report) = 0;

  // Validates and converts points once (request.form's point fields; knobs for the device,
  // stream and threads).
  virtual Status prepare_bases(std::unique_ptr<PreparedBases>& out,
                               const PointInputs& points,
                               const InputForm& form,
                               const Knobs& knobs) = 0;
  // Σ scalars[i]·bases[i] for i < scalars.n (≤ bases.size(), checked by the API); `bases` was
  // made by this backend's prepare_bases.
  virtual Status msm_bases(AffinePoint<Curve>& sum,
                           const PreparedBases& bases,
                           const ScalarInputs& scalars,
                           const InputForm& form,
                           const Knobs& knobs,
                           MsmReport& report) = 0;

  // Batches: sums[m] and reports[m] for each MSM m; on failure the Status names the first failing
  // MSM ("msm m: …"). The defaults run the MSMs one after another; a backend with several
  // devices overrides them to spread the batch.
  virtual Status msm_batch(std::span<AffinePoint<Curve>> sums,
                           std::span<const MsmRequest> requests,
                           std::span<MsmReport> reports);
  virtual Status msm_bases_batch(std::span<AffinePoint<Curve>> sums,
                                 const PreparedBases& bases,
                                 std::span<const ScalarInputs> scalars,
                                 const InputForm& form,
                                 const Knobs& knobs,
                                 std::span<MsmReport> reports);
};

// "msm m: " in front of a batch member's failure.
inline Status batch_member_failure(std::size_t m, Status status) {
  status.message = "msm " + std::to_string(m) + ": " + status.message;
  return status;
}

template <class Curve>
Status MsmBackend<Curve>::msm_batch(std::span<AffinePoint<Curve>> sums,
                                    std::span<const MsmRequest> requests,
                                    std::span<MsmReport> reports) {
  for (std::size_t m = 0; m < requests.size(); ++m) {
    Status status = msm(sums[m], requests[m], reports[m]);
    if (!status.ok()) return batch_member_failure(m, std::move(status));
  }
  return Status::success();
}

template <class Curve>
Status MsmBackend<Curve>::msm_bases_batch(std::span<AffinePoint<Curve>> sums,
                                          const PreparedBases& bases,
                                          std::span<const ScalarInputs> scalars,
                                          const InputForm& form,
                                          const Knobs& knobs,
                                          std::span<MsmReport> reports) {
  for (std::size_t m = 0; m < scalars.size(); ++m) {
    Status status = msm_bases(sums[m], bases, scalars[m], form, knobs, reports[m]);
    if (!status.ok()) return batch_member_failure(m, std::move(status));
  }
  return Status::success();
}

}  // namespace zkmsm::backend
