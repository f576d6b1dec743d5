// glv_split (src/curve/glv_split.hpp): k ≡ k1 + k2·λ (mod r) with |k1|, |k2| < 2^127, on random
// scalars and the edges (0, 1, r − 1, λ, λ², small multiples of the basis), and the point
// identity k·P = k1·P + k2·φ(P) on random points.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "curve/curve_test_support.hpp"
#include "curve/glv_split.hpp"

namespace zkmsm::test {
namespace {

template <class Curve>
class GlvSplitTest : public SeededTest {
 protected:
  using Base = typename Curve::BaseField;
  using Scalar = typename Curve::ScalarField;
  using Integer = typename Scalar::Integer;

  static Scalar lambda() { return Scalar::from_canonical(parse_hex<Scalar::limbs>(Curve::glv_lambda_hex)); }
  static Scalar half_value(const GlvHalf& h) {
    const Scalar magnitude = Scalar::from_canonical(Integer{{h.magnitude.limb[0], h.magnitude.limb[1], 0, 0}});
    return h.negative ? -magnitude : magnitude;
  }
  // Checks the congruence and the bounds for one k; returns the halves.
  static GlvHalves check(const Integer& k) {
    const GlvHalves halves = glv_split<Curve>(k);
    EXPECT_LE(halves.k1.magnitude.bit_length(), 127u) << to_hex(k);
    EXPECT_LE(halves.k2.magnitude.bit_length(), 127u) << to_hex(k);
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
  const auto beta =
      TypeParam::BaseField::from_canonical(parse_hex<TypeParam::BaseField::limbs>(TypeParam::endomorphism_beta_hex));
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

}  // namespace
}  // namespace zkmsm::test
