// Window size for the CPU backend from a cost model, in units of one field multiplication.
//
//   cost(c) = T(c) · (n · kAddCost + 2^(c−1) · kBucketReduceCost),  T(c) = ⌈255 / c⌉
//
// kAddCost: a batched affine addition is 6 multiplications plus gathers, case checks and an
// amortised inversion; kBucketReduceCost: the running-sum reduction costs one mixed and one full
// XYZZ addition per bucket (10M+2S + 12M+2S). Checked on the 2-core CI machine kind (AMD EPYC,
// 2026-12-02) at n = 2^16 only: c = 12 / 13 / 14 took 114 / 85 / 86 ms of CPU time and the model
// picks 13 (docs/cpu_perf_notes.md). The constants predate the IFMA adder and the batched affine
// reduction and have not been re-fitted: sweep other sizes with `zkmsm sweep --backend cpu`.
#pragma once

#include <cstddef>

#include "msm/common/signed_digits.hpp"

namespace zkmsm::cpu {

inline constexpr double kAddCost = 9.0;
inline constexpr double kBucketReduceCost = 26.0;
inline constexpr unsigned kMinWindowBits = 2;
inline constexpr unsigned kMaxWindowBits = 22;

inline unsigned choose_window_bits(std::size_t n, unsigned scalar_bits) {
  unsigned best = kMinWindowBits;
  double best_cost = -1;
  for (unsigned c = kMinWindowBits; c <= kMaxWindowBits; ++c) {
    const double windows = signed_window_count(scalar_bits, c);
    const double cost =
        windows * (static_cast<double>(n) * kAddCost + static_cast<double>(1u << (c - 1)) * kBucketReduceCost);
    if (best_cost < 0 || cost < best_cost) {
      best = c;
      best_cost = cost;
    }
  }
  return best;
}

}  // namespace zkmsm::cpu
