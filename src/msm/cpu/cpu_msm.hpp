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

// Bytes of working memory msm() allocates for (n, options), by closed form.
template <class Curve>
std::size_t estimate_working_bytes(std::size_t n, const CpuMsmOptions& options);

const char* to_string(CpuAccumulator accumulator);

}  // namespace zkmsm::cpu
