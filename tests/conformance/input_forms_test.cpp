// The input forms of the public API on every backend: scalars and points in Montgomery form,
// and the inputs the API refuses (points not canonical or off the curve, named by their index;
// lengths that differ).
#include <gtest/gtest.h>

#include <string>

#include "conformance/conformance_fixture.hpp"
#include "curve/jacobian_point.hpp"
#include "curve/subgroup_check.hpp"

namespace zkmsm::test {
namespace {

template <class Case>
class InputForms : public ConformanceTest<Case> {
 protected:
  using Curve = typename Case::Curve;

  // The call fails with `code` and a message naming point `index` ("point 17: …" or "point 17 is …").
  static void expect_refused(const Result<Point<Curve>>& result, ErrorCode code, std::size_t index, const char* what) {
    ASSERT_FALSE(result) << what << ": accepted";
    EXPECT_EQ(result.error().code, code) << what << ": " << result.error().message;
    const std::string name = "point " + std::to_string(index);
    const std::string& message = result.error().message;
    const std::size_t at = message.find(name);
    ASSERT_NE(at, std::string::npos) << what << ": the message does not name " << name << ": " << message;
    const std::size_t after = at + name.size();
    EXPECT_TRUE(after == message.size() || message[after] < '0' || message[after] > '9')
        << what << ": the message names another point: " << message;
  }
  static Result<Point<Curve>> call(const PublicPoints<Curve>& points,
                                   const PublicScalars<Curve>& scalars,
                                   const MsmConfig& config) {
    return msm<Curve>(std::span<const Point<Curve>>(points), std::span<const Scalar<Curve>>(scalars), config);
  }
};
TYPED_TEST_SUITE(InputForms, ConformanceCases, ConformanceCaseNames);

TYPED_TEST(InputForms, ScalarsInMontgomeryForm) {
  using Curve = typename TestFixture::Curve;
  const std::size_t n = 300;
  const auto points = random_public_points<Curve>(n, this->rng);
  auto scalars = uniform_256_bit_scalars<Curve>(n, this->rng);
  scalars[0] = scalar_of<Curve>(0);
  scalars[1] = group_order_plus<Curve>(-1);
  MsmConfig config = this->config();
  config.scalars_in_montgomery = true;
  EXPECT_EQ(this->run(points, montgomery_scalars<Curve>(scalars), config), this->expected(points, scalars));
}

TYPED_TEST(InputForms, PointsInMontgomeryForm) {
  using Curve = typename TestFixture::Curve;
  const std::size_t n = 300;
  auto points = random_public_points<Curve>(n, this->rng);
  points[7] = Point<Curve>{};  // infinity is (0, 0) in both forms
  const auto scalars = uniform_256_bit_scalars<Curve>(n, this->rng);
  MsmConfig config = this->config();
  config.points_in_montgomery = true;
  const auto expected = this->expected(points, scalars);
  EXPECT_EQ(this->run(montgomery_points<Curve>(points), scalars, config), expected);
  config.scalars_in_montgomery = true;
  EXPECT_EQ(this->run(montgomery_points<Curve>(points), montgomery_scalars<Curve>(scalars), config), expected)
      << "points and scalars in Montgomery form";
}

TYPED_TEST(InputForms, InvalidPointsAreRefusedWithTheirIndex) {
  using Curve = typename TestFixture::Curve;
  const std::size_t n = 300;
  const auto points = random_public_points<Curve>(n, this->rng);
  const auto scalars = uniform_256_bit_scalars<Curve>(n, this->rng);
  const MsmConfig config = this->config();  // validate_points is on by default

  auto off = points;
  off[250] = off_curve(off[250]);
  off[120] = off_curve(off[120]);
  this->expect_refused(this->call(off, scalars, config), ErrorCode::point_not_on_curve, 120,
                       "two points off the curve: the lower index");

  auto not_canonical = points;
  not_canonical[200] = x_equal_to_modulus(not_canonical[200]);
  not_canonical[230] = off_curve(not_canonical[230]);
  this->expect_refused(this->call(not_canonical, scalars, config), ErrorCode::point_not_canonical, 200,
                       "x = p before a point off the curve");
  not_canonical[60].y.fill(~std::uint64_t{0});
  this->expect_refused(this->call(not_canonical, scalars, config), ErrorCode::point_not_canonical, 60, "y >= p first");

  // Without validation a point off the curve is the caller's business, but a coordinate ≥ p
  // is still refused: it cannot be converted.
  MsmConfig unchecked = config;
  unchecked.validate_points = false;
  this->expect_refused(this->call(not_canonical, scalars, unchecked), ErrorCode::point_not_canonical, 60,
                       "no validation, y >= p");

  // prepare_bases refuses the same points as msm.
  const auto prepared = prepare_bases<Curve>(std::span<const Point<Curve>>(off), config);
  ASSERT_FALSE(prepared) << "prepare_bases accepted a point off the curve";
  EXPECT_EQ(prepared.error().code, ErrorCode::point_not_on_curve) << prepared.error().message;
}

// BLS12-381 G1 is a subgroup of index h of the curve's points: a point on the curve outside it is
// refused (with validation) after the points before it passed; without validation it is the
// caller's business, like a point off the curve.
TYPED_TEST(InputForms, PointsOutsideThePrimeOrderGroupAreRefusedWithTheirIndex) {
  using Curve = typename TestFixture::Curve;
  using Internal = api::InternalCurve<Curve>;
  if constexpr (!Internal::has_cofactor) {
    GTEST_SKIP() << Curve::name << " has cofactor 1: every point on the curve is in the group";
  } else {
    const std::size_t n = 300;
    auto points = random_public_points<Curve>(n, this->rng);
    const auto scalars = uniform_256_bit_scalars<Curve>(n, this->rng);
    // (0, −2): on y² = x³ + 4, of order 3.
    const AffinePoint<Internal> order_three{Internal::BaseField::zero(), -Internal::BaseField::from_i64(2)};
    ASSERT_TRUE(order_three.is_on_curve());
    points[170] = api::to_public_point<Curve>(order_three);
    // G plus the point of order 3: on the curve, a G1 component and a small one.
    const auto mixed = JacobianPoint<Internal>::from_affine(AffinePoint<Internal>::generator()).add_affine(order_three);
    points[240] = api::to_public_point<Curve>(mixed.to_affine());
    this->expect_refused(this->call(points, scalars, this->config()), ErrorCode::point_not_in_subgroup, 170,
                         "two points outside G1: the lower index");
    const auto prepared = prepare_bases<Curve>(std::span<const Point<Curve>>(points), this->config());
    ASSERT_FALSE(prepared) << "prepare_bases accepted a point outside G1";
    EXPECT_EQ(prepared.error().code, ErrorCode::point_not_in_subgroup) << prepared.error().message;
    EXPECT_NE(prepared.error().message.find("point 170"), std::string::npos) << prepared.error().message;
  }
}

TYPED_TEST(InputForms, LengthsThatDifferAreRefused) {
  using Curve = typename TestFixture::Curve;
  const auto points = random_public_points<Curve>(3, this->rng);
  const auto scalars = uniform_256_bit_scalars<Curve>(2, this->rng);
  const auto result = this->call(points, scalars, this->config());
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, ErrorCode::invalid_argument) << result.error().message;
}

}  // namespace
}  // namespace zkmsm::test
