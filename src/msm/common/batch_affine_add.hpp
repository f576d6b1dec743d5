// Complete batched affine additions: many independent sums P + Q with ONE field inversion
// (Montgomery's trick), correct for every input.
//
// For each pair the denominator is chosen by case, so no pair can poison the batch:
//   P or Q at infinity   → result is the other point       denominator 1
//   x_P ≠ x_Q            → λ = (y_Q − y_P) / (x_Q − x_P)     denominator x_Q − x_P
//   P = Q, y_P ≠ 0       → λ = 3·x_P² / (2·y_P)  (doubling)  denominator 2·y_P
//   P = −Q               → result is infinity               denominator 1
// then x₃ = λ² − x_P − x_Q, y₃ = λ·(x_P − x₃) − y_P. Cost of the generic case: 6
// multiplications (1 forward prefix, 2 backward, λ, λ², y₃) plus 1/count of an inversion.
// The fast path is one x comparison per pair.
#pragma once

#include <cstddef>
#include <cstdint>

#include "curve/affine_point.hpp"

namespace zkmsm {

enum class AffineSumKind : std::uint8_t { add, doubling, copy_lhs, copy_rhs, infinity };

template <class Curve>
struct BatchAffineScratch {
  typename Curve::BaseField* prefix;  // `count` elements
  AffineSumKind* kind;                // `count` elements
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
    AffineSumKind kind;
    if (p.x != q.x) {
      // Infinity is (0, 0); x = 0 is also a valid affine x on some curves, so check y too.
      if (p.is_infinity()) {
        kind = AffineSumKind::copy_rhs;
      } else if (q.is_infinity()) {
        kind = AffineSumKind::copy_lhs;
      } else {
        kind = AffineSumKind::add;
        acc = acc * (q.x - p.x);
      }
    } else if (p.is_infinity()) {
      kind = AffineSumKind::copy_rhs;  // both at infinity, or rhs finite with x = 0
    } else if (q.is_infinity()) {
      kind = AffineSumKind::copy_lhs;
    } else if (p.y == q.y && !p.y.is_zero()) {
      kind = AffineSumKind::doubling;
      acc = acc * p.y.doubled();
    } else {
      kind = AffineSumKind::infinity;
    }
    scratch.kind[i] = kind;
    scratch.prefix[i] = acc;
  }
  BaseField inverse = acc.inverse_vartime();
  // Backward: peel one denominator at a time.
  for (std::size_t i = count; i-- > 0;) {
    const AffinePoint<Curve>& p = src[left[i]];
    const AffinePoint<Curve>& q = src[left[i] + 1];
    AffinePoint<Curve>& r = out[dest[i]];
    const AffineSumKind kind = scratch.kind[i];
    if (kind == AffineSumKind::add || kind == AffineSumKind::doubling) {
      const BaseField inv_denominator = i == 0 ? inverse : inverse * scratch.prefix[i - 1];
      BaseField lambda;
      if (kind == AffineSumKind::add) {
        inverse = inverse * (q.x - p.x);
        lambda = (q.y - p.y) * inv_denominator;
      } else {
        inverse = inverse * p.y.doubled();
        const BaseField x2 = p.x.squared();
        lambda = (x2.doubled() + x2) * inv_denominator;
      }
      const BaseField x3 = lambda.squared() - p.x - q.x;
      r.y = lambda * (p.x - x3) - p.y;
      r.x = x3;
    } else if (kind == AffineSumKind::copy_lhs) {
      r = p;
    } else if (kind == AffineSumKind::copy_rhs) {
      r = q;
    } else {
      r = AffinePoint<Curve>::infinity();
    }
  }
}

}  // namespace zkmsm
