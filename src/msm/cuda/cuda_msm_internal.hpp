// Internal entry points of the CUDA backend for its tests and benchmark (not for the API layer).
// Plain C++: no CUDA headers.
#pragma once

#include <cstddef>
#include <span>

#include "msm/cuda/cuda_msm.hpp"

namespace zkmsm::cuda::detail {

// msm() for inputs already in device memory, read in place: device_points is n × 64 bytes
// (AffinePoint layout, Montgomery form), device_scalars n × 32 bytes (canonical). The report's
// upload and convert stages are zero.
template <class Curve>
CudaStatus msm_device_inputs(AffinePoint<Curve>* result,
                             const void* device_points,
                             const void* device_scalars,
                             std::size_t n,
                             const CudaMsmOptions& options,
                             CudaMsmReport* report);

// The same pipeline run as plain host loops (no GPU needed): checks the plan, the walker, the
// partial combine and the reduction on machines without a device. Slow: keep n small.
template <class Curve>
CudaStatus msm_emulated(AffinePoint<Curve>* result,
                        std::span<const AffinePoint<Curve>> points,
                        std::span<const typename Curve::ScalarField::Integer> scalars,
                        const CudaMsmOptions& options,
                        CudaMsmReport* report);

// The same for CudaMsmInputs, where "device" arrays are host memory: runs the device-input
// conversion and validation (convert_inputs.cuh) as host loops too.
template <class Curve>
CudaStatus msm_emulated(AffinePoint<Curve>* result,
                        const CudaMsmInputs& inputs,
                        const CudaMsmOptions& options,
                        CudaMsmReport* report);

// make_shifted_copies on host memory, as host loops (for the emulated pipeline's tests).
template <class Curve>
CudaStatus make_shifted_copies_emulated(AffinePoint<Curve>* points, std::size_t n, unsigned count, unsigned shift_bits);

// Test hook: a call's device allocations beyond `bytes` fail as out of memory (0 = no limit).
void set_simulated_device_limit(std::size_t bytes);

// Experiment hook for the benchmark: register cap of the global-state walker, as the minimum
// number of resident 256-thread blocks per SM (0 = the plan's choice by size; 1 = no cap; 3 → ≤ 85
// registers; 4 → ≤ 64). Threads per block must then be ≤ 256.
void set_walker_min_blocks(unsigned min_blocks);

// Experiment hook for the benchmark: threads per block of combine_partials and reduce_buckets
// (a multiple of 32 up to 1024; default 128).
void set_point_kernel_threads_per_block(unsigned threads);

// Experiment hook for the benchmark: host threads that fill the pinned staging chunks of uploads
// from pageable host memory (0 = the default, host_to_device_copy.hpp's kStagingThreads).
void set_staging_threads(unsigned threads);

// Test hook: true = stage every pageable source of ≥ kMinStagedBytes (host_to_device_copy.hpp),
// whatever the call's total; false = the default, only calls of ≥ 32 MiB of them.
void set_stage_every_call(bool every);

}  // namespace zkmsm::cuda::detail
