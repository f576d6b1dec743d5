// api/fixed_base_table.hpp: [k]G for many k at once equals the tests' own double-and-add, for
// random k, k with one non-zero byte at each position, the largest bytes, and k ≥ r (where a sum
// meets ± its next table point: the doubling and infinity cases); to_affine_batch equals to_affine.
#include <gtest/gtest.h>

#include <vector>

#include "curve/curve_test_support.hpp"
#include "api/fixed_base_table.hpp"

namespace zkmsm::test {
namespace {

template <class Curve>
class FixedBaseTableTest : public SeededTest {};
TYPED_TEST_SUITE(FixedBaseTableTest, AllCurves);

TYPED_TEST(FixedBaseTableTest, MultiplesEqualDoubleAndAdd) {
  using Curve = TypeParam;
  using Scalar = ScalarInteger<Curve>;
  const Scalar r = Curve::ScalarField::modulus();
  std::vector<Scalar> scalars;
  for (int i = 0; i < 40; ++i) scalars.push_back(random_below(this->rng, r));
  for (std::size_t byte = 0; byte < sizeof(Scalar); ++byte) {
    Scalar one_byte{};
    one_byte.limb[byte / 8] = std::uint64_t{0x5a + byte} << (8 * (byte % 8));
    if (compare(one_byte, r) < 0) scalars.push_back(one_byte);
  }
  Scalar one{};
  one.limb[0] = 1;
  Scalar r_minus_one = r;
  r_minus_one.limb[0] -= 1;  // r is odd
  Scalar r_plus_one = r;
  r_plus_one.limb[0] += 1;
  scalars.insert(scalars.end(), {one, r_minus_one, r, r_plus_one});
  const FixedBaseTable<Curve> table;
  const auto multiples = table.multiply_all(scalars);
  ASSERT_EQ(multiples.size(), scalars.size());
  const auto g = AffinePoint<Curve>::generator();
  for (std::size_t i = 0; i < scalars.size(); ++i) {
    EXPECT_EQ(multiples[i], mul_jacobian(scalars[i], g).to_affine()) << "scalar " << i;
  }
  EXPECT_TRUE(multiples[multiples.size() - 2].is_infinity());  // [r]G
  EXPECT_EQ(multiples.back(), g);                              // [r + 1]G
}

TYPED_TEST(FixedBaseTableTest, BatchToAffineEqualsOneByOne) {
  using Curve = TypeParam;
  const auto g = AffinePoint<Curve>::generator();
  std::vector<JacobianPoint<Curve>> points;
  for (int i = 0; i < 30; ++i)
    points.push_back(mul_jacobian(random_below(this->rng, Curve::ScalarField::modulus()), g));
  const auto affine = to_affine_batch(points);
  ASSERT_EQ(affine.size(), points.size());
  for (std::size_t i = 0; i < points.size(); ++i) EXPECT_EQ(affine[i], points[i].to_affine());
}

}  // namespace
}  // namespace zkmsm::test
