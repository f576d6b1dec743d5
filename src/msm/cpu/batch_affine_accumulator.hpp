// accumulate_buckets on the CPU: the bucket sums of one window by levels of batched affine
// additions. The entries of a cache-resident range of buckets are gathered (signs applied), then
// neighbours within each bucket are added pairwise, level by level, one batched inversion per
// level, until one point per bucket is left.
// Cost: (entries − non-empty buckets) affine additions at 6M each, one inversion per level of
// each range of kRangeEntries entries (≈ log2(entries per bucket) inversions per range).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/uninitialized_buffer.hpp"

#include "msm/cpu/affine_pair_adders.hpp"
#include "msm/cpu/sort_by_bucket.hpp"

namespace zkmsm::cpu {

// Entries gathered into one cache-resident range of buckets: 2048 points = 128 KiB, so the two
// level buffers stay in L2. Not tuned: a larger range and a longer prefetch distance changed
// nothing beyond the ±10 % noise of the shared CI machine kind (2026-12-02, cpu_perf_notes.md).
inline constexpr std::size_t kRangeEntries = 2048;
// How far ahead the gather prefetches base points (random accesses into the point table).
inline constexpr std::size_t kPrefetchDistance = 16;

// Adder: PortableAdder<Curve> or IfmaAdder<Curve> (affine_pair_adders.hpp); Stored is its point
// type (AffinePoint, or AffineR260 in the IFMA form).
template <class Curve, class Adder>
class BatchAffineAccumulator {
 public:
  using Stored = typename Adder::Stored;

  // sums[b] for b ∈ [1, B] = Σ of the signed points whose digit magnitude is b.
  void accumulate(Stored* sums,
                  const std::uint32_t* entries,
                  const std::uint32_t* offsets,
                  std::uint32_t buckets,
                  const Stored* points) {
    std::uint32_t b = 1;
    while (b <= buckets) {
      std::uint32_t end = b;
      std::size_t total = 0;
      while (end <= buckets) {
        const std::size_t count = offsets[end + 1] - offsets[end];
        if (total != 0 && total + count > kRangeEntries) break;
        total += count;
        ++end;
      }
      accumulate_range(sums, entries, offsets, b, end, total, points);
      b = end;
    }
  }

  std::size_t scratch_bytes() const {
    return level_a_.bytes() + level_b_.bytes() + left_.bytes() + dest_.bytes() + adder_.scratch_bytes();
  }

 private:
  struct ActiveBucket {
    std::uint32_t bucket;
    std::uint32_t start;
    std::uint32_t count;
  };

  static Stored signed_point(const Stored* points, std::uint32_t entry) {
    return Adder::conditionally_negated(points[entry & ~kNegativeDigit], (entry & kNegativeDigit) != 0);
  }

  void reserve(std::size_t total) {
    if (level_a_.size() < total) {
      level_a_.resize(total);
      level_b_.resize(total);
      // + 8: the 8-lane adder pads its index arrays to a multiple of 8.
      left_.resize(total / 2 + 9);
      dest_.resize(total / 2 + 9);
    }
  }

  void accumulate_range(Stored* sums,
                        const std::uint32_t* entries,
                        const std::uint32_t* offsets,
                        std::uint32_t first_bucket,
                        std::uint32_t end_bucket,
                        std::size_t total,
                        const Stored* points) {
    reserve(total);
    active_.clear();
    // Buckets with ≥ 2 entries are paired level by level; single points go straight to their
    // bucket sum; empty buckets are infinity. With an adder that reads the point table itself
    // (kAddsEntryPairs) the first level's pairs are positions in `entries`; otherwise the
    // entries are first gathered into level_a_, signs applied.
    std::uint32_t position = 0;
    const std::uint32_t range_end = offsets[end_bucket];
    for (std::uint32_t bucket = first_bucket; bucket < end_bucket; ++bucket) {
      const std::uint32_t begin = offsets[bucket];
      const std::uint32_t count = offsets[bucket + 1] - begin;
      if (count == 0) {
        sums[bucket] = Adder::infinity();
      } else if (count == 1) {
        sums[bucket] = signed_point(points, entries[begin]);
      } else if constexpr (Adder::kAddsEntryPairs) {
        active_.push_back({bucket, begin, count});
      } else {
        active_.push_back({bucket, position, count});
        for (std::uint32_t e = begin; e < begin + count; ++e) {
          if (e + kPrefetchDistance < range_end)
            __builtin_prefetch(&points[entries[e + kPrefetchDistance] & ~kNegativeDigit]);
          level_a_[position++] = signed_point(points, entries[e]);
        }
      }
    }
    if constexpr (Adder::kAddsEntryPairs) {
      if (active_.empty()) return;
      const std::size_t pairs =
          pair_up([&](std::uint32_t from, std::uint32_t to) { level_b_[to] = signed_point(points, entries[from]); });
      adder_.add_signed_entry_pairs(level_b_.data(), points, entries, left_.data(), dest_.data(), pairs);
      finish_level(sums);
    }
    // Levels: pair neighbours within each bucket until one point per bucket is left.
    while (!active_.empty()) {
      const std::size_t pairs = pair_up([&](std::uint32_t from, std::uint32_t to) { level_b_[to] = level_a_[from]; });
      adder_.add_adjacent_pairs(level_b_.data(), level_a_.data(), left_.data(), dest_.data(), pairs);
      finish_level(sums);
    }
  }

  // One level's plan: left_[i], dest_[i] for each pair of neighbours of every active bucket (left:
  // the first of the two in the level's input, dest: the sum's place in level_b_), the odd last
  // element of a bucket passed on by copy_odd(from, to); the buckets left with one point go to
  // finished_, the others to next_active_. Returns the number of pairs.
  template <class CopyOdd>
  std::size_t pair_up(CopyOdd&& copy_odd) {
    std::size_t pairs = 0;
    std::uint32_t out_position = 0;
    next_active_.clear();
    finished_.clear();
    for (const ActiveBucket& a : active_) {
      const std::uint32_t half = a.count / 2;
      for (std::uint32_t j = 0; j < half; ++j) {
        left_[pairs] = a.start + 2 * j;
        dest_[pairs] = out_position + j;
        ++pairs;
      }
      const std::uint32_t next_count = half + (a.count & 1);
      if ((a.count & 1) != 0) copy_odd(a.start + a.count - 1, out_position + half);
      if (next_count == 1) {
        finished_.push_back({a.bucket, out_position, 1});
      } else {
        next_active_.push_back({a.bucket, out_position, next_count});
      }
      out_position += next_count;
    }
    return pairs;
  }

  // After a level's additions into level_b_: the finished buckets' sums out, level_b_ becomes
  // the next level's input.
  void finish_level(Stored* sums) {
    for (const ActiveBucket& f : finished_) sums[f.bucket] = level_b_[f.start];
    std::swap(level_a_, level_b_);
    std::swap(active_, next_active_);
  }

  // Written before read, and as large as a window's entries: no zero fill (HostBuffer).
  UninitializedBuffer<Stored> level_a_, level_b_;
  UninitializedBuffer<std::uint32_t> left_, dest_;
  Adder adder_;
  std::vector<ActiveBucket> active_, next_active_, finished_;
};

}  // namespace zkmsm::cpu
