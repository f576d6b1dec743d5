// decompose_scalars on the CPU, in two parts: every scalar reduced mod r once per MSM, then the
// signed c-bit digits of a group of windows (msm/common/signed_digits.hpp), coded as the bucket
// magnitude | kNegativeDigit for sort_by_bucket.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>

#include "curve/affine_point.hpp"
#include "host/parallel_for.hpp"
#include "msm/common/signed_digits.hpp"
#include "msm/cpu/sort_by_bucket.hpp"

namespace zkmsm::cpu {

// Points per task of the per-point stages (decompose_scalars, the IFMA conversion).
inline constexpr std::size_t kPointChunk = 4096;

inline std::size_t point_chunks(std::size_t n) { return (n + kPointChunk - 1) / kPointChunk; }

// reduced[i] = scalars[i] mod r (canonical), or 0 where points[i] is the point at infinity, so
// that its digits are all 0 and it is never added. The one pass over the points: the digits of
// every window read only `reduced` (reading the 64-byte points again per window cost ~1 GB of
// memory traffic at 2^20, docs/cpu_perf_notes.md §10). Cost: n · (≤ 5 subtractions).
template <class Curve>
void reduce_scalars(typename Curve::ScalarField::Integer* reduced,
                    std::span<const typename Curve::ScalarField::Integer> scalars,
                    std::span<const AffinePoint<Curve>> points,
                    unsigned threads,
                    double* cpu_ms) {
  using ScalarField = typename Curve::ScalarField;
  using Integer = typename ScalarField::Integer;
  const std::size_t n = scalars.size();
  host::parallel_for(
      point_chunks(n), threads,
      [&](std::size_t chunk, unsigned) {
        const std::size_t end = std::min(n, (chunk + 1) * kPointChunk);
        for (std::size_t i = chunk * kPointChunk; i < end; ++i)
          reduced[i] = points[i].is_infinity() ? Integer{} : reduce_mod(scalars[i], ScalarField::modulus());
      },
      cpu_ms);
}

// digits[g·n + i] = the code of window first_window + g of reduced scalar i, for g <
// group_windows. Cost: n·group_windows digit extractions.
template <class Curve>
void decompose_window_digits(std::uint32_t* digits,
                             const typename Curve::ScalarField::Integer* reduced,
                             std::size_t n,
                             unsigned first_window,
                             unsigned group_windows,
                             unsigned window_bits,
                             unsigned threads,
                             double* cpu_ms) {
  host::parallel_for(
      point_chunks(n), threads,
      [&](std::size_t chunk, unsigned) {
        const std::size_t end = std::min(n, (chunk + 1) * kPointChunk);
        for (unsigned g = 0; g < group_windows; ++g) {
          std::uint32_t* out = digits + static_cast<std::size_t>(g) * n;
          for (std::size_t i = chunk * kPointChunk; i < end; ++i) {
            const std::int32_t digit = signed_digit(reduced[i], first_window + g, window_bits);
            out[i] =
                digit < 0 ? static_cast<std::uint32_t>(-digit) | kNegativeDigit : static_cast<std::uint32_t>(digit);
          }
        }
      },
      cpu_ms);
}

}  // namespace zkmsm::cpu
