// Field elements to and from fixed-size byte strings of their canonical integer, big-endian
// (EIP-196) or little-endian. Decoding rejects values ≥ p instead of reducing them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "core/bigint.hpp"

namespace zkmsm {

enum class ByteOrder { big_endian, little_endian };

// The 8·N bytes of x.
template <std::size_t N>
void bigint_to_bytes(std::uint8_t* out, const BigInt<N>& x, ByteOrder order) {
  for (std::size_t i = 0; i < 8 * N; ++i) {
    const std::uint8_t byte = static_cast<std::uint8_t>(x.limb[i / 8] >> (8 * (i % 8)));
    out[order == ByteOrder::little_endian ? i : 8 * N - 1 - i] = byte;
  }
}

template <std::size_t N>
BigInt<N> bigint_from_bytes(const std::uint8_t* in, ByteOrder order) {
  BigInt<N> x{};
  for (std::size_t i = 0; i < 8 * N; ++i) {
    const std::uint8_t byte = in[order == ByteOrder::little_endian ? i : 8 * N - 1 - i];
    x.limb[i / 8] |= static_cast<std::uint64_t>(byte) << (8 * (i % 8));
  }
  return x;
}

// Canonical bytes of a field element (Montgomery form in memory, canonical on the wire).
template <class Field>
void field_to_bytes(std::uint8_t* out, const Field& x, ByteOrder order) {
  bigint_to_bytes(out, x.to_canonical(), order);
}

// The element whose canonical encoding is `in`, or nothing when the integer is ≥ p.
template <class Field>
std::optional<Field> field_from_bytes(const std::uint8_t* in, ByteOrder order) {
  const auto value = bigint_from_bytes<Field::limbs>(in, order);
  if (!Field::is_canonical(value)) return std::nullopt;
  return Field::from_canonical(value);
}

}  // namespace zkmsm
