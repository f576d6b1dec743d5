// The CPU pipeline for one choice of pair adder: decompose_scalars → sort_by_bucket →
// accumulate_buckets → reduce_buckets over groups of windows, then combine_windows. Each stage
// is a function of its own file; this driver owns the buffers, reuses them across window
// groups, and times the stages. n points, c-bit signed windows, T = ⌈255/c⌉ windows,
// B = 2^(c−1) buckets per window.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "core/uninitialized_buffer.hpp"
#include "curve/affine_point.hpp"
#include "curve/xyzz_point.hpp"
#include "host/parallel_for.hpp"
#include "msm/common/combine_windows.hpp"
#include "msm/common/elapsed_time.hpp"
#include "msm/cpu/accumulate_buckets.hpp"
#include "msm/cpu/batch_affine_accumulator.hpp"
#include "msm/cpu/batch_affine_reducer.hpp"
#include "msm/cpu/bucket_sums.hpp"
#include "msm/cpu/cpu_msm.hpp"
#include "msm/cpu/decompose_scalars.hpp"
#include "msm/cpu/msm_sizes.hpp"
#include "msm/cpu/reduce_buckets.hpp"
#include "msm/cpu/sort_by_bucket.hpp"

namespace zkmsm::cpu {

// Wall and CPU time of each stage, summed over the window groups.
class StageClock {
 public:
  enum Stage { decompose_scalars, sort_by_bucket, accumulate_buckets, reduce_buckets, combine_windows, count };

  void start() { start_ = backend::Clock::now(); }
  void stop(Stage stage) { wall_ms_[stage] += backend::elapsed_ms(start_); }
  double* cpu_ms(Stage stage) { return &cpu_ms_[stage]; }

  std::vector<CpuStageTime> times() const {
    static constexpr const char* kNames[count] = {"decompose_scalars", "sort_by_bucket", "accumulate_buckets",
                                                  "reduce_buckets", "combine_windows"};
    std::vector<CpuStageTime> out;
    for (int s = 0; s < count; ++s) out.push_back({kNames[s], wall_ms_[s], cpu_ms_[s]});
    return out;
  }

 private:
  backend::Clock::time_point start_;
  double wall_ms_[count] = {};
  double cpu_ms_[count] = {};
};

template <class Curve>
void fill_report(CpuMsmReport* report, const MsmSizes& sizes, const StageClock& clock, std::size_t measured_bytes) {
  if (report == nullptr) return;
  report->window_bits = sizes.window_bits;
  report->windows = sizes.windows;
  report->accumulator = sizes.accumulator;
  report->stages = clock.times();
  report->estimated_peak_bytes = working_bytes<Curve>(sizes);
  report->measured_peak_bytes = measured_bytes;
}

// Σ scalars[i]·points[i] with the pair adder Adder (PortableAdder or IfmaAdder).
// prepared_adder_points: the points already in the adder's form (msm_canonical_points converts
// the caller's points straight into it), or nullptr to convert `points` here. With prepared
// points the accumulator must be batch_affine, and `points` is read only for its infinities
// ((0, 0) in every form), so it may be the caller's canonical array.
template <class Curve, class Adder>
AffinePoint<Curve> run_msm_pipeline(std::span<const AffinePoint<Curve>> points,
                                    const typename Adder::Stored* prepared_adder_points,
                                    std::span<const typename Curve::ScalarField::Integer> scalars,
                                    const MsmSizes& sizes,
                                    CpuMsmReport* report) {
  using Xyzz = XyzzPoint<Curve>;
  using Integer = typename Curve::ScalarField::Integer;
  using Stored = typename Adder::Stored;
  StageClock clock;
  const std::size_t n = points.size();
  if (n == 0) {
    fill_report<Curve>(report, sizes, clock, 0);
    return AffinePoint<Curve>::infinity();
  }
  const unsigned threads = sizes.threads;
  const std::uint32_t buckets = sizes.buckets;
  const unsigned group = sizes.window_group;

  clock.start();
  UninitializedBuffer<Integer> reduced(n);
  reduce_scalars<Curve>(reduced.data(), scalars, points, threads, clock.cpu_ms(StageClock::decompose_scalars));
  clock.stop(StageClock::decompose_scalars);

  // Every element of these buffers is written before it is read: no zero fill.
  const std::size_t group_entries = static_cast<std::size_t>(group) * n;
  UninitializedBuffer<std::uint32_t> digits(group_entries);
  UninitializedBuffer<std::uint32_t> entries(group_entries);
  UninitializedBuffer<std::uint32_t> offsets(static_cast<std::size_t>(group) * (buckets + 2));
  std::vector<Xyzz> window_sums(sizes.windows, Xyzz::infinity());
  BucketSums<Curve, Adder> sums(sizes);
  std::vector<BatchAffineAccumulator<Curve, Adder>> accumulators(threads);
  std::vector<BatchAffineReducer<Curve, Adder>> reducers(threads);

  constexpr bool kConvertedForm = BucketSums<Curve, Adder>::kConvertedForm;
  const bool convert_here = kConvertedForm && sums.batch_affine() && prepared_adder_points == nullptr;
  UninitializedBuffer<Stored> converted_points(convert_here ? n : 0);
  const Stored* adder_points = prepared_adder_points;
  if constexpr (kConvertedForm) {
    if (convert_here) {
      clock.start();
      convert_points_for_adder<Curve, Adder>(converted_points.data(), points, threads,
                                             clock.cpu_ms(StageClock::accumulate_buckets));
      clock.stop(StageClock::accumulate_buckets);
      adder_points = converted_points.data();
    }
  } else {
    if (adder_points == nullptr) adder_points = points.data();
  }

  for (unsigned first_window = 0; first_window < sizes.windows; first_window += group) {
    const unsigned group_windows = std::min(group, sizes.windows - first_window);

    clock.start();
    decompose_window_digits<Curve>(digits.data(), reduced.data(), n, first_window, group_windows, sizes.window_bits,
                                   threads, clock.cpu_ms(StageClock::decompose_scalars));
    clock.stop(StageClock::decompose_scalars);

    clock.start();
    sort_by_bucket(entries.data(), offsets.data(), digits.data(), n, buckets, group_windows, threads,
                   clock.cpu_ms(StageClock::sort_by_bucket));
    clock.stop(StageClock::sort_by_bucket);

    clock.start();
    accumulate_buckets<Curve, Adder>(sums, accumulators, entries.data(), offsets.data(), adder_points, points, buckets,
                                     group_windows, threads, clock.cpu_ms(StageClock::accumulate_buckets));
    clock.stop(StageClock::accumulate_buckets);

    clock.start();
    reduce_buckets<Curve, Adder>(window_sums.data() + first_window, sums, reducers, buckets, group_windows, threads,
                                 clock.cpu_ms(StageClock::reduce_buckets));
    clock.stop(StageClock::reduce_buckets);
  }

  // combine_windows: Horner from the top window, c doublings per window. Cost: T·c doublings.
  clock.start();
  const double combine_cpu_start = host::thread_cpu_ms();
  const AffinePoint<Curve> sum = combine_windows<Curve>(window_sums, sizes.window_bits);
  clock.stop(StageClock::combine_windows);
  *clock.cpu_ms(StageClock::combine_windows) += host::thread_cpu_ms() - combine_cpu_start;

  std::size_t measured = reduced.bytes() + digits.bytes() + entries.bytes() + offsets.bytes() + sums.bytes() +
                         window_sums.size() * sizeof(Xyzz) + converted_points.bytes();
  for (const auto& a : accumulators) measured += a.scratch_bytes();
  for (const auto& r : reducers) measured += r.scratch_bytes();
  fill_report<Curve>(report, sizes, clock, measured);
  return sum;
}

}  // namespace zkmsm::cpu
