// Field axioms and representation invariants of PrimeField on random and edge-case elements.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "field/field_types.hpp"
#include "field/test_support.hpp"

namespace zkmsm::test {
namespace {

constexpr int kRandomIterations = 200;

template <class Field>
class FieldLawsTest : public SeededTest {
 protected:
  Field random() { return random_element<Field>(rng); }

  // Edge-case elements followed by random ones.
  std::vector<Field> samples() {
    std::vector<Field> values;
    for (const auto& x : edge_integers<Field>()) values.push_back(Field::from_canonical(x));
    for (int i = 0; i < kRandomIterations; ++i) values.push_back(random());
    return values;
  }
};
TYPED_TEST_SUITE(FieldLawsTest, AllFields);

// Every operation keeps the representation fully reduced: raw limbs < p.
template <class Field>
::testing::AssertionResult IsReduced(const Field& x) {
  if (Field::is_canonical(x.raw())) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "raw limbs " << to_hex(x.raw()) << " are not below p";
}

TYPED_TEST(FieldLawsTest, ZeroAndOneAreIdentities) {
  using F = TypeParam;
  EXPECT_TRUE(F::zero().is_zero());
  EXPECT_FALSE(F::one().is_zero());
  EXPECT_NE(F::zero(), F::one());
  for (const F& x : this->samples()) {
    EXPECT_EQ(x + F::zero(), x);
    EXPECT_EQ(x * F::one(), x);
    EXPECT_EQ(x * F::zero(), F::zero());
    EXPECT_EQ(x - x, F::zero());
  }
}

TYPED_TEST(FieldLawsTest, AdditionIsAssociativeAndCommutative) {
  using F = TypeParam;
  for (const F& x : this->samples()) {
    const F y = this->random(), z = this->random();
    EXPECT_EQ(x + y, y + x);
    EXPECT_EQ((x + y) + z, x + (y + z));
    EXPECT_TRUE(IsReduced(x + y));
  }
}

TYPED_TEST(FieldLawsTest, MultiplicationIsAssociativeAndCommutative) {
  using F = TypeParam;
  for (const F& x : this->samples()) {
    const F y = this->random(), z = this->random();
    EXPECT_EQ(x * y, y * x);
    EXPECT_EQ((x * y) * z, x * (y * z));
    EXPECT_TRUE(IsReduced(x * y));
  }
}

TYPED_TEST(FieldLawsTest, MultiplicationDistributesOverAddition) {
  using F = TypeParam;
  for (const F& x : this->samples()) {
    const F y = this->random(), z = this->random();
    EXPECT_EQ(x * (y + z), x * y + x * z);
    EXPECT_EQ((y - z) * x, y * x - z * x);
  }
}

TYPED_TEST(FieldLawsTest, NegationIsTheAdditiveInverse) {
  using F = TypeParam;
  typename F::Integer p_minus_1 = F::modulus();
  p_minus_1.limb[0] -= 1;  // p is odd: no borrow
  EXPECT_EQ(-F::zero(), F::zero());
  EXPECT_EQ((-F::one()).to_canonical(), p_minus_1);
  for (const F& x : this->samples()) {
    const F y = this->random();
    EXPECT_EQ(x + (-x), F::zero());
    EXPECT_EQ(-(-x), x);
    EXPECT_EQ(x - y, x + (-y));
    EXPECT_EQ((x - y) + y, x);
    EXPECT_EQ(-(x * y), (-x) * y);
    EXPECT_TRUE(IsReduced(-x));
    EXPECT_TRUE(IsReduced(x - y));
  }
}

TYPED_TEST(FieldLawsTest, CompoundAssignmentMatchesBinaryOperators) {
  using F = TypeParam;
  for (const F& x : this->samples()) {
    const F y = this->random();
    F sum = x, diff = x, prod = x;
    sum += y;
    diff -= y;
    prod *= y;
    EXPECT_EQ(sum, x + y);
    EXPECT_EQ(diff, x - y);
    EXPECT_EQ(prod, x * y);
  }
}

TYPED_TEST(FieldLawsTest, EveryNonZeroElementHasAMultiplicativeInverse) {
  using F = TypeParam;
  for (const F& x : this->samples()) {
    if (x.is_zero()) continue;
    const F inverse = x.inverse_vartime();
    EXPECT_EQ(x * inverse, F::one()) << "x = " << ::testing::PrintToString(x);
    EXPECT_TRUE(IsReduced(inverse));
  }
}

TYPED_TEST(FieldLawsTest, SquaredEqualsSelfTimesSelf) {
  using F = TypeParam;
  for (const F& x : this->samples()) {
    EXPECT_EQ(x.squared(), x * x) << "x = " << ::testing::PrintToString(x);
    EXPECT_TRUE(IsReduced(x.squared()));
  }
  // Raw limbs at the top of [0, p) too (not only canonical values at the top).
  for (const auto& raw : edge_integers<F>()) {
    const F x = F::from_raw(raw);
    EXPECT_EQ(x.squared(), x * x) << "raw = " << to_hex(raw);
  }
}

TYPED_TEST(FieldLawsTest, DoubledEqualsSelfPlusSelf) {
  using F = TypeParam;
  for (const F& x : this->samples()) EXPECT_EQ(x.doubled(), x + x);
}

TYPED_TEST(FieldLawsTest, PowVartimeFollowsExponentLaws) {
  using F = TypeParam;
  using Integer = typename F::Integer;
  Integer p_minus_1 = F::modulus();
  p_minus_1.limb[0] -= 1;
  const Integer zero{};
  Integer one{}, three{};
  one.limb[0] = 1;
  three.limb[0] = 3;
  for (int i = 0; i < 20; ++i) {
    const F x = random_nonzero<F>(this->rng);
    EXPECT_EQ(x.pow_vartime(zero), F::one());
    EXPECT_EQ(x.pow_vartime(one), x);
    EXPECT_EQ(x.pow_vartime(three), x * x * x);
    EXPECT_EQ(x.pow_vartime(p_minus_1), F::one()) << "Fermat fails for " << ::testing::PrintToString(x);
  }
  // x^(a+b) = x^a · x^b for exponents small enough not to overflow.
  const F x = random_nonzero<F>(this->rng);
  const BigInt<1> a{{this->rng() >> 1}}, b{{this->rng() >> 1}};
  const BigInt<1> a_plus_b{{a.limb[0] + b.limb[0]}};
  EXPECT_EQ(x.pow_vartime(a_plus_b), x.pow_vartime(a) * x.pow_vartime(b));
}

TYPED_TEST(FieldLawsTest, CanonicalFormRoundTrips) {
  using F = TypeParam;
  for (const auto& value : edge_integers<F>()) {
    EXPECT_EQ(F::from_canonical(value).to_canonical(), value);
  }
  for (int i = 0; i < kRandomIterations; ++i) {
    const auto value = random_below(this->rng, F::modulus());
    EXPECT_EQ(F::from_canonical(value).to_canonical(), value);
    const F x = this->random();
    EXPECT_EQ(F::from_canonical(x.to_canonical()), x);
    EXPECT_EQ(F::from_raw(x.raw()), x);
  }
  EXPECT_EQ(F::from_u64(0), F::zero());
  EXPECT_EQ(F::from_u64(1), F::one());
}

TYPED_TEST(FieldLawsTest, IsCanonicalAcceptsExactlyValuesBelowP) {
  using F = TypeParam;
  using Integer = typename F::Integer;
  const Integer p = F::modulus();
  Integer p_minus_1 = p, p_plus_1 = p, all_ones{};
  p_minus_1.limb[0] -= 1;
  p_plus_1.limb[0] += 1;
  for (auto& limb : all_ones.limb) limb = std::numeric_limits<std::uint64_t>::max();
  EXPECT_TRUE(F::is_canonical(Integer{}));
  EXPECT_TRUE(F::is_canonical(p_minus_1));
  EXPECT_FALSE(F::is_canonical(p));
  EXPECT_FALSE(F::is_canonical(p_plus_1));
  EXPECT_FALSE(F::is_canonical(all_ones));
}

TYPED_TEST(FieldLawsTest, FromI64HandlesNegativeValues) {
  using F = TypeParam;
  EXPECT_EQ(F::from_i64(0), F::zero());
  EXPECT_EQ(F::from_i64(-1), -F::one());
  EXPECT_EQ(F::from_i64(-17) + F::from_u64(17), F::zero());
  EXPECT_EQ(F::from_i64(-3) * F::from_i64(-5), F::from_i64(15));
  const std::int64_t min = std::numeric_limits<std::int64_t>::min();
  const std::int64_t max = std::numeric_limits<std::int64_t>::max();
  EXPECT_EQ(F::from_i64(min), -F::from_u64(std::uint64_t{1} << 63));
  EXPECT_EQ(F::from_i64(min) + F::from_i64(max), -F::one());
  for (int i = 0; i < kRandomIterations; ++i) {
    const auto v = static_cast<std::int64_t>(this->rng());
    if (v == min) continue;
    EXPECT_EQ(F::from_i64(v) + F::from_i64(-v), F::zero()) << "v = " << v;
    if (v >= 0) {
      EXPECT_EQ(F::from_i64(v), F::from_u64(static_cast<std::uint64_t>(v)));
    }
  }
}

}  // namespace
}  // namespace zkmsm::test
