// Safegcd (Bernstein–Yang) inversion against Fermat's little theorem, x⁻¹ = x^(p−2).
//
// inverse_vartime runs safegcd on the raw Montgomery limbs, so the edge cases below are chosen
// on the raw limbs (what the divsteps see): tiny values, p − 1, powers of two and values with
// many trailing zeros (long runs of "g even" divsteps), and values just below p.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "field/field_types.hpp"
#include "field/safegcd.hpp"
#include "field/test_support.hpp"

namespace zkmsm::test {
namespace {

template <class Field>
class FieldInverseTest : public SeededTest {
 protected:
  using Integer = typename Field::Integer;

  static Integer p_minus(std::uint64_t k) {
    Integer small{}, result{};
    small.limb[0] = k;
    sub_with_borrow(result, Field::modulus(), small);
    return result;
  }

  static Field fermat_inverse(const Field& x) { return x.pow_vartime(p_minus(2)); }

  // Raw limb patterns that stress the divsteps, all in [1, p).
  std::vector<Integer> edge_raw_values() {
    const Integer& p = Field::modulus();
    const std::size_t bits = p.bit_length();
    std::vector<Integer> values;
    for (std::uint64_t k = 1; k <= 64; ++k) {
      Integer small{};
      small.limb[0] = k;
      values.push_back(small);       // 1, 2, 3, …
      values.push_back(p_minus(k));  // p − 1, p − 2, …
    }
    for (std::size_t k = 0; k < bits; ++k) {
      Integer power{};
      power.limb[k / 64] = std::uint64_t{1} << (k % 64);
      values.push_back(power);  // 2^k: k trailing zeros
      Integer below_p{};
      sub_with_borrow(below_p, p, power);
      values.push_back(below_p);  // p − 2^k
      // A random value with its low k bits cleared.
      Integer shifted = random_below(this->rng, p);
      for (std::size_t bit = 0; bit < k; ++bit) shifted.limb[bit / 64] &= ~(std::uint64_t{1} << (bit % 64));
      if (!shifted.is_zero()) values.push_back(shifted);
    }
    Integer alternating{};  // 0b…0101 below p
    for (std::size_t i = 0; i + 2 < bits; i += 2) alternating.limb[i / 64] |= std::uint64_t{1} << (i % 64);
    values.push_back(alternating);
    return values;
  }
};
TYPED_TEST_SUITE(FieldInverseTest, AllFields);

TYPED_TEST(FieldInverseTest, InverseOfZeroIsZero) {
  using F = TypeParam;
  EXPECT_EQ(F::zero().inverse_vartime(), F::zero());
  const auto modulus = SafegcdModulus<F::limbs>::make(F::modulus());
  EXPECT_TRUE(safegcd_inverse_vartime(typename F::Integer{}, F::Constants::r2_mod_p, modulus).is_zero());
}

TYPED_TEST(FieldInverseTest, InverseOfOneAndMinusOne) {
  using F = TypeParam;
  EXPECT_EQ(F::one().inverse_vartime(), F::one());
  EXPECT_EQ((-F::one()).inverse_vartime(), -F::one());
}

TYPED_TEST(FieldInverseTest, MatchesFermatOnRandomValues) {
  using F = TypeParam;
  for (int i = 0; i < 300; ++i) {
    const F x = random_nonzero<F>(this->rng);
    const F inverse = x.inverse_vartime();
    ASSERT_EQ(inverse, TestFixture::fermat_inverse(x)) << "x = " << ::testing::PrintToString(x);
    ASSERT_EQ(inverse * x, F::one());
  }
}

TYPED_TEST(FieldInverseTest, MatchesFermatOnEdgeRawValues) {
  using F = TypeParam;
  for (const auto& raw : this->edge_raw_values()) {
    const F x = F::from_raw(raw);
    const F inverse = x.inverse_vartime();
    EXPECT_EQ(inverse, TestFixture::fermat_inverse(x)) << "raw limbs " << to_hex(raw);
    EXPECT_EQ(inverse * x, F::one()) << "raw limbs " << to_hex(raw);
  }
}

TYPED_TEST(FieldInverseTest, InverseIsAnInvolution) {
  using F = TypeParam;
  for (int i = 0; i < 100; ++i) {
    const F x = random_nonzero<F>(this->rng);
    EXPECT_EQ(x.inverse_vartime().inverse_vartime(), x);
    EXPECT_EQ((x * x).inverse_vartime(), x.inverse_vartime().squared());
  }
}

// The raw routine: returns seed · x⁻¹ mod p for canonical integers (no Montgomery form).
TYPED_TEST(FieldInverseTest, SafegcdReturnsSeedTimesInverse) {
  using F = TypeParam;
  using Integer = typename F::Integer;
  const auto modulus = SafegcdModulus<F::limbs>::make(F::modulus());
  Integer one{};
  one.limb[0] = 1;
  for (int i = 0; i < 100; ++i) {
    const Integer x = F::from_canonical(random_below(this->rng, F::modulus())).raw();
    if (x.is_zero()) continue;
    const Integer seed = random_below(this->rng, F::modulus());
    const Integer plain = safegcd_inverse_vartime(x, one, modulus);
    EXPECT_TRUE(F::is_canonical(plain));
    EXPECT_EQ(F::from_canonical(plain) * F::from_canonical(x), F::one()) << "x = " << to_hex(x);
    const Integer seeded = safegcd_inverse_vartime(x, seed, modulus);
    EXPECT_EQ(F::from_canonical(seeded) * F::from_canonical(x), F::from_canonical(seed)) << "x = " << to_hex(x);
  }
  EXPECT_TRUE(safegcd_inverse_vartime(one, Integer{}, modulus).is_zero());  // seed 0
}

}  // namespace
}  // namespace zkmsm::test
