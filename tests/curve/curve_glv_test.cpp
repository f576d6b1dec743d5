// The GLV endomorphism data of each curve: φ(x, y) = (β·x, y) equals [λ](x, y), β and λ are
// non-trivial cube roots of unity, and (a1, b1), (a2, b2) is a reduced basis of the lattice
// {(k1, k2) : k1 + k2·λ ≡ 0 mod r} with the signs the curve struct declares; and the split of a
// scalar on that basis (glv_split).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "curve/curve_test_support.hpp"
#include "curve/glv_split.hpp"

namespace zkmsm::test {
namespace {

template <class Curve>
class CurveGlvTest : public SeededTest {
 protected:
  using Base = typename Curve::BaseField;
  using Scalar = typename Curve::ScalarField;
  using Integer = typename Scalar::Integer;

  static Base beta() { return Base::from_canonical(parse_hex<Base::limbs>(Curve::endomorphism_beta_hex)); }
  static Integer lambda_integer() { return parse_hex<Scalar::limbs>(Curve::glv_lambda_hex); }
  static Scalar lambda() { return Scalar::from_canonical(lambda_integer()); }

  // A basis coordinate as a signed integer: magnitude and sign flag.
  struct Signed {
    Integer magnitude;
    bool negative;
  };
  static Signed coordinate(const char* hex, bool negative) { return {parse_hex<Scalar::limbs>(hex), negative}; }
  static Scalar to_scalar(const Signed& v) {
    const Scalar magnitude = Scalar::from_canonical(v.magnitude);
    return v.negative ? -magnitude : magnitude;
  }

  // |a|·|b| for magnitudes below 2^128 (schoolbook on 64-bit halves).
  static Integer product(const Integer& a, const Integer& b) {
    using u128 = unsigned __int128;
    Integer out{};
    for (std::size_t i = 0; i < 2; ++i) {
      std::uint64_t carry = 0;
      for (std::size_t j = 0; j < 2; ++j) {
        const u128 t = u128{a.limb[i]} * b.limb[j] + out.limb[i + j] + carry;
        out.limb[i + j] = static_cast<std::uint64_t>(t);
        carry = static_cast<std::uint64_t>(t >> 64);
      }
      out.limb[i + 2] = carry;
    }
    return out;
  }
};
TYPED_TEST_SUITE(CurveGlvTest, AllCurves);

TYPED_TEST(CurveGlvTest, ConstantsAreCanonical) {
  using Base = typename TestFixture::Base;
  using Scalar = typename TestFixture::Scalar;
  EXPECT_TRUE(Base::is_canonical(parse_hex<Base::limbs>(TypeParam::endomorphism_beta_hex)));
  EXPECT_TRUE(Scalar::is_canonical(TestFixture::lambda_integer()));
}

TYPED_TEST(CurveGlvTest, BetaIsANonTrivialCubeRootOfUnity) {
  using Base = typename TestFixture::Base;
  const Base beta = TestFixture::beta();
  EXPECT_NE(beta, Base::one());
  EXPECT_EQ(beta.squared() * beta, Base::one());
  EXPECT_EQ(beta.squared() + beta + Base::one(), Base::zero());
}

TYPED_TEST(CurveGlvTest, LambdaIsANonTrivialCubeRootOfUnityModOrder) {
  using Scalar = typename TestFixture::Scalar;
  const Scalar lambda = TestFixture::lambda();
  EXPECT_NE(lambda, Scalar::one());
  EXPECT_EQ(lambda.squared() * lambda, Scalar::one());
  EXPECT_EQ(lambda.squared() + lambda + Scalar::one(), Scalar::zero());
}

TYPED_TEST(CurveGlvTest, LambdaTimesGeneratorIsBetaTimesX) {
  using Affine = AffinePoint<TypeParam>;
  const Affine g = Affine::generator();
  const Affine expected{TestFixture::beta() * g.x, g.y};
  EXPECT_TRUE(expected.is_on_curve());
  EXPECT_EQ(mul_jacobian(TestFixture::lambda_integer(), g).to_affine(), expected);
}

TYPED_TEST(CurveGlvTest, LambdaTimesRandomPointIsBetaTimesX) {
  using Affine = AffinePoint<TypeParam>;
  for (int i = 0; i < 4; ++i) {
    const Affine p = random_point<TypeParam>(this->rng);
    const Affine expected{TestFixture::beta() * p.x, p.y};
    EXPECT_EQ(mul_jacobian(TestFixture::lambda_integer(), p).to_affine(), expected) << ::testing::PrintToString(p);
  }
}

TYPED_TEST(CurveGlvTest, LatticeBasisVectorsAreInTheKernel) {
  using Scalar = typename TestFixture::Scalar;
  const auto a1 = TestFixture::coordinate(TypeParam::glv_a1_hex, TypeParam::glv_a1_negative);
  const auto b1 = TestFixture::coordinate(TypeParam::glv_b1_hex, TypeParam::glv_b1_negative);
  const auto a2 = TestFixture::coordinate(TypeParam::glv_a2_hex, TypeParam::glv_a2_negative);
  const auto b2 = TestFixture::coordinate(TypeParam::glv_b2_hex, TypeParam::glv_b2_negative);
  const Scalar lambda = TestFixture::lambda();
  EXPECT_EQ(TestFixture::to_scalar(a1) + TestFixture::to_scalar(b1) * lambda, Scalar::zero()) << "a1 + b1·λ";
  EXPECT_EQ(TestFixture::to_scalar(a2) + TestFixture::to_scalar(b2) * lambda, Scalar::zero()) << "a2 + b2·λ";
}

// The vectors are short (≤ 128 bits, so a GLV split yields ~128-bit halves) and span the whole
// kernel lattice, not a sublattice: |a1·b2 − a2·b1| = r.
TYPED_TEST(CurveGlvTest, LatticeBasisIsShortAndHasDeterminantOrder) {
  const auto a1 = TestFixture::coordinate(TypeParam::glv_a1_hex, TypeParam::glv_a1_negative);
  const auto b1 = TestFixture::coordinate(TypeParam::glv_b1_hex, TypeParam::glv_b1_negative);
  const auto a2 = TestFixture::coordinate(TypeParam::glv_a2_hex, TypeParam::glv_a2_negative);
  const auto b2 = TestFixture::coordinate(TypeParam::glv_b2_hex, TypeParam::glv_b2_negative);
  for (const auto& v : {a1, b1, a2, b2}) {
    EXPECT_LE(v.magnitude.bit_length(), 128u) << to_hex(v.magnitude);
    EXPECT_FALSE(v.magnitude.is_zero());
  }
  // det = a1·b2 − a2·b1 = t1 − t2 with |t1| = |a1||b2|, |t2| = |a2||b1|.
  const auto t1 = TestFixture::product(a1.magnitude, b2.magnitude);
  const auto t2 = TestFixture::product(a2.magnitude, b1.magnitude);
  const bool t1_negative = a1.negative != b2.negative;
  const bool t2_negative = a2.negative != b1.negative;
  typename TestFixture::Integer det_magnitude{};
  if (t1_negative != t2_negative) {
    EXPECT_EQ(add_with_carry(det_magnitude, t1, t2), 0u);  // opposite signs of t1 and −t2: add
  } else if (compare(t1, t2) >= 0) {
    sub_with_borrow(det_magnitude, t1, t2);
  } else {
    sub_with_borrow(det_magnitude, t2, t1);
  }
  EXPECT_EQ(det_magnitude, TestFixture::Scalar::modulus());
}

// glv_split (src/curve/glv_split.hpp): k ≡ k1 + k2·λ (mod r) with |k1|, |k2| < 2^glv_half_bits, on random
// scalars and the edges (0, 1, r − 1, λ, λ², r/2), the point identity k·P = k1·P + k2·φ(P) on random
// points, and known answers.
template <class Curve>
class GlvSplitTest : public CurveGlvTest<Curve> {
 protected:
  using Base = typename CurveGlvTest<Curve>::Base;
  using Scalar = typename CurveGlvTest<Curve>::Scalar;
  using Integer = typename CurveGlvTest<Curve>::Integer;
  using CurveGlvTest<Curve>::lambda;

  static Scalar half_value(const GlvHalf& h) {
    const Scalar magnitude = Scalar::from_canonical(Integer{{h.magnitude.limb[0], h.magnitude.limb[1], 0, 0}});
    return h.negative ? -magnitude : magnitude;
  }
  // Checks the congruence and the bounds for one k; returns the halves.
  static GlvHalves check(const Integer& k) {
    const GlvHalves halves = glv_split<Curve>(k);
    EXPECT_LE(halves.k1.magnitude.bit_length(), Curve::glv_half_bits) << to_hex(k);
    EXPECT_LE(halves.k2.magnitude.bit_length(), Curve::glv_half_bits) << to_hex(k);
    EXPECT_EQ(half_value(halves.k1) + half_value(halves.k2) * lambda(), Scalar::from_canonical(k)) << to_hex(k);
    return halves;
  }
  static Integer minus(const Integer& a, const Integer& b) {
    Integer out{};
    sub_with_borrow(out, a, b);
    return out;
  }
};
TYPED_TEST_SUITE(GlvSplitTest, AllCurves);

TYPED_TEST(GlvSplitTest, EdgeScalars) {
  using Integer = typename TestFixture::Integer;
  using Scalar = typename TestFixture::Scalar;
  const Integer r = Scalar::modulus();
  const Integer lambda = parse_hex<Scalar::limbs>(TypeParam::glv_lambda_hex);
  const Integer lambda_squared = (TestFixture::lambda() * TestFixture::lambda()).to_canonical();
  const Integer one{{1, 0, 0, 0}};
  std::vector<Integer> edges = {Integer{},
                                one,
                                TestFixture::minus(r, one),
                                TestFixture::minus(r, Integer{{2, 0, 0, 0}}),
                                lambda,
                                lambda_squared,
                                TestFixture::minus(lambda, one)};
  Integer half_r = r;
  for (int i = 0; i < 4; ++i) half_r.limb[i] = (r.limb[i] >> 1) | (i < 3 ? r.limb[i + 1] << 63 : 0);
  edges.push_back(half_r);
  edges.push_back(TestFixture::minus(half_r, one));
  for (const Integer& k : edges) TestFixture::check(k);
  const GlvHalves zero = glv_split<TypeParam>(Integer{});
  EXPECT_TRUE(zero.k1.magnitude.is_zero() && zero.k2.magnitude.is_zero());
}

TYPED_TEST(GlvSplitTest, RandomScalars) {
  for (int i = 0; i < 20000; ++i) TestFixture::check(random_scalar<TypeParam>(this->rng));
}

TYPED_TEST(GlvSplitTest, PointIdentity) {
  using Affine = AffinePoint<TypeParam>;
  using Integer = typename TestFixture::Integer;
  const auto beta = TestFixture::beta();
  for (int i = 0; i < 4; ++i) {
    const Affine p = random_point<TypeParam>(this->rng);
    const Integer k = random_scalar<TypeParam>(this->rng);
    const GlvHalves h = TestFixture::check(k);
    const Affine phi{beta * p.x, p.y};
    const Affine p1 = h.k1.negative ? -p : p;
    const Affine p2 = h.k2.negative ? -phi : phi;
    const Integer m1{{h.k1.magnitude.limb[0], h.k1.magnitude.limb[1], 0, 0}};
    const Integer m2{{h.k2.magnitude.limb[0], h.k2.magnitude.limb[1], 0, 0}};
    const auto sum = mul_jacobian(m1, p1) + mul_jacobian(m2, p2);
    EXPECT_EQ(sum.to_affine(), mul_jacobian(k, p).to_affine()) << to_hex(k);
  }
}

// Known answers from Python integers (an independent derivation): g1 = round(2^256·|b2|/r),
// g2 = round(2^256·|b1|/r), and the split of k = SHA-256("zkmsm glv") mod r with exactly rounded
// c1 = round(k·b2/r), c2 = round(−k·b1/r).
TEST(GlvSplitKnownAnswer, Bn254) {
  using C = GlvSplitConstants<Bn254G1>;
  EXPECT_EQ(to_hex(C::g1), "0x24ccef014a773d2d25398fd0300ff6565");
  EXPECT_EQ(to_hex(C::g2), "0x2d91d232ec7e0b3d7");
  const auto k = parse_hex<4>("0x1c69da6691686a042f10f9e7c4ce5f9e95d49a19f08fd416d34a6e698b71f58d");
  const GlvHalves h = glv_split<Bn254G1>(k);
  EXPECT_TRUE(h.k1.negative);
  EXPECT_EQ(to_hex(h.k1.magnitude), "0x1a7d8c180b065c53bd6e2804630738b7");
  EXPECT_FALSE(h.k2.negative);
  EXPECT_EQ(to_hex(h.k2.magnitude), "0x952068b383e66533e67e5c19d8ddcb9");
}

// A cycle: each curve's group order is the other's base field modulus. The field types are
// shared (checked at compile time); at run time each generator has the order the other curve's
// base field declares (a prime, so r·G = O with G ≠ O means G has order exactly r).
TEST(CurveCycleTest, Bn254AndGrumpkinSwapBaseAndScalarFields) {
  static_assert(std::is_same_v<Bn254G1::BaseField, GrumpkinG1::ScalarField>);
  static_assert(std::is_same_v<Bn254G1::ScalarField, GrumpkinG1::BaseField>);
  const auto bn254_generator = AffinePoint<Bn254G1>::generator();
  const auto grumpkin_generator = AffinePoint<GrumpkinG1>::generator();
  ASSERT_FALSE(bn254_generator.is_infinity());
  ASSERT_FALSE(grumpkin_generator.is_infinity());
  EXPECT_TRUE(mul_jacobian(GrumpkinG1::BaseField::modulus(), bn254_generator).is_infinity())
      << "Grumpkin's base field modulus times the BN254 generator";
  EXPECT_TRUE(mul_jacobian(Bn254G1::BaseField::modulus(), grumpkin_generator).is_infinity())
      << "BN254's base field modulus times the Grumpkin generator";
}

}  // namespace
}  // namespace zkmsm::test
