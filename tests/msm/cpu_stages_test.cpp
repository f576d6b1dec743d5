// The CPU backend's stages on their own: sort_by_bucket, reduce_buckets (plain form) and
// combine_windows, each against a direct computation.
#include <gtest/gtest.h>

#include <vector>

#include "field/test_support.hpp"
#include "msm/common/combine_windows.hpp"
#include "msm/cpu/reduce_window_xyzz.hpp"
#include "msm/cpu/sort_by_bucket.hpp"
#include "msm/msm_test_support.hpp"

namespace zkmsm::test {
namespace {

class BucketSortTest : public SeededTest {};

TEST_F(BucketSortTest, GroupsByMagnitudeKeepsSignsAndDropsZeros) {
  const std::uint32_t buckets = 64;
  const std::size_t n = 5000;
  std::vector<std::uint32_t> digits(n);
  for (auto& d : digits) {
    const std::uint32_t magnitude = static_cast<std::uint32_t>(rng() % (buckets + 1));
    d = magnitude | ((rng() & 1) != 0 && magnitude != 0 ? cpu::kNegativeDigit : 0);
  }
  std::vector<std::uint32_t> entries(n), offsets(buckets + 2);
  cpu::sort_window_by_bucket(entries.data(), offsets.data(), digits.data(), n, buckets);

  std::size_t nonzero = 0;
  for (auto d : digits) nonzero += (d & ~cpu::kNegativeDigit) != 0;
  ASSERT_EQ(offsets[1], 0u);
  ASSERT_EQ(offsets[buckets + 1], nonzero);
  for (std::uint32_t b = 1; b <= buckets; ++b) {
    std::vector<std::uint32_t> expected;
    for (std::size_t i = 0; i < n; ++i)
      if ((digits[i] & ~cpu::kNegativeDigit) == b)
        expected.push_back(static_cast<std::uint32_t>(i) | (digits[i] & cpu::kNegativeDigit));
    const std::vector<std::uint32_t> got(entries.begin() + offsets[b], entries.begin() + offsets[b + 1]);
    EXPECT_EQ(got, expected) << "bucket " << b;
  }
}

template <class Curve>
class CpuStagesTest : public SeededTest {};
using Curves = ::testing::Types<Bn254G1, GrumpkinG1>;
TYPED_TEST_SUITE(CpuStagesTest, Curves);

TYPED_TEST(CpuStagesTest, ReduceWindowIsTheWeightedBucketSum) {
  using Curve = TypeParam;
  const std::uint32_t buckets = 40;
  auto points = independent_points<Curve>(buckets + 1, this->rng());
  points[0] = AffinePoint<Curve>::infinity();  // bucket 0 is never read
  points[7] = AffinePoint<Curve>::infinity();  // an empty bucket
  points[8] = -points[9];                      // cancelling neighbours
  std::vector<Integer<Curve>> weights(buckets + 1);
  for (std::uint32_t b = 0; b <= buckets; ++b) weights[b] = small_scalar<Curve>(b);
  const auto expected = reference_msm<Curve>(points, weights);

  EXPECT_EQ(cpu::reduce_window<Curve>(points.data(), buckets).to_affine(), expected);
  std::vector<XyzzPoint<Curve>> xyzz(points.size());
  for (std::size_t i = 0; i < points.size(); ++i)
    xyzz[i] = XyzzPoint<Curve>::from_affine(points[i]).doubled() + XyzzPoint<Curve>::from_affine(-points[i]);
  EXPECT_EQ(cpu::reduce_window<Curve>(xyzz.data(), buckets).to_affine(), expected);
}

TYPED_TEST(CpuStagesTest, CombineWindowsIsHorner) {
  using Curve = TypeParam;
  const unsigned c = 13, windows = 6;
  auto points = independent_points<Curve>(windows, this->rng());
  points[2] = AffinePoint<Curve>::infinity();
  std::vector<XyzzPoint<Curve>> sums;
  std::vector<Integer<Curve>> powers(windows);
  for (unsigned w = 0; w < windows; ++w) {
    sums.push_back(XyzzPoint<Curve>::from_affine(points[w]));
    powers[w].limb[(w * c) / 64] = std::uint64_t{1} << ((w * c) % 64);
  }
  EXPECT_EQ(combine_windows<Curve>(sums, c), reference_msm<Curve>(points, powers));
  EXPECT_TRUE(combine_windows<Curve>(std::span<const XyzzPoint<Curve>>{}, c).is_infinity());
}

}  // namespace
}  // namespace zkmsm::test
