// decompose_scalars: carry-free signed (Booth) window digits.
//
// With window size c, window w of scalar s has the digit
//     d_w = bits[w·c, w·c + c) + bit(w·c − 1) − 2^c · bit(w·c + c − 1),  d_w ∈ [−2^(c−1), 2^(c−1)],
// and Σ_w d_w · 2^(w·c) = s as long as the top window's top bit is zero, i.e. s < 2^(T·c − 1).
// The borrow is "looked back" from the previous window's top bit, so windows are independent
// (Booth 1951; Constantine's signedWindowEncoding). A digit's bucket is |d_w| ∈ [0, 2^(c−1)].
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/bigint.hpp"
#include "core/host_device.hpp"

namespace zkmsm {

// Number of windows T so that every scalar < 2^scalar_bits has a carry-free top window.
ZKMSM_HOST_DEVICE constexpr unsigned signed_window_count(unsigned scalar_bits, unsigned window_bits) {
  return (scalar_bits + 1 + window_bits - 1) / window_bits;
}

// bits [start, start + count) of x (count ≤ 32); bits past the end read as 0.
template <std::size_t N>
ZKMSM_HOST_DEVICE constexpr std::uint32_t extract_bits(const BigInt<N>& x, unsigned start, unsigned count) {
  if (start >= 64 * N) return 0;
  const unsigned limb = start / 64;
  const unsigned shift = start % 64;
  std::uint64_t word = x.limb[limb] >> shift;
  if (shift != 0 && limb + 1 < N) word |= x.limb[limb + 1] << (64 - shift);
  return static_cast<std::uint32_t>(word & ((std::uint64_t{1} << count) - 1));
}

// The signed digit of window `window` (see the file comment) of any scalar type with an
// extract_bits(scalar, start, count) overload: BigInt<N> above, or the CUDA kernels' 8 × 32-bit
// words in registers (msm/cuda/decompose_scalars.cuh), found by argument-dependent lookup.
// 32-bit arithmetic: with window_bits ≤ kMaxWindowBits (22) every term is below 2^23, and the
// device does no 64-bit arithmetic per digit.
template <class Scalar>
ZKMSM_HOST_DEVICE constexpr std::int32_t signed_digit(const Scalar& scalar, unsigned window, unsigned window_bits) {
  const unsigned start = window * window_bits;
  const std::uint32_t bits = extract_bits(scalar, start, window_bits);
  const std::uint32_t borrow_in = start == 0 ? 0 : extract_bits(scalar, start - 1, 1);
  const std::uint32_t top = bits >> (window_bits - 1);
  return static_cast<std::int32_t>(bits + borrow_in) - static_cast<std::int32_t>(top << window_bits);
}

}  // namespace zkmsm
