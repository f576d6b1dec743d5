// Known answers for the BN254 fields, computed independently with Python integers by
// tests/field/known_answers.py (the hex literals below are pasted from its output).
//   a = 3^160 mod p, b = 5^109 mod p, R = 2^256.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "field/field_types.hpp"
#include "field/test_support.hpp"

namespace zkmsm::test {
namespace {

template <class Field>
struct KnownAnswers;

template <>
struct KnownAnswers<Bn254Fq> {
  static constexpr const char* r_mod_p = "0xe0a77c19a07df2f666ea36f7879462c0a78eb28f5c70b3dd35d438dc58f0d9d";
  static constexpr const char* r2_mod_p = "0x6d89f71cab8351f47ab1eff0a417ff6b5e71911d44501fbf32cfc5b538afa89";
  static constexpr const char* r3_mod_p = "0x20fd6e902d592544ef7f0b0c0ada0afb62f210e6a7283db6b1cd6dafda1530df";
  static constexpr std::uint64_t neg_inv64 = 0x87d20782e4866389;
  static constexpr std::uint32_t neg_inv32 = 0xe4866389;
  static constexpr const char* a = "0x304d37f120d696c834550e63d9bb9c14b4f9165c9ede434e4644e3998d6db881";
  static constexpr const char* b = "0x22104d3fa421962c8c424163451ff73769a3d2b0895649e11affd6e5dd7be415";
  static constexpr const char* a_montgomery = "0x16e83ec72f86a6079c8baa24e6a5537d12dc58d35e2333418492e69f30ef8025";
  static constexpr const char* a_plus_b = "0x21f936bde3c68ccb08470a109d5a3aee871b7e7bbfc2c2a225242e68926c9f4f";
  static constexpr const char* a_minus_b = "0xe3ceab17cb5009ba812cd00949ba4dd4b5543ac1587f96d2b450cb3aff1d46c";
  static constexpr const char* b_minus_a = "0x222763c1647c9f8e103d78b5ece5b3804c2c26e552e9d12010db7f63288b28db";
  static constexpr const char* a_times_b = "0x44d267bbaf033884c8d83ec78d12773917bd2fea185774f6aa24af329cf0e8a";
  static constexpr const char* a_squared = "0x1ae95e7e99bf61e2db12ea65bcedabeda9f0fc943af84e4a6e1353aa04b8229c";
  static constexpr const char* minus_a = "0x171681c05b096183fb3752a7c5bc48e2885434c993873ef5dba87d4b0f44c6";
  static constexpr const char* a_inverse = "0x290da8f7cfab626daae1707f9582d36e446772c7b6cf24834c26f8f1713b0241";
  static constexpr const char* two_inverse = "0x183227397098d014dc2822db40c0ac2ecbc0b548b438e5469e10460b6c3e7ea4";
  // a^(2^255 − 19)
  static constexpr const char* a_pow = "0x15b9621a18f77dacfb4e49ab38cab5b75486cda159451dc9b0f3c47c95279355";
  static constexpr const char* minus_17 = "0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd36";
  static constexpr const char* minus_2_63 = "0x30644e72e131a029b85045b68181585d97816a916871ca8cbc208c16d87cfd47";
};

template <>
struct KnownAnswers<Bn254Fr> {
  static constexpr const char* r_mod_p = "0xe0a77c19a07df2f666ea36f7879462e36fc76959f60cd29ac96341c4ffffffb";
  static constexpr const char* r2_mod_p = "0x216d0b17f4e44a58c49833d53bb808553fe3ab1e35c59e31bb8e645ae216da7";
  static constexpr const char* r3_mod_p = "0xcf8594b7fcc657c893cc664a19fcfed2a489cbe1cfbb6b85e94d8e1b4bf0040";
  static constexpr std::uint64_t neg_inv64 = 0xc2e1f593efffffff;
  static constexpr std::uint32_t neg_inv32 = 0xefffffff;
  static constexpr const char* a = "0x304d37f120d696c834550e63d9bb9c14b4f9165c9ede434e4644e3998d6db881";
  static constexpr const char* b = "0x22104d3fa421962c8c424163451ff73769a3d2b0895649e11affd6e5dd7be415";
  static constexpr const char* a_montgomery = "0x8c08fbac1c471b82f1caa3f71ba6a446d4925d908bc0b295a911667d465b6b2";
  static constexpr const char* a_plus_b = "0x21f936bde3c68ccb08470a109d5a3aeef66900c4ae7b1c9e1d62c4eb7ae99c95";
  static constexpr const char* a_minus_b = "0xe3ceab17cb5009ba812cd00949ba4dd4b5543ac1587f96d2b450cb3aff1d46c";
  static constexpr const char* b_minus_a = "0x222763c1647c9f8e103d78b5ece5b37fdcdea49c64317724189ce8e0400e2b95";
  static constexpr const char* a_times_b = "0x5366519c8ca382f5096123f14a69e9c14b028f5ebe8b87ad6e4851764423ba1";
  static constexpr const char* a_squared = "0x257e6af19baf3097757d1e6fae4fcfe38b88e332b06054640007d1068baad620";
  static constexpr const char* minus_a = "0x171681c05b096183fb3752a7c5bc48733ad1ebdadb2d42fd9d11fa62924780";
  static constexpr const char* a_inverse = "0x1ebb426673d69dee1a44a18114dacdf2d46e59122891935b195b526de73c5e21";
  static constexpr const char* two_inverse = "0x183227397098d014dc2822db40c0ac2e9419f4243cdcb848a1f0fac9f8000001";
  static constexpr const char* a_pow = "0x1db320828f061501acf21aa04ae39db8cff28ab6603003f166802f57d72d5dab";
  static constexpr const char* minus_17 = "0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593effffff0";
  static constexpr const char* minus_2_63 = "0x30644e72e131a029b85045b68181585d2833e84879b97090c3e1f593f0000001";
};

template <class Field>
class FieldKnownAnswerTest : public ::testing::Test {
 protected:
  using Answers = KnownAnswers<Field>;
  using Integer = typename Field::Integer;

  static Integer integer(const char* hex) { return parse_hex<Field::limbs>(hex); }
  static Field element(const char* hex) { return Field::from_canonical(integer(hex)); }
};
TYPED_TEST_SUITE(FieldKnownAnswerTest, Bn254Fields);

TYPED_TEST(FieldKnownAnswerTest, MontgomeryConstantsMatchPython) {
  using F = TypeParam;
  using C = typename F::Constants;
  using A = typename TestFixture::Answers;
  EXPECT_EQ(C::r_mod_p, TestFixture::integer(A::r_mod_p));
  EXPECT_EQ(C::r2_mod_p, TestFixture::integer(A::r2_mod_p));
  EXPECT_EQ(C::r3_mod_p, TestFixture::integer(A::r3_mod_p));
  EXPECT_EQ(C::neg_inv64, A::neg_inv64);
  EXPECT_EQ(C::neg_inv32, A::neg_inv32);
  EXPECT_EQ(C::modulus_bits, 254u);
  EXPECT_EQ(C::spare_bits, 2u);
  EXPECT_TRUE(C::no_carry_cios);
}

TYPED_TEST(FieldKnownAnswerTest, MontgomeryFormIsValueTimesR) {
  using F = TypeParam;
  using A = typename TestFixture::Answers;
  EXPECT_EQ(F::one().raw(), TestFixture::integer(A::r_mod_p));
  EXPECT_EQ(TestFixture::element(A::a).raw(), TestFixture::integer(A::a_montgomery));
  EXPECT_EQ(F::from_raw(TestFixture::integer(A::a_montgomery)).to_canonical(), TestFixture::integer(A::a));
}

TYPED_TEST(FieldKnownAnswerTest, ArithmeticMatchesPython) {
  using A = typename TestFixture::Answers;
  const auto a = TestFixture::element(A::a);
  const auto b = TestFixture::element(A::b);
  EXPECT_EQ((a + b).to_canonical(), TestFixture::integer(A::a_plus_b));
  EXPECT_EQ((a - b).to_canonical(), TestFixture::integer(A::a_minus_b));
  EXPECT_EQ((b - a).to_canonical(), TestFixture::integer(A::b_minus_a));
  EXPECT_EQ((a * b).to_canonical(), TestFixture::integer(A::a_times_b));
  EXPECT_EQ(a.squared().to_canonical(), TestFixture::integer(A::a_squared));
  EXPECT_EQ((-a).to_canonical(), TestFixture::integer(A::minus_a));
}

TYPED_TEST(FieldKnownAnswerTest, InversesMatchPython) {
  using F = TypeParam;
  using A = typename TestFixture::Answers;
  EXPECT_EQ(TestFixture::element(A::a).inverse_vartime().to_canonical(), TestFixture::integer(A::a_inverse));
  EXPECT_EQ(F::from_u64(2).inverse_vartime().to_canonical(), TestFixture::integer(A::two_inverse));
}

TYPED_TEST(FieldKnownAnswerTest, PowVartimeMatchesPython) {
  using A = typename TestFixture::Answers;
  // 2^255 − 19
  const auto exponent = TestFixture::integer("0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed");
  EXPECT_EQ(TestFixture::element(A::a).pow_vartime(exponent).to_canonical(), TestFixture::integer(A::a_pow));
}

TYPED_TEST(FieldKnownAnswerTest, FromI64MatchesPython) {
  using F = TypeParam;
  using A = typename TestFixture::Answers;
  EXPECT_EQ(F::from_i64(-17).to_canonical(), TestFixture::integer(A::minus_17));
  EXPECT_EQ(F::from_i64(std::numeric_limits<std::int64_t>::min()).to_canonical(), TestFixture::integer(A::minus_2_63));
}

}  // namespace
}  // namespace zkmsm::test
