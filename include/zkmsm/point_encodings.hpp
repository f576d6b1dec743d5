// Point encodings users hold their points in, beyond the limb arrays of curves.hpp.
//
// BLS12-381 G1, compressed (Zcash's serialization, as in blst, zkcrypto's bls12_381 and the KZG
// trusted setups of EIP-4844): 48 bytes per point, x big-endian with three flags in the top
// bits of its first byte:
//   0x80  compressed: always set here
//   0x40  infinity: then every other bit of the 48 bytes is zero
//   0x20  y is the larger of its two roots (y > (p − 1)/2); zero for infinity
// Decompression checks the flags, x < p and that x³ + 4 is a square; it does not check G1
// membership (msm() and prepare_bases() do, with validate_points).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "zkmsm/curves.hpp"
#include "zkmsm/result.hpp"

namespace zkmsm {

inline constexpr std::size_t kBls12381CompressedBytes = 48;

// Points from n × 48 bytes, canonical limbs, (0, 0) for infinity. Errors, for the lowest bad
// index i ("point i: …"): invalid_argument (a length that is not a multiple of 48, the
// compression flag clear, an infinity with other bits set), point_not_canonical (x ≥ p),
// point_not_on_curve (x³ + 4 is not a square). threads: 0 = all hardware threads.
Result<std::vector<Point<Bls12381>>> decompress_bls12_381_g1(std::span<const std::uint8_t> bytes, unsigned threads = 0);

// n × 48 bytes of canonical points (coordinates < p, on the curve; (0, 0) for infinity).
std::vector<std::uint8_t> compress_bls12_381_g1(std::span<const Point<Bls12381>> points);

}  // namespace zkmsm
