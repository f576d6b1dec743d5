// Test support shared by tests/field and tests/curve: seeded randomness and readable printing
// of big integers and field elements in failure messages.
//
// Every test gets its own std::mt19937_64, seeded from the run seed mixed with the test's full
// name, so a test draws the same values whether it runs alone (ctest runs one test per process)
// or with the whole binary. The run seed is fixed by default, so runs are reproducible; set
//   ZKMSM_TEST_SEED=<decimal or 0x-hex>   to choose another one, or
//   ZKMSM_TEST_SEED=random                to draw one from std::random_device.
// Each test prints the seed it used before drawing anything.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <random>
#include <string>
#include <string_view>

#include "core/bigint.hpp"
#include "field/prime_field.hpp"

namespace zkmsm::test {

inline constexpr std::uint64_t kDefaultSeed = 0x7a6b6d736d2d3031;  // "zkmsm-01"

// The run seed: ZKMSM_TEST_SEED if set, otherwise kDefaultSeed. Read once per process.
inline std::uint64_t run_seed() {
  static const std::uint64_t seed = [] {
    const char* text = std::getenv("ZKMSM_TEST_SEED");
    if (text == nullptr || *text == '\0') return kDefaultSeed;
    if (std::string_view(text) == "random") {
      std::random_device device;
      return (std::uint64_t{device()} << 32) ^ device();
    }
    return static_cast<std::uint64_t>(std::strtoull(text, nullptr, 0));
  }();
  return seed;
}

// FNV-1a: a stable hash of the test name (std::hash may differ between standard libraries).
inline std::uint64_t stable_hash(std::string_view text) {
  std::uint64_t hash = 0xcbf29ce484222325;
  for (const char c : text) hash = (hash ^ static_cast<unsigned char>(c)) * 0x100000001b3;
  return hash;
}

// Base fixture: `rng` is seeded per test and the seed is printed (and recorded in the XML
// report) so that a failure can be replayed with ZKMSM_TEST_SEED.
class SeededTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const std::string name = std::string(info->test_suite_name()) + "." + info->name();
    rng.seed(run_seed() ^ stable_hash(name));
    char seed_text[32];
    std::snprintf(seed_text, sizeof seed_text, "0x%016llx", static_cast<unsigned long long>(run_seed()));
    std::printf("[   SEED   ] ZKMSM_TEST_SEED=%s (%s)\n", seed_text, name.c_str());
    RecordProperty("zkmsm_test_seed", seed_text);
  }

  std::mt19937_64 rng;
};

// Uniform integer in [0, bound), bound > 0, by rejection on bound's bit length.
template <std::size_t N>
BigInt<N> random_below(std::mt19937_64& rng, const BigInt<N>& bound) {
  const std::size_t bits = bound.bit_length();
  for (;;) {
    BigInt<N> value{};
    for (std::size_t i = 0; i < N; ++i) {
      const std::size_t low = 64 * i;
      if (low >= bits) break;
      value.limb[i] = rng();
      if (bits - low < 64) value.limb[i] &= (std::uint64_t{1} << (bits - low)) - 1;
    }
    if (compare(value, bound) < 0) return value;
  }
}

// Uniform field element (in Montgomery form, like every PrimeField value).
template <class Field>
Field random_element(std::mt19937_64& rng) {
  return Field::from_canonical(random_below(rng, Field::modulus()));
}

// Uniform non-zero field element.
template <class Field>
Field random_nonzero(std::mt19937_64& rng) {
  for (;;) {
    const Field value = random_element<Field>(rng);
    if (!value.is_zero()) return value;
  }
}

// Canonical hex of an integer, for readable failure messages ("0x…", no leading zeros).
template <std::size_t N>
std::string to_hex(const BigInt<N>& value) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  for (std::size_t i = 64 * N / 4; i-- > 0;) {
    const unsigned digit = static_cast<unsigned>(value.limb[i / 16] >> (4 * (i % 16))) & 0xf;
    if (digit != 0 || !text.empty()) text.push_back(kDigits[digit]);
  }
  return "0x" + (text.empty() ? std::string("0") : text);
}

}  // namespace zkmsm::test

namespace zkmsm {

// GoogleTest printers (found by argument-dependent lookup): canonical hex instead of raw bytes.
template <std::size_t N>
void PrintTo(const BigInt<N>& value, std::ostream* os) {
  *os << test::to_hex(value);
}

template <class Params>
void PrintTo(const PrimeField<Params>& value, std::ostream* os) {
  *os << test::to_hex(value.to_canonical());
}

}  // namespace zkmsm
