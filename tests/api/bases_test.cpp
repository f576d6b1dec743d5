// The bases handle (bases.hpp) on the cpu backend: prepared once and reused, it gives the same
// sums as msm(points, scalars) for every prefix; canonical and Montgomery inputs prepare equal
// bases; validation errors are msm()'s; the handle copies its input, moves, and refuses more
// scalars than bases or a config naming another backend. GPU bases: tests/cuda.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "api/api_test_support.hpp"
#include "field/test_support.hpp"

namespace zkmsm::test {
namespace {

inline constexpr MsmConfig kCpu{.backend = Backend::cpu};

template <class Curve>
class BasesTest : public SeededTest {
 protected:
  void SetUp() override {
    SeededTest::SetUp();
    points = random_points<Curve>(kCount, rng());
  }
  Bases<Curve> prepare(const std::vector<Point<Curve>>& input, const MsmConfig& config = kCpu) {
    auto prepared = prepare_bases<Curve>(input, config);
    EXPECT_TRUE(prepared) << prepared.error().message;
    return prepared ? std::move(prepared.value()) : Bases<Curve>();
  }
  // msm(bases, scalars) equals msm(first scalars.size() points, scalars).
  void expect_same_as_plain_msm(const Bases<Curve>& bases,
                                const std::vector<Scalar<Curve>>& scalars,
                                const MsmConfig& config = kCpu) {
    const std::span<const Point<Curve>> prefix(points.data(), scalars.size());
    const auto expected = msm<Curve>(prefix, scalars, config);
    const auto got = msm<Curve>(bases, scalars, config);
    ASSERT_TRUE(expected) << expected.error().message;
    ASSERT_TRUE(got) << got.error().message;
    EXPECT_EQ(got.value(), expected.value()) << "n = " << scalars.size();
  }
  static constexpr std::size_t kCount = 300;
  std::vector<Point<Curve>> points;
};
using Curves = ::testing::Types<Bn254, Grumpkin>;
TYPED_TEST_SUITE(BasesTest, Curves);

TYPED_TEST(BasesTest, ReusedForEveryPrefixLength) {
  using Curve = TypeParam;
  const Bases<Curve> bases = this->prepare(this->points);
  EXPECT_EQ(bases.size(), this->kCount);
  EXPECT_EQ(bases.backend(), Backend::cpu);
  for (std::size_t n :
       {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{17}, std::size_t{299}, this->kCount}) {
    this->expect_same_as_plain_msm(bases, uniform_256_bit_scalars<Curve>(n, this->rng));
  }
  // The same scalars twice give the same point (nothing in the handle changes between calls).
  const auto scalars = uniform_256_bit_scalars<Curve>(this->kCount, this->rng);
  const auto first = msm<Curve>(bases, scalars, kCpu);
  const auto second = msm<Curve>(bases, scalars, kCpu);
  ASSERT_TRUE(first && second);
  EXPECT_EQ(first.value(), second.value());
}

TYPED_TEST(BasesTest, MontgomeryAndCanonicalInputsPrepareTheSameBases) {
  using Curve = TypeParam;
  const Bases<Curve> canonical = this->prepare(this->points);
  const auto montgomery_input = montgomery_points(this->points);
  MsmConfig montgomery = kCpu;
  montgomery.points_in_montgomery = true;
  const Bases<Curve> from_montgomery = this->prepare(montgomery_input, montgomery);
  MsmConfig unchecked = montgomery;
  unchecked.validate_points = false;
  const Bases<Curve> from_montgomery_unchecked = this->prepare(montgomery_input, unchecked);
  const auto scalars = uniform_256_bit_scalars<Curve>(this->kCount, this->rng);
  const auto expected = msm<Curve>(this->points, scalars, kCpu);
  ASSERT_TRUE(expected);
  for (const Bases<Curve>* bases : {&canonical, &from_montgomery, &from_montgomery_unchecked}) {
    // The point options of the msm() call are ignored: the bases are already converted.
    const auto got = msm<Curve>(*bases, scalars, montgomery);
    ASSERT_TRUE(got) << got.error().message;
    EXPECT_EQ(got.value(), expected.value());
  }
}

TYPED_TEST(BasesTest, MontgomeryScalarsApply) {
  using Curve = TypeParam;
  const Bases<Curve> bases = this->prepare(this->points);
  const auto scalars = uniform_256_bit_scalars<Curve>(100, this->rng);
  MsmConfig montgomery = kCpu;
  montgomery.scalars_in_montgomery = true;
  const auto expected = msm<Curve>(bases, scalars, kCpu);
  const auto got = msm<Curve>(bases, montgomery_scalars<Curve>(scalars), montgomery);
  ASSERT_TRUE(expected && got);
  EXPECT_EQ(got.value(), expected.value());
}

TYPED_TEST(BasesTest, ValidationErrorsAreThoseOfMsm) {
  using Curve = TypeParam;
  const auto scalars = uniform_256_bit_scalars<Curve>(this->kCount, this->rng);
  struct Case {
    std::size_t index;
    Point<Curve> point;
    ErrorCode code;
    MsmConfig config;
  };
  MsmConfig unvalidated = kCpu;
  unvalidated.validate_points = false;
  const std::vector<Case> cases{
      {5, off_curve(this->points[5]), ErrorCode::point_not_on_curve, kCpu},
      {3, x_equal_to_modulus(this->points[3]), ErrorCode::point_not_canonical, kCpu},
      // Canonical input is range-checked even without validation (it is converted).
      {7, x_equal_to_modulus(this->points[7]), ErrorCode::point_not_canonical, unvalidated},
  };
  for (const Case& c : cases) {
    auto bad = this->points;
    bad[c.index] = c.point;
    bad[c.index + 200] = off_curve(bad[c.index + 200]);  // a later bad point is not the one reported
    const auto prepared = prepare_bases<Curve>(bad, c.config);
    const auto plain = msm<Curve>(bad, scalars, c.config);
    ASSERT_FALSE(prepared);
    ASSERT_FALSE(plain);
    EXPECT_EQ(prepared.error().code, c.code) << prepared.error().message;
    EXPECT_EQ(prepared.error().message, plain.error().message);
    EXPECT_NE(prepared.error().message.find("point " + std::to_string(c.index)), std::string::npos)
        << prepared.error().message;
  }
  // Off the curve but not validated: accepted, as by msm().
  auto bad = this->points;
  bad[9] = off_curve(bad[9]);
  EXPECT_TRUE(prepare_bases<Curve>(bad, unvalidated));
}

TYPED_TEST(BasesTest, TheHandleOwnsACopyOfItsPoints) {
  using Curve = TypeParam;
  auto input = this->points;
  MsmConfig montgomery = kCpu;
  montgomery.points_in_montgomery = true;
  auto montgomery_input = montgomery_points(this->points);
  const Bases<Curve> bases = this->prepare(input);
  const Bases<Curve> montgomery_bases = this->prepare(montgomery_input, montgomery);
  input.assign(input.size(), Point<Curve>{});
  montgomery_input.assign(montgomery_input.size(), Point<Curve>{});
  const auto scalars = uniform_256_bit_scalars<Curve>(this->kCount, this->rng);
  this->expect_same_as_plain_msm(bases, scalars);
  this->expect_same_as_plain_msm(montgomery_bases, scalars);
}

TYPED_TEST(BasesTest, MoreScalarsThanBasesIsInvalid) {
  using Curve = TypeParam;
  const Bases<Curve> bases = this->prepare(std::vector<Point<Curve>>(this->points.begin(), this->points.begin() + 10));
  const auto result = msm<Curve>(bases, uniform_256_bit_scalars<Curve>(11, this->rng), kCpu);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, ErrorCode::invalid_argument);
  EXPECT_NE(result.error().message.find("11 scalars"), std::string::npos) << result.error().message;
}

TYPED_TEST(BasesTest, AConfigNamingAnotherBackendIsInvalid) {
  using Curve = TypeParam;
  const Bases<Curve> bases = this->prepare(this->points);
  const auto scalars = uniform_256_bit_scalars<Curve>(4, this->rng);
  for (Backend other : {Backend::cuda, Backend::vulkan}) {
    const auto result = msm<Curve>(bases, scalars, {.backend = other});
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().code, ErrorCode::invalid_argument) << result.error().message;
  }
  // Automatic means the handle's backend.
  EXPECT_TRUE(msm<Curve>(bases, scalars, MsmConfig{}));
  // Device scalars need cuda bases.
  const auto device_scalars = msm<Curve>(bases, scalars, {.scalars_on_device = true});
  ASSERT_FALSE(device_scalars);
  EXPECT_EQ(device_scalars.error().code, ErrorCode::invalid_argument);
}

TYPED_TEST(BasesTest, EmptyMovedAndMovedFromHandles) {
  using Curve = TypeParam;
  const Bases<Curve> empty;
  EXPECT_EQ(empty.size(), 0u);
  const auto infinity = msm<Curve>(empty, std::span<const Scalar<Curve>>(), kCpu);
  ASSERT_TRUE(infinity);
  EXPECT_TRUE(infinity.value().is_infinity());
  EXPECT_FALSE(msm<Curve>(empty, uniform_256_bit_scalars<Curve>(1, this->rng), kCpu));

  const auto no_points = prepare_bases<Curve>(std::span<const Point<Curve>>(), kCpu);
  ASSERT_TRUE(no_points);
  EXPECT_EQ(no_points.value().size(), 0u);

  Bases<Curve> first = this->prepare(this->points);
  Bases<Curve> second = std::move(first);
  EXPECT_EQ(first.size(), 0u);  // NOLINT(bugprone-use-after-move): moved-from is documented as empty
  EXPECT_EQ(second.size(), this->kCount);
  this->expect_same_as_plain_msm(second, uniform_256_bit_scalars<Curve>(50, this->rng));
  first = std::move(second);
  EXPECT_EQ(first.size(), this->kCount);
  this->expect_same_as_plain_msm(first, uniform_256_bit_scalars<Curve>(50, this->rng));
}

TYPED_TEST(BasesTest, StatsDescribeTheCall) {
  using Curve = TypeParam;
  const Bases<Curve> bases = this->prepare(this->points);
  MsmStats stats;
  ASSERT_TRUE(msm<Curve>(bases, uniform_256_bit_scalars<Curve>(100, this->rng), kCpu, &stats));
  EXPECT_EQ(stats.backend, "cpu");
  ASSERT_FALSE(stats.stages.empty());
  EXPECT_EQ(stats.stages.front().name, "convert_inputs");
  EXPECT_GT(stats.window_bits, 0u);
  EXPECT_GT(stats.total_milliseconds, 0.0);
}

TYPED_TEST(BasesTest, ThreadsShareOneHandle) {
  using Curve = TypeParam;
  const Bases<Curve> bases = this->prepare(this->points);
  const auto scalars_a = uniform_256_bit_scalars<Curve>(this->kCount, this->rng);
  const auto scalars_b = uniform_256_bit_scalars<Curve>(150, this->rng);
  MsmConfig one_thread = kCpu;
  one_thread.cpu_threads = 1;
  std::optional<Result<Point<Curve>>> a, b;
  std::thread worker([&] { a.emplace(msm<Curve>(bases, scalars_a, one_thread)); });
  b.emplace(msm<Curve>(bases, scalars_b, one_thread));
  worker.join();
  ASSERT_TRUE(*a && *b);
  const auto expected_a = msm<Curve>(this->points, scalars_a, kCpu);
  const auto expected_b = msm<Curve>(std::span<const Point<Curve>>(this->points.data(), 150), scalars_b, kCpu);
  EXPECT_EQ(a->value(), expected_a.value());
  EXPECT_EQ(b->value(), expected_b.value());
}

}  // namespace
}  // namespace zkmsm::test
