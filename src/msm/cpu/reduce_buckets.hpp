// reduce_buckets on the CPU for a group of windows, one window per task: W = Σ_b b·S_b by the
// batched affine segments (BatchAffineReducer) for windows of ≥ kAffineReduceMinBuckets
// buckets, else by the XYZZ running sum (reduce_window_xyzz.hpp), converting IFMA-form sums
// back to AffinePoint first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "curve/xyzz_point.hpp"
#include "host/parallel_for.hpp"
#include "msm/cpu/affine_pair_adders.hpp"
#include "msm/cpu/batch_affine_reducer.hpp"
#include "msm/cpu/bucket_sums.hpp"
#include "msm/cpu/reduce_window_xyzz.hpp"

namespace zkmsm::cpu {

// window_sums[g] = W of window g of the group; reducers: one per worker thread.
template <class Curve, class Adder>
void reduce_buckets(XyzzPoint<Curve>* window_sums,
                    BucketSums<Curve, Adder>& sums,
                    std::vector<BatchAffineReducer<Curve, Adder>>& reducers,
                    std::uint32_t buckets,
                    unsigned group_windows,
                    unsigned threads,
                    double* cpu_ms) {
  host::parallel_for(
      group_windows, threads,
      [&](std::size_t g, unsigned worker) {
        XyzzPoint<Curve>& window_sum = window_sums[g];
        if (!sums.batch_affine()) {
          window_sum = reduce_window<Curve>(sums.xyzz(g), buckets);
        } else if (sums.affine_reduce()) {
          window_sum = reducers[worker].reduce(sums.stored(g), buckets);
        } else {
          AffinePoint<Curve>* affine = sums.affine(g);
          if constexpr (BucketSums<Curve, Adder>::kConvertedForm) {
#if defined(ZKMSM_HAVE_FIELD_8X52_IFMA)
            using Params = typename PrimeFieldParams<typename Curve::BaseField>::type;
            convert_points_x8<Params>(reinterpret_cast<std::uint64_t*>(affine + 1),
                                      reinterpret_cast<const std::uint64_t*>(sums.stored(g) + 1), buckets,
                                      Field8x52Constants<Params>::to_mont256);
#endif
          }
          window_sum = reduce_window<Curve>(affine, buckets);
        }
      },
      cpu_ms);
}

}  // namespace zkmsm::cpu
