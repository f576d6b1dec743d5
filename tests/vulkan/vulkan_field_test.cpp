// field.glsl, field_lazy.glsl and safegcd_inverse.glsl on the Vulkan device against the host
// PrimeField, bit for bit, for BN254 Fq and Fr and BLS12-381 Fq (12 words) and Fr: sums, differences,
// products, squares, negations, safegcd and Fermat inverses, and the lazy operations on a + p and
// b + p (up to 2p − 1), of edge values (0, ±1, ±2, the largest reduced word pattern p − 1) paired
// with each other, and of seeded random pairs; both inversions of thousands of values alone.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "field/bls12_381_fields.hpp"
#include "field/bn254_fields.hpp"
#include "field/test_support.hpp"
#include "vulkan/vulkan_field_ops.hpp"
#include "vulkan/vulkan_test_support.hpp"

namespace zkmsm::vulkan {
namespace {

template <class FieldT, ShaderId kShader, ShaderId kInverseShader>
struct FieldCase {
  using Field = FieldT;
  static constexpr ShaderId shader = kShader;
  static constexpr ShaderId inverse_shader = kInverseShader;
};

using FieldCases =
    ::testing::Types<FieldCase<Bn254Fq, ShaderId::field_ops_bn254_fq, ShaderId::field_inverse_bn254_fq>,
                     FieldCase<Bn254Fr, ShaderId::field_ops_bn254_fr, ShaderId::field_inverse_bn254_fr>,
                     FieldCase<Bls12381Fq, ShaderId::field_ops_bls12_381_fq, ShaderId::field_inverse_bls12_381_fq>,
                     FieldCase<Bls12381Fr, ShaderId::field_ops_bls12_381_fr, ShaderId::field_inverse_bls12_381_fr>>;

template <class Case>
class VulkanFieldTest : public zkmsm::test::SeededTest {};
TYPED_TEST_SUITE(VulkanFieldTest, FieldCases);

template <class Field>
std::vector<Field> edge_values() {
  typename Field::Integer p_minus_one = Field::modulus();
  p_minus_one.limb[0] -= 1;
  return {Field::zero(),
          Field::one(),
          -Field::one(),
          Field::from_u64(2),
          -Field::from_u64(2),
          Field::from_raw(p_minus_one),
          Field::from_raw(typename Field::Integer{{1}})};
}

template <class Field>
void expect_matches_host(const std::vector<Field>& a,
                         const std::vector<Field>& b,
                         const std::vector<std::array<Field, test::kFieldOpsResults>>& device) {
  ASSERT_EQ(device.size(), a.size());
  static constexpr const char* kNames[] = {"a + b",
                                           "a - b",
                                           "a * b",
                                           "a^2",
                                           "-a",
                                           "a^-1 (safegcd)",
                                           "a^-1 (Fermat)",
                                           "lazy a + b",
                                           "lazy a - b",
                                           "lazy a * b",
                                           "lazy a * b - a^2",
                                           "lazy a == 0"};
  // field_lazy.glsl exists for fields with 4p < R; the shader writes 0 to the lazy slots of the others.
  constexpr bool kLazy = Field::Constants::spare_bits >= 2;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const Field product = a[i] * b[i];
    const Field square = a[i].squared();
    const std::array<Field, test::kFieldOpsResults> host = {a[i] + b[i],
                                                            a[i] - b[i],
                                                            product,
                                                            square,
                                                            -a[i],
                                                            a[i].inverse_vartime(),
                                                            a[i].inverse_vartime(),
                                                            kLazy ? a[i] + b[i] : Field::zero(),
                                                            kLazy ? a[i] - b[i] : Field::zero(),
                                                            kLazy ? product : Field::zero(),
                                                            kLazy ? product - square : Field::zero(),
                                                            kLazy && a[i].is_zero() ? Field::one() : Field::zero()};
    for (std::size_t k = 0; k < host.size(); ++k) {
      ASSERT_EQ(device[i][k], host[k]) << kNames[k] << " at pair " << i << ", a = " << ::testing::PrintToString(a[i])
                                       << ", b = " << ::testing::PrintToString(b[i]);
    }
  }
}

TYPED_TEST(VulkanFieldTest, EdgeValuePairsMatchHost) {
  using Field = typename TypeParam::Field;
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  const std::vector<Field> edges = edge_values<Field>();
  std::vector<Field> a, b;
  for (const Field& x : edges) {
    for (const Field& y : edges) {
      a.push_back(x);
      b.push_back(y);
    }
  }
  std::vector<std::array<Field, test::kFieldOpsResults>> device;
  const Status status = test::run_field_ops<Field>(device, *context, TypeParam::shader, 64, a, b);
  ASSERT_TRUE(status.ok()) << status.message;
  expect_matches_host(a, b, device);
}

TYPED_TEST(VulkanFieldTest, RandomPairsMatchHost) {
  using Field = typename TypeParam::Field;
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  // 1000: not a multiple of the workgroup size, so the shader's bounds check is exercised.
  std::vector<Field> a(1000), b(1000);
  for (std::size_t i = 0; i < a.size(); ++i) {
    a[i] = zkmsm::test::random_element<Field>(this->rng);
    b[i] = zkmsm::test::random_element<Field>(this->rng);
  }
  std::vector<std::array<Field, test::kFieldOpsResults>> device;
  const Status status = test::run_field_ops<Field>(device, *context, TypeParam::shader, 64, a, b);
  ASSERT_TRUE(status.ok()) << status.message;
  expect_matches_host(a, b, device);
}

TYPED_TEST(VulkanFieldTest, WorkgroupSizeDoesNotChangeResults) {
  using Field = typename TypeParam::Field;
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  std::vector<Field> a(77), b(77);
  for (std::size_t i = 0; i < a.size(); ++i) {
    a[i] = zkmsm::test::random_nonzero<Field>(this->rng);
    b[i] = zkmsm::test::random_nonzero<Field>(this->rng);
  }
  for (const std::uint32_t workgroup : {1u, 32u, 128u}) {
    SCOPED_TRACE(::testing::Message() << "workgroup size " << workgroup);
    std::vector<std::array<Field, test::kFieldOpsResults>> device;
    const Status status = test::run_field_ops<Field>(device, *context, TypeParam::shader, workgroup, a, b);
    ASSERT_TRUE(status.ok()) << status.message;
    expect_matches_host(a, b, device);
  }
}

// Both inversions of many values with the inversion kernel: the edge values, 2^k·R⁻¹ … (raw words
// with one bit set, which make long runs of even g in the divsteps), and 3,000 random values.
TYPED_TEST(VulkanFieldTest, InversesOfManyValuesMatchHost) {
  using Field = typename TypeParam::Field;
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  std::vector<Field> values = edge_values<Field>();
  for (int bit = 0; bit + 1 < static_cast<int>(Field::Constants::modulus_bits); ++bit) {
    typename Field::Integer single_bit{};
    single_bit.limb[bit / 64] = std::uint64_t{1} << (bit % 64);
    values.push_back(Field::from_raw(single_bit));
  }
  for (int i = 0; i < 3000; ++i) values.push_back(zkmsm::test::random_element<Field>(this->rng));
  for (const std::uint32_t method : {test::kInverseSafegcd, test::kInverseFermat}) {
    SCOPED_TRACE(::testing::Message() << (method == test::kInverseSafegcd ? "safegcd" : "Fermat"));
    std::vector<Field> device;
    const Status status =
        test::run_field_inverse<Field>(device, nullptr, *context, TypeParam::inverse_shader, method, 64, values);
    ASSERT_TRUE(status.ok()) << status.message;
    ASSERT_EQ(device.size(), values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
      ASSERT_EQ(device[i], values[i].inverse_vartime())
          << "value " << i << " = " << ::testing::PrintToString(values[i]);
    }
  }
}

}  // namespace
}  // namespace zkmsm::vulkan
