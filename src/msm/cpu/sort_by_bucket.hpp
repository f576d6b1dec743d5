// sort_by_bucket for one window: a counting sort of the window's digits by magnitude.
//
// Input: digits[i] = magnitude | (kNegativeDigit if the digit is negative), magnitude ≤ buckets.
// Output: entries = point indices i (with the sign bit copied) grouped by magnitude, in index
// order within a bucket; offsets[b] = first entry of bucket b for b ∈ [1, buckets + 1]
// (offsets[buckets + 1] = number of entries). Digit 0 is dropped. Cost: 2 passes over n digits.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "host/parallel_for.hpp"

namespace zkmsm::cpu {

// Bit 31 of a digit code and of a sorted entry: the digit was negative, add −P.
inline constexpr std::uint32_t kNegativeDigit = 1u << 31;

// offsets must hold buckets + 2 elements; entries at least n.
inline void sort_window_by_bucket(
    std::uint32_t* entries, std::uint32_t* offsets, const std::uint32_t* digits, std::size_t n, std::uint32_t buckets) {
  std::fill(offsets, offsets + buckets + 2, 0);
  for (std::size_t i = 0; i < n; ++i) ++offsets[(digits[i] & ~kNegativeDigit) + 1];
  offsets[1] = 0;  // bucket 0 (digit 0) is dropped: bucket 1 starts at 0
  for (std::uint32_t b = 1; b <= buckets; ++b) offsets[b + 1] += offsets[b];
  std::vector<std::uint32_t> cursor(offsets, offsets + buckets + 1);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t magnitude = digits[i] & ~kNegativeDigit;
    if (magnitude != 0) entries[cursor[magnitude]++] = static_cast<std::uint32_t>(i) | (digits[i] & kNegativeDigit);
  }
}

// The stage for a group of windows: window g's entries at entries + g·n, its offsets at
// offsets + g·(buckets + 2), one window per task.
inline void sort_by_bucket(std::uint32_t* entries,
                           std::uint32_t* offsets,
                           const std::uint32_t* digits,
                           std::size_t n,
                           std::uint32_t buckets,
                           unsigned group_windows,
                           unsigned threads,
                           double* cpu_ms) {
  host::parallel_for(
      group_windows, threads,
      [&](std::size_t g, unsigned) {
        sort_window_by_bucket(entries + g * n, offsets + g * (buckets + 2), digits + g * n, n, buckets);
      },
      cpu_ms);
}

}  // namespace zkmsm::cpu
