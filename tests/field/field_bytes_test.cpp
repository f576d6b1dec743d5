// Byte encodings of field elements: round trips in both byte orders and rejection of p.
#include <gtest/gtest.h>

#include <array>

#include "field/bn254_fields.hpp"
#include "field/field_bytes.hpp"
#include "field/test_support.hpp"

namespace zkmsm::test {
namespace {

class FieldBytesTest : public SeededTest {};

TEST_F(FieldBytesTest, RoundTripsBothByteOrders) {
  for (int i = 0; i < 100; ++i) {
    BigInt<4> value{};
    for (auto& limb : value.limb) limb = rng();
    value = reduce_mod(value, Bn254Fq::modulus());
    const Bn254Fq x = Bn254Fq::from_canonical(value);
    for (ByteOrder order : {ByteOrder::big_endian, ByteOrder::little_endian}) {
      std::array<std::uint8_t, 32> bytes{};
      field_to_bytes(bytes.data(), x, order);
      const auto back = field_from_bytes<Bn254Fq>(bytes.data(), order);
      ASSERT_TRUE(back.has_value());
      EXPECT_EQ(*back, x);
    }
  }
}

TEST_F(FieldBytesTest, BigEndianPutsTheMostSignificantByteFirst) {
  std::array<std::uint8_t, 32> bytes{};
  field_to_bytes(bytes.data(), Bn254Fq::from_u64(0x0102), ByteOrder::big_endian);
  EXPECT_EQ(bytes[30], 0x01);
  EXPECT_EQ(bytes[31], 0x02);
  field_to_bytes(bytes.data(), Bn254Fq::from_u64(0x0102), ByteOrder::little_endian);
  EXPECT_EQ(bytes[0], 0x02);
  EXPECT_EQ(bytes[1], 0x01);
}

TEST_F(FieldBytesTest, RejectsTheModulusAndAbove) {
  std::array<std::uint8_t, 32> bytes{};
  bigint_to_bytes(bytes.data(), Bn254Fq::modulus(), ByteOrder::big_endian);
  EXPECT_FALSE(field_from_bytes<Bn254Fq>(bytes.data(), ByteOrder::big_endian).has_value());
  bytes.fill(0xff);
  EXPECT_FALSE(field_from_bytes<Bn254Fq>(bytes.data(), ByteOrder::little_endian).has_value());
}

}  // namespace
}  // namespace zkmsm::test
