// [k]G for many scalars k at once, G the curve's generator: a table of d·2^(8j)·G for every byte
// position j of a scalar and digit d = 1..255 (affine, 255·32 points, built once), and [k]G as the
// sum of one table point per non-zero byte of k, the sums of a whole batch of scalars advanced
// byte position by byte position with affine additions whose inversions are batched (Montgomery's
// trick: one inversion per byte position). About 6 multiplications per addition, 32 additions per
// point. Host only, variable time: for random inputs (zkmsm/random_inputs.hpp), never secrets.
#pragma once

#include <cstddef>
#include <vector>

#include "curve/affine_point.hpp"
#include "curve/jacobian_point.hpp"
#include "msm/common/affine_pair.hpp"

namespace zkmsm {

// Jacobian points made affine with one inversion (Montgomery's trick); none may be infinity.
template <class Curve>
std::vector<AffinePoint<Curve>> to_affine_batch(const std::vector<JacobianPoint<Curve>>& points) {
  using BaseField = typename Curve::BaseField;
  std::vector<BaseField> prefix(points.size());
  BaseField running = BaseField::one();
  for (std::size_t i = 0; i < points.size(); ++i) {
    prefix[i] = running;
    running = running * points[i].Z;
  }
  BaseField inverse = running.inverse_vartime();  // 1 / (Z_0 ⋯ Z_{m−1})
  std::vector<AffinePoint<Curve>> out(points.size());
  for (std::size_t i = points.size(); i-- > 0;) {
    const BaseField z_inv = inverse * prefix[i];
    inverse = inverse * points[i].Z;
    const BaseField z_inv2 = z_inv.squared();
    out[i] = {points[i].X * z_inv2, points[i].Y * z_inv2 * z_inv};
  }
  return out;
}

// d·2^(8j)·G for every byte position j of a scalar and digit d = 1..255, affine: [k]G is the sum
// of one table point per non-zero byte of k.
template <class Curve>
class FixedBaseTable {
 public:
  using Affine = AffinePoint<Curve>;
  using BaseField = typename Curve::BaseField;
  using Scalar = typename Curve::ScalarField::Integer;
  static constexpr std::size_t kBytes = sizeof(Scalar);
  static constexpr std::size_t kDigits = 255;

  FixedBaseTable() {
    std::vector<JacobianPoint<Curve>> multiples;
    multiples.reserve(kBytes * kDigits);
    auto base = JacobianPoint<Curve>::from_affine(Affine::generator());  // 2^(8j)·G
    for (std::size_t j = 0; j < kBytes; ++j) {
      auto multiple = base;
      for (std::size_t d = 1; d <= kDigits; ++d) {
        multiples.push_back(multiple);
        multiple = multiple + base;
      }
      base = multiple;  // 256·2^(8j)·G
    }
    points_ = to_affine_batch(multiples);
  }

  // [k]G for every k in `scalars`, affine (infinity for a multiple of r). Byte position by byte
  // position, each sum gets its table point by the project's one complete affine addition
  // (msm/common/affine_pair.hpp), the additions' inversions batched (Montgomery's trick: one
  // inversion per byte position). For 0 < k < r every addition is the generic case (the bytes
  // below position j sum to A < 2^(8j), and A ≡ ±d·2^(8j) (mod r) needs k ≥ r).
  std::vector<Affine> multiply_all(const std::vector<Scalar>& scalars) const {
    const std::size_t m = scalars.size();
    std::vector<Affine> sums(m, Affine::infinity());
    std::vector<BaseField> denominator(m);
    std::vector<BaseField> prefix(m);
    std::vector<const Affine*> addend(m);  // the byte's table point, null for a zero byte
    std::vector<AffinePairCase> pair_case(m);
    for (std::size_t j = 0; j < kBytes; ++j) {
      BaseField running = BaseField::one();
      for (std::size_t i = 0; i < m; ++i) {
        const unsigned digit = static_cast<unsigned>(scalars[i].limb[j / 8] >> (8 * (j % 8))) & 0xffu;
        addend[i] = digit == 0 ? nullptr : &points_[j * kDigits + digit - 1];
        if (addend[i] == nullptr) continue;
        pair_case[i] = classify_affine_pair(sums[i], *addend[i]);
        if (!affine_pair_has_denominator(pair_case[i])) continue;
        denominator[i] = affine_pair_denominator(pair_case[i], sums[i], *addend[i]);
        prefix[i] = running;
        running = running * denominator[i];
      }
      BaseField inverse = running.inverse_vartime();  // 1 / (the product of the denominators)
      for (std::size_t i = m; i-- > 0;) {
        if (addend[i] == nullptr) continue;
        BaseField inverse_denominator = BaseField::zero();
        if (affine_pair_has_denominator(pair_case[i])) {
          inverse_denominator = inverse * prefix[i];
          inverse = inverse * denominator[i];
        }
        sums[i] = affine_pair_sum(pair_case[i], sums[i], *addend[i], inverse_denominator);
      }
    }
    return sums;
  }

 private:
  std::vector<Affine> points_;
};

}  // namespace zkmsm
