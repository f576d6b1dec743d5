// The point methods the CUDA kernels use and the host shares (one copy of each formula,
// curve/*.hpp): mdbl-2008-s-1 (XyzzPoint::doubled_affine, taken by add_affine when q equals the
// point), dbl-2009-l in rounds of three products (JacobianPoint::doubled(mul3), the Horner chain
// of combine_windows), and the XYZZ ↔ Jacobian conversions around it. Each is checked against an
// independent formula of the same operation on random points with random representatives.
#include <gtest/gtest.h>

#include "curve/curve_test_support.hpp"

namespace zkmsm::test {
namespace {

constexpr int kRandomPoints = 24;

// A mul3 that computes the round's products in reverse order, as lanes finishing in any order
// would: the result must not depend on it.
struct ReversedMul3 {
  template <class Field>
  constexpr void operator()(Field& r0,
                            Field& r1,
                            Field& r2,
                            const Field& a0,
                            const Field& b0,
                            const Field& a1,
                            const Field& b1,
                            const Field& a2,
                            const Field& b2) const {
    r2 = a2 * b2;
    r1 = a1 * b1;
    r0 = a0 * b0;
  }
};

template <class Curve>
class CurveSharedFormulasTest : public SeededTest {
 protected:
  using Base = typename Curve::BaseField;
  using Affine = AffinePoint<Curve>;
  using Jacobian = JacobianPoint<Curve>;
  using Xyzz = XyzzPoint<Curve>;

  Affine random_affine() { return random_point<Curve>(this->rng); }
  Jacobian jacobian(const Affine& p) { return rescaled(Jacobian::from_affine(p), random_nonzero<Base>(this->rng)); }
  Xyzz xyzz(const Affine& p) { return rescaled(Xyzz::from_affine(p), random_nonzero<Base>(this->rng)); }
};
TYPED_TEST_SUITE(CurveSharedFormulasTest, AllCurves);

TYPED_TEST(CurveSharedFormulasTest, DoubledAffineEqualsXyzzDoubling) {
  using Xyzz = typename TestFixture::Xyzz;
  for (int i = 0; i < kRandomPoints; ++i) {
    const auto q = this->random_affine();
    const auto expected = Xyzz::from_affine(q).doubled().to_affine();  // dbl-2008-s-1
    EXPECT_EQ(Xyzz::doubled_affine(q).to_affine(), expected) << ::testing::PrintToString(q);
    EXPECT_EQ(Xyzz::doubled_affine(q).to_affine(), this->jacobian(q).doubled().to_affine());
  }
}

TYPED_TEST(CurveSharedFormulasTest, AddAffineOfTheSamePointDoubles) {
  using Xyzz = typename TestFixture::Xyzz;
  for (int i = 0; i < kRandomPoints; ++i) {
    const auto q = this->random_affine();
    const Xyzz p = this->xyzz(q);  // the same point, another representative
    EXPECT_EQ(p.add_affine(q).to_affine(), p.doubled().to_affine()) << ::testing::PrintToString(q);
    EXPECT_TRUE(p.add_affine(-q).is_infinity());
  }
}

TYPED_TEST(CurveSharedFormulasTest, JacobianDoublingInRoundsEqualsXyzzDoubling) {
  using Jacobian = typename TestFixture::Jacobian;
  using Xyzz = typename TestFixture::Xyzz;
  for (int i = 0; i < kRandomPoints; ++i) {
    const auto a = this->random_affine();
    const Jacobian p = this->jacobian(a);
    const auto expected = Xyzz::from_affine(a).doubled().to_affine();  // dbl-2008-s-1
    EXPECT_EQ(p.doubled(SequentialMul3{}).to_affine(), expected) << ::testing::PrintToString(a);
    EXPECT_EQ(p.doubled(ReversedMul3{}).to_affine(), expected);
    EXPECT_EQ(p.doubled().to_affine(), expected);
    EXPECT_EQ((p + p).to_affine(), expected);
  }
}

TYPED_TEST(CurveSharedFormulasTest, JacobianDoublingInRoundsKeepsInfinity) {
  using Jacobian = typename TestFixture::Jacobian;
  using Xyzz = typename TestFixture::Xyzz;
  // combine_windows doubles without an infinity branch: Z = 0 must stay 0 from any X, Y.
  EXPECT_TRUE(Jacobian::infinity().doubled(SequentialMul3{}).is_infinity());
  EXPECT_TRUE(Xyzz::infinity().to_jacobian().doubled(SequentialMul3{}).is_infinity());
  const auto a = this->random_affine();
  EXPECT_TRUE((Jacobian{a.x, a.y, TestFixture::Base::zero()}).doubled(SequentialMul3{}).is_infinity());
}

TYPED_TEST(CurveSharedFormulasTest, XyzzJacobianConversionsRoundTrip) {
  using Jacobian = typename TestFixture::Jacobian;
  using Xyzz = typename TestFixture::Xyzz;
  EXPECT_TRUE(Xyzz::from_jacobian(Jacobian::infinity()).is_infinity());
  EXPECT_TRUE(Xyzz::from_jacobian(Xyzz::infinity().to_jacobian()).is_infinity());
  for (int i = 0; i < kRandomPoints; ++i) {
    const auto a = this->random_affine();
    const Xyzz p = this->xyzz(a);
    EXPECT_EQ(p.to_jacobian().to_affine(), a);
    EXPECT_EQ(Xyzz::from_jacobian(this->jacobian(a)).to_affine(), a);
    // The Horner step of combine_windows: Jacobian doublings, back to XYZZ, add.
    const Xyzz horner = Xyzz::from_jacobian(p.to_jacobian().doubled(SequentialMul3{})) + p;
    EXPECT_EQ(horner.to_affine(), (p.doubled() + p).to_affine());
  }
}

}  // namespace
}  // namespace zkmsm::test
