// The bucket sums of one group of windows, in the form the chosen accumulator writes them:
// window g's sums S_b, b ∈ [1, B], at index g·(B + 1) + b of one of these buffers.
//
//   stored   the batch_affine adder's form: AffinePoint (Montgomery, 2^256) with the portable
//            adder — then it IS `affine` — or AffineR260 (Montgomery 2^260, canonical) with the
//            IFMA adder
//   affine   AffinePoint (Montgomery, 2^256): the portable adder's sums, or the IFMA sums
//            converted back for the XYZZ running sum of small windows
//   xyzz     XyzzPoint (Montgomery): the xyzz accumulator's sums
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "core/uninitialized_buffer.hpp"
#include "curve/affine_point.hpp"
#include "curve/xyzz_point.hpp"
#include "msm/cpu/msm_sizes.hpp"

namespace zkmsm::cpu {

// reduce_buckets uses batched affine running sums over segments (BatchAffineReducer) from this
// many buckets per window; below, the XYZZ running sum. At 2^16 it cut reduce_buckets from 46 to
// ≈ 10 ms of CPU time (2026-12-02, cpu_perf_notes.md); the threshold itself is not tuned.
inline constexpr std::uint32_t kAffineReduceMinBuckets = 256;

template <class Curve, class Adder>
class BucketSums {
 public:
  using Stored = typename Adder::Stored;
  using Affine = AffinePoint<Curve>;
  using Xyzz = XyzzPoint<Curve>;
  // The adder keeps its own form of the points (AffineR260), converted once per MSM.
  static constexpr bool kConvertedForm = !std::is_same_v<Stored, Affine>;

  explicit BucketSums(const MsmSizes& sizes)
      : buckets_(sizes.buckets),
        batch_affine_(sizes.accumulator == CpuAccumulator::batch_affine),
        affine_reduce_(batch_affine_ && sizes.buckets >= kAffineReduceMinBuckets) {
    const std::size_t group_buckets = static_cast<std::size_t>(sizes.window_group) * (buckets_ + 1);
    affine_.resize(batch_affine_ && (!kConvertedForm || !affine_reduce_) ? group_buckets : 0);
    stored_.resize(kConvertedForm && batch_affine_ ? group_buckets : 0);
    xyzz_.resize(batch_affine_ ? 0 : group_buckets);
  }

  bool batch_affine() const { return batch_affine_; }
  // reduce_buckets runs BatchAffineReducer on the stored sums (else the XYZZ running sum).
  bool affine_reduce() const { return affine_reduce_; }

  Stored* stored(std::size_t g) {
    if constexpr (kConvertedForm) {
      return stored_.data() + g * (buckets_ + 1);
    } else {
      return affine_.data() + g * (buckets_ + 1);
    }
  }
  Affine* affine(std::size_t g) { return affine_.data() + g * (buckets_ + 1); }
  Xyzz* xyzz(std::size_t g) { return xyzz_.data() + g * (buckets_ + 1); }

  std::size_t bytes() const { return affine_.bytes() + stored_.bytes() + xyzz_.bytes(); }

 private:
  std::uint32_t buckets_;
  bool batch_affine_;
  bool affine_reduce_;
  UninitializedBuffer<Affine> affine_;
  UninitializedBuffer<Stored> stored_;
  UninitializedBuffer<Xyzz> xyzz_;
};

}  // namespace zkmsm::cpu
