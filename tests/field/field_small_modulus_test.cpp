// PrimeField and safegcd at one limb, over the Mersenne prime p = 2^61 − 1, checked operation
// by operation against native 128-bit arithmetic: an oracle that shares no code with the field.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <limits>

#include "field/prime_field.hpp"
#include "field/test_support.hpp"

namespace zkmsm::test {
namespace {

struct Mersenne61Params {
  static constexpr std::size_t limbs = 1;
  static constexpr const char* modulus_hex = "0x1fffffffffffffff";
};
using F61 = PrimeField<Mersenne61Params>;
using u128 = unsigned __int128;

constexpr std::uint64_t kP = (std::uint64_t{1} << 61) - 1;
constexpr int kIterations = 5000;

std::uint64_t mul_mod(std::uint64_t a, std::uint64_t b) { return static_cast<std::uint64_t>(u128{a} * b % kP); }

std::uint64_t pow_mod(std::uint64_t base, std::uint64_t exponent) {
  std::uint64_t result = 1;
  for (; exponent != 0; exponent >>= 1, base = mul_mod(base, base)) {
    if (exponent & 1) result = mul_mod(result, base);
  }
  return result;
}

F61 element(std::uint64_t canonical) { return F61::from_u64(canonical); }
std::uint64_t value(const F61& x) { return x.to_canonical().limb[0]; }

class FieldMersenne61Test : public SeededTest {
 protected:
  std::uint64_t random() { return rng() % kP; }
};

TEST_F(FieldMersenne61Test, ConstantsMatchDefinitions) {
  using C = F61::Constants;
  EXPECT_EQ(C::modulus_bits, 61u);
  EXPECT_EQ(C::spare_bits, 3u);
  EXPECT_EQ(C::r_mod_p.limb[0], static_cast<std::uint64_t>((u128{1} << 64) % kP));  // 2^64 mod p = 8
  EXPECT_EQ(C::r2_mod_p.limb[0], 64u);                                              // 8² mod p
  EXPECT_EQ(C::neg_inv64 * kP, std::numeric_limits<std::uint64_t>::max());          // −p⁻¹·p ≡ −1
}

TEST_F(FieldMersenne61Test, MontgomeryFormIsValueTimesR) {
  for (int i = 0; i < kIterations; ++i) {
    const std::uint64_t a = random();
    EXPECT_EQ(element(a).raw().limb[0], static_cast<std::uint64_t>((u128{a} << 64) % kP)) << "a = " << a;
  }
}

TEST_F(FieldMersenne61Test, ArithmeticMatchesNative128BitArithmetic) {
  const std::uint64_t edges[] = {0, 1, 2, kP - 2, kP - 1, kP / 2, kP / 2 + 1};
  auto check = [](std::uint64_t a, std::uint64_t b) {
    const F61 x = element(a), y = element(b);
    EXPECT_EQ(value(x), a);
    EXPECT_EQ(value(x + y), (a + b) % kP) << a << " + " << b;
    EXPECT_EQ(value(x - y), (a + kP - b) % kP) << a << " - " << b;
    EXPECT_EQ(value(x * y), mul_mod(a, b)) << a << " * " << b;
    EXPECT_EQ(value(x.squared()), mul_mod(a, a)) << a << "^2";
    EXPECT_EQ(value(-x), (kP - a) % kP) << "-" << a;
  };
  for (const std::uint64_t a : edges) {
    for (const std::uint64_t b : edges) check(a, b);
  }
  for (int i = 0; i < kIterations; ++i) check(random(), random());
}

TEST_F(FieldMersenne61Test, InverseMatchesNative128BitArithmetic) {
  EXPECT_EQ(F61::zero().inverse_vartime(), F61::zero());
  for (int i = 0; i < kIterations; ++i) {
    std::uint64_t a = random();
    if (i < 61) a = std::uint64_t{1} << i;  // powers of two first
    if (a == 0) continue;
    EXPECT_EQ(value(element(a).inverse_vartime()), pow_mod(a, kP - 2)) << "a = " << a;
  }
}

TEST_F(FieldMersenne61Test, FromI64MatchesNativeArithmetic) {
  for (int i = 0; i < kIterations; ++i) {
    const auto v = static_cast<std::int64_t>(rng());
    const auto expected = static_cast<std::uint64_t>(((static_cast<__int128>(v) % kP) + kP) % kP);
    EXPECT_EQ(value(F61::from_i64(v)), expected) << "v = " << v;
  }
}

}  // namespace
}  // namespace zkmsm::test
