// Field8x52 (AVX-512 IFMA, radix 2^52, Montgomery R' = 2^260) against the scalar PrimeField on
// random and edge inputs, including the lazy input ranges the batched addition relies on.
// The test bodies are compiled for AVX-512 IFMA (like the library's 8-lane code) and skipped
// on a CPU without it (or with ZKMSM_CPU_FEATURES below ifma).
#include <gtest/gtest.h>

#include <vector>

#include "field/field_8x52_ifma.hpp"
#include "field/field_types.hpp"
#include "field/test_support.hpp"
#include "host/cpu_features.hpp"

#if defined(ZKMSM_HAVE_FIELD_8X52_IFMA)

namespace zkmsm::test {
namespace {

template <class Field>
struct ParamsOf;
template <class P>
struct ParamsOf<PrimeField<P>> {
  using type = P;
};
template <class Field>
using Vec = Field8x52<typename ParamsOf<Field>::type>;
template <class Field>
using VecConstants = Field8x52Constants<typename ParamsOf<Field>::type>;

template <class Field>
class Field8x52Test : public SeededTest {
 protected:
  void SetUp() override {
    if (!host::active_cpu_features.avx512_ifma) GTEST_SKIP() << "this CPU path has no AVX-512 IFMA";
    SeededTest::SetUp();
  }
};
TYPED_TEST_SUITE(Field8x52Test, Bn254Fields);

ZKMSM_BEGIN_AVX512_IFMA_CODE

template <class Field>
Field raw_mod_p(const BigInt<4>& x) {
  return Field::from_raw(reduce_mod(x, Field::modulus()));
}

// A·B·2^−260 mod p by the scalar field: raw(from_raw(A)·from_raw(B)) = A·B·2^−256, and one
// more multiplication by the element of raw 2^252 divides by 16.
template <class Field>
BigInt<4> expected_product(const BigInt<4>& a, const BigInt<4>& b) {
  const Field sixteenth = Field::from_raw(power_of_two_mod(252, Field::modulus()));
  return (raw_mod_p<Field>(a) * raw_mod_p<Field>(b) * sixteenth).raw();
}

// x + k·p as an integer (the caller keeps it below 2^256).
template <class Field>
BigInt<4> plus_multiple(const BigInt<4>& x, unsigned k) {
  BigInt<4> out = x;
  for (unsigned i = 0; i < k; ++i) add_with_carry(out, out, Field::modulus());
  return out;
}

// Runs mul on 8 lanes and checks each against the scalar field; results must be < 2p.
template <class Field>
void check_products(const BigInt<4> (&a)[8], const BigInt<4> (&b)[8]) {
  using V = Vec<Field>;
  const V product = V::mul(V::from_lanes(a), V::from_lanes(b));
  BigInt<4> two_p{};
  add_with_carry(two_p, Field::modulus(), Field::modulus());
  for (int k = 0; k < 8; ++k) {
    const BigInt<4> lane = product.lane(k);
    EXPECT_LT(compare(lane, two_p), 0) << "lane " << k << " not below 2p: " << to_hex(lane);
    EXPECT_EQ(reduce_mod(lane, Field::modulus()), expected_product<Field>(a[k], b[k]))
        << "lane " << k << ": a = " << to_hex(a[k]) << ", b = " << to_hex(b[k]);
  }
}

TYPED_TEST(Field8x52Test, MulMatchesScalarOnRandomReducedInputs) {
  using Field = TypeParam;
  for (int round = 0; round < 500; ++round) {
    BigInt<4> a[8], b[8];
    for (int k = 0; k < 8; ++k) {
      a[k] = random_below(this->rng, Field::modulus());
      b[k] = random_below(this->rng, Field::modulus());
    }
    check_products<Field>(a, b);
  }
}

// Inputs up to 4p (< 2^256): the lazy range that sums and differences reach.
TYPED_TEST(Field8x52Test, MulMatchesScalarOnLazyInputs) {
  using Field = TypeParam;
  for (int round = 0; round < 500; ++round) {
    BigInt<4> a[8], b[8];
    for (int k = 0; k < 8; ++k) {
      a[k] = plus_multiple<Field>(random_below(this->rng, Field::modulus()), static_cast<unsigned>(this->rng() % 4));
      b[k] = plus_multiple<Field>(random_below(this->rng, Field::modulus()), static_cast<unsigned>(this->rng() % 4));
    }
    check_products<Field>(a, b);
  }
}

TYPED_TEST(Field8x52Test, MulEdgeInputs) {
  using Field = TypeParam;
  const auto edges = edge_integers<Field>();
  std::vector<BigInt<4>> values;
  for (const auto& e : edges) {
    values.push_back(e);
    BigInt<4> four_p_minus{};
    four_p_minus = plus_multiple<Field>(e, 3);  // e + 3p < 4p
    values.push_back(four_p_minus);
  }
  for (std::size_t i = 0; i < values.size(); ++i) {
    for (std::size_t j = 0; j < values.size(); j += 8) {
      BigInt<4> a[8], b[8];
      for (int k = 0; k < 8; ++k) {
        a[k] = values[i];
        b[k] = values[(j + static_cast<std::size_t>(k)) % values.size()];
      }
      check_products<Field>(a, b);
    }
  }
}

TYPED_TEST(Field8x52Test, AddSubReduce) {
  using Field = TypeParam;
  using V = Vec<Field>;
  using K = VecConstants<Field>;
  for (int round = 0; round < 300; ++round) {
    BigInt<4> a[8], b[8];
    for (int k = 0; k < 8; ++k) {
      a[k] = plus_multiple<Field>(random_below(this->rng, Field::modulus()), static_cast<unsigned>(this->rng() % 2));
      b[k] = plus_multiple<Field>(random_below(this->rng, Field::modulus()), static_cast<unsigned>(this->rng() % 2));
    }
    const V va = V::from_lanes(a), vb = V::from_lanes(b);
    V sum = V::add(va, vb);          // < 4p
    V diff = V::sub(va, vb, K::p2);  // (0, 4p)
    sum.reduce_from_4p();
    diff.reduce_from_4p();
    for (int k = 0; k < 8; ++k) {
      const Field fa = raw_mod_p<Field>(a[k]), fb = raw_mod_p<Field>(b[k]);
      EXPECT_EQ(sum.lane(k), (fa + fb).raw()) << "lane " << k;
      EXPECT_EQ(diff.lane(k), (fa - fb).raw()) << "lane " << k;
    }
    const __mmask8 eq = V::equal(sum, diff);
    for (int k = 0; k < 8; ++k) EXPECT_EQ(((eq >> k) & 1) != 0, sum.lane(k) == diff.lane(k));
  }
}

// PrimeField form → R' form → PrimeField form is the identity, and R' form multiplies right.
TYPED_TEST(Field8x52Test, ConversionConstantsRoundTrip) {
  using Field = TypeParam;
  using V = Vec<Field>;
  using K = VecConstants<Field>;
  BigInt<4> a[8], b[8];
  Field fa[8], fb[8];
  for (int k = 0; k < 8; ++k) {
    fa[k] = Field::from_canonical(random_below(this->rng, Field::modulus()));
    fb[k] = Field::from_canonical(random_below(this->rng, Field::modulus()));
    a[k] = fa[k].raw();
    b[k] = fb[k].raw();
  }
  V va = V::mul(V::from_lanes(a), V::broadcast(K::from_mont256));
  V vb = V::mul(V::from_lanes(b), V::broadcast(K::from_mont256));
  va.reduce_from_2p();
  vb.reduce_from_2p();
  V product = V::mul(V::mul(va, vb), V::broadcast(K::to_mont256));
  product.reduce_from_2p();
  V back = V::mul(va, V::broadcast(K::to_mont256));
  back.reduce_from_2p();
  for (int k = 0; k < 8; ++k) {
    EXPECT_EQ(back.lane(k), a[k]) << "lane " << k;
    EXPECT_EQ(product.lane(k), (fa[k] * fb[k]).raw()) << "lane " << k;
  }
  // Canonical → PrimeField form directly.
  BigInt<4> canonical[8];
  for (int k = 0; k < 8; ++k) canonical[k] = random_below(this->rng, Field::modulus());
  V mont = V::mul(V::from_lanes(canonical), V::broadcast(K::canonical_to_mont256));
  mont.reduce_from_2p();
  for (int k = 0; k < 8; ++k) EXPECT_EQ(mont.lane(k), Field::from_canonical(canonical[k]).raw()) << "lane " << k;
}

ZKMSM_END_AVX512_IFMA_CODE

}  // namespace
}  // namespace zkmsm::test

#endif
