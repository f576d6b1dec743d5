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
  // position, each sum gets its table point by an affine addition, the additions' inversions
  // batched (Montgomery's trick: one inversion per byte position). A sum whose x equals its table
  // point's (a doubling, or P − P) takes the Jacobian formulas instead: never for 0 < k < r (the
  // bytes below position j sum to A < 2^(8j), and A ≡ ±d·2^(8j) (mod r) needs k ≥ r), but k ≥ r
  // gets there.
  std::vector<Affine> multiply_all(const std::vector<Scalar>& scalars) const {
    const std::size_t m = scalars.size();
    std::vector<Affine> sums(m, Affine::infinity());
    std::vector<BaseField> dx(m);
    std::vector<BaseField> prefix(m);
    std::vector<const Affine*> addend(m);  // the table point of a batched addition, else null
    for (std::size_t j = 0; j < kBytes; ++j) {
      BaseField running = BaseField::one();
      for (std::size_t i = 0; i < m; ++i) {
        addend[i] = nullptr;
        const unsigned digit = static_cast<unsigned>(scalars[i].limb[j / 8] >> (8 * (j % 8))) & 0xffu;
        if (digit == 0) continue;
        const Affine& t = points_[j * kDigits + digit - 1];
        if (sums[i].is_infinity()) {
          sums[i] = t;
        } else if (sums[i].x == t.x) {
          sums[i] = JacobianPoint<Curve>::from_affine(sums[i]).add_affine(t).to_affine();
        } else {
          addend[i] = &t;
          dx[i] = t.x - sums[i].x;
          prefix[i] = running;
          running = running * dx[i];
        }
      }
      BaseField inverse = running.inverse_vartime();  // 1 / (the product of the batch's dx)
      for (std::size_t i = m; i-- > 0;) {
        if (addend[i] == nullptr) continue;
        const BaseField dx_inv = inverse * prefix[i];
        inverse = inverse * dx[i];
        const Affine& t = *addend[i];
        Affine& sum = sums[i];
        const BaseField lambda = (t.y - sum.y) * dx_inv;
        const BaseField x3 = lambda.squared() - sum.x - t.x;
        sum.y = lambda * (sum.x - x3) - sum.y;
        sum.x = x3;
      }
    }
    return sums;
  }

 private:
  std::vector<Affine> points_;
};

}  // namespace zkmsm
