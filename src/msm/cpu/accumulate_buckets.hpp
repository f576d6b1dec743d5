// accumulate_buckets on the CPU for a group of windows, one window per task: the batched affine
// accumulator (BatchAffineAccumulator with the portable or the IFMA adder) or, for tiny inputs
// and on request, one mixed XYZZ addition per entry. Also the once-per-MSM conversion of the
// points to the IFMA adder's form, counted in this stage's time.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "curve/affine_point.hpp"
#include "curve/xyzz_point.hpp"
#include "host/parallel_for.hpp"
#include "msm/cpu/affine_pair_adders.hpp"
#include "msm/cpu/batch_affine_accumulator.hpp"
#include "msm/cpu/bucket_sums.hpp"
#include "msm/cpu/decompose_scalars.hpp"
#include "msm/cpu/sort_by_bucket.hpp"

namespace zkmsm::cpu {

// stored[i] = points[i] in the adder's form (AffineR260: 8 points per multiplication);
// nothing for the portable adder, which reads the points in place.
template <class Curve, class Adder>
void convert_points_for_adder(typename Adder::Stored* stored,
                              std::span<const AffinePoint<Curve>> points,
                              unsigned threads,
                              double* cpu_ms) {
  if constexpr (BucketSums<Curve, Adder>::kConvertedForm) {
#if defined(ZKMSM_HAVE_FIELD_8X52_IFMA)
    using Params = typename PrimeFieldParams<typename Curve::BaseField>::type;
    const std::size_t n = points.size();
    host::parallel_for(
        point_chunks(n), threads,
        [&](std::size_t chunk, unsigned) {
          const std::size_t begin = chunk * kPointChunk;
          const std::size_t count = std::min(n, begin + kPointChunk) - begin;
          convert_points_x8<Params>(reinterpret_cast<std::uint64_t*>(stored + begin),
                                    reinterpret_cast<const std::uint64_t*>(points.data() + begin), count,
                                    Field8x52Constants<Params>::from_mont256);
        },
        cpu_ms);
#endif
  }
}

// S_b = Σ of the signed points of bucket b, in XYZZ. Cost: one mixed addition (8M+2S) per entry.
template <class Curve>
void accumulate_window_xyzz(XyzzPoint<Curve>* sums,
                            const std::uint32_t* entries,
                            const std::uint32_t* offsets,
                            std::uint32_t buckets,
                            const AffinePoint<Curve>* points) {
  using Xyzz = XyzzPoint<Curve>;
  for (std::uint32_t b = 1; b <= buckets; ++b) {
    Xyzz sum = Xyzz::infinity();
    for (std::uint32_t e = offsets[b]; e < offsets[b + 1]; ++e) {
      const std::uint32_t entry = entries[e];
      const AffinePoint<Curve>& p = points[entry & ~kNegativeDigit];
      sum = sum.add_affine((entry & kNegativeDigit) != 0 ? -p : p);
    }
    sums[b] = sum;
  }
}

// The stage for a group of windows. adder_points: the points in the adder's form (the points
// themselves for the portable adder); accumulators: one per worker thread.
template <class Curve, class Adder>
void accumulate_buckets(BucketSums<Curve, Adder>& sums,
                        std::vector<BatchAffineAccumulator<Curve, Adder>>& accumulators,
                        const std::uint32_t* entries,
                        const std::uint32_t* offsets,
                        const typename Adder::Stored* adder_points,
                        std::span<const AffinePoint<Curve>> points,
                        std::uint32_t buckets,
                        unsigned group_windows,
                        unsigned threads,
                        double* cpu_ms) {
  const std::size_t n = points.size();
  host::parallel_for(
      group_windows, threads,
      [&](std::size_t g, unsigned worker) {
        const std::uint32_t* window_entries = entries + g * n;
        const std::uint32_t* window_offsets = offsets + g * (buckets + 2);
        if (sums.batch_affine()) {
          accumulators[worker].accumulate(sums.stored(g), window_entries, window_offsets, buckets, adder_points);
        } else {
          accumulate_window_xyzz<Curve>(sums.xyzz(g), window_entries, window_offsets, buckets, points.data());
        }
      },
      cpu_ms);
}

}  // namespace zkmsm::cpu
