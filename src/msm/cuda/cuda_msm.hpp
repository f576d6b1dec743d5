// The CUDA backend: the whole signed-digit Pippenger pipeline on an NVIDIA GPU (sm_90); only the
// final affine point comes back to the host.
//
// Stages (ARCHITECTURE.md, "The pipeline"), all on the device:
//   decompose_scalars  — scalars reduced mod r, carry-free signed (Booth) digits; one
//                        (window, bucket) key and one (point index | sign << 31) value per digit
//   sort_by_bucket     — CUB DeviceRadixSort::SortPairs on the 32-bit keys
//   plan               — bucket boundaries in the sorted list; slot ranges are equal cuts of it
//   accumulate_buckets — the stream walker (each thread owns S slots, one batched inversion per
//                        round of S affine additions, complete case analysis), then a combine
//                        kernel sums the partials of buckets split between slots
//   reduce_buckets     — per window Σ k·B_k, by levels of chunked running sums in XYZZ
//   combine_windows    — Horner over the windows, one final inversion to affine
//
// Inputs come from host memory (uploaded by the call) or are already on the device (read in
// place, or first converted and validated on the device by convert_inputs.cuh); the work runs
// on a stream of the call's own or on the caller's (CudaMsmOptions::stream).
//
// This header is plain C++ (no CUDA headers): the backend's adapter (cuda_backend.cpp) and its
// host-side files include it from .cpp files compiled by the C++ compiler.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "curve/affine_point.hpp"
#include "msm/common/msm_backend.hpp"

namespace zkmsm::cuda {

// True when a CUDA device is present and this build's kernels can run on it.
bool device_available();

// Prepared bases with shifted copies (prepare_bases with precompute_factor > 1,
// shifted_copies.cuh): the points array holds `count` copies of `stride` points, copy j being
// 2^(j · windows_per_copy · window_bits)·P_i at j · stride + i. An MSM on them runs with
// window_bits, and window w of a scalar goes to copy w / windows_per_copy, window
// w mod windows_per_copy: the copies' windows share one set of buckets per window. count = 1:
// plain points (the other fields unused).
struct PrecomputedCopies {
  unsigned count = 1;
  std::size_t stride = 0;
  unsigned window_bits = 0;
  unsigned windows_per_copy = 0;
};

struct CudaMsmOptions {
  unsigned window_bits = 0;  // c; 0 = the backend's cost model
  // stream_walker (batched affine additions), pair_tree (batched affine additions level by level,
  // pair_tree.cuh) or xyzz (XYZZ buckets, xyzz_walker.cuh); automatic = xyzz, or the stream walker
  // when one of its knobs below is set (launch_sizes.hpp).
  backend::AccumulatorKind accumulator = backend::AccumulatorKind::automatic;
  // S: affine additions per batched inversion per thread; 0 = by size. The pair tree's pairs per
  // thread and level: 8, 16 or 32 (0 = 16).
  unsigned walker_slots = 0;
  unsigned walker_threads_per_block = 128;
  unsigned walker_max_blocks = 0;  // walker thread cap = max_blocks · threads per block; 0 = auto
  // automatic: by size, warp up to kWarpWalkerMaxPoints points, global above (launch_sizes.hpp);
  // registers: S ∈ {1, 2, 4, 8, 16}; global, global_warp: any S in [1, 64]; warp: S ∈ {1, 2, 4}
  // (warp_batch_inverse.cuh).
  backend::WalkerState walker_state = backend::WalkerState::automatic;
  bool pair_tree_dx_cache = false;      // the pair tree keeps each pair's denominator between its passes
  std::size_t memory_budget_bytes = 0;  // 0 = no limit; else windows are processed in batches
  // Split each scalar by the curve's GLV endomorphism (curve/glv_split.hpp): 2n points (P and
  // φ(P), the latter computed into a device buffer), scalars of 127 bits, half the windows.
  // automatic: at n ≤ glv_auto_max_points (launch_sizes.hpp: 2^20 for BN254 and Grumpkin, 2^19 for BLS12-381).
  backend::GlvChoice glv = backend::GlvChoice::automatic;
  // Set by msm() on prepared bases with shifted copies (the inputs' points are those copies, in
  // device memory); glv is then off.
  PrecomputedCopies copies;
  // A cudaStream_t: every copy, kernel and pool allocation of the call is ordered on it, and the
  // call synchronises it before returning. nullptr = a non-blocking stream of the call's own.
  void* stream = nullptr;
};

// The form of one MSM's inputs, wherever they are. Host inputs are uploaded first, then converted
// and validated in place on the device like device inputs (so the host does no per-point work).
struct InputForm {
  bool points_in_montgomery = true;    // false: canonical coordinates, multiplied by R² on the device
  bool validate_points = false;        // check coordinates < p and y² = x³ + b on the device
  bool scalars_in_montgomery = false;  // true: s·R mod r, converted to canonical s on the device
};

// One MSM's inputs: host or device arrays, read as `form` says (the defaults: Montgomery points,
// already validated; canonical scalars of any 256-bit value, reduced mod r on the device).
// Layouts: a point is 64 bytes (AffinePoint: x then y, little-endian), a scalar 32; device points
// 16-byte aligned.
//   *_on_device = true   memory of the current device, read in place (or converted into a copy)
//   *_on_device = false  copied into this call's memory first (cudaMemcpyDefault): host memory,
//                        or memory of another device of this process (unified addressing), as
//                        when one MSM's device inputs are dealt to several GPUs
// Scalars may be read in stripes (prepared bases dealt over several devices, DeviceStripes):
// n scalars in runs of scalar_stripe_block, one run every scalar_stripe_stride scalars from
// `scalars` on (copied inputs only). scalar_stripe_block = 0: one contiguous array.
struct CudaMsmInputs {
  std::size_t n = 0;
  const void* points = nullptr;
  bool points_on_device = false;
  const void* scalars = nullptr;
  bool scalars_on_device = false;
  std::size_t scalar_stripe_block = 0;
  std::size_t scalar_stripe_stride = 0;
  InputForm form;
};

struct CudaMsmReport {
  unsigned window_bits = 0, windows = 0;
  bool glv = false;  // the scalars were split by the endomorphism
  backend::AccumulatorKind accumulator = backend::AccumulatorKind::stream_walker;  // the one that ran
  // Device-event times summed over window batches: upload_inputs, the six pipeline stages,
  // download_result, accumulate_buckets.combine_partials (already inside accumulate_buckets),
  // then convert_inputs (device inputs converted or validated on the device; 0 otherwise).
  std::vector<backend::StageTime> stages;
  std::size_t estimated_peak_bytes = 0;  // estimate_device_bytes for this call
  std::size_t measured_peak_bytes = 0;   // sum of this call's device allocations
};

// Why validation on the device rejected a point.
enum class PointIssue {
  none,
  x_not_canonical,  // x ≥ p
  y_not_canonical,  // y ≥ p
  not_on_curve,     // y² ≠ x³ + b (and not the point at infinity)
  not_in_subgroup,  // on the curve, outside the prime-order subgroup (curves with a cofactor)
};

// The host path's message for a rejected point (host/host_inputs.hpp's words).
inline std::string point_issue_message(PointIssue issue, std::size_t index, const char* curve_name) {
  switch (issue) {
    case PointIssue::x_not_canonical:
      return "point " + std::to_string(index) + ": coordinate x is not below the field modulus p";
    case PointIssue::y_not_canonical:
      return "point " + std::to_string(index) + ": coordinate y is not below the field modulus p";
    case PointIssue::not_on_curve:
      return "point " + std::to_string(index) + " is not on the curve " + curve_name;
    case PointIssue::not_in_subgroup:
      return "point " + std::to_string(index) + " is on the curve " + curve_name +
             " but not in its prime-order subgroup (G1)";
    case PointIssue::none:
      break;
  }
  return {};
}

struct CudaStatus {
  bool ok = true;
  bool out_of_memory = false;
  std::string message;
  PointIssue point_issue = PointIssue::none;  // set when device validation rejected a point
  std::size_t point_index = 0;                // the lowest rejected index, when point_issue is set
};

// *result = Σ scalars[i]·points[i] for the inputs described by `inputs` (host or device).
// Variable-time in all inputs. On failure *result is untouched and the status says why; a
// device allocation failure sets out_of_memory, a point rejected by device validation sets
// point_issue and point_index.
template <class Curve>
CudaStatus msm(AffinePoint<Curve>* result,
               const CudaMsmInputs& inputs,
               const CudaMsmOptions& options,
               CudaMsmReport* report);

// The same for host inputs:
//   points  — host memory, Montgomery form, on the curve or (0, 0) = infinity (validated by the
//             caller)
//   scalars — host memory, canonical integers of any 256-bit value (reduced mod r on the GPU)
template <class Curve>
CudaStatus msm(AffinePoint<Curve>* result,
               std::span<const AffinePoint<Curve>> points,
               std::span<const typename Curve::ScalarField::Integer> scalars,
               const CudaMsmOptions& options,
               CudaMsmReport* report);

// Writes n points in the pipeline's form (Montgomery, validated) to `device_out` (n affine points
// of device memory, e.g. from allocate_device_memory): host points are uploaded and then
// converted and validated in place, device points converted and validated into it, both on the
// device as `form` says. Ordered on `stream` (nullptr: a stream of its own); returns once the
// points are written, or with point_issue set for the lowest rejected index.
template <class Curve>
CudaStatus prepare_device_points(
    void* device_out, const void* points, bool points_on_device, std::size_t n, const InputForm& form, void* stream);

// Fills copies 1 … count − 1 of `points` (count × n points of device memory, copy 0 written: the
// prepared points) with copy j = 2^(j·shift_bits)·copy 0 (shifted_copies.cuh). On `stream`
// (nullptr: a stream of its own); returns once they are written.
template <class Curve>
CudaStatus make_shifted_copies(void* points, std::size_t n, unsigned count, unsigned shift_bits, void* stream);

// Copies `count` elements of `element_bytes` each to `device_destination` (current device) from
// `source` (host memory or memory of any device of this process) read in stripes: runs of
// `block` elements, one run every `stride` elements (block = stride: one contiguous run). On
// `stream` (nullptr: the call's own stream); waits for the copy.
CudaStatus copy_stripes_to_device(void* device_destination,
                                  const void* source,
                                  std::size_t element_bytes,
                                  std::size_t count,
                                  std::size_t block,
                                  std::size_t stride,
                                  void* stream);

// The number of CUDA devices (0 when there is no driver or device).
int device_count();
// Makes `device` the calling thread's current CUDA device.
CudaStatus set_current_device(int device);

// Device memory for handles (prepared bases, the public DeviceBuffer): cudaMalloc on the current
// device, and cudaFree of memory allocated on `device` (made current for the call).
// free_device_memory(nullptr, ·) does nothing.
CudaStatus allocate_device_memory(void** out, std::size_t bytes);
void free_device_memory(void* memory, int device);
// The ordinal of the calling thread's current CUDA device.
CudaStatus current_device(int* device);
// Copies `bytes` of host memory to device memory on `stream` (nullptr: the call's own stream)
// and waits for the copy.
CudaStatus copy_to_device(void* device_destination, const void* host_source, std::size_t bytes, void* stream);

// Device bytes msm() allocates for n points with these options (closed form, no device query);
// equals measured_peak_bytes up to the sort's temporary storage, which it bounds from above.
template <class Curve>
std::size_t estimate_device_bytes(std::size_t n, const CudaMsmOptions& options);

}  // namespace zkmsm::cuda
