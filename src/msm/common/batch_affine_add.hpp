// Complete batched affine additions: many independent sums P + Q with ONE field inversion
// (Montgomery's trick), correct for every input.
//
// Each pair's case, denominator and sum come from the one case analysis of the project
// (affine_pair.hpp: classify_affine_pair, affine_pair_denominator, affine_pair_sum), so no
// pair can poison the batch: a case without a denominator (infinity operand, P + (−P))
// contributes nothing to the product. Cost of the generic case: 6 multiplications (1 forward
// prefix, 2 backward, λ, λ², y₃) plus 1/count of an inversion.
#pragma once

#include <cstddef>
#include <cstdint>

#include "curve/affine_point.hpp"
#include "msm/common/affine_pair.hpp"

namespace zkmsm {

template <class Curve>
struct BatchAffineScratch {
  typename Curve::BaseField* prefix;  // `count` elements
  AffinePairCase* pair_case;          // `count` elements
};

// out[dest[i]] = src[left[i]] + src[left[i] + 1] for i < count. out must not overlap src.
template <class Curve>
void batch_add_adjacent_pairs(AffinePoint<Curve>* out,
                              const AffinePoint<Curve>* src,
                              const std::uint32_t* left,
                              const std::uint32_t* dest,
                              std::size_t count,
                              BatchAffineScratch<Curve> scratch) {
  using BaseField = typename Curve::BaseField;
  if (count == 0) return;
  // Forward: prefix[i] = Π_{j ≤ i} denominator_j.
  BaseField acc = BaseField::one();
  for (std::size_t i = 0; i < count; ++i) {
    const AffinePoint<Curve>& p = src[left[i]];
    const AffinePoint<Curve>& q = src[left[i] + 1];
    const AffinePairCase pair_case = classify_affine_pair(p, q);
    if (affine_pair_has_denominator(pair_case)) acc = acc * affine_pair_denominator(pair_case, p, q);
    scratch.pair_case[i] = pair_case;
    scratch.prefix[i] = acc;
  }
  BaseField inverse = acc.inverse_vartime();
  // Backward: peel one denominator at a time.
  for (std::size_t i = count; i-- > 0;) {
    const AffinePoint<Curve>& p = src[left[i]];
    const AffinePoint<Curve>& q = src[left[i] + 1];
    const AffinePairCase pair_case = scratch.pair_case[i];
    BaseField inv_denominator{};
    if (affine_pair_has_denominator(pair_case)) {
      inv_denominator = i == 0 ? inverse : inverse * scratch.prefix[i - 1];
      inverse = inverse * affine_pair_denominator(pair_case, p, q);
    }
    out[dest[i]] = affine_pair_sum(pair_case, p, q, inv_denominator);
  }
}

}  // namespace zkmsm
