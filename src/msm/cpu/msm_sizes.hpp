// The host-side sizes of one CPU MSM (window, buckets, threads, window groups, accumulator) and
// the closed-form model of its working memory. Called "sizes", not "plan": `plan` is a
// pipeline stage of ARCHITECTURE.md, "The pipeline", folded here into sort_by_bucket.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "curve/affine_point.hpp"
#include "curve/xyzz_point.hpp"
#include "host/parallel_for.hpp"
#include "msm/common/signed_digits.hpp"
#include "msm/common/window_cost_model.hpp"
#include "msm/cpu/affine_pair_adders.hpp"
#include "msm/cpu/batch_affine_accumulator.hpp"
#include "msm/cpu/cpu_msm.hpp"

namespace zkmsm::cpu {

// Below this many points the XYZZ accumulator is used: too few additions per level to amortise
// an inversion. A guess, not measured.
inline constexpr std::size_t kBatchAffineMinPoints = 32;
// Digits and sorted entries of a group of windows must fit this many bytes; larger inputs are
// processed a group of windows at a time, reusing the buffers. Measured on the CI machine kind
// (2026-12-02, CPU time, n = 2^20, c = 16): 32 MiB (4 windows per group) instead of 512 MiB (all
// 16) cut decompose_scalars + sort_by_bucket from ≈ 660 to ≈ 160 ms: first touches of fresh
// pages (page faults) dominated them.
inline constexpr std::size_t kWindowGroupBytes = std::size_t{32} << 20;
// Inputs smaller than this run on one thread (thread start-up would dominate). Not measured.
inline constexpr std::size_t kParallelMinPoints = 1024;
// Weights of the window cost model (msm/common/window_cost_model.hpp), in field multiplications:
// a batched affine addition is 6 multiplications plus gathers, case checks and an amortised
// inversion (9); a bucket of reduce_buckets (the batched affine running sums) and its share of
// the accumulator's per-bucket work: 19. Re-fitted on the 2-core CI machine kind (AMD EPYC, IFMA
// adder, 2026-12-05, process CPU time of cpu::msm, min of 4–15 alternating runs,
// docs/cpu_perf_notes.md §8): the best c was 9 at 2^12 (10: +24 %), 11 ≈ 12 at 2^14, 13 at 2^16,
// 15 at 2^18, 16 at 2^19 (15: +5 %), 17 at 2^20 (16: +6–12 %); 19 picks each of them except 2^17
// (picks 13, 15 measured 5 % faster). The 2026-12-02 weight 26 (before the IFMA batched reduction)
// picked 15 at 2^19 and 16 at 2^20.
inline constexpr WindowCostWeights kWindowCostWeights{9.0, 19.0, 0, kMinWindowBits, kMaxWindowBits};

struct MsmSizes {
  std::size_t n = 0;
  unsigned window_bits = 0;
  unsigned windows = 0;
  std::uint32_t buckets = 0;  // B = 2^(c−1); bucket b ∈ [1, B] holds digit magnitude b
  unsigned threads = 1;
  unsigned window_group = 1;  // windows decomposed, sorted, accumulated and reduced together
  CpuAccumulator accumulator = CpuAccumulator::batch_affine;
  bool ifma = false;  // batch_affine runs the 8-lane IFMA adder (AffineR260 copies of the points)
};

template <class Curve>
MsmSizes msm_sizes(std::size_t n, const CpuMsmOptions& options, bool ifma_available) {
  MsmSizes sizes;
  sizes.n = n;
  const unsigned scalar_bits = static_cast<unsigned>(Curve::ScalarField::Constants::modulus_bits);
  sizes.window_bits = effective_window_bits(n, options.window_bits, scalar_bits, kWindowCostWeights);
  sizes.windows = signed_window_count(scalar_bits, sizes.window_bits);
  sizes.buckets = std::uint32_t{1} << (sizes.window_bits - 1);
  sizes.threads = n < kParallelMinPoints ? 1 : host::resolve_thread_count(options.threads);
  const std::size_t bytes_per_window = std::max<std::size_t>(1, 8 * n);
  sizes.window_group = static_cast<unsigned>(std::clamp<std::size_t>(
      kWindowGroupBytes / bytes_per_window, std::min(sizes.threads, sizes.windows), sizes.windows));
  sizes.accumulator = options.accumulator;
  if (sizes.accumulator == CpuAccumulator::automatic)
    sizes.accumulator = n < kBatchAffineMinPoints ? CpuAccumulator::xyzz : CpuAccumulator::batch_affine;
  sizes.ifma = ifma_available && kIfmaSupports<Curve> && sizes.accumulator == CpuAccumulator::batch_affine;
  return sizes;
}

// Bytes of working memory an MSM of these sizes allocates (upper bounds where it varies).
template <class Curve>
std::size_t working_bytes(const MsmSizes& sizes) {
  using Integer = typename Curve::ScalarField::Integer;
  const std::size_t group = sizes.window_group;
  std::size_t bytes = sizes.n * sizeof(Integer);                          // reduced scalars
  bytes += 2 * group * sizes.n * sizeof(std::uint32_t);                   // digits + sorted entries
  bytes += group * (sizes.buckets + 2) * sizeof(std::uint32_t);           // bucket offsets
  bytes += group * (sizes.buckets + 1) * sizeof(XyzzPoint<Curve>);        // bucket sums (upper bound)
  bytes += sizes.windows * sizeof(XyzzPoint<Curve>);                      // window sums
  if (sizes.ifma) bytes += (sizes.n + group * (sizes.buckets + 1)) * 64;  // AffineR260 points and sums
  const std::size_t range = std::max(kRangeEntries, sizes.n / sizes.buckets * 8);
  bytes += sizes.threads * range *
           (2 * sizeof(AffinePoint<Curve>) + 2 * sizeof(std::uint32_t) + sizeof(typename Curve::BaseField) +
            sizeof(AffinePairCase) + 4 * sizeof(std::uint32_t));
  return bytes;
}

}  // namespace zkmsm::cpu
