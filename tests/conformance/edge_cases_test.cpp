// The edge cases of ARCHITECTURE.md, "Correctness contract" on every backend: no input, one input, many copies of one
// point, P and −P, an arithmetic progression, the point at infinity among the inputs, zero and
// small scalars, scalars at and above the group order r. Sizes scale with the backend's log n
// (conformance_backends.hpp; ZKMSM_TEST_LOG_N raises them).
#include <gtest/gtest.h>

#include "conformance/conformance_fixture.hpp"

namespace zkmsm::test {
namespace {

template <class Case>
class EdgeCases : public ConformanceTest<Case> {};
TYPED_TEST_SUITE(EdgeCases, ConformanceCases, ConformanceCaseNames);

TYPED_TEST(EdgeCases, NoInputIsInfinity) { EXPECT_TRUE(this->run({}, {}).is_infinity()); }

TYPED_TEST(EdgeCases, OnePoint) {
  using Curve = typename TestFixture::Curve;
  const auto points = random_public_points<Curve>(1, this->rng);
  this->expect_matches_reference(points, uniform_256_bit_scalars<Curve>(1, this->rng), "a random scalar");
  EXPECT_EQ(this->run(points, {scalar_of<Curve>(1)}), points[0]);
  EXPECT_TRUE(this->run(points, {scalar_of<Curve>(0)}).is_infinity());
}

TYPED_TEST(EdgeCases, ManyCopiesOfOnePoint) {
  using Curve = typename TestFixture::Curve;
  const auto base = random_public_points<Curve>(1, this->rng)[0];
  for (std::size_t n : {std::size_t{2}, std::size_t{16}, this->largest_n()}) {
    const typename TestFixture::Points points(n, base);
    // Equal scalars put every copy into the same bucket of every window: all doublings.
    const typename TestFixture::Scalars equal(n, scalars_below_r<Curve>(1, this->rng)[0]);
    this->expect_matches_reference(points, equal, "copies of one point, equal scalars");
    this->expect_matches_reference(points, uniform_256_bit_scalars<Curve>(n, this->rng),
                                   "copies of one point, random scalars");
  }
}

TYPED_TEST(EdgeCases, PointAndItsNegationCancel) {
  using Curve = typename TestFixture::Curve;
  const std::size_t pairs = this->largest_n() / 2;
  auto points = plus_minus_pairs<Curve>(pairs, this->rng);
  auto scalars = each_twice<Curve>(scalars_below_r<Curve>(pairs, this->rng));
  EXPECT_TRUE(this->run(points, scalars).is_infinity()) << pairs << " pairs P, -P with equal scalars";
  // Unbalanced: one more copy of a point survives the cancellations.
  points.push_back(points[2]);
  scalars.push_back(uniform_256_bit_scalars<Curve>(1, this->rng)[0]);
  this->expect_matches_reference(points, scalars, "P, -P pairs and one more P");
}

// An adversarial input, not a random one: partial sums of k·G meet equal x-coordinates.
TYPED_TEST(EdgeCases, ArithmeticProgression) {
  using Curve = typename TestFixture::Curve;
  for (std::size_t n : {std::size_t{300}, this->largest_n()}) {
    const auto points = public_arithmetic_progression<Curve>(n);
    this->expect_matches_reference(points, uniform_256_bit_scalars<Curve>(n, this->rng), "k*G, random scalars");
    this->expect_matches_reference(points, small_scalars<Curve>(n, 8, this->rng), "k*G, scalars 1..8");
  }
}

TYPED_TEST(EdgeCases, InfinityAmongTheInputs) {
  using Curve = typename TestFixture::Curve;
  for (std::size_t n : {std::size_t{50}, this->largest_n()}) {
    auto points = random_public_points<Curve>(n, this->rng);
    for (std::size_t i = 0; i < n; i += 3) points[i] = Point<Curve>{};
    this->expect_matches_reference(points, uniform_256_bit_scalars<Curve>(n, this->rng), "every third point infinity");
  }
  const typename TestFixture::Points only_infinity(100, Point<Curve>{});
  EXPECT_TRUE(this->run(only_infinity, uniform_256_bit_scalars<Curve>(100, this->rng)).is_infinity());
}

TYPED_TEST(EdgeCases, ZeroScalars) {
  using Curve = typename TestFixture::Curve;
  const std::size_t n = this->largest_n();
  const auto points = random_public_points<Curve>(n, this->rng);
  EXPECT_TRUE(this->run(points, typename TestFixture::Scalars(n)).is_infinity()) << "all scalars 0";
  EXPECT_TRUE(this->run(points, typename TestFixture::Scalars(n, group_order_plus<Curve>(0))).is_infinity())
      << "all scalars r";
  // Sparse: mostly zero, so most buckets stay empty.
  typename TestFixture::Scalars sparse(n);
  for (std::size_t i = 0; i < n; i += 97) sparse[i] = uniform_256_bit_scalars<Curve>(1, this->rng)[0];
  this->expect_matches_reference(points, sparse, "every 97th scalar non-zero");
}

// Scalars 0 … 3: almost every digit zero, the few non-zero ones in the lowest buckets.
TYPED_TEST(EdgeCases, SmallScalars) {
  using Curve = typename TestFixture::Curve;
  const std::size_t n = 1000;
  const auto points = random_public_points<Curve>(n, this->rng);
  typename TestFixture::Scalars scalars(n);
  for (auto& s : scalars) s[0] = this->rng() % 4;
  this->expect_matches_reference(points, scalars, "scalars 0..3");
}

TYPED_TEST(EdgeCases, ScalarsAtAndAboveTheGroupOrder) {
  using Curve = typename TestFixture::Curve;
  const std::size_t n = this->largest_n();
  const auto points = random_public_points<Curve>(n, this->rng);
  // Uniform 256-bit scalars are mostly ≥ r; the boundaries go first.
  auto scalars = uniform_256_bit_scalars<Curve>(n, this->rng);
  scalars[0] = group_order_plus<Curve>(-1);
  scalars[1] = group_order_plus<Curve>(0);
  scalars[2] = group_order_plus<Curve>(1);
  scalars[3] = largest_scalar<Curve>();
  scalars[4] = scalar_of<Curve>(0);
  this->expect_matches_reference(points, scalars, "uniform 256-bit scalars, r - 1, r, r + 1, 2^256 - 1, 0");
  // (r − 1)·P + (r + 1)·P = 2r·P = infinity.
  const typename TestFixture::Points same(2, points[0]);
  EXPECT_TRUE(this->run(same, {group_order_plus<Curve>(-1), group_order_plus<Curve>(1)}).is_infinity());
  const typename TestFixture::Points one(1, points[0]);
  this->expect_matches_reference(one, {largest_scalar<Curve>()}, "2^256 - 1 alone");
}

}  // namespace
}  // namespace zkmsm::test
