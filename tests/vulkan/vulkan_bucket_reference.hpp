// Host references for the Vulkan bucket stages (src/msm/vulkan/bucket_stages.hpp): the entries of
// decompose_scalars from src/msm/common/signed_digits.hpp, the stable sort by key, the bucket
// bounds and the valid count, and the scalar inputs the tests share (edge values and random ones).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <random>
#include <vector>

#include "core/bigint.hpp"
#include "field/bls12_381_fields.hpp"
#include "field/bn254_fields.hpp"
#include "field/test_support.hpp"
#include "msm/common/signed_digits.hpp"
#include "msm/vulkan/bucket_stages.hpp"

namespace zkmsm::vulkan::test {

using Scalar = BigInt<4>;

struct BucketEntries {
  std::vector<std::uint32_t> keys;
  std::vector<std::uint32_t> values;
};

inline Scalar scalar_modulus(CurveId curve) {
  switch (curve) {
    case CurveId::grumpkin:
      return FieldConstants<Bn254FqParams>::modulus;
    case CurveId::bls12_381:
      return FieldConstants<Bls12381FrParams>::modulus;
    case CurveId::bn254:
    default:
      return FieldConstants<Bn254FrParams>::modulus;
  }
}

// The CUDA DecomposeScalars' entries for windows first_window … + batch_windows − 1 (entry
// w · n + i), built from reduce_mod and signed_digit.
inline BucketEntries host_decompose(const std::vector<Scalar>& scalars,
                                    CurveId curve,
                                    unsigned window_bits,
                                    unsigned first_window,
                                    unsigned batch_windows) {
  const std::size_t n = scalars.size();
  const std::uint32_t buckets = 1u << (window_bits - 1);
  const std::uint32_t sentinel = batch_windows * buckets;
  BucketEntries entries;
  entries.keys.resize(batch_windows * n);
  entries.values.resize(batch_windows * n);
  for (std::size_t i = 0; i < n; ++i) {
    const Scalar reduced = reduce_mod(scalars[i], scalar_modulus(curve));
    for (unsigned w = 0; w < batch_windows; ++w) {
      const std::int32_t digit = signed_digit(reduced, first_window + w, window_bits);
      const std::uint32_t magnitude = static_cast<std::uint32_t>(digit < 0 ? -digit : digit);
      entries.keys[w * n + i] = magnitude == 0 ? sentinel : w * buckets + magnitude - 1;
      entries.values[w * n + i] = static_cast<std::uint32_t>(i) | (digit < 0 ? 1u << 31 : 0u);
    }
  }
  return entries;
}

// Stable sort by the low key_bits bits of the key (std::stable_sort on the pairs).
inline BucketEntries host_stable_sort(const BucketEntries& in, unsigned key_bits) {
  const std::uint32_t mask = key_bits >= 32 ? ~0u : (1u << key_bits) - 1;
  std::vector<std::size_t> order(in.keys.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return (in.keys[a] & mask) < (in.keys[b] & mask); });
  BucketEntries out;
  for (std::size_t j : order) {
    out.keys.push_back(in.keys[j]);
    out.values.push_back(in.values[j]);
  }
  return out;
}

struct BucketBoundsReference {
  std::vector<std::uint32_t> start;
  std::vector<std::uint32_t> end;
  std::uint32_t valid = 0;
};

// A linear walk over sorted keys: each key's range, empty buckets at the position they would have.
inline BucketBoundsReference host_bucket_bounds(const std::vector<std::uint32_t>& sorted_keys, std::uint32_t sentinel) {
  BucketBoundsReference bounds;
  bounds.start.resize(sentinel);
  bounds.end.resize(sentinel);
  std::size_t position = 0;
  for (std::uint32_t key = 0; key < sentinel; ++key) {
    bounds.start[key] = static_cast<std::uint32_t>(position);
    while (position < sorted_keys.size() && sorted_keys[position] == key) ++position;
    bounds.end[key] = static_cast<std::uint32_t>(position);
  }
  bounds.valid = static_cast<std::uint32_t>(position);
  return bounds;
}

// Edge scalars (0, 1, r − 1, r, r + 1, 2r, the largest multiple of r below 2^256 and 2^256 − 1,
// 2^255, 2^254) followed by random ones, half uniform below r and half uniform 256-bit words.
inline std::vector<Scalar> test_scalars(std::mt19937_64& rng, CurveId curve, std::size_t n) {
  const Scalar r = scalar_modulus(curve);
  std::vector<Scalar> scalars;
  Scalar value{};
  scalars.push_back(value);
  value.limb[0] = 1;
  scalars.push_back(value);
  Scalar one{};
  one.limb[0] = 1;
  sub_with_borrow(value, r, one);
  scalars.push_back(value);
  scalars.push_back(r);
  add_with_carry(value, r, one);
  scalars.push_back(value);
  Scalar multiple = r;
  add_with_carry(value, r, r);
  scalars.push_back(value);
  // k · r for the largest k with k · r < 2^256.
  while (add_with_carry(value, multiple, r) == 0) multiple = value;
  scalars.push_back(multiple);
  for (auto& limb : value.limb) limb = ~std::uint64_t{0};
  scalars.push_back(value);
  value = Scalar{};
  value.limb[3] = std::uint64_t{1} << 63;
  scalars.push_back(value);
  value.limb[3] = std::uint64_t{1} << 62;
  scalars.push_back(value);
  while (scalars.size() < n) {
    if (scalars.size() % 2 == 0) {
      scalars.push_back(zkmsm::test::random_below(rng, r));
    } else {
      for (auto& limb : value.limb) limb = rng();
      scalars.push_back(value);
    }
  }
  scalars.resize(n);
  return scalars;
}

inline std::vector<std::uint32_t> scalar_words(const std::vector<Scalar>& scalars) {
  std::vector<std::uint32_t> words(scalars.size() * 8);
  for (std::size_t i = 0; i < scalars.size(); ++i) {
    for (int k = 0; k < 4; ++k) {
      words[8 * i + 2 * k] = static_cast<std::uint32_t>(scalars[i].limb[k]);
      words[8 * i + 2 * k + 1] = static_cast<std::uint32_t>(scalars[i].limb[k] >> 32);
    }
  }
  return words;
}

}  // namespace zkmsm::vulkan::test
