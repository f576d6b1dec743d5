// The CPU backend's fused input path (msm/cpu/canonical_points_x8.hpp, msm_canonical_points):
// canonical points converted straight into the 8-lane adder's AffineR260 form and checked on
// the way. Against PrimeField (a·2^260 = 16·a in its 2^256 Montgomery form), on
// independent random points; rejections at every lane position, in the tail, across chunks;
// and the whole MSM against msm() on Montgomery points. Skipped on a CPU path without AVX-512
// IFMA (host/cpu_features.hpp).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "field/test_support.hpp"
#include "host/cpu_features.hpp"
#include "msm/cpu/canonical_points_x8.hpp"
#include "msm/cpu/cpu_msm.hpp"
#include "msm/msm_test_support.hpp"

#if defined(ZKMSM_HAVE_FIELD_8X52_IFMA)

namespace zkmsm::test {
namespace {

template <class Curve>
class CanonicalPointsTest : public SeededTest {
 protected:
  using Params = typename PrimeFieldParams<typename Curve::BaseField>::type;
  using Affine = AffinePoint<Curve>;

  void SetUp() override {
    SeededTest::SetUp();
    if (!host::active_cpu_features.avx512_ifma) GTEST_SKIP() << "this CPU path has no AVX-512 IFMA";
  }

  // The caller's layout: canonical limbs in AffinePoint's storage (as host::caller_points reads it).
  static std::vector<Affine> canonical(const std::vector<Affine>& montgomery) {
    std::vector<Affine> out(montgomery.size());
    for (std::size_t i = 0; i < montgomery.size(); ++i) {
      out[i] = {Curve::BaseField::from_raw(montgomery[i].x.to_canonical()),
                Curve::BaseField::from_raw(montgomery[i].y.to_canonical())};
    }
    return out;
  }

  static BigInt<5> b_r260() { return cpu::r260_digits<Params>(Curve::b().to_canonical()); }

  // First rejected index of the fused conversion (count when none).
  static std::size_t first_rejected(const std::vector<Affine>& raw, bool validate) {
    std::vector<cpu::AffineR260> out(raw.size());
    return cpu::canonical_points_to_r260_x8<Params>(out.data(), reinterpret_cast<const std::uint64_t*>(raw.data()),
                                                    raw.size(), b_r260(), validate);
  }

  static Affine off_curve(Affine p) {
    p.y = p.y + Curve::BaseField::one();
    return p;
  }
};

using Curves = ::testing::Types<Bn254G1, GrumpkinG1>;
TYPED_TEST_SUITE(CanonicalPointsTest, Curves);

TYPED_TEST(CanonicalPointsTest, MatchesTheTwoStepConversion) {
  using Curve = TypeParam;
  using Params = typename TestFixture::Params;
  for (const std::size_t n : {std::size_t{1}, std::size_t{8}, std::size_t{13}, std::size_t{1027}}) {
    auto points = independent_points<Curve>(n, this->rng());
    points[0] = AffinePoint<Curve>::infinity();
    // a·2^260 mod p is the PrimeField (2^256 Montgomery) limbs of 16·a.
    const auto sixteen = Curve::BaseField::from_canonical(typename Curve::BaseField::Integer{{16, 0, 0, 0}});
    std::vector<cpu::AffineR260> fused(n);
    const auto raw = TestFixture::canonical(points);
    ASSERT_EQ(cpu::canonical_points_to_r260_x8<Params>(fused.data(), reinterpret_cast<const std::uint64_t*>(raw.data()),
                                                       n, TestFixture::b_r260(), true),
              n);
    for (std::size_t i = 0; i < n; ++i) {
      const auto x = (points[i].x * sixteen).raw();
      const auto y = (points[i].y * sixteen).raw();
      for (int l = 0; l < 4; ++l) {
        ASSERT_EQ(fused[i].x[l], x.limb[l]) << "n " << n << " point " << i;
        ASSERT_EQ(fused[i].y[l], y.limb[l]) << "n " << n << " point " << i;
      }
    }
  }
}

TYPED_TEST(CanonicalPointsTest, RejectsAtEveryLaneAndInTheTail) {
  using Curve = TypeParam;
  const std::size_t n = 29;  // three groups of 8 and a tail of 5
  const auto raw = TestFixture::canonical(independent_points<Curve>(n, this->rng()));
  const auto p = FieldConstants<typename TestFixture::Params>::modulus;
  for (std::size_t bad = 0; bad < n; ++bad) {
    auto off = raw;
    off[bad] = TestFixture::canonical({TestFixture::off_curve(independent_points<Curve>(1, bad + 1)[0])})[0];
    EXPECT_EQ(TestFixture::first_rejected(off, true), bad) << "off the curve";
    EXPECT_EQ(TestFixture::first_rejected(off, false), n) << "off the curve, not validated";

    auto x_is_p = raw;
    x_is_p[bad].x = Curve::BaseField::from_raw(p);
    EXPECT_EQ(TestFixture::first_rejected(x_is_p, false), bad) << "x = p";
    auto y_too_big = raw;
    y_too_big[bad].y = Curve::BaseField::from_raw(typename Curve::BaseField::Integer{{~0ull, ~0ull, ~0ull, ~0ull}});
    EXPECT_EQ(TestFixture::first_rejected(y_too_big, true), bad) << "y = 2^256 - 1";
    if (bad + 3 < n) {
      y_too_big[bad + 3] = off[bad];
      EXPECT_EQ(TestFixture::first_rejected(y_too_big, true), bad) << "two bad points: the lower index";
    }
  }
  auto p_minus_one = raw;
  auto below = p;
  below.limb[0] -= 1;  // p − 1: canonical, and (p − 1, y) is off the curve for these y
  p_minus_one[4].x = Curve::BaseField::from_raw(below);
  EXPECT_EQ(TestFixture::first_rejected(p_minus_one, false), n) << "x = p - 1 is canonical";
}

TYPED_TEST(CanonicalPointsTest, TheMsmMatchesTheMontgomeryPath) {
  using Curve = TypeParam;
  const std::size_t n = 9001;  // three chunks of 4096 and a tail
  auto points = independent_points<Curve>(n, this->rng());
  points[5] = AffinePoint<Curve>::infinity();
  for (std::size_t i = 100; i < 120; ++i) points[i] = points[99];
  points[4097] = -points[4096];
  const auto scalars = random_scalars_256<Curve>(n, this->rng);
  const cpu::CpuMsmOptions options;
  ASSERT_TRUE(cpu::reads_canonical_points<Curve>(n, options));
  const auto raw = TestFixture::canonical(points);
  AffinePoint<Curve> fused;
  std::size_t rejected = 0;
  ASSERT_TRUE(cpu::msm_canonical_points<Curve>(fused, raw, scalars, options, true, rejected, nullptr));
  EXPECT_EQ(fused, cpu::msm<Curve>(points, scalars, options, nullptr));

  auto off = raw;
  off[8500] = TestFixture::canonical({TestFixture::off_curve(points[8500])})[0];
  off[4200] = off[8500];
  EXPECT_FALSE(cpu::msm_canonical_points<Curve>(fused, off, scalars, options, true, rejected, nullptr));
  EXPECT_EQ(rejected, 4200u) << "the lowest index over the chunks";
}

TEST(CanonicalPoints, OnlyWhereTheIfmaAdderRuns) {
  cpu::CpuMsmOptions xyzz;
  xyzz.accumulator = cpu::CpuAccumulator::xyzz;
  EXPECT_FALSE(cpu::reads_canonical_points<Bn254G1>(1 << 12, xyzz));
  EXPECT_FALSE(cpu::reads_canonical_points<Bls12381G1>(1 << 12, {}));
  EXPECT_FALSE(cpu::reads_canonical_points<Bn254G1>(8, {})) << "tiny inputs take the xyzz accumulator";
  EXPECT_EQ(cpu::reads_canonical_points<Bn254G1>(1 << 12, {}), host::active_cpu_features.avx512_ifma);
}

}  // namespace
}  // namespace zkmsm::test

#endif
