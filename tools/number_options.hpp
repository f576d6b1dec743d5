// Numeric command-line values: strict decimal integers in a stated range, and byte counts with
// unit suffixes. Each is checked as text before CLI11 converts it, so a value never wraps around
// (-5 read as 2^64 - 5) or clamps (2^64 read as 2^64 - 1); CLI11 names the flag in the message
// ("--threads: must be an integer in [0, 4096] ..., got '4294967295'") and exits with status 2.
#pragma once

#include <cstdint>
#include <limits>
#include <string>

#include <CLI/CLI.hpp>

namespace zkmsm::cli {

// The most threads --threads, --gen-threads and sweep's --threads may ask for (0 = all hardware
// threads): far more than any host has cores, far fewer than exhaust memory for thread stacks.
inline constexpr std::uint64_t kMaxThreads = 4096;
// The most points of one MSM: the library takes at most 2^31 - 1 (a sorted entry holds a 31-bit
// point index), so `gen --n` stops there too.
inline constexpr std::uint64_t kMaxPoints = (std::uint64_t{1} << 31) - 1;
// The largest value of an `unsigned` option.
inline constexpr std::uint64_t kMaxUnsigned = std::numeric_limits<unsigned>::max();

// A decimal integer in [min, max]: digits only (no sign, exponent, hex or spaces), rewritten
// without leading zeros (CLI11 would read 010 as octal). `meaning` (e.g. "0 = all hardware
// threads") is added to the message.
CLI::Validator integer_in(std::uint64_t min, std::uint64_t max, const std::string& meaning = "");

// A byte count: a decimal integer with an optional unit, b, k, m, g, t, p or e (powers of 1024;
// kb, kib, ki and upper case too), rewritten as the number of bytes; at most 2^64 - 1.
CLI::Validator byte_count();

}  // namespace zkmsm::cli
