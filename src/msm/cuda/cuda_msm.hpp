// The CUDA backend: the whole signed-digit Pippenger pipeline on an NVIDIA GPU (sm_90); only the
// final affine point comes back to the host.
//
// Stages (DESIGN.md §2), all on the device:
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
// This header is plain C++ (no CUDA headers): the API layer includes it from .cpp files.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "curve/affine_point.hpp"

namespace zkmsm::cuda {

// True when a CUDA device is present and this build's kernels can run on it.
bool device_available();

enum class WalkerStateKind {
  registers,  // slot accumulators in thread-private arrays (registers, or local memory on spill);
              // S ∈ {1, 2, 4, 8, 16}
  global,     // slot accumulators in device memory, laid out coalesced; any S in [1, 64]
};

struct CudaMsmOptions {
  unsigned window_bits = 0;   // c; 0 = the backend's cost model
  unsigned walker_slots = 8;  // S: affine additions per batched inversion per thread
  unsigned walker_threads_per_block = 128;
  unsigned walker_max_blocks = 0;  // walker thread cap = max_blocks · threads per block; 0 = auto
  WalkerStateKind walker_state = WalkerStateKind::registers;
  std::size_t memory_budget_bytes = 0;  // 0 = no limit; else windows are processed in batches
};

struct CudaStageTime {
  const char* name;  // a DESIGN.md §2 stage, or upload_inputs / download_result
  double milliseconds;
};

struct CudaMsmReport {
  unsigned window_bits = 0, windows = 0;
  // Device-event times summed over window batches: upload_inputs, the six DESIGN.md stages,
  // download_result, then accumulate_buckets.combine_partials (already inside accumulate_buckets).
  std::vector<CudaStageTime> stages;
  std::size_t estimated_peak_bytes = 0;  // estimate_device_bytes for this call
  std::size_t measured_peak_bytes = 0;   // sum of this call's device allocations
};

struct CudaStatus {
  bool ok = true;
  bool out_of_memory = false;
  std::string message;
};

// *result = Σ scalars[i]·points[i].
//   points  — host memory, Montgomery form, on the curve or (0, 0) = infinity (validated by the
//             caller)
//   scalars — host memory, canonical integers of any 256-bit value (reduced mod r on the GPU)
// Variable-time in all inputs. On failure *result is untouched and the status says why; a
// device allocation failure sets out_of_memory.
template <class Curve>
CudaStatus msm(AffinePoint<Curve>* result,
               std::span<const AffinePoint<Curve>> points,
               std::span<const typename Curve::ScalarField::Integer> scalars,
               const CudaMsmOptions& options,
               CudaMsmReport* report);

// Device bytes msm() allocates for n points with these options (closed form, no device query);
// equals measured_peak_bytes up to the sort's temporary storage, which it bounds from above.
template <class Curve>
std::size_t estimate_device_bytes(std::size_t n, const CudaMsmOptions& options);

}  // namespace zkmsm::cuda
