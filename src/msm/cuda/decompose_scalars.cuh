// decompose_scalars: each scalar reduced mod r and cut into signed window digits, written as
// (key, value) entries for sort_by_bucket: key = w·B + (|digit| − 1), or the sentinel W·B for a
// zero digit or a point at infinity; value = point index | sign << 31. With glv each reduced
// scalar is first split, k ≡ k1 + k2·λ (curve/glv_split.hpp), and the halves' digits go to the
// points i (k1) and n + i (k2, φ(P_i): endomorphism_points.cuh), the sign of a half folded into
// its digits' signs. With precomputed copies (CudaMsmOptions::copies) window g of the scalar is
// window g mod W' of copy ⌊g / W'⌋: its entry indexes that copy's point, j·stride + i, and its
// key that copy's window (windows past the scalar's last read as zero digits).
#pragma once

#include <cstdint>

#include "curve/glv_split.hpp"
#include "msm/common/signed_digits.hpp"
#include "msm/cuda/device_memory_access.cuh"

namespace zkmsm::cuda::detail {

// A 256-bit scalar as 8 × 32-bit words in registers, little-endian (canonical, reduced mod r by
// the kernel below). signed_digit reads it through extract_bits.
struct ScalarWords {
  u32 w[8];
};

// Word k (0..7) of the scalar, without dynamic indexing (which would put the words in local memory).
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE u32 select_word(const ScalarWords& s, u32 k) {
  u32 out = 0;
#pragma unroll
  for (u32 j = 0; j < 8; ++j) out = (j == k) ? s.w[j] : out;
  return out;
}

// bits [start, start + count) of the scalar, count ≤ 31; bits past 256 read as 0 (the overload
// of msm/common/signed_digits.hpp's extract_bits for ScalarWords, found by signed_digit).
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE u32 extract_bits(const ScalarWords& s, u32 start, u32 count) {
  if (start >= 256) return 0;
  const u32 word = start / 32, shift = start % 32;
  u64 window = select_word(s, word);
  if (word + 1 < 8) window |= static_cast<u64>(select_word(s, word + 1)) << 32;
  return static_cast<u32>(window >> shift) & ((u32{1} << count) - 1);
}

// A GLV half's magnitude (< 2^127) as ScalarWords.
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE ScalarWords half_words(const GlvHalf& h) {
  ScalarWords out{};
#pragma unroll
  for (int k = 0; k < 2; ++k) {
    out.w[2 * k] = static_cast<u32>(h.magnitude.limb[k]);
    out.w[2 * k + 1] = static_cast<u32>(h.magnitude.limb[k] >> 32);
  }
  return out;
}

// One thread per input point. Cost: ≤ 5 subtractions for the reduction mod r, with glv the split
// (four 128-bit products and two 256 × 192-bit ones), then one digit per window (and half, or copy).
template <class Curve>
struct DecomposeScalars {
  using Fd = DeviceBase<Curve>;
  const u32* scalars;  // 8 words per scalar, little-endian
  const DeviceAffine<Fd>* points;
  u32 input_points;  // threads
  u32 n;             // entries per window: input_points, twice them with glv, copies × them with copies
  bool glv;
  u32 copies;        // 1, or the precomputed copies
  u32 copy_stride;   // points per copy in `points`
  u32 copy_windows;  // W': windows per copy
  u32 window_bits;
  u32 first_window;
  u32 batch_windows;  // windows in this batch
  u32 buckets;
  u32 sentinel;
  u32* keys;
  u32* values;

  ZKMSM_HOST_DEVICE void operator()(u64 index) const {
    const u32 i = static_cast<u32>(index);
    constexpr typename DeviceScalarConstants<Curve>::Limbs r = DeviceScalarConstants<Curve>::modulus;
    ScalarWords s;
#pragma unroll
    for (int k = 0; k < 8; ++k) s.w[k] = scalars[8 * static_cast<u64>(i) + k];
    // s mod r: 2^256 / r < 6, so at most 5 subtractions.
    for (int round = 0; round < 6; ++round) {
      u32 d[8];
      u64 borrow = 0;
#pragma unroll
      for (int k = 0; k < 8; ++k) {
        const u64 t = static_cast<u64>(s.w[k]) - r.v[k] - borrow;
        d[k] = static_cast<u32>(t);
        borrow = (t >> 32) & 1;
      }
      if (borrow != 0) break;  // s < r
#pragma unroll
      for (int k = 0; k < 8; ++k) s.w[k] = d[k];
    }
    const DeviceAffine<Fd> p = load_affine(points, i);
    const bool skip = p.is_infinity();
    if (glv) {
      BigInt<4> k{};
#pragma unroll
      for (int j = 0; j < 4; ++j) k.limb[j] = s.w[2 * j] | (static_cast<u64>(s.w[2 * j + 1]) << 32);
      const GlvHalves halves = glv_split<Curve>(k);
      write_digits(half_words(halves.k1), i, i, 0, halves.k1.negative, skip);
      write_digits(half_words(halves.k2), input_points + i, input_points + i, 0, halves.k2.negative, skip);
      return;
    }
    for (u32 j = 0; j < copies; ++j)
      write_digits(s, j * input_points + i, j * copy_stride + i, j * copy_windows, false, skip);
  }

  // The entries at column `slot` of the windows first_window + window_offset + w of the scalar
  // (or half) s, for point `point`, their signs flipped when `negate`.
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void write_digits(
      const ScalarWords& s, u32 slot, u32 point, u32 window_offset, bool negate, bool skip) const {
    for (u32 w = 0; w < batch_windows; ++w) {
      const std::int32_t digit = signed_digit(s, window_offset + first_window + w, window_bits);
      const u32 magnitude = static_cast<u32>(digit < 0 ? -digit : digit);
      const u64 out = static_cast<u64>(w) * n + slot;
      keys[out] = (skip || magnitude == 0) ? sentinel : w * buckets + magnitude - 1;
      values[out] = point | ((digit < 0) != negate ? kNegative : 0u);
    }
  }
};

}  // namespace zkmsm::cuda::detail
