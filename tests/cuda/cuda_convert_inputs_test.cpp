// The convert_inputs stage (convert_inputs.cuh) run as host loops (detail::msm_emulated with
// CudaMsmInputs whose "device" arrays are host memory): canonical points converted to Montgomery
// form, Montgomery scalars converted to canonical, validation with the lowest bad index and the
// host path's messages, points read in place. Needs no GPU; the device tests run the same
// kernels on the GPU (cuda_inputs_test.cpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cuda_test_support.hpp"
#include "field/test_support.hpp"
#include "msm/cuda/cuda_msm_internal.hpp"

namespace zkmsm::test {
namespace {

using cuda::CudaMsmInputs;
using cuda::CudaMsmOptions;
using cuda::PointIssue;

// A point stored with canonical coordinates (the limbs are the integers x, y < p).
template <class Curve>
AffinePoint<Curve> canonical_form(const AffinePoint<Curve>& p) {
  using BaseField = typename Curve::BaseField;
  return {BaseField::from_raw(p.x.to_canonical()), BaseField::from_raw(p.y.to_canonical())};
}

template <class Curve>
class CudaConvertInputsTest : public SeededTest {
 protected:
  using Affine = AffinePoint<Curve>;
  using BaseField = typename Curve::BaseField;
  using ScalarField = typename Curve::ScalarField;
  static constexpr std::size_t kCount = 60;
  static constexpr CudaMsmOptions kOptions{.window_bits = 5, .walker_slots = 2, .walker_max_blocks = 1};

  void SetUp() override {
    SeededTest::SetUp();
    points = independent_points<Curve>(kCount, rng());
    put_infinity(points, 17);
    scalars = random_scalars_256<Curve>(kCount, rng);
    for (const Affine& p : points) canonical_points.push_back(canonical_form(p));
  }

  // "Device" inputs: both arrays flagged as on the device, read in the given form.
  CudaMsmInputs device_inputs(const std::vector<Affine>& p,
                              const std::vector<Integer<Curve>>& s,
                              cuda::InputForm form) const {
    CudaMsmInputs inputs;
    inputs.n = p.size();
    inputs.points = p.data();
    inputs.points_on_device = true;
    inputs.scalars = s.data();
    inputs.scalars_on_device = true;
    inputs.form = form;
    return inputs;
  }

  cuda::CudaStatus run(const CudaMsmInputs& inputs, Affine* result, cuda::CudaMsmReport* report = nullptr) {
    return cuda::detail::msm_emulated<Curve>(result, inputs, kOptions, report);
  }

  void expect_sum(const CudaMsmInputs& inputs, const std::string& what) {
    Affine result = Affine::generator();
    cuda::CudaMsmReport report;
    const cuda::CudaStatus status = run(inputs, &result, &report);
    ASSERT_TRUE(status.ok) << what << ": " << status.message;
    EXPECT_EQ(result, reference_msm<Curve>(points, scalars)) << what;
    EXPECT_LE(report.measured_peak_bytes, report.estimated_peak_bytes) << what;
    ASSERT_EQ(report.stages.size(), 10u);
    EXPECT_EQ(report.stages.back().name, "convert_inputs");
  }

  // The emulated call fails with `issue` at `index` and leaves the result alone.
  void expect_rejected(const std::vector<Affine>& bad,
                       cuda::InputForm form,
                       PointIssue issue,
                       std::size_t index,
                       const std::string& message) {
    Affine result = Affine::generator();
    const cuda::CudaStatus status = run(device_inputs(bad, scalars, form), &result);
    ASSERT_FALSE(status.ok);
    EXPECT_EQ(status.point_issue, issue) << status.message;
    EXPECT_EQ(status.point_index, index) << status.message;
    EXPECT_EQ(status.message, message);
    EXPECT_EQ(result, Affine::generator());
  }

  std::vector<Affine> points;  // Montgomery form
  std::vector<Affine> canonical_points;
  std::vector<Integer<Curve>> scalars;  // canonical, any 256-bit value
};
using Curves = ::testing::Types<Bn254G1, GrumpkinG1, Bls12381G1>;
TYPED_TEST_SUITE(CudaConvertInputsTest, Curves);

TYPED_TEST(CudaConvertInputsTest, HostInputsThroughTheInputsDescription) {
  CudaMsmInputs inputs;
  inputs.n = this->points.size();
  inputs.points = this->points.data();
  inputs.scalars = this->scalars.data();
  this->expect_sum(inputs, "host inputs");
}

// Device inputs are converted into copies; host inputs in a non-default form are uploaded as they
// are and converted in place on the device.
TYPED_TEST(CudaConvertInputsTest, InputsInEveryFormOnTheHostAndTheDevice) {
  using Curve = TypeParam;
  using ScalarField = typename Curve::ScalarField;
  // Scalars as s·R mod r for points_in_montgomery's sibling flag; any 256-bit input value s maps
  // to the same sum as s mod r.
  std::vector<Integer<Curve>> montgomery_scalars;
  for (const auto& s : this->scalars)
    montgomery_scalars.push_back(ScalarField::from_canonical(reduce_mod(s, ScalarField::modulus())).raw());
  for (bool on_device : {true, false}) {
    for (bool validate : {false, true}) {
      for (bool canonical_points : {false, true}) {
        for (bool scalars_in_montgomery : {false, true}) {
          const cuda::InputForm form{.points_in_montgomery = !canonical_points,
                                     .validate_points = validate,
                                     .scalars_in_montgomery = scalars_in_montgomery};
          CudaMsmInputs inputs = this->device_inputs(canonical_points ? this->canonical_points : this->points,
                                                     scalars_in_montgomery ? montgomery_scalars : this->scalars, form);
          inputs.points_on_device = inputs.scalars_on_device = on_device;
          this->expect_sum(inputs, std::string(on_device ? "device" : "host") + ": validate=" + (validate ? "1" : "0") +
                                       " canonical points=" + (canonical_points ? "1" : "0") +
                                       " montgomery scalars=" + (scalars_in_montgomery ? "1" : "0"));
        }
      }
    }
  }
  // The caller's host arrays are not written.
  EXPECT_EQ(this->canonical_points[3], canonical_form(this->points[3]));
}

TYPED_TEST(CudaConvertInputsTest, DeviceValidationReportsTheLowestBadPoint) {
  using Curve = TypeParam;
  using BaseField = typename Curve::BaseField;
  const std::string curve = Curve::name;
  const cuda::InputForm validate_canonical{.points_in_montgomery = false, .validate_points = true};
  const cuda::InputForm validate_montgomery{.points_in_montgomery = true, .validate_points = true};
  const cuda::InputForm convert_only{.points_in_montgomery = false, .validate_points = false};

  auto bad = this->canonical_points;
  bad[40].x = BaseField::from_raw(BaseField::modulus());  // x = p
  bad[9].y.limb[0] ^= 1;                                  // off the curve
  bad[51].y = BaseField::from_raw(BaseField::modulus());  // y = p
  this->expect_rejected(bad, validate_canonical, PointIssue::not_on_curve, 9, "point 9 is not on the curve " + curve);
  // Without validation a converted point is still range-checked, but not checked on the curve.
  this->expect_rejected(bad, convert_only, PointIssue::x_not_canonical, 40,
                        "point 40: coordinate x is not below the field modulus p");
  bad[40] = this->canonical_points[40];
  this->expect_rejected(bad, convert_only, PointIssue::y_not_canonical, 51,
                        "point 51: coordinate y is not below the field modulus p");

  // Montgomery-form points are validated in place.
  auto bad_montgomery = this->points;
  bad_montgomery[33].y = bad_montgomery[33].x;
  this->expect_rejected(bad_montgomery, validate_montgomery, PointIssue::not_on_curve, 33,
                        "point 33 is not on the curve " + curve);
}

// On a curve with a cofactor (BLS12-381) the device checks membership in G1 after the curve
// equation: (0, −2) has order 3; G + (0, −2) is on the curve with a G1 component and a small one.
TYPED_TEST(CudaConvertInputsTest, DeviceValidationRefusesPointsOutsideTheSubgroup) {
  using Curve = TypeParam;
  using Affine = typename TestFixture::Affine;
  using BaseField = typename Curve::BaseField;
  if constexpr (!Curve::has_cofactor) {
    GTEST_SKIP() << Curve::name << " has cofactor 1";
  } else {
    const Affine order_three{BaseField::zero(), -BaseField::from_i64(2)};
    ASSERT_TRUE(order_three.is_on_curve());
    const Affine mixed = JacobianPoint<Curve>::from_affine(Affine::generator()).add_affine(order_three).to_affine();
    const std::string message =
        " is on the curve " + std::string(Curve::name) + " but not in its prime-order subgroup (G1)";
    auto bad = this->points;
    bad[44] = mixed;
    bad[52] = order_three;
    this->expect_rejected(bad, {.points_in_montgomery = true, .validate_points = true}, PointIssue::not_in_subgroup, 44,
                          "point 44" + message);
    std::vector<Affine> bad_canonical;
    for (const Affine& p : bad) bad_canonical.push_back(canonical_form(p));
    bad_canonical[30] = canonical_form(order_three);
    this->expect_rejected(bad_canonical, {.points_in_montgomery = false, .validate_points = true},
                          PointIssue::not_in_subgroup, 30, "point 30" + message);
    // Without validation they pass (the caller's business, like a point off the curve).
    Affine result{};
    EXPECT_TRUE(this->run(this->device_inputs(bad, this->scalars, {.points_in_montgomery = true}), &result).ok);
  }
}

TYPED_TEST(CudaConvertInputsTest, HostValidationReportsTheLowestBadPoint) {
  using Curve = TypeParam;
  using Affine = typename TestFixture::Affine;
  auto bad = this->canonical_points;
  bad[21].y.limb[0] ^= 1;
  CudaMsmInputs inputs =
      this->device_inputs(bad, this->scalars, {.points_in_montgomery = false, .validate_points = true});
  inputs.points_on_device = inputs.scalars_on_device = false;
  Affine result = Affine::generator();
  const cuda::CudaStatus status = this->run(inputs, &result);
  ASSERT_FALSE(status.ok);
  EXPECT_EQ(status.point_issue, PointIssue::not_on_curve);
  EXPECT_EQ(status.point_index, 21u);
  EXPECT_EQ(status.message, "point 21 is not on the curve " + std::string(Curve::name));
  EXPECT_EQ(result, Affine::generator());
}

TYPED_TEST(CudaConvertInputsTest, OffCurvePointsPassWithoutValidation) {
  auto off = this->points;
  off[5].y = off[5].x;
  typename TestFixture::Affine result{};
  const cuda::CudaStatus status = this->run(
      this->device_inputs(off, this->scalars, {.points_in_montgomery = true, .validate_points = false}), &result);
  EXPECT_TRUE(status.ok) << status.message;
}

TYPED_TEST(CudaConvertInputsTest, EmptyInputsNeedNoPointers) {
  typename TestFixture::Affine result = TestFixture::Affine::generator();
  CudaMsmInputs inputs;
  inputs.points_on_device = inputs.scalars_on_device = true;
  inputs.form.validate_points = true;
  ASSERT_TRUE(this->run(inputs, &result).ok);
  EXPECT_TRUE(result.is_infinity());
}

}  // namespace
}  // namespace zkmsm::test
