// The CPU backend's pipeline. See cpu_msm.hpp for the stage list; each stage below names its
// cost. n points, c-bit signed windows, T = ⌈255/c⌉ windows, B = 2^(c−1) buckets per window.
#include "msm/cpu/cpu_msm.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "curve/xyzz_point.hpp"
#include "msm/common/batch_affine_add.hpp"
#include "msm/common/signed_digits.hpp"
#include "msm/cpu/parallel_for.hpp"
#include "msm/cpu/window_cost_model.hpp"

namespace zkmsm::cpu {
namespace {

// Bit 31 of a sorted entry: the digit was negative, add −P.
constexpr std::uint32_t kNegativeDigit = 1u << 31;
// Entries gathered into one cache-resident range of buckets: 2048 points = 128 KiB, so the two
// level buffers stay in L2. Measured on the CI machine kind (2026-12-02): 1024 and 4096 were
// within 3% of 2048 at n = 2^16 and 2^20.
constexpr std::size_t kRangeEntries = 2048;
// How far ahead the gather prefetches base points (random accesses into the point table).
constexpr std::size_t kPrefetchDistance = 16;
// Below this many points the XYZZ accumulator beats batched inversion (too few additions
// per level to amortise one).
constexpr std::size_t kBatchAffineMinPoints = 32;
// Digits and sorted entries of a group of windows must fit this many bytes; larger inputs are
// processed a group of windows at a time.
constexpr std::size_t kWindowGroupBytes = std::size_t{512} << 20;
// Inputs smaller than this run on one thread (thread start-up would dominate).
constexpr std::size_t kParallelMinPoints = 1024;

using Clock = std::chrono::steady_clock;

// A heap array whose elements start uninitialised (std::vector would zero-fill hundreds of MiB).
template <class T>
class UninitializedBuffer {
 public:
  explicit UninitializedBuffer(std::size_t size) : data_(size == 0 ? nullptr : new T[size]), size_(size) {}
  T* data() { return data_.get(); }
  const T* data() const { return data_.get(); }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  std::size_t size() const { return size_; }
  std::size_t bytes() const { return size_ * sizeof(T); }

 private:
  std::unique_ptr<T[]> data_;
  std::size_t size_;
};

double elapsed_ms(Clock::time_point since) {
  return std::chrono::duration<double, std::milli>(Clock::now() - since).count();
}

struct Plan {
  std::size_t n = 0;
  unsigned window_bits = 0;
  unsigned windows = 0;
  std::uint32_t buckets = 0;  // B = 2^(c−1); bucket b ∈ [1, B] holds digit magnitude b
  unsigned threads = 1;
  unsigned window_group = 1;
  CpuAccumulator accumulator = CpuAccumulator::batch_affine;
};

template <class Curve>
Plan make_plan(std::size_t n, const CpuMsmOptions& options) {
  Plan plan;
  plan.n = n;
  const unsigned scalar_bits = static_cast<unsigned>(Curve::ScalarField::Constants::modulus_bits);
  plan.window_bits = options.window_bits != 0 ? options.window_bits : choose_window_bits(n, scalar_bits);
  plan.windows = signed_window_count(scalar_bits, plan.window_bits);
  plan.buckets = std::uint32_t{1} << (plan.window_bits - 1);
  plan.threads = n < kParallelMinPoints ? 1 : resolve_thread_count(options.threads);
  const std::size_t bytes_per_window = std::max<std::size_t>(1, 8 * n);
  plan.window_group = static_cast<unsigned>(
      std::clamp<std::size_t>(kWindowGroupBytes / bytes_per_window, std::min(plan.threads, plan.windows), plan.windows));
  plan.accumulator = options.accumulator;
  if (plan.accumulator == CpuAccumulator::automatic)
    plan.accumulator = n < kBatchAffineMinPoints ? CpuAccumulator::xyzz : CpuAccumulator::batch_affine;
  return plan;
}

template <class Curve>
std::size_t working_bytes(const Plan& plan) {
  using Integer = typename Curve::ScalarField::Integer;
  const std::size_t group = plan.window_group;
  std::size_t bytes = plan.n * sizeof(Integer);                          // reduced scalars
  bytes += 2 * group * plan.n * sizeof(std::uint32_t);                   // digits + sorted entries
  bytes += group * (plan.buckets + 2) * sizeof(std::uint32_t);           // bucket offsets
  bytes += group * (plan.buckets + 1) * sizeof(XyzzPoint<Curve>);        // bucket sums (upper bound)
  bytes += plan.windows * sizeof(XyzzPoint<Curve>);                      // window sums
  const std::size_t range = std::max(kRangeEntries, plan.n / plan.buckets * 8);
  bytes += plan.threads * range * (2 * sizeof(AffinePoint<Curve>) + 2 * sizeof(std::uint32_t) +
                                   sizeof(typename Curve::BaseField) + 1 + 4 * sizeof(std::uint32_t));
  return bytes;
}

// ---- accumulate_buckets: batched affine levels -------------------------------------------
// Cost: (entries − non-empty buckets) affine additions at 6M each, one inversion per level of
// each range of kRangeEntries entries (≈ log2(entries per bucket) inversions per range).
template <class Curve>
class BatchAffineAccumulator {
 public:
  using Affine = AffinePoint<Curve>;
  using BaseField = typename Curve::BaseField;

  // sums[b] for b ∈ [1, B] = Σ of the signed points whose digit magnitude is b.
  void accumulate(Affine* sums,
                  const std::uint32_t* entries,
                  const std::uint32_t* offsets,
                  std::uint32_t buckets,
                  const Affine* points) {
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
    return level_a_.capacity() * sizeof(Affine) * 2 + left_.capacity() * 8 + prefix_.capacity() * sizeof(BaseField) +
           kind_.capacity();
  }

 private:
  struct ActiveBucket {
    std::uint32_t bucket;
    std::uint32_t start;
    std::uint32_t count;
  };

  static Affine signed_point(const Affine* points, std::uint32_t entry) {
    const Affine& p = points[entry & ~kNegativeDigit];
    return (entry & kNegativeDigit) != 0 ? -p : p;
  }

  void reserve(std::size_t total) {
    if (level_a_.size() < total) {
      level_a_.resize(total);
      level_b_.resize(total);
      left_.resize(total / 2 + 1);
      dest_.resize(total / 2 + 1);
      prefix_.resize(total / 2 + 1);
      kind_.resize(total / 2 + 1);
    }
  }

  void accumulate_range(Affine* sums,
                        const std::uint32_t* entries,
                        const std::uint32_t* offsets,
                        std::uint32_t first_bucket,
                        std::uint32_t end_bucket,
                        std::size_t total,
                        const Affine* points) {
    reserve(total);
    active_.clear();
    // Gather the entries of buckets with ≥ 2 points, signs applied; single points go straight
    // to their bucket sum; empty buckets are infinity.
    std::uint32_t position = 0;
    const std::uint32_t range_end = offsets[end_bucket];
    for (std::uint32_t bucket = first_bucket; bucket < end_bucket; ++bucket) {
      const std::uint32_t begin = offsets[bucket];
      const std::uint32_t count = offsets[bucket + 1] - begin;
      if (count == 0) {
        sums[bucket] = Affine::infinity();
      } else if (count == 1) {
        sums[bucket] = signed_point(points, entries[begin]);
      } else {
        active_.push_back({bucket, position, count});
        for (std::uint32_t e = begin; e < begin + count; ++e) {
          if (e + kPrefetchDistance < range_end)
            __builtin_prefetch(&points[entries[e + kPrefetchDistance] & ~kNegativeDigit]);
          level_a_[position++] = signed_point(points, entries[e]);
        }
      }
    }
    // Levels: pair neighbours within each bucket until one point per bucket is left.
    while (!active_.empty()) {
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
        if ((a.count & 1) != 0) level_b_[out_position + half] = level_a_[a.start + a.count - 1];
        if (next_count == 1) {
          finished_.push_back({a.bucket, out_position, 1});
        } else {
          next_active_.push_back({a.bucket, out_position, next_count});
        }
        out_position += next_count;
      }
      batch_add_adjacent_pairs<Curve>(level_b_.data(), level_a_.data(), left_.data(), dest_.data(), pairs,
                                      {prefix_.data(), kind_.data()});
      for (const ActiveBucket& f : finished_) sums[f.bucket] = level_b_[f.start];
      std::swap(level_a_, level_b_);
      std::swap(active_, next_active_);
    }
  }

  std::vector<Affine> level_a_, level_b_;
  std::vector<std::uint32_t> left_, dest_;
  std::vector<BaseField> prefix_;
  std::vector<AffineSumKind> kind_;
  std::vector<ActiveBucket> active_, next_active_, finished_;
};

// ---- reduce_buckets: W = Σ_{b=1..B} b·S_b by running sums ---------------------------------
// Cost per bucket: one mixed XYZZ addition (8M+2S) and one full XYZZ addition (12M+2S).
template <class Curve, class Bucket>
XyzzPoint<Curve> reduce_window(const Bucket* sums, std::uint32_t buckets) {
  XyzzPoint<Curve> running = XyzzPoint<Curve>::infinity();
  XyzzPoint<Curve> total = XyzzPoint<Curve>::infinity();
  for (std::uint32_t b = buckets; b >= 1; --b) {
    if constexpr (std::is_same_v<Bucket, AffinePoint<Curve>>) {
      running = running.add_affine(sums[b]);
    } else {
      running = running + sums[b];
    }
    total = total + running;
  }
  return total;
}

}  // namespace

const char* to_string(CpuAccumulator accumulator) {
  switch (accumulator) {
    case CpuAccumulator::automatic: return "auto";
    case CpuAccumulator::batch_affine: return "batch_affine";
    case CpuAccumulator::xyzz: return "xyzz";
  }
  return "unknown";
}

template <class Curve>
std::size_t estimate_working_bytes(std::size_t n, const CpuMsmOptions& options) {
  return working_bytes<Curve>(make_plan<Curve>(n, options));
}

template <class Curve>
AffinePoint<Curve> msm(std::span<const AffinePoint<Curve>> points,
                       std::span<const typename Curve::ScalarField::Integer> scalars,
                       const CpuMsmOptions& options,
                       CpuMsmReport* report) {
  using Affine = AffinePoint<Curve>;
  using Xyzz = XyzzPoint<Curve>;
  using ScalarField = typename Curve::ScalarField;
  using Integer = typename ScalarField::Integer;

  const std::size_t n = points.size();
  const Plan plan = make_plan<Curve>(n, options);
  double stage_ms[5] = {0, 0, 0, 0, 0};
  enum { kDecompose, kSort, kAccumulate, kReduce, kCombine };
  auto finish_report = [&](std::size_t measured) {
    if (report == nullptr) return;
    report->window_bits = plan.window_bits;
    report->windows = plan.windows;
    report->accumulator = plan.accumulator;
    report->stages = {{"decompose_scalars", stage_ms[kDecompose]},
                      {"sort_by_bucket", stage_ms[kSort]},
                      {"accumulate_buckets", stage_ms[kAccumulate]},
                      {"reduce_buckets", stage_ms[kReduce]},
                      {"combine_windows", stage_ms[kCombine]}};
    report->estimated_peak_bytes = working_bytes<Curve>(plan);
    report->measured_peak_bytes = measured;
  };
  if (n == 0) {
    finish_report(0);
    return Affine::infinity();
  }

  // decompose_scalars (part 1): reduce every scalar mod r. Cost: n · (≤ 5 subtractions).
  auto start = Clock::now();
  UninitializedBuffer<Integer> reduced(n);
  constexpr std::size_t kChunk = 4096;
  const std::size_t chunks = (n + kChunk - 1) / kChunk;
  parallel_for(chunks, plan.threads, [&](std::size_t chunk, unsigned) {
    const std::size_t end = std::min(n, (chunk + 1) * kChunk);
    for (std::size_t i = chunk * kChunk; i < end; ++i) reduced[i] = reduce_mod(scalars[i], ScalarField::modulus());
  });
  stage_ms[kDecompose] += elapsed_ms(start);

  const unsigned group = plan.window_group;
  const std::uint32_t buckets = plan.buckets;
  // Every element of these buffers is written before it is read: no zero fill.
  const std::size_t group_entries = static_cast<std::size_t>(group) * n;
  const std::size_t group_buckets = static_cast<std::size_t>(group) * (buckets + 1);
  UninitializedBuffer<std::uint32_t> digits(group_entries);
  UninitializedBuffer<std::uint32_t> entries(group_entries);
  UninitializedBuffer<std::uint32_t> offsets(static_cast<std::size_t>(group) * (buckets + 2));
  std::vector<Xyzz> window_sums(plan.windows, Xyzz::infinity());
  std::vector<BatchAffineAccumulator<Curve>> accumulators(plan.threads);
  const bool batch_affine = plan.accumulator == CpuAccumulator::batch_affine;
  UninitializedBuffer<Affine> affine_sums(batch_affine ? group_buckets : 0);
  UninitializedBuffer<Xyzz> xyzz_sums(batch_affine ? 0 : group_buckets);

  for (unsigned first_window = 0; first_window < plan.windows; first_window += group) {
    const unsigned group_windows = std::min(group, plan.windows - first_window);

    // decompose_scalars (part 2): signed digits, bucket magnitude | sign. Cost: n·T digit
    // extractions. Points at infinity get digit 0 so they are never added.
    start = Clock::now();
    parallel_for(chunks, plan.threads, [&](std::size_t chunk, unsigned) {
      const std::size_t end = std::min(n, (chunk + 1) * kChunk);
      for (unsigned g = 0; g < group_windows; ++g) {
        std::uint32_t* out = digits.data() + static_cast<std::size_t>(g) * n;
        for (std::size_t i = chunk * kChunk; i < end; ++i) {
          const std::int32_t digit = signed_digit(reduced[i], first_window + g, plan.window_bits);
          const bool skip = points[i].is_infinity();
          out[i] = skip ? 0 : (digit < 0 ? static_cast<std::uint32_t>(-digit) | kNegativeDigit : static_cast<std::uint32_t>(digit));
        }
      }
    });
    stage_ms[kDecompose] += elapsed_ms(start);

    // sort_by_bucket: counting sort of each window's entries by magnitude; digit 0 dropped.
    // Cost: 2 passes over n digits per window. offsets[b] = first entry of bucket b.
    start = Clock::now();
    parallel_for(group_windows, plan.threads, [&](std::size_t g, unsigned) {
      const std::uint32_t* window_digits = digits.data() + g * n;
      std::uint32_t* window_entries = entries.data() + g * n;
      std::uint32_t* window_offsets = offsets.data() + g * (buckets + 2);
      std::fill(window_offsets, window_offsets + buckets + 2, 0);
      for (std::size_t i = 0; i < n; ++i) ++window_offsets[(window_digits[i] & ~kNegativeDigit) + 1];
      window_offsets[1] = 0;  // bucket 0 (digit 0) is dropped: bucket 1 starts at 0
      for (std::uint32_t b = 1; b <= buckets; ++b) window_offsets[b + 1] += window_offsets[b];
      std::vector<std::uint32_t> cursor(window_offsets, window_offsets + buckets + 1);
      for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t magnitude = window_digits[i] & ~kNegativeDigit;
        if (magnitude != 0)
          window_entries[cursor[magnitude]++] = static_cast<std::uint32_t>(i) | (window_digits[i] & kNegativeDigit);
      }
    });
    stage_ms[kSort] += elapsed_ms(start);

    // accumulate_buckets.
    start = Clock::now();
    parallel_for(group_windows, plan.threads, [&](std::size_t g, unsigned worker) {
      const std::uint32_t* window_entries = entries.data() + g * n;
      const std::uint32_t* window_offsets = offsets.data() + g * (buckets + 2);
      if (batch_affine) {
        accumulators[worker].accumulate(affine_sums.data() + g * (buckets + 1), window_entries, window_offsets, buckets,
                                        points.data());
      } else {
        // Cost: one mixed XYZZ addition (8M+2S) per entry.
        Xyzz* sums = xyzz_sums.data() + g * (buckets + 1);
        for (std::uint32_t b = 1; b <= buckets; ++b) {
          Xyzz sum = Xyzz::infinity();
          for (std::uint32_t e = window_offsets[b]; e < window_offsets[b + 1]; ++e) {
            const std::uint32_t entry = window_entries[e];
            const Affine& p = points[entry & ~kNegativeDigit];
            sum = sum.add_affine((entry & kNegativeDigit) != 0 ? -p : p);
          }
          sums[b] = sum;
        }
      }
    });
    stage_ms[kAccumulate] += elapsed_ms(start);

    // reduce_buckets.
    start = Clock::now();
    parallel_for(group_windows, plan.threads, [&](std::size_t g, unsigned) {
      window_sums[first_window + g] =
          batch_affine ? reduce_window<Curve>(affine_sums.data() + g * (buckets + 1), buckets)
                       : reduce_window<Curve>(xyzz_sums.data() + g * (buckets + 1), buckets);
    });
    stage_ms[kReduce] += elapsed_ms(start);
  }

  // combine_windows: Horner from the top window, c doublings per window. Cost: T·c doublings.
  start = Clock::now();
  Xyzz result = window_sums[plan.windows - 1];
  for (unsigned w = plan.windows - 1; w-- > 0;) {
    for (unsigned i = 0; i < plan.window_bits; ++i) result = result.doubled();
    result = result + window_sums[w];
  }
  const Affine affine = result.to_affine();
  stage_ms[kCombine] += elapsed_ms(start);

  std::size_t measured = reduced.size() * sizeof(Integer) + digits.bytes() + entries.bytes() + offsets.bytes() +
                         affine_sums.bytes() + xyzz_sums.bytes() + window_sums.size() * sizeof(Xyzz);
  for (const auto& a : accumulators) measured += a.scratch_bytes();
  finish_report(measured);
  return affine;
}

#define ZKMSM_INSTANTIATE_CPU_MSM(Curve)                                                                            \
  template AffinePoint<Curve> msm<Curve>(std::span<const AffinePoint<Curve>>,                                     \
                                         std::span<const typename Curve::ScalarField::Integer>, const CpuMsmOptions&, \
                                         CpuMsmReport*);                                                           \
  template std::size_t estimate_working_bytes<Curve>(std::size_t, const CpuMsmOptions&);

ZKMSM_INSTANTIATE_CPU_MSM(Bn254G1)
ZKMSM_INSTANTIATE_CPU_MSM(GrumpkinG1)

}  // namespace zkmsm::cpu
