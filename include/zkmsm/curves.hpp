// The curves of the public API and their input types: Point<Curve> and Scalar<Curve>.
//
// Representation (host memory, and device memory with MsmConfig::points_on_device /
// scalars_on_device): little-endian arrays of 64-bit limbs, no padding.
//   Point<Curve>   x limbs then y limbs, affine; (0, 0) is the point at infinity (EIP-196).
//                  Canonical integers < p unless MsmConfig::points_in_montgomery (then x·R mod p,
//                  R = 2^(64·base_limbs)). 64 bytes (BN254, Grumpkin: 4 limbs per coordinate) or
//                  96 bytes (BLS12-381: 6 limbs), 8-byte aligned on the host, 16-byte aligned on a
//                  device.
//   Scalar<Curve>  any 256-bit integer, taken mod the group order r; canonical unless
//                  MsmConfig::scalars_in_montgomery (then s·R mod r). 32 bytes, 8-byte aligned.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace zkmsm {

enum class CurveId { bn254, grumpkin, bls12_381 };

// Curve tags of the public API.
struct Bn254 {
  static constexpr CurveId id = CurveId::bn254;
  static constexpr std::size_t base_limbs = 4;
  static constexpr std::size_t scalar_limbs = 4;
  static constexpr const char* name = "bn254";
};
struct Grumpkin {
  static constexpr CurveId id = CurveId::grumpkin;
  static constexpr std::size_t base_limbs = 4;
  static constexpr std::size_t scalar_limbs = 4;
  static constexpr const char* name = "grumpkin";
};

// BLS12-381 G1: 381-bit base field (6 limbs), 255-bit scalars. Points must be in the
// prime-order subgroup G1 (validate_points checks it besides the curve equation).
struct Bls12381 {
  static constexpr CurveId id = CurveId::bls12_381;
  static constexpr std::size_t base_limbs = 6;
  static constexpr std::size_t scalar_limbs = 4;
  static constexpr const char* name = "bls12_381";
};

// An affine point as little-endian 64-bit limbs; (0, 0) is the point at infinity.
template <class Curve>
struct Point {
  std::array<std::uint64_t, Curve::base_limbs> x{};
  std::array<std::uint64_t, Curve::base_limbs> y{};
  bool is_infinity() const {
    for (std::size_t i = 0; i < Curve::base_limbs; ++i)
      if (x[i] != 0 || y[i] != 0) return false;
    return true;
  }
  bool operator==(const Point&) const = default;
};

// A scalar as little-endian 64-bit limbs.
template <class Curve>
using Scalar = std::array<std::uint64_t, Curve::scalar_limbs>;

}  // namespace zkmsm
