// The window size c of signed-digit Pippenger, from one cost model shared by every backend:
//
//   cost(c) = T(c) · (n · entry_cost + (2^(c−1) + extra_buckets) · bucket_cost),  T(c) = ⌈(b + 1) / c⌉
//
// in units of one field multiplication: every point adds one entry to a bucket of each window
// (accumulate_buckets), and every bucket of every window costs the reduction (reduce_buckets).
// Each backend supplies its weights (WindowCostWeights), measured on its own hardware; the
// constants live beside the backend that measured them.
//
// Every backend runs the window effective_window_bits gives: the requested c (MsmConfig's
// window_bits; 0 = this model's choice) capped at max_useful_window_bits(n), so that the work and
// the bucket arrays of a window follow n instead of 2^c.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "msm/common/signed_digits.hpp"

namespace zkmsm {

// Window sizes every backend accepts: c ≥ 2 (a 1-bit signed digit has no buckets) and c ≤ 22
// (2^21 buckets per window; above that the bucket arrays of one window outgrow 128 MiB).
inline constexpr unsigned kMinWindowBits = 2;
inline constexpr unsigned kMaxWindowBits = 22;

// True for 0 (the cost model chooses) and for every window size a backend accepts.
constexpr bool window_bits_allowed(unsigned window_bits) {
  return window_bits == 0 || (window_bits >= kMinWindowBits && window_bits <= kMaxWindowBits);
}

struct WindowCostWeights {
  double entry_cost = 0;                      // one bucket addition of an entry
  double bucket_cost = 0;                     // one bucket in reduce_buckets
  unsigned extra_buckets = 0;                 // buckets per window beyond 2^(c−1) that the reduction pays for
  unsigned min_window_bits = kMinWindowBits;  // the range the model searches
  unsigned max_window_bits = kMaxWindowBits;
};

// The c in [weights.min_window_bits, weights.max_window_bits] of least cost (the smallest on ties).
// With `copies` > 1 (prepared bases with shifted copies, precompute_factor) the T windows share
// ⌈T / min(copies, T)⌉ sets of buckets: the entries stay T·n, the reduction shrinks.
constexpr unsigned choose_window_bits(std::size_t n,
                                      unsigned scalar_bits,
                                      const WindowCostWeights& weights,
                                      unsigned copies = 1) {
  unsigned best = weights.min_window_bits;
  double best_cost = -1;
  for (unsigned c = weights.min_window_bits; c <= weights.max_window_bits; ++c) {
    const unsigned window_count = signed_window_count(scalar_bits, c);
    const unsigned shared = std::max(1u, std::min(copies, window_count));
    const double windows = window_count;
    const double bucket_sets = (window_count + shared - 1) / shared;
    const double buckets = static_cast<double>(std::uint64_t{1} << (c - 1)) + weights.extra_buckets;
    const double cost =
        windows * static_cast<double>(n) * weights.entry_cost + bucket_sets * buckets * weights.bucket_cost;
    if (best_cost < 0 || cost < best_cost) {
      best = c;
      best_cost = cost;
    }
  }
  return best;
}

// The largest window n points can use: the smallest c whose 2^(c−1) buckets give every point a
// bucket of its own (at least kMinWindowBits, at most kMaxWindowBits). A larger c only adds
// empty buckets, and reduce_buckets pays for every bucket of every window whatever n is: c = 22
// for one point took 18 s and 3.2 GB on the CPU backend (the review of commit 5bf5c27, 2-core
// machine). Above this c the model's cost only grows on every backend (bucket_cost > entry_cost).
constexpr unsigned max_useful_window_bits(std::size_t n) {
  unsigned c = kMinWindowBits;
  while (c < kMaxWindowBits && (std::uint64_t{1} << (c - 1)) < n) ++c;
  return c;
}

// The window an MSM of n points runs with: `requested` (a c in [kMinWindowBits, kMaxWindowBits],
// or 0 for the cost model's choice) capped at max_useful_window_bits(n). The cost model searches
// [weights.min_window_bits, the cap], or takes weights.min_window_bits when the cap is below it
// (the CUDA weights' c = 4 for n <= 4: 8 buckets).
constexpr unsigned effective_window_bits(
    std::size_t n, unsigned requested, unsigned scalar_bits, const WindowCostWeights& weights, unsigned copies = 1) {
  const unsigned cap = max_useful_window_bits(n);
  if (requested != 0) return std::min(requested, cap);
  WindowCostWeights capped = weights;
  capped.max_window_bits = std::max(weights.min_window_bits, std::min(weights.max_window_bits, cap));
  return choose_window_bits(n, scalar_bits, capped, copies);
}

}  // namespace zkmsm
