// The CPU backend against the reference MSM: every n from 1 to 64, non-powers of two, every
// window size, both accumulators, thread counts, and the edge cases of DESIGN.md §3.
#include <gtest/gtest.h>

#include <vector>

#include "field/test_support.hpp"
#include "msm/cpu/cpu_msm.hpp"
#include "msm/msm_test_support.hpp"

namespace zkmsm::test {
namespace {

template <class Curve>
class CpuMsmTest : public SeededTest {
 protected:
  using Affine = AffinePoint<Curve>;

  static Affine cpu_msm(const std::vector<Affine>& points,
                        const std::vector<Integer<Curve>>& scalars,
                        cpu::CpuMsmOptions options = {}) {
    cpu::CpuMsmReport report;
    const Affine result = cpu::msm<Curve>(points, scalars, options, &report);
    EXPECT_TRUE(result.is_on_curve());
    EXPECT_EQ(report.stages.size(), 5u);
    return result;
  }
  static Affine reference(const std::vector<Affine>& points, const std::vector<Integer<Curve>>& scalars) {
    return reference_msm<Curve>(points, scalars);
  }
  void expect_matches_reference(const std::vector<Affine>& points,
                                const std::vector<Integer<Curve>>& scalars,
                                cpu::CpuMsmOptions options = {}) {
    EXPECT_EQ(cpu_msm(points, scalars, options), reference(points, scalars))
        << "n = " << points.size() << ", c = " << options.window_bits
        << ", accumulator = " << cpu::to_string(options.accumulator);
  }
};
using Curves = ::testing::Types<Bn254G1, GrumpkinG1>;
TYPED_TEST_SUITE(CpuMsmTest, Curves);

TYPED_TEST(CpuMsmTest, EverySizeFrom1To64BothAccumulators) {
  using Curve = TypeParam;
  const auto points = independent_points<Curve>(64, this->rng());
  const auto scalars = random_scalars_256<Curve>(64, this->rng);
  for (std::size_t n = 1; n <= 64; ++n) {
    const std::vector<AffinePoint<Curve>> p(points.begin(), points.begin() + n);
    const std::vector<Integer<Curve>> s(scalars.begin(), scalars.begin() + n);
    const auto expected = this->reference(p, s);
    for (auto accumulator : {cpu::CpuAccumulator::batch_affine, cpu::CpuAccumulator::xyzz}) {
      EXPECT_EQ(this->cpu_msm(p, s, {.accumulator = accumulator}), expected)
          << "n = " << n << " " << cpu::to_string(accumulator);
    }
  }
}

TYPED_TEST(CpuMsmTest, NonPowersOfTwo) {
  using Curve = TypeParam;
  for (std::size_t n : {100u, 1000u, 1500u, 3001u}) {
    const auto points = independent_points<Curve>(n, this->rng());
    this->expect_matches_reference(points, random_scalars_256<Curve>(n, this->rng));
  }
}

TYPED_TEST(CpuMsmTest, EveryWindowSizeGivesTheSameResult) {
  using Curve = TypeParam;
  const std::size_t n = 300;
  const auto points = independent_points<Curve>(n, this->rng());
  const auto scalars = random_scalars_256<Curve>(n, this->rng);
  const auto expected = this->reference(points, scalars);
  // Up to c = 16: beyond it the bucket reduction alone (2^(c−1) buckets per window) costs seconds.
  for (unsigned c = 2; c <= 16; ++c) {
    EXPECT_EQ(this->cpu_msm(points, scalars, {.window_bits = c}), expected) << "c = " << c;
  }
}

TYPED_TEST(CpuMsmTest, ThreadCountsAgree) {
  using Curve = TypeParam;
  const std::size_t n = 5000;  // above the single-thread cut-off
  const auto points = independent_points<Curve>(n, this->rng());
  const auto scalars = random_scalars_256<Curve>(n, this->rng);
  const auto expected = this->cpu_msm(points, scalars, {.threads = 1});
  for (unsigned threads : {2u, 3u, 8u}) EXPECT_EQ(this->cpu_msm(points, scalars, {.threads = threads}), expected);
  EXPECT_EQ(this->cpu_msm(points, scalars, {.window_bits = 7, .threads = 2}), expected);
}

TYPED_TEST(CpuMsmTest, EmptyInputIsInfinity) { EXPECT_TRUE(this->cpu_msm({}, {}).is_infinity()); }

TYPED_TEST(CpuMsmTest, SinglePoint) {
  using Curve = TypeParam;
  const auto points = independent_points<Curve>(1, this->rng());
  this->expect_matches_reference(points, random_scalars_256<Curve>(1, this->rng));
  EXPECT_EQ(this->cpu_msm(points, {small_scalar<Curve>(1)}), points[0]);
}

TYPED_TEST(CpuMsmTest, AllZeroScalarsGiveInfinity) {
  using Curve = TypeParam;
  const auto points = independent_points<Curve>(500, this->rng());
  const std::vector<Integer<Curve>> zeros(points.size(), small_scalar<Curve>(0));
  EXPECT_TRUE(this->cpu_msm(points, zeros).is_infinity());
  const std::vector<Integer<Curve>> orders(points.size(), order_plus<Curve>(0));
  EXPECT_TRUE(this->cpu_msm(points, orders).is_infinity());
}

TYPED_TEST(CpuMsmTest, ScalarsAroundTheGroupOrder) {
  using Curve = TypeParam;
  const auto points = independent_points<Curve>(5, this->rng());
  const std::vector<Integer<Curve>> scalars = {order_plus<Curve>(-1), order_plus<Curve>(0), order_plus<Curve>(1),
                                               all_ones<Curve>(), small_scalar<Curve>(0)};
  this->expect_matches_reference(points, scalars);
  // (r − 1)·P + (r + 1)·P = 2r·P = infinity for the same P.
  const std::vector<AffinePoint<Curve>> same = {points[0], points[0]};
  EXPECT_TRUE(this->cpu_msm(same, {order_plus<Curve>(-1), order_plus<Curve>(1)}).is_infinity());
}

TYPED_TEST(CpuMsmTest, RepeatedPointsAllDoublings) {
  using Curve = TypeParam;
  const auto base = independent_points<Curve>(1, this->rng());
  for (std::size_t n : {2u, 3u, 64u, 4096u}) {
    const std::vector<AffinePoint<Curve>> points(n, base[0]);
    // Equal scalars put every copy in the same bucket of every window.
    const std::vector<Integer<Curve>> equal(n, random_scalars_below_r<Curve>(1, this->rng)[0]);
    this->expect_matches_reference(points, equal);
    this->expect_matches_reference(points, random_scalars_256<Curve>(n, this->rng));
  }
}

TYPED_TEST(CpuMsmTest, PointAndNegationInOneBucketCancel) {
  using Curve = TypeParam;
  const auto p = independent_points<Curve>(200, this->rng());
  std::vector<AffinePoint<Curve>> points;
  std::vector<Integer<Curve>> scalars;
  const auto s = random_scalars_below_r<Curve>(p.size(), this->rng);
  for (std::size_t i = 0; i < p.size(); ++i) {
    points.push_back(p[i]);
    points.push_back(-p[i]);
    scalars.push_back(s[i]);
    scalars.push_back(s[i]);
  }
  EXPECT_TRUE(this->cpu_msm(points, scalars).is_infinity());
  // Unbalanced: one extra copy survives.
  points.push_back(p[0]);
  scalars.push_back(s[0]);
  this->expect_matches_reference(points, scalars);
}

TYPED_TEST(CpuMsmTest, InfinityAmongTheInputs) {
  using Curve = TypeParam;
  auto points = independent_points<Curve>(300, this->rng());
  for (std::size_t i = 0; i < points.size(); i += 3) points[i] = AffinePoint<Curve>::infinity();
  this->expect_matches_reference(points, random_scalars_256<Curve>(points.size(), this->rng));
  const std::vector<AffinePoint<Curve>> only_infinity(10, AffinePoint<Curve>::infinity());
  EXPECT_TRUE(this->cpu_msm(only_infinity, random_scalars_256<Curve>(10, this->rng)).is_infinity());
}

TYPED_TEST(CpuMsmTest, SmallScalars) {
  using Curve = TypeParam;
  const auto points = independent_points<Curve>(1000, this->rng());
  std::vector<Integer<Curve>> scalars(points.size());
  for (auto& s : scalars) s = small_scalar<Curve>(this->rng() % 4);
  this->expect_matches_reference(points, scalars);
}

TYPED_TEST(CpuMsmTest, ArithmeticProgressionCollides) {
  using Curve = TypeParam;
  // k·G, k = 1..n: bucket partial sums hit equal x-coordinates, which the complete batched
  // addition must survive.
  const auto points = arithmetic_progression<Curve>(2000);
  std::vector<Integer<Curve>> ones(points.size(), small_scalar<Curve>(1));
  this->expect_matches_reference(points, ones);
  this->expect_matches_reference(points, random_scalars_256<Curve>(points.size(), this->rng));
}

}  // namespace
}  // namespace zkmsm::test
