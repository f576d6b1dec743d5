// combine_windows: Σ_w 2^(w·c)·W_w by Horner from the top window. Cost: (T − 1)·c XYZZ
// doublings and T − 1 additions, then one inversion to affine.
#pragma once

#include <cstddef>
#include <span>

#include "curve/affine_point.hpp"
#include "curve/xyzz_point.hpp"

namespace zkmsm {

template <class Curve>
AffinePoint<Curve> combine_windows(std::span<const XyzzPoint<Curve>> window_sums, unsigned window_bits) {
  if (window_sums.empty()) return AffinePoint<Curve>::infinity();
  XyzzPoint<Curve> result = window_sums.back();
  for (std::size_t w = window_sums.size() - 1; w-- > 0;) {
    for (unsigned i = 0; i < window_bits; ++i) result = result.doubled();
    result = result + window_sums[w];
  }
  return result.to_affine();
}

}  // namespace zkmsm
