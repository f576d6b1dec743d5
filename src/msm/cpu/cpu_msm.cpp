// The CPU backend's pipeline. See cpu_msm.hpp for the stage list; each stage below names its
// cost. n points, c-bit signed windows, T = ⌈255/c⌉ windows, B = 2^(c−1) buckets per window.
#include "msm/cpu/cpu_msm.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/uninitialized_buffer.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "curve/xyzz_point.hpp"
#include "msm/common/batch_affine_add.hpp"
#include "msm/common/signed_digits.hpp"
#include "msm/cpu/affine_pair_adders.hpp"
#include "msm/cpu/batch_affine_accumulator.hpp"
#include "msm/cpu/batch_affine_reducer.hpp"
#include "msm/cpu/bucket_reduction.hpp"
#include "msm/cpu/bucket_sort.hpp"
#include "host/parallel_for.hpp"
#include "msm/common/combine_windows.hpp"
#include "msm/common/window_cost_model.hpp"

namespace zkmsm::cpu {
namespace {

// Below this many points the XYZZ accumulator is used: too few additions per level to amortise
// an inversion. A guess, not measured.
constexpr std::size_t kBatchAffineMinPoints = 32;
// Digits and sorted entries of a group of windows must fit this many bytes; larger inputs are
// processed a group of windows at a time, reusing the buffers. Measured on the CI machine kind
// (2026-12-02, CPU time, n = 2^20, c = 16): 32 MiB (4 windows per group) instead of 512 MiB (all
// 16) cut decompose_scalars + sort_by_bucket from ≈ 660 to ≈ 160 ms: first touches of fresh
// pages (page faults) dominated them.
constexpr std::size_t kWindowGroupBytes = std::size_t{32} << 20;
// Inputs smaller than this run on one thread (thread start-up would dominate). Not measured.
constexpr std::size_t kParallelMinPoints = 1024;
// reduce_buckets uses batched affine running sums over segments (BatchAffineReducer) from this
// many buckets per window; below, the XYZZ running sum. At 2^16 it cut reduce_buckets from 46 to
// ≈ 10 ms of CPU time (2026-12-02, cpu_perf_notes.md); the threshold itself is not tuned.
constexpr std::uint32_t kAffineReduceMinBuckets = 256;
// Weights of the window cost model (msm/common/window_cost_model.hpp), in field multiplications:
// a batched affine addition is 6 multiplications plus gathers, case checks and an amortised
// inversion (9); the running-sum reduction costs one mixed and one full XYZZ addition per bucket
// (10M+2S + 12M+2S: 26). Checked on the 2-core CI machine kind (AMD EPYC, 2026-12-02) at n = 2^16
// only: c = 12 / 13 / 14 took 114 / 85 / 86 ms of CPU time and the model picks 13
// (docs/cpu_perf_notes.md). The weights predate the IFMA adder and the batched affine reduction
// and have not been re-fitted: sweep other sizes with `zkmsm sweep --backend cpu`.
constexpr WindowCostWeights kWindowCostWeights{9.0, 26.0, 0, kMinWindowBits, kMaxWindowBits};

using Clock = std::chrono::steady_clock;

double elapsed_ms(Clock::time_point since) {
  return std::chrono::duration<double, std::milli>(Clock::now() - since).count();
}

struct Plan {
  std::size_t n = 0;
  unsigned window_bits = 0;
  unsigned windows = 0;
  std::uint32_t buckets = 0;  // B = 2^(c−1); bucket b ∈ [1, B] holds digit magnitude b
  unsigned threads = 1;
  unsigned window_group = 1;
  CpuAccumulator accumulator = CpuAccumulator::batch_affine;
};

template <class Curve>
Plan make_plan(std::size_t n, const CpuMsmOptions& options) {
  Plan plan;
  plan.n = n;
  const unsigned scalar_bits = static_cast<unsigned>(Curve::ScalarField::Constants::modulus_bits);
  plan.window_bits = options.window_bits != 0 ? options.window_bits : choose_window_bits(n, scalar_bits, kWindowCostWeights);
  plan.windows = signed_window_count(scalar_bits, plan.window_bits);
  plan.buckets = std::uint32_t{1} << (plan.window_bits - 1);
  plan.threads = n < kParallelMinPoints ? 1 : host::resolve_thread_count(options.threads);
  const std::size_t bytes_per_window = std::max<std::size_t>(1, 8 * n);
  plan.window_group = static_cast<unsigned>(std::clamp<std::size_t>(
      kWindowGroupBytes / bytes_per_window, std::min(plan.threads, plan.windows), plan.windows));
  plan.accumulator = options.accumulator;
  if (plan.accumulator == CpuAccumulator::automatic)
    plan.accumulator = n < kBatchAffineMinPoints ? CpuAccumulator::xyzz : CpuAccumulator::batch_affine;
  return plan;
}

template <class Curve>
std::size_t working_bytes(const Plan& plan) {
  using Integer = typename Curve::ScalarField::Integer;
  const std::size_t group = plan.window_group;
  std::size_t bytes = plan.n * sizeof(Integer);                    // reduced scalars
  bytes += 2 * group * plan.n * sizeof(std::uint32_t);             // digits + sorted entries
  bytes += group * (plan.buckets + 2) * sizeof(std::uint32_t);     // bucket offsets
  bytes += group * (plan.buckets + 1) * sizeof(XyzzPoint<Curve>);  // bucket sums (upper bound)
  bytes += plan.windows * sizeof(XyzzPoint<Curve>);                // window sums
  if (kUseIfma<Curve> && plan.accumulator == CpuAccumulator::batch_affine)
    bytes += (plan.n + group * (plan.buckets + 1)) * 64;  // Field8x52-form points and sums
  const std::size_t range = std::max(kRangeEntries, plan.n / plan.buckets * 8);
  bytes += plan.threads * range *
           (2 * sizeof(AffinePoint<Curve>) + 2 * sizeof(std::uint32_t) + sizeof(typename Curve::BaseField) + 1 +
            4 * sizeof(std::uint32_t));
  return bytes;
}

}  // namespace

const char* to_string(CpuAccumulator accumulator) {
  switch (accumulator) {
    case CpuAccumulator::automatic:
      return "auto";
    case CpuAccumulator::batch_affine:
      return "batch_affine";
    case CpuAccumulator::xyzz:
      return "xyzz";
  }
  return "unknown";
}

template <class Curve>
std::size_t estimate_working_bytes(std::size_t n, const CpuMsmOptions& options) {
  return working_bytes<Curve>(make_plan<Curve>(n, options));
}

template <class Curve>
AffinePoint<Curve> msm(std::span<const AffinePoint<Curve>> points,
                       std::span<const typename Curve::ScalarField::Integer> scalars,
                       const CpuMsmOptions& options,
                       CpuMsmReport* report) {
  using Affine = AffinePoint<Curve>;
  using Xyzz = XyzzPoint<Curve>;
  using ScalarField = typename Curve::ScalarField;
  using Integer = typename ScalarField::Integer;

  const std::size_t n = points.size();
  const Plan plan = make_plan<Curve>(n, options);
  double stage_ms[5] = {0, 0, 0, 0, 0};
  double stage_cpu[5] = {0, 0, 0, 0, 0};
  enum { kDecompose, kSort, kAccumulate, kReduce, kCombine };
  auto finish_report = [&](std::size_t measured) {
    if (report == nullptr) return;
    report->window_bits = plan.window_bits;
    report->windows = plan.windows;
    report->accumulator = plan.accumulator;
    report->stages = {{"decompose_scalars", stage_ms[kDecompose], stage_cpu[kDecompose]},
                      {"sort_by_bucket", stage_ms[kSort], stage_cpu[kSort]},
                      {"accumulate_buckets", stage_ms[kAccumulate], stage_cpu[kAccumulate]},
                      {"reduce_buckets", stage_ms[kReduce], stage_cpu[kReduce]},
                      {"combine_windows", stage_ms[kCombine], stage_cpu[kCombine]}};
    report->estimated_peak_bytes = working_bytes<Curve>(plan);
    report->measured_peak_bytes = measured;
  };
  if (n == 0) {
    finish_report(0);
    return Affine::infinity();
  }

  // decompose_scalars (part 1): reduce every scalar mod r. Cost: n · (≤ 5 subtractions).
  auto start = Clock::now();
  UninitializedBuffer<Integer> reduced(n);
  constexpr std::size_t kChunk = 4096;
  const std::size_t chunks = (n + kChunk - 1) / kChunk;
  host::parallel_for(
      chunks, plan.threads,
      [&](std::size_t chunk, unsigned) {
        const std::size_t end = std::min(n, (chunk + 1) * kChunk);
        for (std::size_t i = chunk * kChunk; i < end; ++i) reduced[i] = reduce_mod(scalars[i], ScalarField::modulus());
      },
      &stage_cpu[kDecompose]);
  stage_ms[kDecompose] += elapsed_ms(start);

  const unsigned group = plan.window_group;
  const std::uint32_t buckets = plan.buckets;
  // Every element of these buffers is written before it is read: no zero fill.
  const std::size_t group_entries = static_cast<std::size_t>(group) * n;
  const std::size_t group_buckets = static_cast<std::size_t>(group) * (buckets + 1);
  UninitializedBuffer<std::uint32_t> digits(group_entries);
  UninitializedBuffer<std::uint32_t> entries(group_entries);
  UninitializedBuffer<std::uint32_t> offsets(static_cast<std::size_t>(group) * (buckets + 2));
  std::vector<Xyzz> window_sums(plan.windows, Xyzz::infinity());
  using Adder = AdderFor<Curve>;
  using Stored = typename Adder::Stored;
  constexpr bool kConvert = !std::is_same_v<Stored, Affine>;
  std::vector<BatchAffineAccumulator<Curve, Adder>> accumulators(plan.threads);
  std::vector<BatchAffineReducer<Curve, Adder>> reducers(plan.threads);
  const bool batch_affine = plan.accumulator == CpuAccumulator::batch_affine;
  const bool affine_reduce = batch_affine && buckets >= kAffineReduceMinBuckets;
  UninitializedBuffer<Affine> affine_sums(batch_affine && (!kConvert || !affine_reduce) ? group_buckets : 0);
  // With the IFMA adder the accumulator works on its own copy of the points and bucket sums in
  // Field8x52's Montgomery form (converted here, 8 points per multiplication); reduce_buckets
  // reads those bucket sums directly (BatchAffineReducer) or, below kAffineReduceMinBuckets,
  // converts them back for the XYZZ running sum.
  UninitializedBuffer<Stored> stored_points(kConvert && batch_affine ? n : 0);
  UninitializedBuffer<Stored> stored_sums(kConvert && batch_affine ? group_buckets : 0);
  const Stored* accumulate_points = nullptr;
  if constexpr (kConvert) {
#if defined(ZKMSM_HAVE_FIELD_8X52_IFMA)
    if (batch_affine) {
      start = Clock::now();
      using Params = typename PrimeFieldParams<typename Curve::BaseField>::type;
      host::parallel_for(
          chunks, plan.threads,
          [&](std::size_t chunk, unsigned) {
            const std::size_t begin = chunk * kChunk;
            const std::size_t count = std::min(n, begin + kChunk) - begin;
            convert_points_x8<Params>(reinterpret_cast<std::uint64_t*>(stored_points.data() + begin),
                                      reinterpret_cast<const std::uint64_t*>(points.data() + begin), count,
                                      Field8x52Constants<Params>::from_mont256);
          },
          &stage_cpu[kAccumulate]);
      stage_ms[kAccumulate] += elapsed_ms(start);
      accumulate_points = stored_points.data();
    }
#endif
  } else {
    accumulate_points = points.data();
  }
  // The accumulator's bucket sums of window g of the group.
  auto stored_window_sums = [&](std::size_t g) -> Stored* {
    if constexpr (kConvert) {
      return stored_sums.data() + g * (buckets + 1);
    } else {
      return affine_sums.data() + g * (buckets + 1);
    }
  };
  UninitializedBuffer<Xyzz> xyzz_sums(batch_affine ? 0 : group_buckets);

  for (unsigned first_window = 0; first_window < plan.windows; first_window += group) {
    const unsigned group_windows = std::min(group, plan.windows - first_window);

    // decompose_scalars (part 2): signed digits, bucket magnitude | sign. Cost: n·T digit
    // extractions. Points at infinity get digit 0 so they are never added.
    start = Clock::now();
    host::parallel_for(
        chunks, plan.threads,
        [&](std::size_t chunk, unsigned) {
          const std::size_t end = std::min(n, (chunk + 1) * kChunk);
          for (unsigned g = 0; g < group_windows; ++g) {
            std::uint32_t* out = digits.data() + static_cast<std::size_t>(g) * n;
            for (std::size_t i = chunk * kChunk; i < end; ++i) {
              const std::int32_t digit = signed_digit(reduced[i], first_window + g, plan.window_bits);
              const bool skip = points[i].is_infinity();
              out[i] = skip ? 0
                            : (digit < 0 ? static_cast<std::uint32_t>(-digit) | kNegativeDigit
                                         : static_cast<std::uint32_t>(digit));
            }
          }
        },
        &stage_cpu[kDecompose]);
    stage_ms[kDecompose] += elapsed_ms(start);

    // sort_by_bucket: counting sort of each window's entries by magnitude; digit 0 dropped.
    // Cost: 2 passes over n digits per window. offsets[b] = first entry of bucket b.
    start = Clock::now();
    host::parallel_for(
        group_windows, plan.threads,
        [&](std::size_t g, unsigned) {
          sort_window_by_bucket(entries.data() + g * n, offsets.data() + g * (buckets + 2), digits.data() + g * n, n,
                                buckets);
        },
        &stage_cpu[kSort]);
    stage_ms[kSort] += elapsed_ms(start);

    // accumulate_buckets.
    start = Clock::now();
    host::parallel_for(
        group_windows, plan.threads,
        [&](std::size_t g, unsigned worker) {
          const std::uint32_t* window_entries = entries.data() + g * n;
          const std::uint32_t* window_offsets = offsets.data() + g * (buckets + 2);
          if (batch_affine) {
            accumulators[worker].accumulate(stored_window_sums(g), window_entries, window_offsets, buckets,
                                            accumulate_points);
          } else {
            // Cost: one mixed XYZZ addition (8M+2S) per entry.
            Xyzz* sums = xyzz_sums.data() + g * (buckets + 1);
            for (std::uint32_t b = 1; b <= buckets; ++b) {
              Xyzz sum = Xyzz::infinity();
              for (std::uint32_t e = window_offsets[b]; e < window_offsets[b + 1]; ++e) {
                const std::uint32_t entry = window_entries[e];
                const Affine& p = points[entry & ~kNegativeDigit];
                sum = sum.add_affine((entry & kNegativeDigit) != 0 ? -p : p);
              }
              sums[b] = sum;
            }
          }
        },
        &stage_cpu[kAccumulate]);
    stage_ms[kAccumulate] += elapsed_ms(start);

    // reduce_buckets.
    start = Clock::now();
    host::parallel_for(
        group_windows, plan.threads,
        [&](std::size_t g, unsigned worker) {
          Xyzz& window_sum = window_sums[first_window + g];
          if (!batch_affine) {
            window_sum = reduce_window<Curve>(xyzz_sums.data() + g * (buckets + 1), buckets);
          } else if (affine_reduce) {
            window_sum = reducers[worker].reduce(stored_window_sums(g), buckets);
          } else {
            Affine* sums = affine_sums.data() + g * (buckets + 1);
            if constexpr (kConvert) {
#if defined(ZKMSM_HAVE_FIELD_8X52_IFMA)
              using Params = typename PrimeFieldParams<typename Curve::BaseField>::type;
              convert_points_x8<Params>(reinterpret_cast<std::uint64_t*>(sums + 1),
                                        reinterpret_cast<const std::uint64_t*>(stored_window_sums(g) + 1), buckets,
                                        Field8x52Constants<Params>::to_mont256);
#endif
            }
            window_sum = reduce_window<Curve>(sums, buckets);
          }
        },
        &stage_cpu[kReduce]);
    stage_ms[kReduce] += elapsed_ms(start);
  }

  // combine_windows: Horner from the top window, c doublings per window. Cost: T·c doublings.
  start = Clock::now();
  const double combine_cpu_start = host::thread_cpu_ms();
  const Affine affine = combine_windows<Curve>(window_sums, plan.window_bits);
  stage_ms[kCombine] += elapsed_ms(start);
  stage_cpu[kCombine] += host::thread_cpu_ms() - combine_cpu_start;

  std::size_t measured = reduced.size() * sizeof(Integer) + digits.bytes() + entries.bytes() + offsets.bytes() +
                         affine_sums.bytes() + xyzz_sums.bytes() + window_sums.size() * sizeof(Xyzz) +
                         stored_points.bytes() + stored_sums.bytes();
  for (const auto& a : accumulators) measured += a.scratch_bytes();
  for (const auto& r : reducers) measured += r.scratch_bytes();
  finish_report(measured);
  return affine;
}

#define ZKMSM_INSTANTIATE_CPU_MSM(Curve)                                                                              \
  template AffinePoint<Curve> msm<Curve>(std::span<const AffinePoint<Curve>>,                                         \
                                         std::span<const typename Curve::ScalarField::Integer>, const CpuMsmOptions&, \
                                         CpuMsmReport*);                                                              \
  template std::size_t estimate_working_bytes<Curve>(std::size_t, const CpuMsmOptions&);

ZKMSM_INSTANTIATE_CPU_MSM(Bn254G1)
ZKMSM_INSTANTIATE_CPU_MSM(GrumpkinG1)

}  // namespace zkmsm::cpu
