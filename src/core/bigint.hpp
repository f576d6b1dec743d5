// Fixed-width unsigned integers as little-endian arrays of 64-bit limbs, with constexpr helpers
// used to derive curve constants at compile time (hex parsing, comparisons, modular doubling).
// Representation: canonical integer, limb[0] least significant. Not for hot loops.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/host_device.hpp"

namespace zkmsm {

template <std::size_t N>
struct BigInt {
  std::uint64_t limb[N];

  ZKMSM_HOST_DEVICE constexpr bool operator==(const BigInt& other) const {
    for (std::size_t i = 0; i < N; ++i) {
      if (limb[i] != other.limb[i]) return false;
    }
    return true;
  }

  ZKMSM_HOST_DEVICE constexpr bool is_zero() const {
    for (std::size_t i = 0; i < N; ++i) {
      if (limb[i] != 0) return false;
    }
    return true;
  }

  ZKMSM_HOST_DEVICE constexpr bool bit(std::size_t index) const {
    return index < 64 * N && ((limb[index / 64] >> (index % 64)) & 1) != 0;
  }

  // Number of significant bits (0 for zero).
  ZKMSM_HOST_DEVICE constexpr std::size_t bit_length() const {
    for (std::size_t i = N; i-- > 0;) {
      if (limb[i] != 0) {
        std::size_t bits = 64;
        while (((limb[i] >> (bits - 1)) & 1) == 0) --bits;
        return 64 * i + bits;
      }
    }
    return 0;
  }
};

// -1, 0, +1 as a < b, a == b, a > b.
template <std::size_t N>
ZKMSM_HOST_DEVICE constexpr int compare(const BigInt<N>& a, const BigInt<N>& b) {
  for (std::size_t i = N; i-- > 0;) {
    if (a.limb[i] != b.limb[i]) return a.limb[i] < b.limb[i] ? -1 : 1;
  }
  return 0;
}

// out = a + b mod 2^(64N); returns the carry out.
template <std::size_t N>
ZKMSM_HOST_DEVICE constexpr std::uint64_t add_with_carry(BigInt<N>& out, const BigInt<N>& a, const BigInt<N>& b) {
  std::uint64_t carry = 0;
  for (std::size_t i = 0; i < N; ++i) {
    const std::uint64_t s = a.limb[i] + carry;
    const std::uint64_t c1 = s < carry ? 1 : 0;
    out.limb[i] = s + b.limb[i];
    carry = c1 + (out.limb[i] < s ? 1 : 0);
  }
  return carry;
}

// out = a - b mod 2^(64N); returns the borrow out.
template <std::size_t N>
ZKMSM_HOST_DEVICE constexpr std::uint64_t sub_with_borrow(BigInt<N>& out, const BigInt<N>& a, const BigInt<N>& b) {
  std::uint64_t borrow = 0;
  for (std::size_t i = 0; i < N; ++i) {
    const std::uint64_t d = a.limb[i] - b.limb[i];
    const std::uint64_t b1 = a.limb[i] < b.limb[i] ? 1 : 0;
    out.limb[i] = d - borrow;
    borrow = b1 + (d < borrow ? 1 : 0);
  }
  return borrow;
}

// x mod m for any x < 2^(64N), by repeated subtraction: meant for m close to 2^(64N) (the
// 254-bit moduli in 4 limbs need at most 5 rounds).
template <std::size_t N>
ZKMSM_HOST_DEVICE constexpr BigInt<N> reduce_mod(BigInt<N> x, const BigInt<N>& m) {
  while (compare(x, m) >= 0) sub_with_borrow(x, x, m);
  return x;
}

// (2·a) mod m for a < m.
template <std::size_t N>
constexpr BigInt<N> double_mod(const BigInt<N>& a, const BigInt<N>& m) {
  BigInt<N> twice{};
  const std::uint64_t carry = add_with_carry(twice, a, a);
  if (carry != 0 || compare(twice, m) >= 0) sub_with_borrow(twice, twice, m);
  return twice;
}

// 2^exponent mod m, by repeated doubling (compile-time use only).
template <std::size_t N>
constexpr BigInt<N> power_of_two_mod(std::size_t exponent, const BigInt<N>& m) {
  BigInt<N> value{};
  value.limb[0] = 1;
  for (std::size_t i = 0; i < exponent; ++i) value = double_mod(value, m);
  return value;
}

constexpr int hex_digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Parses "0x…" (or bare) hexadecimal into a BigInt; a compile-time error on bad digits or overflow.
template <std::size_t N>
constexpr BigInt<N> parse_hex(const char* text) {
  BigInt<N> value{};
  if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) text += 2;
  std::size_t length = 0;
  while (text[length] != '\0') ++length;
  if (length > 16 * N) throw "hex constant does not fit";
  for (std::size_t i = 0; i < length; ++i) {
    const int digit = hex_digit_value(text[length - 1 - i]);
    if (digit < 0) throw "bad hex digit";
    value.limb[i / 16] |= static_cast<std::uint64_t>(digit) << (4 * (i % 16));
  }
  return value;
}

// x⁻¹ mod 2^64 for odd x, by Newton iteration (each step doubles the correct low bits).
constexpr std::uint64_t inverse_mod_2_64(std::uint64_t x) {
  std::uint64_t inverse = x;  // correct to 3 bits for odd x
  for (int i = 0; i < 5; ++i) inverse *= 2 - x * inverse;
  return inverse;
}

}  // namespace zkmsm
