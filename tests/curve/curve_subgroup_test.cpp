// Membership in the prime-order subgroup (curve/subgroup_check.hpp): everything on BN254 and
// Grumpkin (cofactor 1); on BLS12-381, G1's points and only them, against points computed by
// tests/curve/known_answers.py (on the curve outside G1: x = 4, 5, 6, the order-3 point (0, −2),
// G plus it; in G1: [h]Q for Q = (5, …)) and against [r]P = O for random multiples of G.
#include <gtest/gtest.h>

#include "curve/curve_test_support.hpp"
#include "curve/subgroup_check.hpp"

namespace zkmsm::test {
namespace {

struct HexPoint {
  const char* x;
  const char* y;
};

constexpr HexPoint kBlsOutsideG1[] = {
    {"0x4", "0xa989badd40d6212b33cffc3f3763e9bc760f988c9926b26da9dd85e928483446346b8ed00e1de5d5ea93e354abe706c"},
    {"0x5", "0xd3c6da1211ebe797bc0790f1e6e7d669b180a8e59196825506d2bb2185f53715df092c8a7ceb64843ea7df67dbad60d"},
    {"0x6", "0x5116d1462f2e82445342f837b384cb8f008a9f859c6f15d3a7ced587ae40ecf697991ee2150c45aa818e09c22df3b39"},
    // Order 3: (0, −2).
    {"0x0", "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaa9"},
    // G + (0, −2).
    {"0xe9277968cb92c78d15a2a2ed855d55061c3929db43d1e53d6d13bee755ff9a91b3f577bbb2f15c6ba8206a6a81c4afd",
     "0x190388421f293f2cf5ca18ba35f24d9555ecf116954e0222c3d5bb20feb70ac0a3cb1a81f8f5b398eb81b0163bc8979b"},
};

constexpr HexPoint kBlsInG1 = {
    "0xf520d06a42ce413ba5ecea07c5767a510491af5597bc5235cfd9faea18c4de7124a3d1a380c56d54e283f16d5e497cd",
    "0x100f3cd076d861027d58a7ef875589cda9c73dfb47a2ad05fcc897b1b4b863fc4176eef97cece0ebbc0f5a36c59f35b3"};

template <class Curve>
class SubgroupCheckTest : public SeededTest {};
TYPED_TEST_SUITE(SubgroupCheckTest, AllCurves);

TYPED_TEST(SubgroupCheckTest, MultiplesOfTheGeneratorAndInfinityAreInTheGroup) {
  const auto g = AffinePoint<TypeParam>::generator();
  EXPECT_TRUE(in_prime_order_subgroup(g));
  EXPECT_TRUE(in_prime_order_subgroup(-g));
  EXPECT_TRUE(in_prime_order_subgroup(AffinePoint<TypeParam>{}));
  for (int i = 0; i < 8; ++i) {
    const AffinePoint<TypeParam> p = random_point<TypeParam>(this->rng);
    ASSERT_TRUE(p.is_on_curve());
    EXPECT_TRUE(in_prime_order_subgroup(p));
  }
}

TEST(Bls12381SubgroupCheckTest, OnCurvePointsOutsideG1AreRefused) {
  for (const HexPoint& hex : kBlsOutsideG1) {
    SCOPED_TRACE(hex.x);
    const auto p = affine_from_hex<Bls12381G1>(hex.x, hex.y);
    ASSERT_TRUE(p.is_on_curve());
    // Not in G1 by definition: [r]P ≠ O.
    ASSERT_FALSE(mul_jacobian(Bls12381Fr::modulus(), p).is_infinity());
    EXPECT_FALSE(in_prime_order_subgroup(p));
    EXPECT_FALSE(in_prime_order_subgroup(-p));
  }
}

TEST(Bls12381SubgroupCheckTest, AClearedPointIsInG1) {
  const auto p = affine_from_hex<Bls12381G1>(kBlsInG1.x, kBlsInG1.y);
  ASSERT_TRUE(p.is_on_curve());
  ASSERT_TRUE(mul_jacobian(Bls12381Fr::modulus(), p).is_infinity());
  EXPECT_TRUE(in_prime_order_subgroup(p));
}

}  // namespace
}  // namespace zkmsm::test
