// The CPU backend's own knobs against the reference MSM: every n from 1 to 64 with both
// accumulators, and thread counts. The edge cases of ARCHITECTURE.md, "Correctness contract", window sizes and random sizes
// run on every backend in tests/conformance.
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

TYPED_TEST(CpuMsmTest, ThreadCountsAgree) {
  using Curve = TypeParam;
  const std::size_t n = 5000;  // above the single-thread cut-off
  const auto points = independent_points<Curve>(n, this->rng());
  const auto scalars = random_scalars_256<Curve>(n, this->rng);
  const auto expected = this->cpu_msm(points, scalars, {.threads = 1});
  for (unsigned threads : {2u, 3u, 8u}) EXPECT_EQ(this->cpu_msm(points, scalars, {.threads = threads}), expected);
  EXPECT_EQ(this->cpu_msm(points, scalars, {.window_bits = 7, .threads = 2}), expected);
}

}  // namespace
}  // namespace zkmsm::test
