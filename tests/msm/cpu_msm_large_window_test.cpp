// The CPU backend's wide-window paths against the reference MSM on adversarial inputs: with
// c ≥ 9 reduce_buckets runs the segmented batched affine running sums (BatchAffineReducer),
// and on AVX-512 IFMA machines accumulate_buckets and reduce_buckets run the 8-lane adder.
// Repeated points and consecutive scalars make bucket sums, running sums and totals meet
// equal x-coordinates (doublings), negations (cancellations) and infinity in every batch.
#include <gtest/gtest.h>

#include <vector>

#include "field/test_support.hpp"
#include "msm/cpu/cpu_msm.hpp"
#include "msm/msm_test_support.hpp"

namespace zkmsm::test {
namespace {

template <class Curve>
class CpuMsmLargeWindowTest : public SeededTest {
 protected:
  using Affine = AffinePoint<Curve>;
  void expect_matches_reference(const std::vector<Affine>& points, const std::vector<Integer<Curve>>& scalars) {
    const Affine expected = reference_msm<Curve>(points, scalars);
    for (unsigned c : {9u, 10u, 12u}) {
      for (unsigned threads : {1u, 2u}) {
        cpu::CpuMsmReport report;
        const Affine result = cpu::msm<Curve>(points, scalars, {.window_bits = c, .threads = threads}, &report);
        EXPECT_EQ(result, expected) << "n = " << points.size() << ", c = " << c << ", threads = " << threads;
      }
    }
  }
};
using Curves = ::testing::Types<Bn254G1, GrumpkinG1>;
TYPED_TEST_SUITE(CpuMsmLargeWindowTest, Curves);

// One point, scalars 1..n: with c = 10 window 0 puts P and −P (digit b and b − 1024) into
// bucket b, which cancels; other windows get equal bucket sums that double.
TYPED_TEST(CpuMsmLargeWindowTest, OnePointConsecutiveScalars) {
  using Curve = TypeParam;
  const auto base = independent_points<Curve>(1, this->rng());
  for (std::size_t n : {511u, 1000u, 2100u}) {
    const std::vector<AffinePoint<Curve>> points(n, base[0]);
    std::vector<Integer<Curve>> scalars(n);
    for (std::size_t i = 0; i < n; ++i) scalars[i] = small_scalar<Curve>(i + 1);
    this->expect_matches_reference(points, scalars);
  }
}

TYPED_TEST(CpuMsmLargeWindowTest, OnePointRandomScalars) {
  using Curve = TypeParam;
  const auto base = independent_points<Curve>(1, this->rng());
  const std::vector<AffinePoint<Curve>> points(3000, base[0]);
  this->expect_matches_reference(points, random_scalars_256<Curve>(points.size(), this->rng));
}

TYPED_TEST(CpuMsmLargeWindowTest, ArithmeticProgressionWithSmallScalars) {
  using Curve = TypeParam;
  const auto points = arithmetic_progression<Curve>(3000);
  std::vector<Integer<Curve>> scalars(points.size());
  for (std::size_t i = 0; i < scalars.size(); ++i) scalars[i] = small_scalar<Curve>(1 + this->rng() % 2048);
  this->expect_matches_reference(points, scalars);
}

TYPED_TEST(CpuMsmLargeWindowTest, NegationsInfinityAndZeros) {
  using Curve = TypeParam;
  const auto p = independent_points<Curve>(1500, this->rng());
  const auto s = random_scalars_below_r<Curve>(p.size(), this->rng);
  std::vector<AffinePoint<Curve>> points;
  std::vector<Integer<Curve>> scalars;
  for (std::size_t i = 0; i < p.size(); ++i) {
    points.push_back(p[i]);
    scalars.push_back(s[i]);
    if (i % 3 == 0) {
      points.push_back(-p[i]);  // cancels p[i] in every bucket
      scalars.push_back(s[i]);
    } else if (i % 3 == 1) {
      points.push_back(AffinePoint<Curve>::infinity());
      scalars.push_back(s[i]);
    } else {
      points.push_back(p[i]);  // doubles p[i] in every bucket
      scalars.push_back(s[i]);
    }
  }
  scalars[5] = small_scalar<Curve>(0);
  this->expect_matches_reference(points, scalars);
}

}  // namespace
}  // namespace zkmsm::test
