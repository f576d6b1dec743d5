// The CPU's batched affine stages on their own: BatchAffineAccumulator (accumulate_buckets) and
// BatchAffineReducer (reduce_buckets), with the portable adder and, where the CPU has AVX-512
// IFMA, the 8-lane adder; each against sums computed point by point.
#include <gtest/gtest.h>

#include <cstdint>
#include <type_traits>
#include <vector>

#include "field/test_support.hpp"
#include "host/cpu_features.hpp"
#include "msm/cpu/batch_affine_accumulator.hpp"
#include "msm/cpu/batch_affine_reducer.hpp"
#include "msm/cpu/reduce_window_xyzz.hpp"
#include "msm/msm_test_support.hpp"

namespace zkmsm::test {
namespace {

// Conversions between AffinePoint and an adder's stored form.
template <class Curve, class Adder>
struct StoredForm {
  static std::vector<AffinePoint<Curve>> to_stored(std::vector<AffinePoint<Curve>> points) { return points; }
  static AffinePoint<Curve> from_stored(const AffinePoint<Curve>& p) { return p; }
};
#if defined(ZKMSM_HAVE_FIELD_8X52_IFMA)
template <class Curve>
struct StoredForm<Curve, cpu::IfmaAdder<Curve>> {
  using Params = typename PrimeFieldParams<typename Curve::BaseField>::type;
  static std::vector<cpu::AffineR260> to_stored(const std::vector<AffinePoint<Curve>>& points) {
    std::vector<cpu::AffineR260> out(points.size());
    cpu::convert_points_x8<Params>(reinterpret_cast<std::uint64_t*>(out.data()),
                                   reinterpret_cast<const std::uint64_t*>(points.data()), points.size(),
                                   Field8x52Constants<Params>::from_mont256);
    return out;
  }
  static AffinePoint<Curve> from_stored(const cpu::AffineR260& p) {
    AffinePoint<Curve> out;
    cpu::convert_points_x8<Params>(reinterpret_cast<std::uint64_t*>(&out), reinterpret_cast<const std::uint64_t*>(&p),
                                   1, Field8x52Constants<Params>::to_mont256);
    return out;
  }
};
#endif

template <class Curve, class Adder>
struct Case {
  using CurveType = Curve;
  using AdderType = Adder;
};

// The IFMA cases skip on a CPU path without AVX-512 IFMA (host/cpu_features.hpp).
template <class C>
class CpuBatchAffineTest : public SeededTest {
 protected:
  void SetUp() override {
    if (!std::is_same_v<typename C::AdderType, cpu::PortableAdder<typename C::CurveType>> &&
        !host::active_cpu_features.avx512_ifma)
      GTEST_SKIP() << "this CPU path has no AVX-512 IFMA";
    SeededTest::SetUp();
  }
};

#if defined(ZKMSM_HAVE_FIELD_8X52_IFMA)
using Cases = ::testing::Types<Case<Bn254G1, cpu::PortableAdder<Bn254G1>>,
                               Case<GrumpkinG1, cpu::PortableAdder<GrumpkinG1>>,
                               Case<Bn254G1, cpu::IfmaAdder<Bn254G1>>,
                               Case<GrumpkinG1, cpu::IfmaAdder<GrumpkinG1>>>;
#else
using Cases =
    ::testing::Types<Case<Bn254G1, cpu::PortableAdder<Bn254G1>>, Case<GrumpkinG1, cpu::PortableAdder<GrumpkinG1>>>;
#endif
TYPED_TEST_SUITE(CpuBatchAffineTest, Cases);

// Buckets of every awkward kind: empty, one point, repeated points (doublings), P and −P
// (cancelling to infinity mid-level), infinity among the entries, and a range larger than one
// cache range (kRangeEntries) so the accumulator cuts it.
TYPED_TEST(CpuBatchAffineTest, AccumulatorSumsEveryBucket) {
  using Curve = typename TypeParam::CurveType;
  using Adder = typename TypeParam::AdderType;
  using Form = StoredForm<Curve, Adder>;
  const std::uint32_t buckets = 64;
  const std::size_t n = 3 * cpu::kRangeEntries;
  auto points = independent_points<Curve>(n, this->rng());
  points[5] = AffinePoint<Curve>::infinity();
  for (std::size_t i = 100; i < 140; ++i) points[i] = points[99];
  points[201] = -points[200];
  const auto stored = Form::to_stored(points);

  // Digits: buckets 1 and 2 get nothing / one point; bucket 3 the 41 copies of one point; bucket
  // 4 the pair P, −P; the rest random with random signs.
  std::vector<std::uint32_t> digits(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::uint32_t magnitude = 5 + static_cast<std::uint32_t>(this->rng() % (buckets - 4));
    if (i == 7) magnitude = 2;
    if (i >= 99 && i < 140) magnitude = 3;
    if (i == 200 || i == 201) magnitude = 4;
    const bool negative = (this->rng() & 1) != 0;
    digits[i] = magnitude | (negative ? cpu::kNegativeDigit : 0);
  }
  std::vector<std::uint32_t> entries(n), offsets(buckets + 2);
  cpu::sort_window_by_bucket(entries.data(), offsets.data(), digits.data(), n, buckets);

  std::vector<typename Adder::Stored> sums(buckets + 1);
  cpu::BatchAffineAccumulator<Curve, Adder> accumulator;
  accumulator.accumulate(sums.data(), entries.data(), offsets.data(), buckets, stored.data());

  for (std::uint32_t b = 1; b <= buckets; ++b) {
    XyzzPoint<Curve> expected = XyzzPoint<Curve>::infinity();
    for (std::size_t i = 0; i < n; ++i) {
      if ((digits[i] & ~cpu::kNegativeDigit) != b) continue;
      expected = expected.add_affine((digits[i] & cpu::kNegativeDigit) != 0 ? -points[i] : points[i]);
    }
    EXPECT_EQ(Form::from_stored(sums[b]), expected.to_affine()) << "bucket " << b;
  }
  EXPECT_TRUE(Form::from_stored(sums[1]).is_infinity());
}

TYPED_TEST(CpuBatchAffineTest, ReducerIsTheWeightedBucketSum) {
  using Curve = typename TypeParam::CurveType;
  using Adder = typename TypeParam::AdderType;
  using Form = StoredForm<Curve, Adder>;
  for (std::uint32_t buckets : {2u, 8u, 256u, 2048u}) {
    auto sums = independent_points<Curve>(buckets + 1, this->rng());
    sums[0] = AffinePoint<Curve>::infinity();  // never read
    sums[1] = AffinePoint<Curve>::infinity();  // an empty bucket
    if (buckets >= 8) {
      sums[5] = -sums[6];  // running sums that pass through cancellation
      sums[7] = sums[6];   // equal neighbours: doublings inside the batches
    }
    const auto expected = cpu::reduce_window<Curve>(sums.data(), buckets).to_affine();
    const auto stored = Form::to_stored(sums);
    cpu::BatchAffineReducer<Curve, Adder> reducer;
    EXPECT_EQ(reducer.reduce(stored.data(), buckets).to_affine(), expected) << buckets << " buckets";
  }
}

}  // namespace
}  // namespace zkmsm::test
