// reduce_buckets for one window, the plain form: W = Σ_{b=1..B} b·S_b by two running sums from
// the top bucket down (running = Σ_{j ≥ b} S_j, total = Σ_b running). Cost per bucket: one mixed
// (8M+2S) or full (12M+2S) XYZZ addition into `running` and one full one into `total`.
// The batched affine form for large windows is BatchAffineReducer (batch_affine_reducer.hpp).
#pragma once

#include <cstdint>
#include <type_traits>

#include "curve/affine_point.hpp"
#include "curve/xyzz_point.hpp"

namespace zkmsm::cpu {

// sums[b] for b ∈ [1, buckets]; Bucket is AffinePoint<Curve> or XyzzPoint<Curve>.
template <class Curve, class Bucket>
XyzzPoint<Curve> reduce_window(const Bucket* sums, std::uint32_t buckets) {
  XyzzPoint<Curve> running = XyzzPoint<Curve>::infinity();
  XyzzPoint<Curve> total = XyzzPoint<Curve>::infinity();
  for (std::uint32_t b = buckets; b >= 1; --b) {
    if constexpr (std::is_same_v<Bucket, AffinePoint<Curve>>) {
      running = running.add_affine(sums[b]);
    } else {
      running = running + sums[b];
    }
    total = total + running;
  }
  return total;
}

}  // namespace zkmsm::cpu
