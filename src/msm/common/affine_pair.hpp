// One complete affine addition lhs + rhs on y² = x³ + b, split around the inversion of its
// denominator so that a batch of additions shares one inversion (Montgomery's trick). This is
// the ONE case analysis of the project: the CPU batch adders, the CUDA walkers and (mirrored
// name for name, with the numbers generated from AffinePairCase) the GLSL shaders use it.
//
//   case       when                              result                          denominator
//   copy_rhs   lhs at infinity                   rhs                             none
//   copy_lhs   rhs at infinity                   lhs                             none
//   add        x_lhs ≠ x_rhs                     λ = (y_rhs − y_lhs)/(x_rhs − x_lhs)   x_rhs − x_lhs
//   doubling   lhs = rhs, y ≠ 0                  λ = 3x²/(2y)                    2y
//   infinity   lhs = −rhs (or a y = 0 doubling)  infinity                        none
//   none       no addition (an idle slot)        lhs                             none
// then x₃ = λ² − x_lhs − x_rhs, y₃ = λ(x_lhs − x₃) − y_lhs. Cost of add: λ, λ², y₃ (3
// multiplications) after the inversion. Infinity is (0, 0) (affine_point.hpp).
//
// Affine is any point type with fields x, y and is_infinity() (AffinePoint<Curve> on the host
// and on the device); its field type offers ==, !=, +, −, *, squared(), doubled(), is_zero().
#pragma once

#include <cstdint>

#include "core/host_device.hpp"

namespace zkmsm {

enum class AffinePairCase : std::uint32_t {
  none = 0,
  add = 1,
  doubling = 2,
  copy_lhs = 3,
  copy_rhs = 4,
  infinity = 5,
};

// The case of lhs + rhs (table above).
template <class Affine>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE constexpr AffinePairCase classify_affine_pair(const Affine& lhs,
                                                                                   const Affine& rhs) {
  if (lhs.is_infinity()) return AffinePairCase::copy_rhs;
  if (rhs.is_infinity()) return AffinePairCase::copy_lhs;
  if (lhs.x != rhs.x) return AffinePairCase::add;
  if (lhs.y == rhs.y && !lhs.y.is_zero()) return AffinePairCase::doubling;
  return AffinePairCase::infinity;
}

// Whether the case divides by a denominator (add and doubling).
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE constexpr bool affine_pair_has_denominator(AffinePairCase pair_case) {
  return pair_case == AffinePairCase::add || pair_case == AffinePairCase::doubling;
}

// The nonzero denominator of an add or doubling case.
template <class Affine>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE constexpr auto affine_pair_denominator(AffinePairCase pair_case,
                                                                            const Affine& lhs,
                                                                            const Affine& rhs) {
  return pair_case == AffinePairCase::add ? rhs.x - lhs.x : lhs.y.doubled();
}

// lhs + rhs for an add or doubling case, from inverse_denominator = 1 / affine_pair_denominator(…).
template <class Affine, class Field>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE constexpr Affine affine_pair_slope_sum(AffinePairCase pair_case,
                                                                            const Affine& lhs,
                                                                            const Affine& rhs,
                                                                            const Field& inverse_denominator) {
  // One multiplication by the inverse after the branch (not one in each branch): the CUDA walkers'
  // registers and spills were measured with this shape.
  Field numerator;
  if (pair_case == AffinePairCase::add) {
    numerator = rhs.y - lhs.y;  // λ = (y_rhs − y_lhs) / (x_rhs − x_lhs)
  } else {
    const Field x_squared = lhs.x.squared();
    numerator = x_squared.doubled() + x_squared;  // λ = 3x² / 2y
  }
  const Field lambda = numerator * inverse_denominator;
  Affine out;
  out.x = lambda.squared() - lhs.x - rhs.x;
  out.y = lambda * (lhs.x - out.x) - lhs.y;
  return out;
}

// lhs + rhs for every case; inverse_denominator = 1 / affine_pair_denominator(…) where the case
// has one (ignored otherwise).
template <class Affine, class Field>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE constexpr Affine affine_pair_sum(AffinePairCase pair_case,
                                                                      const Affine& lhs,
                                                                      const Affine& rhs,
                                                                      const Field& inverse_denominator) {
  switch (pair_case) {
    case AffinePairCase::copy_rhs:
      return rhs;
    case AffinePairCase::none:
    case AffinePairCase::copy_lhs:
      return lhs;
    case AffinePairCase::infinity:
      return Affine::infinity();
    default:
      break;
  }
  return affine_pair_slope_sum(pair_case, lhs, rhs, inverse_denominator);
}

}  // namespace zkmsm
