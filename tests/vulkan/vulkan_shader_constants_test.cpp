// The generated shader_constants.glsl (written at build time, never checked in) holds exactly
// FieldConstants' values in the 32-bit word layout the shaders index (8 words for the BN254 fields
// and BLS12-381 Fr, 12 for BLS12-381 Fq): each value is parsed back from the file the shaders were
// compiled with and compared with the host constants; so are the curve constants (b of BN254 G1,
// Grumpkin and BLS12-381 G1, Montgomery form; BLS12-381's G1-test β' and |z|) and the affine-pair
// case numbers (AffinePairCase, which affine_pair.glsl names kAffinePair<Case>).
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "curve/subgroup_check.hpp"
#include "field/bls12_381_fields.hpp"
#include "field/bn254_fields.hpp"
#include "msm/common/affine_pair.hpp"
#include "msm/vulkan/shader_constants_glsl.hpp"

namespace zkmsm::vulkan {
namespace {

std::string generated_header() {
  std::ifstream in(ZKMSM_VULKAN_SHADER_CONSTANTS_PATH, std::ios::binary);
  EXPECT_TRUE(in) << "cannot read " << ZKMSM_VULKAN_SHADER_CONSTANTS_PATH;
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The 32-bit words of `const uint NAME[K] = uint[K](…);` in `text` (empty when absent).
std::vector<std::uint32_t> parse_words(const std::string& text, const std::string& name, std::size_t count = 8) {
  const std::string k = std::to_string(count);
  const std::string head = "const uint " + name + "[" + k + "] = uint[" + k + "](";
  const std::size_t start = text.find(head);
  if (start == std::string::npos) return {};
  std::istringstream values(text.substr(start + head.size(), text.find(')', start) - start - head.size()));
  std::vector<std::uint32_t> words;
  std::string item;
  while (std::getline(values, item, ',')) words.push_back(static_cast<std::uint32_t>(std::stoul(item, nullptr, 16)));
  return words;
}

template <std::size_t L>
std::vector<std::uint32_t> words_of(const BigInt<L>& value) {
  std::vector<std::uint32_t> words;
  for (std::size_t i = 0; i < 2 * L; ++i)
    words.push_back(static_cast<std::uint32_t>(value.limb[i / 2] >> (32 * (i % 2))));
  return words;
}

// `const int NAME = value;` in `text` (−1 when absent).
int parse_int(const std::string& text, const std::string& name) {
  const std::string head = "const int " + name + " = ";
  const std::size_t start = text.find(head);
  if (start == std::string::npos) return -1;
  return std::stoi(text.substr(start + head.size()));
}

std::uint32_t parse_scalar(const std::string& text, const std::string& name) {
  const std::string head = "const uint " + name + " = ";
  const std::size_t start = text.find(head);
  if (start == std::string::npos) return 0;
  return static_cast<std::uint32_t>(std::stoul(text.substr(start + head.size()), nullptr, 16));
}

template <class Params>
void expect_field_constants(const std::string& text, const std::string& prefix) {
  using C = FieldConstants<Params>;
  constexpr std::size_t words = 2 * C::limbs;
  BigInt<C::limbs> two{};
  two.limb[0] = 2;
  BigInt<C::limbs> modulus_minus_two{};
  sub_with_borrow(modulus_minus_two, C::modulus, two);
  EXPECT_EQ(parse_int(text, prefix + "_WORDS"), static_cast<int>(words));
  EXPECT_EQ(parse_words(text, prefix + "_MODULUS", words), words_of(C::modulus));
  EXPECT_EQ(parse_words(text, prefix + "_R", words), words_of(C::r_mod_p));
  EXPECT_EQ(parse_words(text, prefix + "_R2", words), words_of(C::r2_mod_p));
  EXPECT_EQ(parse_words(text, prefix + "_MODULUS_MINUS_2", words), words_of(modulus_minus_two));
  EXPECT_EQ(parse_scalar(text, prefix + "_NEG_INV32"), C::neg_inv32);
}

TEST(VulkanShaderConstants, GeneratedHeaderHoldsFieldConstants) {
  const std::string text = generated_header();
  expect_field_constants<Bn254FqParams>(text, "BN254_FQ");
  expect_field_constants<Bn254FrParams>(text, "BN254_FR");
  expect_field_constants<Bls12381FqParams>(text, "BLS12_381_FQ");
  expect_field_constants<Bls12381FrParams>(text, "BLS12_381_FR");
  // Known values, independent of the generator: −p⁻¹ mod 2^32 (bn254_fields.hpp's static_asserts).
  EXPECT_EQ(parse_scalar(text, "BN254_FQ_NEG_INV32"), 0xe4866389u);
  EXPECT_EQ(parse_scalar(text, "BN254_FR_NEG_INV32"), 0xefffffffu);
}

TEST(VulkanShaderConstants, GeneratedHeaderHoldsCurveConstants) {
  const std::string text = generated_header();
  EXPECT_EQ(parse_words(text, "BN254_G1_B"), words_of(Bn254G1::b().raw()));
  EXPECT_EQ(parse_words(text, "GRUMPKIN_B"), words_of(GrumpkinG1::b().raw()));
  // Known values, independent of the curve structs: b = 3 over Fq and b = −17 over Fr, in
  // Montgomery form.
  EXPECT_EQ(parse_words(text, "BN254_G1_B"), words_of(Bn254Fq::from_u64(3).raw()));
  EXPECT_EQ(parse_words(text, "GRUMPKIN_B"), words_of((-Bn254Fr::from_u64(17)).raw()));
  EXPECT_EQ(parse_words(text, "BLS12_381_G1_B", 12), words_of(Bls12381Fq::from_u64(4).raw()));
}

TEST(VulkanShaderConstants, GeneratedHeaderHoldsTheSubgroupTestConstants) {
  const std::string text = generated_header();
  const Bls12381Fq beta = subgroup_beta<Bls12381G1>();
  EXPECT_EQ(parse_words(text, "BLS12_381_G1_SUBGROUP_BETA", 12), words_of(beta.raw()));
  // |z| = 0xd201000000010000 (the BLS12-381 parameter is −|z|), low word first.
  EXPECT_EQ(parse_words(text, "BLS12_381_G1_SUBGROUP_Z_MAGNITUDE", 2),
            (std::vector<std::uint32_t>{0x00010000u, 0xd2010000u}));
  // β' is a primitive cube root of unity: β'³ = 1 ≠ β'.
  EXPECT_EQ(beta * beta * beta, Bls12381Fq::one());
  EXPECT_NE(beta, Bls12381Fq::one());
}

TEST(VulkanShaderConstants, GeneratedHeaderHoldsAffinePairCases) {
  const std::string text = generated_header();
  const auto number = [](AffinePairCase pair_case) { return static_cast<std::uint32_t>(pair_case); };
  // parse_scalar reads 0 for an absent name, so none's presence is checked on its own.
  EXPECT_NE(text.find("const uint kAffinePairNone = "), std::string::npos);
  EXPECT_EQ(parse_scalar(text, "kAffinePairNone"), number(AffinePairCase::none));
  EXPECT_EQ(parse_scalar(text, "kAffinePairAdd"), number(AffinePairCase::add));
  EXPECT_EQ(parse_scalar(text, "kAffinePairDoubling"), number(AffinePairCase::doubling));
  EXPECT_EQ(parse_scalar(text, "kAffinePairCopyLhs"), number(AffinePairCase::copy_lhs));
  EXPECT_EQ(parse_scalar(text, "kAffinePairCopyRhs"), number(AffinePairCase::copy_rhs));
  EXPECT_EQ(parse_scalar(text, "kAffinePairInfinity"), number(AffinePairCase::infinity));
}

TEST(VulkanShaderConstants, GeneratedHeaderIsCurrent) {
  EXPECT_EQ(generated_header(), shader_constants_glsl())
      << "the build tree's shader_constants.glsl differs from what the generator writes now: rebuild";
}

}  // namespace
}  // namespace zkmsm::vulkan
