// The curve and field a WebGPU kernel is assembled for, and the sizes that follow from them. A
// base-field element is field_words(…) 32-bit words (8 for BN254 G1 and Grumpkin, 12 for
// BLS12-381 G1), Montgomery form, word 0 least significant: an affine point is 2 of them (x, y;
// the host's AffinePoint<Curve>), an XYZZ point 4 (X, Y, ZZ, ZZZ; XyzzPoint<Curve>). Scalars are
// kScalarWords = 8 words on every curve (every scalar field is below 2^256).
#pragma once

#include <cstdint>
#include <type_traits>

#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "zkmsm/curves.hpp"

namespace zkmsm::webgpu {

enum class FieldId { bn254_fq, bn254_fr, bls12_381_fq, bls12_381_fr };

// The curve is the public zkmsm::CurveId (include/zkmsm/curves.hpp): bn254 (BN254 G1 over BN254
// Fq, scalars mod BN254 Fr), grumpkin (over BN254 Fr, scalars mod BN254 Fq), bls12_381 (BLS12-381
// G1 over BLS12-381 Fq, scalars mod BLS12-381 Fr).

// The field of a curve's coordinates.
constexpr FieldId base_field(CurveId curve) {
  switch (curve) {
    case CurveId::grumpkin:
      return FieldId::bn254_fr;
    case CurveId::bls12_381:
      return FieldId::bls12_381_fq;
    case CurveId::bn254:
    default:
      return FieldId::bn254_fq;
  }
}

// 32-bit words of one element of `field`.
constexpr std::uint32_t field_words(FieldId field) { return field == FieldId::bls12_381_fq ? 12 : 8; }
constexpr std::uint32_t field_words(CurveId curve) { return field_words(base_field(curve)); }
constexpr std::uint64_t affine_point_words(CurveId curve) { return 2 * field_words(curve); }
constexpr std::uint64_t xyzz_point_words(CurveId curve) { return 4 * field_words(curve); }
constexpr std::uint64_t affine_point_bytes(CurveId curve) { return 4 * affine_point_words(curve); }
constexpr std::uint64_t xyzz_point_bytes(CurveId curve) { return 4 * xyzz_point_words(curve); }
inline constexpr std::uint64_t kScalarWords = 8;
inline constexpr std::uint64_t kScalarBytes = 4 * kScalarWords;

// The CurveId of a host curve type.
template <class Curve>
constexpr CurveId curve_id_of() {
  if constexpr (std::is_same_v<Curve, Bn254G1>) {
    return CurveId::bn254;
  } else if constexpr (std::is_same_v<Curve, GrumpkinG1>) {
    return CurveId::grumpkin;
  } else {
    static_assert(std::is_same_v<Curve, Bls12381G1>, "the WebGPU backend runs BN254 G1, Grumpkin and BLS12-381 G1");
    return CurveId::bls12_381;
  }
}

}  // namespace zkmsm::webgpu
