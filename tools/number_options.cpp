#include "number_options.hpp"

#include <cctype>
#include <optional>
#include <string_view>

namespace zkmsm::cli {
namespace {

// The value of a string of decimal digits, or nullopt when it is empty, holds another character
// or exceeds 2^64 - 1.
std::optional<std::uint64_t> parse_decimal(std::string_view digits) {
  if (digits.empty()) return std::nullopt;
  std::uint64_t value = 0;
  for (char ch : digits) {
    if (ch < '0' || ch > '9') return std::nullopt;
    const auto digit = static_cast<std::uint64_t>(ch - '0');
    if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  return value;
}

// log2 of the multiplier of a byte unit (b, k, kb, ki, kib, m, ..., e; any case), or nullopt.
std::optional<unsigned> unit_shift(std::string unit) {
  for (char& ch : unit) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (unit.empty() || unit == "b") return 0;
  static constexpr std::string_view prefixes = "kmgtpe";
  const std::size_t prefix = prefixes.find(unit[0]);
  const std::string_view rest = std::string_view(unit).substr(1);
  if (prefix == std::string_view::npos || !(rest.empty() || rest == "b" || rest == "i" || rest == "ib"))
    return std::nullopt;
  return static_cast<unsigned>(10 * (prefix + 1));
}

}  // namespace

CLI::Validator integer_in(std::uint64_t min, std::uint64_t max, const std::string& meaning) {
  const std::string range = "[" + std::to_string(min) + ", " + std::to_string(max) + "]";
  const std::string expected = "must be an integer in " + range + (meaning.empty() ? "" : " (" + meaning + ")");
  return CLI::Validator(
      [min, max, expected](std::string& input) -> std::string {
        const std::optional<std::uint64_t> value = parse_decimal(input);
        if (!value || *value < min || *value > max) return expected + ", got '" + input + "'";
        input = std::to_string(*value);
        return {};
      },
      range, "integer_in");
}

CLI::Validator byte_count() {
  return CLI::Validator(
      [](std::string& input) -> std::string {
        const std::string expected =
            "must be a byte count: an integer with an optional unit k, m, g, t (powers of 1024), at most 2^64 - 1";
        std::size_t digits = 0;
        while (digits < input.size() && input[digits] >= '0' && input[digits] <= '9') ++digits;
        const std::optional<std::uint64_t> value = parse_decimal(std::string_view(input).substr(0, digits));
        const std::optional<unsigned> shift = unit_shift(input.substr(digits));
        if (!value || !shift || (*shift != 0 && *value > (std::numeric_limits<std::uint64_t>::max() >> *shift)))
          return expected + ", got '" + input + "'";
        input = std::to_string(*value << *shift);
        return {};
      },
      "BYTES", "byte_count");
}

}  // namespace zkmsm::cli
