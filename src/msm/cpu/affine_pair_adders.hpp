// The pair-addition policies of the CPU's batched affine stages (BatchAffineAccumulator,
// BatchAffineReducer): each adds many independent adjacent pairs of affine points with one
// inversion (complete: doublings, P + (−P) and infinity are handled per pair).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "core/uninitialized_buffer.hpp"

#include "core/wide_arith.hpp"
#include "curve/affine_point.hpp"
#include "field/field_constants.hpp"
#include "msm/common/batch_affine_add.hpp"
#include "msm/cpu/batch_affine_add_x8.hpp"
#include "msm/cpu/sort_by_bucket.hpp"

namespace zkmsm::cpu {

// The pair additions come from a policy: PortableAdder (PrimeField, one pair at a time) or,
// on a CPU with AVX-512 IFMA, IfmaAdder (Field8x52, eight pairs per instruction stream; points stored in
// its 2^260 Montgomery form, see batch_affine_add_x8.hpp).
template <class Curve>
struct PortableAdder {
  using Stored = AffinePoint<Curve>;
  using BaseField = typename Curve::BaseField;
  // The first level is added from a gathered copy of the signed points (add_adjacent_pairs).
  static constexpr bool kAddsEntryPairs = false;

  static Stored conditionally_negated(const Stored& p, bool negate) { return negate ? -p : p; }
  static Stored infinity() { return Stored::infinity(); }
  void add_adjacent_pairs(Stored* out, const Stored* src, std::uint32_t* left, std::uint32_t* dest, std::size_t pairs) {
    if (prefix_.size() < pairs) {
      prefix_.resize(pairs);
      pair_case_.resize(pairs);
    }
    batch_add_adjacent_pairs<Curve>(out, src, left, dest, pairs, {prefix_.data(), pair_case_.data()});
  }
  std::size_t scratch_bytes() const { return prefix_.bytes() + pair_case_.bytes(); }

 private:
  UninitializedBuffer<BaseField> prefix_;  // written before read
  UninitializedBuffer<AffinePairCase> pair_case_;
};

#if defined(ZKMSM_HAVE_FIELD_8X52_IFMA)
template <class Curve>
struct IfmaAdder {
  using Stored = AffineR260;
  using Params = typename PrimeFieldParams<typename Curve::BaseField>::type;
  // The first level is added straight from the point table (add_signed_entry_pairs).
  static constexpr bool kAddsEntryPairs = true;
  static_assert(BatchAffineAdderX8<Params>::kSignBit == kNegativeDigit);

  // (x, p − y) when `negate` and the point is finite, else the point; y is canonical.
  // Branch-free: the sign of a digit is a coin flip, a branch would mispredict half the time.
  static Stored conditionally_negated(const Stored& point, bool negate) {
    const std::uint64_t* p = FieldConstants<Params>::modulus.limb;
    Stored out = point;
    const std::uint64_t nonzero = point.y[0] | point.y[1] | point.y[2] | point.y[3];
    const std::uint64_t mask = 0 - static_cast<std::uint64_t>(negate && nonzero != 0);
    std::uint64_t borrow = 0;
    for (int i = 0; i < 4; ++i) {
      std::uint64_t minus_y;
      borrow = sub_borrow(minus_y, p[i], point.y[i], borrow);
      out.y[i] ^= (out.y[i] ^ minus_y) & mask;
    }
    return out;
  }
  static Stored infinity() { return Stored{}; }
  void add_adjacent_pairs(Stored* out, const Stored* src, std::uint32_t* left, std::uint32_t* dest, std::size_t pairs) {
    adder_.add_adjacent_pairs(out, src, left, dest, pairs);
  }
  // out[dest[i]] = ±points[entries[left[i]]] + ±points[entries[left[i] + 1]] (signs from the entries).
  void add_signed_entry_pairs(Stored* out,
                              const Stored* points,
                              const std::uint32_t* entries,
                              std::uint32_t* left,
                              std::uint32_t* dest,
                              std::size_t pairs) {
    adder_.add_signed_entry_pairs(out, points, entries, left, dest, pairs);
  }
  std::size_t scratch_bytes() const { return adder_.scratch_bytes(); }

 private:
  BatchAffineAdderX8<Params> adder_;
};

// Whether the 8-lane adder handles this curve's base field (BN254's Fq and Fr: both curves).
// Whether it runs is decided per MSM from cpuid (host/cpu_features.hpp).
template <class Curve>
inline constexpr bool kIfmaSupports = field_8x52_supports<typename PrimeFieldParams<typename Curve::BaseField>::type>;
#else
template <class Curve>
inline constexpr bool kIfmaSupports = false;
#endif

}  // namespace zkmsm::cpu
