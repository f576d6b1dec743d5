// 64-bit limb primitives: multiply-accumulate with carry, add/sub with carry or borrow.
// These are the building blocks of the portable field arithmetic (host and device).
#pragma once

#include <cstdint>

#include "core/host_device.hpp"

namespace zkmsm {

using u64 = std::uint64_t;

#if defined(__CUDA_ARCH__)
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE constexpr u64 mul_hi(u64 a, u64 b) { return __umul64hi(a, b); }
#else
using u128 = unsigned __int128;
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE constexpr u64 mul_hi(u64 a, u64 b) {
  return static_cast<u64>((static_cast<u128>(a) * b) >> 64);
}
#endif

// (hi, lo) = a + b·c + carry; never overflows 128 bits.
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE constexpr u64 mul_add_carry(u64& lo, u64 a, u64 b, u64 c, u64 carry) {
#if defined(__CUDA_ARCH__)
  u64 p_lo = b * c;
  u64 p_hi = __umul64hi(b, c);
  p_lo += a;
  p_hi += p_lo < a ? 1 : 0;
  p_lo += carry;
  p_hi += p_lo < carry ? 1 : 0;
  lo = p_lo;
  return p_hi;
#else
  const u128 t = static_cast<u128>(b) * c + a + carry;
  lo = static_cast<u64>(t);
  return static_cast<u64>(t >> 64);
#endif
}

// (carry_out, sum) = a + b + carry_in with carry_in ∈ {0, 1}.
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE constexpr u64 add_carry(u64& sum, u64 a, u64 b, u64 carry_in) {
#if defined(__CUDA_ARCH__)
  const u64 s = a + b;
  const u64 c1 = s < a ? 1 : 0;
  sum = s + carry_in;
  return c1 + (sum < s ? 1 : 0);
#else
  const u128 t = static_cast<u128>(a) + b + carry_in;
  sum = static_cast<u64>(t);
  return static_cast<u64>(t >> 64);
#endif
}

// (borrow_out, diff) = a − b − borrow_in with borrow_in ∈ {0, 1}.
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE constexpr u64 sub_borrow(u64& diff, u64 a, u64 b, u64 borrow_in) {
  const u64 d = a - b;
  const u64 b1 = a < b ? 1 : 0;
  diff = d - borrow_in;
  return b1 + (d < borrow_in ? 1 : 0);
}

}  // namespace zkmsm
