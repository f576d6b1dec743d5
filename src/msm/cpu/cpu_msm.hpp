// The CPU backend: signed-digit Pippenger on all cores.
//
// Stages (ARCHITECTURE.md, "The pipeline"), one file each in this folder: decompose_scalars → sort_by_bucket →
// accumulate_buckets → reduce_buckets → combine_windows (msm/common); `plan` is folded into
// sort_by_bucket (bucket offsets). Windows are independent and are spread over the worker
// threads. The driver is msm_pipeline.hpp; cpu_msm.cpp picks the pair adder from cpuid.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "core/bigint.hpp"
#include "curve/affine_point.hpp"

namespace zkmsm::cpu {

enum class CpuAccumulator {
  automatic,     // batch_affine, or xyzz for tiny inputs
  batch_affine,  // levels of independent affine additions with one inversion per batch
  xyzz,          // each entry added into an XYZZ bucket (no inversion): the baseline
};

struct CpuMsmOptions {
  unsigned window_bits = 0;  // 0: window_cost_model
  unsigned threads = 0;      // 0: all hardware threads
  CpuAccumulator accumulator = CpuAccumulator::automatic;
};

struct CpuStageTime {
  const char* name;
  double milliseconds;      // wall time
  double cpu_milliseconds;  // CPU time summed over the worker threads
};

struct CpuMsmReport {
  double convert_points_ms = 0;  // msm_canonical_points: the points' conversion and checks (wall)
  unsigned window_bits = 0;
  unsigned windows = 0;
  CpuAccumulator accumulator = CpuAccumulator::automatic;
  std::vector<CpuStageTime> stages;
  std::size_t estimated_peak_bytes = 0;
  std::size_t measured_peak_bytes = 0;
};

// Σ scalars[i]·points[i]. Points: Montgomery form, on the curve or (0,0). Scalars: canonical
// integers of any value (reduced mod r here).
template <class Curve>
AffinePoint<Curve> msm(std::span<const AffinePoint<Curve>> points,
                       std::span<const typename Curve::ScalarField::Integer> scalars,
                       const CpuMsmOptions& options,
                       CpuMsmReport* report);

// Whether msm_canonical_points runs this MSM: it does where the 8-lane IFMA adder runs (BN254's
// fields, AVX-512 IFMA, the batch_affine accumulator), converting the caller's canonical points
// straight into the adder's form. Elsewhere the caller converts them to Montgomery form and
// calls msm().
template <class Curve>
bool reads_canonical_points(std::size_t n, const CpuMsmOptions& options);

// Σ scalars[i]·points[i] for points as the caller holds them: canonical coordinates (the public
// Point layout read through AffinePoint), (0,0) = infinity. Each point is checked (coordinates
// < p; on the curve when `validate`) as it is converted. Returns false, with first_rejected set to
// the lowest index that fails, when one does (the caller names the reason with
// host::check_host_point). Only where reads_canonical_points(n, options).
template <class Curve>
bool msm_canonical_points(AffinePoint<Curve>& sum,
                          std::span<const AffinePoint<Curve>> canonical_points,
                          std::span<const typename Curve::ScalarField::Integer> scalars,
                          const CpuMsmOptions& options,
                          bool validate,
                          std::size_t& first_rejected,
                          CpuMsmReport* report);

// Bytes of working memory msm() allocates for (n, options), by closed form.
template <class Curve>
std::size_t estimate_working_bytes(std::size_t n, const CpuMsmOptions& options);

const char* to_string(CpuAccumulator accumulator);

}  // namespace zkmsm::cpu
