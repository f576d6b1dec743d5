// Complete batched affine addition: every case of the batch agrees with the Jacobian formulas,
// and a degenerate pair does not disturb its neighbours in the batch.
#include <gtest/gtest.h>

#include <vector>

#include "field/test_support.hpp"
#include "msm/common/batch_affine_add.hpp"
#include "msm/msm_test_support.hpp"

namespace zkmsm::test {
namespace {

template <class Curve>
class BatchAffineAddTest : public SeededTest {};
using Curves = ::testing::Types<Bn254G1, GrumpkinG1>;
TYPED_TEST_SUITE(BatchAffineAddTest, Curves);

template <class Curve>
std::vector<AffinePoint<Curve>> add_pairs(const std::vector<AffinePoint<Curve>>& flat) {
  const std::size_t count = flat.size() / 2;
  std::vector<AffinePoint<Curve>> out(count);
  std::vector<std::uint32_t> left(count), dest(count);
  for (std::size_t i = 0; i < count; ++i) {
    left[i] = static_cast<std::uint32_t>(2 * i);
    dest[i] = static_cast<std::uint32_t>(count - 1 - i);  // scattered destinations
  }
  std::vector<typename Curve::BaseField> prefix(count);
  std::vector<AffinePairCase> pair_case(count);
  batch_add_adjacent_pairs<Curve>(out.data(), flat.data(), left.data(), dest.data(), count,
                                  {prefix.data(), pair_case.data()});
  std::vector<AffinePoint<Curve>> in_order(count);
  for (std::size_t i = 0; i < count; ++i) in_order[i] = out[count - 1 - i];
  return in_order;
}

TYPED_TEST(BatchAffineAddTest, EveryCaseMatchesJacobianAddition) {
  using Curve = TypeParam;
  using Affine = AffinePoint<Curve>;
  const auto p = independent_points<Curve>(8, this->rng());
  const Affine inf = Affine::infinity();
  // Pairs: generic, doubling, P + (−P), inf + P, P + inf, inf + inf, generic again.
  const std::vector<Affine> flat = {p[0], p[1], p[2], p[2], p[3], -p[3], inf, p[4], p[5], inf, inf, inf, p[6], p[7]};
  const auto sums = add_pairs<Curve>(flat);
  ASSERT_EQ(sums.size(), flat.size() / 2);
  for (std::size_t i = 0; i < sums.size(); ++i) {
    const auto expected = JacobianPoint<Curve>::from_affine(flat[2 * i]).add_affine(flat[2 * i + 1]).to_affine();
    EXPECT_EQ(sums[i], expected) << "pair " << i;
    EXPECT_TRUE(sums[i].is_on_curve()) << "pair " << i;
  }
}

TYPED_TEST(BatchAffineAddTest, ABatchOfOnlyDegeneratePairs) {
  using Curve = TypeParam;
  using Affine = AffinePoint<Curve>;
  const auto p = independent_points<Curve>(3, this->rng());
  const std::vector<Affine> flat = {p[0], p[0], p[1], -p[1], Affine::infinity(), Affine::infinity(), p[2], p[2]};
  const auto sums = add_pairs<Curve>(flat);
  EXPECT_EQ(sums[0], JacobianPoint<Curve>::from_affine(p[0]).doubled().to_affine());
  EXPECT_TRUE(sums[1].is_infinity());
  EXPECT_TRUE(sums[2].is_infinity());
  EXPECT_EQ(sums[3], JacobianPoint<Curve>::from_affine(p[2]).doubled().to_affine());
}

TYPED_TEST(BatchAffineAddTest, LargeRandomBatch) {
  using Curve = TypeParam;
  const auto flat = independent_points<Curve>(2000, this->rng());
  const auto sums = add_pairs<Curve>(flat);
  for (std::size_t i = 0; i < sums.size(); ++i) {
    ASSERT_EQ(sums[i], JacobianPoint<Curve>::from_affine(flat[2 * i]).add_affine(flat[2 * i + 1]).to_affine());
  }
}

}  // namespace
}  // namespace zkmsm::test
