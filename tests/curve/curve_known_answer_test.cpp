// Known multiples of the generator, computed independently with textbook affine arithmetic on
// Python integers by tests/curve/known_answers.py (hex literals pasted from its output).
// BN254's 2·G also matches the EIP-196 test vectors.
#include <gtest/gtest.h>

#include "curve/curve_test_support.hpp"

namespace zkmsm::test {
namespace {

struct KnownMultiple {
  const char* scalar;
  const char* x;
  const char* y;
};

template <class Curve>
struct KnownMultiples;

template <>
struct KnownMultiples<Bn254G1> {
  static constexpr KnownMultiple values[] = {
      {"0x2", "0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd3",
       "0x15ed738c0e0a7c92e7845f96b2ae9c0a68a6a449e3538fc7ff3ebf7a5a18a2c4"},
      {"0x3", "0x769bf9ac56bea3ff40232bcb1b6bd159315d84715b8e679f2d355961915abf0",
       "0x2ab799bee0489429554fdb7c8d086475319e63b40b9c5b57cdf1ff3dd9fe2261"},
      // 7^90 mod r
      {"0x1950bd9b362e1f21a325a5d9eeb892d6962d104393b877caf58ef549916f7671",
       "0x15f6b6c5c670d9a3db7a0c712a711248a7898e8a5343cee2d35707a0fda12edc",
       "0x223cd8ee1787d9ff27c2ae5e33ccdce5c30059a10766dbed57fa2ac4fd889de4"},
  };
};

template <>
struct KnownMultiples<GrumpkinG1> {
  static constexpr KnownMultiple values[] = {
      {"0x2", "0x6ce1b0827aafa85ddeb49cdaa36306d19a74caa311e13d46d8bc688cdbffffe",
       "0x1c122f81a3a14964909ede0ba2a6855fc93faf6fa1a788bf467be7e7a43f80ac"},
      {"0x3", "0x2941b0928df1b9480273773b36397da3e495430a2a7a3857661bc7a446c94f4d",
       "0x13ae7e938c892308bef0f45ee7386daa2d3b447349a7d0a11b5aa4cfbe69072c"},
      // 7^90 mod r (r = BN254's p, Grumpkin's group order)
      {"0x1950bd9b362e1f21a325a5d9eeb892d6962d104393b877caf58ef549916f7671",
       "0x100be44864fe22c77a65671e41d774c35c93641a2b65e9b74c07342e405cdb23",
       "0x219dbe653087b5c4a6880d26159ef4c5a907f97425093287b7cb2fb93f55d4c9"},
  };
};

template <>
struct KnownMultiples<Bls12381G1> {
  static constexpr KnownMultiple values[] = {
      {"0x2", "0x572cbea904d67468808c8eb50a9450c9721db309128012543902d0ac358a62ae28f75bb8f1c7c42c39a8c5529bf0f4e",
       "0x166a9d8cabc673a322fda673779d8e3822ba3ecb8670e461f73bb9021d5fd76a4c56d9d4cd16bd1bba86881979749d28"},
      {"0x3", "0x9ece308f9d1f0131765212deca99697b112d61f9be9a5f1f3780a51335b3ff981747a0b2ca2179b96d2c0c9024e5224",
       "0x32b80d3a6f5b09f8a84623389c5f80ca69a0cddabc3097f9d9c27310fd43be6e745256c634af45ca3473b0590ae30d1"},
      // 7^90 mod r
      {"0x1950bd9b362e1f21a325a5d9eeb892d6962d104393b877caf58ef549916f7671",
       "0xa54574efb177772f270e1a3211e8e059b8d26f1a422110953b438d55ef0dbd5c0d0eb750c4507cc04bc110fcdd2bad4",
       "0x177bd89ab828200c2f06020789e3e8ecc9b295ee367e520051d563e544014cecb5a2f06ab98b7ce935ce602bae3565ff"},
  };
};

template <class Curve>
class CurveKnownAnswerTest : public ::testing::Test {};
TYPED_TEST_SUITE(CurveKnownAnswerTest, AllCurves);

TYPED_TEST(CurveKnownAnswerTest, GeneratorMatchesTheCurveDefinition) {
  using Base = typename TypeParam::BaseField;
  const auto g = AffinePoint<TypeParam>::generator();
  EXPECT_EQ(g.x.to_canonical(), parse_hex<Base::limbs>(TypeParam::generator_x_hex));
  // y² = x³ + b: 4 = 1 + 3 on BN254, −16 = 1 − 17 on Grumpkin.
  EXPECT_EQ(g.y.squared(), g.x.squared() * g.x + TypeParam::b());
  EXPECT_EQ(TypeParam::b(), Base::from_i64(TypeParam::b_small));
}

TYPED_TEST(CurveKnownAnswerTest, DoublingAndAdditionGiveTwoAndThreeTimesG) {
  using Affine = AffinePoint<TypeParam>;
  using Jacobian = JacobianPoint<TypeParam>;
  using Xyzz = XyzzPoint<TypeParam>;
  const auto& known = KnownMultiples<TypeParam>::values;
  const Affine g = Affine::generator();
  const Affine two_g = affine_from_hex<TypeParam>(known[0].x, known[0].y);
  const Affine three_g = affine_from_hex<TypeParam>(known[1].x, known[1].y);
  ASSERT_TRUE(two_g.is_on_curve());
  ASSERT_TRUE(three_g.is_on_curve());

  const Jacobian g_jacobian = Jacobian::from_affine(g);
  EXPECT_EQ(g_jacobian.doubled().to_affine(), two_g);
  EXPECT_EQ(g_jacobian.doubled().add_affine(g).to_affine(), three_g);
  EXPECT_EQ((g_jacobian.doubled() + g_jacobian).to_affine(), three_g);

  const Xyzz g_xyzz = Xyzz::from_affine(g);
  EXPECT_EQ(g_xyzz.doubled().to_affine(), two_g);
  EXPECT_EQ(g_xyzz.doubled().add_affine(g).to_affine(), three_g);
  EXPECT_EQ((g_xyzz.doubled() + g_xyzz).to_affine(), three_g);
  // Non-doubling additions with affine inputs: G + 2G and 2G + G.
  EXPECT_EQ(Jacobian::from_affine(two_g).add_affine(g).to_affine(), three_g);
  EXPECT_EQ(Xyzz::from_affine(g).add_affine(two_g).to_affine(), three_g);
}

TYPED_TEST(CurveKnownAnswerTest, ScalarMultiplesMatchPython) {
  using Base = typename TypeParam::BaseField;
  const auto g = AffinePoint<TypeParam>::generator();
  for (const KnownMultiple& known : KnownMultiples<TypeParam>::values) {
    const auto k = parse_hex<TypeParam::ScalarField::limbs>(known.scalar);
    const auto expected = affine_from_hex<TypeParam>(known.x, known.y);
    SCOPED_TRACE(known.scalar);
    EXPECT_TRUE(expected.is_on_curve());
    const auto jacobian = mul_jacobian(k, g).to_affine();
    EXPECT_EQ(jacobian.x.to_canonical(), parse_hex<Base::limbs>(known.x));
    EXPECT_EQ(jacobian.y.to_canonical(), parse_hex<Base::limbs>(known.y));
    EXPECT_EQ(mul_xyzz(k, g).to_affine(), expected);
    EXPECT_EQ(mul_jacobian_full(k, JacobianPoint<TypeParam>::from_affine(g)).to_affine(), expected);
  }
}

}  // namespace
}  // namespace zkmsm::test
