// The 32-bit-word safegcd (field/safegcd_30.hpp, the CUDA device field's inversion) against the
// host's PrimeField::inverse_vartime, on the raw Montgomery limbs the divsteps see: 0, small
// values, p − k, powers of two (long runs of even g), values with many trailing zeros, random.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "field/field_types.hpp"
#include "field/safegcd_30.hpp"
#include "field/test_support.hpp"

namespace zkmsm::test {
namespace {

template <class Field>
class Safegcd30Test : public SeededTest {
 protected:
  using Integer = typename Field::Integer;

  // The Montgomery-form inverse through safegcd_30, for a raw (Montgomery) value.
  static constexpr int kWords = 2 * Field::limbs;

  static Integer inverse_30(const Integer& raw) {
    static constexpr Safegcd30Modulus<kWords> kModulus =
        Safegcd30Modulus<kWords>::make(Field::Constants::modulus, Field::Constants::neg_inv32);
    static constexpr Signed30<kWords> kSeed = signed30_from_bigint(Field::Constants::r2_mod_p);
    std::uint32_t words[kWords], out[kWords];
    for (int i = 0; i < kWords; ++i) words[i] = static_cast<std::uint32_t>(raw.limb[i / 2] >> (32 * (i % 2)));
    safegcd30_inverse_vartime<kWords>(out, words, kSeed, kModulus);
    Integer result{};
    for (int i = 0; i < kWords; ++i) result.limb[i / 2] |= std::uint64_t{out[i]} << (32 * (i % 2));
    return result;
  }

  void expect_matches(const Integer& raw) {
    const Integer expected = Field::from_raw(raw).inverse_vartime().raw();
    EXPECT_EQ(inverse_30(raw), expected) << "raw limbs " << to_hex(raw);
  }
};
TYPED_TEST_SUITE(Safegcd30Test, AllFields);

TYPED_TEST(Safegcd30Test, ZeroAndOne) {
  using F = TypeParam;
  EXPECT_TRUE(TestFixture::inverse_30(typename F::Integer{}).is_zero());
  this->expect_matches(F::one().raw());
  this->expect_matches((-F::one()).raw());
}

TYPED_TEST(Safegcd30Test, EdgeRawValues) {
  using F = TypeParam;
  using Integer = typename F::Integer;
  const Integer& p = F::modulus();
  for (std::uint64_t k = 1; k <= 40; ++k) {
    Integer small{}, below_p{};
    small.limb[0] = k;
    sub_with_borrow(below_p, p, small);
    this->expect_matches(small);
    this->expect_matches(below_p);
  }
  for (std::size_t k = 0; k < p.bit_length(); ++k) {
    Integer power{};
    power.limb[k / 64] = std::uint64_t{1} << (k % 64);
    this->expect_matches(power);
    Integer shifted = random_below(this->rng, p);
    for (std::size_t bit = 0; bit < k; ++bit) shifted.limb[bit / 64] &= ~(std::uint64_t{1} << (bit % 64));
    this->expect_matches(shifted);
  }
}

TYPED_TEST(Safegcd30Test, RandomValues) {
  using F = TypeParam;
  for (int i = 0; i < 2000; ++i) this->expect_matches(random_element<F>(this->rng).raw());
}

}  // namespace
}  // namespace zkmsm::test
