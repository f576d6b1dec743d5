// reduce_buckets on the CPU with batched affine additions: W = Σ_b b·S_b for one window.
// Buckets [1, B] are cut into M segments of L = B/M consecutive buckets; segment s covers
// [lo_s, hi_s] = [s·L + 1, (s + 1)·L]. All M segments walk their buckets from the top at once,
// keeping an affine running sum r_s and total t_s; each step is ONE batch of 2M independent
// affine additions (t_s + r_s and r_s + S_b, both from the old r_s):
//   after the walk  r_s = Σ_{b ∈ s} S_b,  t_s = Σ_{b ∈ s} (b − lo_s)·S_b.
// Then, in XYZZ, W = Σ_s t_s + Σ_s lo_s·r_s = Σ_s (t_s + r_s) + L·Σ_s s·r_s, the last sum by a
// running sum over the segments. Cost per window: 2(B − M) affine additions in L − 1 batches,
// plus ≈ 3M XYZZ additions and log2(L) doublings (vs 2B XYZZ additions for reduce_window).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "curve/xyzz_point.hpp"
#include "msm/cpu/affine_pair_adders.hpp"

namespace zkmsm::cpu {

// Segments M of the reduction (batches of ≈ 2M additions). Not tuned (cpu_perf_notes.md).
inline constexpr std::uint32_t kReduceSegments = 256;

template <class Curve, class Adder>
class BatchAffineReducer {
 public:
  using Stored = typename Adder::Stored;
  using Affine = AffinePoint<Curve>;
  using Xyzz = XyzzPoint<Curve>;

  // sums[b] for b ∈ [1, buckets]; buckets is a power of two ≥ 2.
  Xyzz reduce(const Stored* sums, std::uint32_t buckets) {
    const std::uint32_t segments = std::min(kReduceSegments, buckets / 2);
    const std::uint32_t length = buckets / segments;
    // Slots 3s, 3s + 1, 3s + 2 of a level: t_s, r_s and the next bucket sum of segment s, so both
    // additions of a segment are adjacent pairs: (t_s, r_s) → t_s and (r_s, S_b) → r_s.
    const std::size_t slots = 3 * static_cast<std::size_t>(segments);
    if (level_a_.size() < slots) {
      level_a_.resize(slots);
      level_b_.resize(slots);
      left_.resize(2 * segments + 8);
      dest_.resize(2 * segments + 8);
      converted_.resize(slots);
    }
    for (std::uint32_t s = 0; s < segments; ++s) {
      const std::uint32_t hi = (s + 1) * length;
      level_a_[3 * s] = Adder::infinity();
      level_a_[3 * s + 1] = sums[hi];
      level_a_[3 * s + 2] = sums[hi - 1];
    }
    for (std::uint32_t step = 1; step < length; ++step) {
      for (std::uint32_t s = 0; s < segments; ++s) {
        left_[2 * s] = dest_[2 * s] = 3 * s;
        left_[2 * s + 1] = dest_[2 * s + 1] = 3 * s + 1;
      }
      adder_.add_adjacent_pairs(level_b_.data(), level_a_.data(), left_.data(), dest_.data(), 2 * segments);
      if (step + 1 < length) {
        for (std::uint32_t s = 0; s < segments; ++s) level_b_[3 * s + 2] = sums[(s + 1) * length - step - 1];
      }
      std::swap(level_a_, level_b_);
    }
    const Affine* segment_sums = to_affine(level_a_.data(), slots);
    // W = Σ_s (t_s + r_s) + L·Σ_{s ≥ 1} R_s with R_s = Σ_{s' ≥ s} r_s'.
    Xyzz direct = Xyzz::infinity();
    Xyzz running = Xyzz::infinity();
    Xyzz weighted = Xyzz::infinity();
    for (std::uint32_t s = segments; s-- > 0;) {
      direct = direct.add_affine(segment_sums[3 * s]);
      running = running.add_affine(segment_sums[3 * s + 1]);
      if (s != 0) weighted = weighted + running;
    }
    for (std::uint32_t l = length; l > 1; l >>= 1) weighted = weighted.doubled();
    return direct + running + weighted;
  }

  std::size_t scratch_bytes() const {
    return (level_a_.capacity() + level_b_.capacity()) * sizeof(Stored) + converted_.capacity() * sizeof(Affine) +
           (left_.capacity() + dest_.capacity()) * sizeof(std::uint32_t) + adder_.scratch_bytes();
  }

 private:
  const Affine* to_affine(const Stored* points, std::size_t count) {
    if constexpr (std::is_same_v<Stored, Affine>) {
      return points;
    } else {
#if defined(ZKMSM_HAVE_FIELD_8X52_IFMA)
      using Params = typename PrimeFieldParams<typename Curve::BaseField>::type;
      convert_points_x8<Params>(reinterpret_cast<std::uint64_t*>(converted_.data()),
                                reinterpret_cast<const std::uint64_t*>(points), count,
                                Field8x52Constants<Params>::to_mont256);
#endif
      return converted_.data();
    }
  }

  std::vector<Stored> level_a_, level_b_;
  std::vector<Affine> converted_;
  std::vector<std::uint32_t> left_, dest_;
  Adder adder_;
};

}  // namespace zkmsm::cpu
