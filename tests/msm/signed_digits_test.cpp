// decompose_scalars: Booth digits recompose to the scalar, stay in range, and need no carry
// out of the top window for every scalar below r.
#include <gtest/gtest.h>

#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "field/test_support.hpp"
#include "msm/common/signed_digits.hpp"
#include "msm/msm_test_support.hpp"

namespace zkmsm::test {
namespace {

template <class Curve>
class SignedDigitsTest : public SeededTest {};
using Curves = ::testing::Types<Bn254G1, GrumpkinG1>;
TYPED_TEST_SUITE(SignedDigitsTest, Curves);

// Σ d_w·2^(w·c) computed as a field element of the scalar field.
template <class Curve>
typename Curve::ScalarField recompose(const Integer<Curve>& s, unsigned c) {
  using ScalarField = typename Curve::ScalarField;
  const unsigned windows = signed_window_count(Curve::ScalarField::Constants::modulus_bits, c);
  ScalarField sum = ScalarField::zero();
  ScalarField weight = ScalarField::one();
  const ScalarField radix = ScalarField::from_u64(std::uint64_t{1} << c);
  for (unsigned w = 0; w < windows; ++w) {
    const std::int32_t d = signed_digit(s, w, c);
    EXPECT_LE(d, 1 << (c - 1));
    EXPECT_GE(d, -(1 << (c - 1)));
    sum += ScalarField::from_i64(d) * weight;
    weight *= radix;
  }
  return sum;
}

TYPED_TEST(SignedDigitsTest, RecomposesRandomScalarsForEveryWindowSize) {
  using Curve = TypeParam;
  const auto scalars = random_scalars_below_r<Curve>(64, this->rng);
  for (unsigned c = 2; c <= 22; ++c) {
    for (const auto& s : scalars) {
      EXPECT_EQ(recompose<Curve>(s, c), Curve::ScalarField::from_canonical(s)) << "c = " << c;
    }
  }
}

TYPED_TEST(SignedDigitsTest, RecomposesEdgeScalars) {
  using Curve = TypeParam;
  const Integer<Curve> edges[] = {small_scalar<Curve>(0), small_scalar<Curve>(1), order_plus<Curve>(-1),
                                  order_plus<Curve>(-2), small_scalar<Curve>(~std::uint64_t{0})};
  for (unsigned c = 2; c <= 22; ++c) {
    for (const auto& s : edges) EXPECT_EQ(recompose<Curve>(s, c), Curve::ScalarField::from_canonical(s));
  }
}

TYPED_TEST(SignedDigitsTest, TopWindowOfLargestScalarIsNonNegative) {
  using Curve = TypeParam;
  const Integer<Curve> largest = order_plus<Curve>(-1);
  for (unsigned c = 2; c <= 22; ++c) {
    const unsigned windows = signed_window_count(Curve::ScalarField::Constants::modulus_bits, c);
    EXPECT_GE(signed_digit(largest, windows - 1, c), 0) << "c = " << c;
  }
}

TEST(ReduceMod, ReducesAllOnesBelowR) {
  const auto reduced = reduce_mod(all_ones<Bn254G1>(), Bn254Fr::modulus());
  EXPECT_LT(compare(reduced, Bn254Fr::modulus()), 0);
  // 2^256 − 1 mod r, computed with Python.
  const auto expected = parse_hex<4>("0x0e0a77c19a07df2f666ea36f7879462e36fc76959f60cd29ac96341c4ffffffa");
  EXPECT_EQ(reduced, expected);
}

}  // namespace
}  // namespace zkmsm::test
