// Group laws of the curve point types: infinity handling, P + (−P), P + P, Jacobian versus
// XYZZ formulas, associativity, and the group order. Points are random multiples of the
// generator with random projective representatives (Z ≠ 1), so the formulas see general input.
#include <gtest/gtest.h>

#include <cstdint>

#include "curve/curve_test_support.hpp"

namespace zkmsm::test {
namespace {

constexpr int kRandomPoints = 24;

template <class Curve>
class CurveGroupLawTest : public SeededTest {
 protected:
  using Base = typename Curve::BaseField;
  using Scalar = typename Curve::ScalarField;
  using Affine = AffinePoint<Curve>;
  using Jacobian = JacobianPoint<Curve>;
  using Xyzz = XyzzPoint<Curve>;

  Affine random_affine() { return random_point<Curve>(this->rng); }
  Jacobian jacobian(const Affine& p) { return rescaled(Jacobian::from_affine(p), random_nonzero<Base>(this->rng)); }
  Xyzz xyzz(const Affine& p) { return rescaled(Xyzz::from_affine(p), random_nonzero<Base>(this->rng)); }

  // Order of the group (the scalar field's modulus) plus a small signed offset.
  static ScalarInteger<Curve> order_plus(std::int64_t offset) {
    ScalarInteger<Curve> value = Scalar::modulus(), small{};
    small.limb[0] = static_cast<std::uint64_t>(offset < 0 ? -offset : offset);
    if (offset < 0) {
      sub_with_borrow(value, value, small);
    } else {
      add_with_carry(value, value, small);
    }
    return value;
  }
};
TYPED_TEST_SUITE(CurveGroupLawTest, AllCurves);

TYPED_TEST(CurveGroupLawTest, GeneratorIsOnCurve) {
  using Affine = typename TestFixture::Affine;
  EXPECT_TRUE(Affine::generator().is_on_curve());
  EXPECT_FALSE(Affine::generator().is_infinity());
  EXPECT_TRUE((-Affine::generator()).is_on_curve());
}

TYPED_TEST(CurveGroupLawTest, OnCurveCheckRejectsYPlusOne) {
  using Base = typename TestFixture::Base;
  using Affine = typename TestFixture::Affine;
  const Affine g = Affine::generator();
  EXPECT_FALSE((Affine{g.x, g.y + Base::one()}).is_on_curve());
  EXPECT_FALSE((Affine{g.x + Base::one(), g.y}).is_on_curve());
  for (int i = 0; i < kRandomPoints; ++i) {
    const Affine p = this->random_affine();
    EXPECT_TRUE(p.is_on_curve());
    EXPECT_FALSE((Affine{p.x, p.y + Base::one()}).is_on_curve()) << ::testing::PrintToString(p);
  }
}

TYPED_TEST(CurveGroupLawTest, InfinityIsEncodedAsAffineZeroZero) {
  using Base = typename TestFixture::Base;
  using Affine = typename TestFixture::Affine;
  using Jacobian = typename TestFixture::Jacobian;
  using Xyzz = typename TestFixture::Xyzz;
  const Affine infinity = Affine::infinity();
  EXPECT_TRUE(infinity.x.is_zero() && infinity.y.is_zero());
  EXPECT_TRUE(infinity.is_infinity());
  EXPECT_TRUE(infinity.is_on_curve());  // by convention, so validation accepts it
  EXPECT_FALSE((Affine{Base::zero(), Base::one()}).is_infinity());
  EXPECT_TRUE(Jacobian::from_affine(infinity).is_infinity());
  EXPECT_TRUE(Xyzz::from_affine(infinity).is_infinity());
  EXPECT_EQ(Jacobian::infinity().to_affine(), infinity);
  EXPECT_EQ(Xyzz::infinity().to_affine(), infinity);
  EXPECT_TRUE(Xyzz::infinity().to_jacobian().is_infinity());
}

TYPED_TEST(CurveGroupLawTest, JacobianInfinityIsNeutral) {
  using Affine = typename TestFixture::Affine;
  using Jacobian = typename TestFixture::Jacobian;
  const Jacobian inf = Jacobian::infinity();
  EXPECT_TRUE((inf + inf).is_infinity());
  EXPECT_TRUE(inf.doubled().is_infinity());
  EXPECT_TRUE((-inf).is_infinity());
  EXPECT_TRUE(inf.add_affine(Affine::infinity()).is_infinity());
  for (int i = 0; i < kRandomPoints; ++i) {
    const Affine a = this->random_affine();
    const Jacobian p = this->jacobian(a);
    EXPECT_EQ(p + inf, p);
    EXPECT_EQ(inf + p, p);
    EXPECT_EQ(p.add_affine(Affine::infinity()), p);
    EXPECT_EQ(inf.add_affine(a).to_affine(), a);
  }
}

TYPED_TEST(CurveGroupLawTest, XyzzInfinityIsNeutral) {
  using Affine = typename TestFixture::Affine;
  using Xyzz = typename TestFixture::Xyzz;
  const Xyzz inf = Xyzz::infinity();
  EXPECT_TRUE((inf + inf).is_infinity());
  EXPECT_TRUE(inf.doubled().is_infinity());
  EXPECT_TRUE((-inf).is_infinity());
  EXPECT_TRUE(inf.add_affine(Affine::infinity()).is_infinity());
  for (int i = 0; i < kRandomPoints; ++i) {
    const Affine a = this->random_affine();
    const Xyzz p = this->xyzz(a);
    EXPECT_EQ((p + inf).to_affine(), a);
    EXPECT_EQ((inf + p).to_affine(), a);
    EXPECT_EQ(p.add_affine(Affine::infinity()).to_affine(), a);
    EXPECT_EQ(inf.add_affine(a).to_affine(), a);
  }
}

TYPED_TEST(CurveGroupLawTest, JacobianAddOfNegationIsInfinity) {
  for (int i = 0; i < kRandomPoints; ++i) {
    const auto a = this->random_affine();
    // Different representatives, so the cancellation is detected on cross-multiplied values.
    const auto p = this->jacobian(a);
    const auto minus_p = this->jacobian(-a);
    EXPECT_TRUE((p + minus_p).is_infinity());
    EXPECT_TRUE((minus_p + p).is_infinity());
    EXPECT_TRUE((p + (-p)).is_infinity());
    EXPECT_TRUE(p.add_affine(-a).is_infinity());
  }
}

TYPED_TEST(CurveGroupLawTest, XyzzAddOfNegationIsInfinity) {
  for (int i = 0; i < kRandomPoints; ++i) {
    const auto a = this->random_affine();
    const auto p = this->xyzz(a);
    const auto minus_p = this->xyzz(-a);
    EXPECT_TRUE((p + minus_p).is_infinity());
    EXPECT_TRUE((minus_p + p).is_infinity());
    EXPECT_TRUE((p + (-p)).is_infinity());
    EXPECT_TRUE(p.add_affine(-a).is_infinity());
  }
}

TYPED_TEST(CurveGroupLawTest, JacobianAddOfEqualPointsIsDoubling) {
  for (int i = 0; i < kRandomPoints; ++i) {
    const auto a = this->random_affine();
    const auto p = this->jacobian(a);
    const auto q = this->jacobian(a);  // same point, other representative
    const auto doubled = p.doubled();
    EXPECT_FALSE(doubled.is_infinity());
    EXPECT_EQ(p + p, doubled);
    EXPECT_EQ(p + q, doubled);
    EXPECT_EQ(p.add_affine(a), doubled);
    EXPECT_TRUE(doubled.to_affine().is_on_curve());
  }
}

TYPED_TEST(CurveGroupLawTest, XyzzAddOfEqualPointsIsDoubling) {
  for (int i = 0; i < kRandomPoints; ++i) {
    const auto a = this->random_affine();
    const auto p = this->xyzz(a);
    const auto q = this->xyzz(a);
    const auto doubled = p.doubled().to_affine();
    EXPECT_FALSE(doubled.is_infinity());
    EXPECT_EQ((p + p).to_affine(), doubled);
    EXPECT_EQ((p + q).to_affine(), doubled);
    EXPECT_EQ(p.add_affine(a).to_affine(), doubled);
    EXPECT_TRUE(doubled.is_on_curve());
  }
}

TYPED_TEST(CurveGroupLawTest, JacobianAndXyzzAgreeOnAdditionAndDoubling) {
  for (int i = 0; i < kRandomPoints; ++i) {
    const auto a = this->random_affine();
    const auto b = this->random_affine();
    const auto pj = this->jacobian(a), qj = this->jacobian(b);
    const auto px = this->xyzz(a), qx = this->xyzz(b);
    const auto sum = (pj + qj).to_affine();
    EXPECT_TRUE(sum.is_on_curve());
    EXPECT_EQ((px + qx).to_affine(), sum);
    EXPECT_EQ(pj.add_affine(b).to_affine(), sum);
    EXPECT_EQ(px.add_affine(b).to_affine(), sum);
    const auto twice = pj.doubled().to_affine();
    EXPECT_TRUE(twice.is_on_curve());
    EXPECT_EQ(px.doubled().to_affine(), twice);
  }
}

TYPED_TEST(CurveGroupLawTest, JacobianAndXyzzAgreeOnScalarMultiples) {
  using Affine = typename TestFixture::Affine;
  for (int i = 0; i < 4; ++i) {
    const auto k = random_scalar<TypeParam>(this->rng);
    const Affine p = this->random_affine();
    const auto mixed = mul_jacobian(k, p);
    EXPECT_EQ(mul_jacobian_full(k, this->jacobian(p)), mixed);
    EXPECT_EQ(mul_xyzz(k, p).to_affine(), mixed.to_affine());
  }
}

TYPED_TEST(CurveGroupLawTest, AdditionIsAssociativeAndCommutative) {
  for (int i = 0; i < kRandomPoints; ++i) {
    const auto a = this->random_affine(), b = this->random_affine(), c = this->random_affine();
    const auto pj = this->jacobian(a), qj = this->jacobian(b), rj = this->jacobian(c);
    EXPECT_EQ(pj + qj, qj + pj);
    EXPECT_EQ((pj + qj) + rj, pj + (qj + rj));
    const auto px = this->xyzz(a), qx = this->xyzz(b), rx = this->xyzz(c);
    EXPECT_EQ((px + qx).to_affine(), (qx + px).to_affine());
    EXPECT_EQ(((px + qx) + rx).to_affine(), (px + (qx + rx)).to_affine());
    // (P + Q) − Q = P, so additions can be undone.
    EXPECT_EQ((pj + qj) + (-qj), pj);
  }
}

TYPED_TEST(CurveGroupLawTest, DoublingEqualsAddingToItself) {
  // 2(P + Q) = 2P + 2Q and 4P = 2P + 2P.
  for (int i = 0; i < kRandomPoints; ++i) {
    const auto p = this->jacobian(this->random_affine()), q = this->jacobian(this->random_affine());
    EXPECT_EQ((p + q).doubled(), p.doubled() + q.doubled());
    EXPECT_EQ(p.doubled().doubled(), p.doubled() + p.doubled());
  }
}

TYPED_TEST(CurveGroupLawTest, ScalarMultiplicationByGroupOrderIsInfinity) {
  using Affine = typename TestFixture::Affine;
  const Affine g = Affine::generator();
  const auto r = TestFixture::order_plus(0);
  EXPECT_TRUE(mul_jacobian(r, g).is_infinity());
  EXPECT_TRUE(mul_xyzz(r, g).is_infinity());
  EXPECT_EQ(mul_jacobian(TestFixture::order_plus(-1), g).to_affine(), -g);
  EXPECT_EQ(mul_jacobian(TestFixture::order_plus(1), g).to_affine(), g);
  for (int i = 0; i < 3; ++i) {
    const Affine p = this->random_affine();
    EXPECT_TRUE(mul_jacobian(r, p).is_infinity()) << ::testing::PrintToString(p);
    EXPECT_TRUE(mul_jacobian_full(r, this->jacobian(p)).is_infinity());
  }
}

TYPED_TEST(CurveGroupLawTest, ScalarMultiplicationIsLinearInTheScalar) {
  using Scalar = typename TestFixture::Scalar;
  using Affine = typename TestFixture::Affine;
  const Affine g = Affine::generator();
  for (int i = 0; i < 4; ++i) {
    const auto a = random_scalar<TypeParam>(this->rng), b = random_scalar<TypeParam>(this->rng);
    // (a + b) mod r and (a·b) mod r computed in the scalar field.
    const auto sum = (Scalar::from_canonical(a) + Scalar::from_canonical(b)).to_canonical();
    const auto product = (Scalar::from_canonical(a) * Scalar::from_canonical(b)).to_canonical();
    EXPECT_EQ(mul_jacobian(a, g) + mul_jacobian(b, g), mul_jacobian(sum, g));
    EXPECT_EQ(mul_jacobian(b, mul_jacobian(a, g).to_affine()), mul_jacobian(product, g));
  }
}

TYPED_TEST(CurveGroupLawTest, XyzzToJacobianAndToAffineAgree) {
  using Affine = typename TestFixture::Affine;
  for (int i = 0; i < kRandomPoints; ++i) {
    const Affine a = this->random_affine();
    const auto p = this->xyzz(a).doubled().add_affine(this->random_affine());  // ZZ, ZZZ ≠ 1
    const Affine affine = p.to_affine();
    EXPECT_TRUE(affine.is_on_curve());
    EXPECT_EQ(p.to_jacobian().to_affine(), affine);
    EXPECT_EQ(this->xyzz(a).to_affine(), a);
    EXPECT_EQ(this->xyzz(a).to_jacobian().to_affine(), a);
  }
}

TYPED_TEST(CurveGroupLawTest, JacobianEqualityComparesPointsNotCoordinates) {
  using Jacobian = typename TestFixture::Jacobian;
  for (int i = 0; i < kRandomPoints; ++i) {
    const auto a = this->random_affine(), b = this->random_affine();
    const Jacobian p = this->jacobian(a);
    EXPECT_EQ(p, this->jacobian(a));
    EXPECT_EQ(p, Jacobian::from_affine(a));
    EXPECT_FALSE(p == this->jacobian(b));
    EXPECT_FALSE(p == -p);
    EXPECT_FALSE(p == Jacobian::infinity());
    EXPECT_FALSE(Jacobian::infinity() == p);
    EXPECT_EQ(p.to_affine(), a);
  }
}

}  // namespace
}  // namespace zkmsm::test
