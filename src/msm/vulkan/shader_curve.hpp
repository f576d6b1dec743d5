// The curve a Vulkan MSM runs on: which variant of each per-curve shader it dispatches
// (CMakeLists.txt compiles every one of them once per curve, curve_params.glsl) and the sizes that
// follow from the curve's base field. A coordinate is field_words(curve) 32-bit words (8 for BN254
// G1 and Grumpkin, 12 for BLS12-381 G1), Montgomery form, word 0 least significant: an affine
// point is 2 coordinates (x, y; the host's AffinePoint<Curve>), an XYZZ point 4 (X, Y, ZZ, ZZZ;
// XyzzPoint<Curve>). Scalars are 8 words on every curve (every scalar field is below 2^256).
#pragma once

#include <cstdint>
#include <type_traits>

#include "curve/affine_point.hpp"
#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "msm/vulkan/shader_registry.hpp"
#include "zkmsm/curves.hpp"

namespace zkmsm::vulkan {

// The curve is the public zkmsm::CurveId (include/zkmsm/curves.hpp): bn254 (BN254 G1 over BN254
// Fq, scalars mod BN254 Fr), grumpkin (over BN254 Fr, scalars mod BN254 Fq), bls12_381 (BLS12-381
// G1, points validated for G1 membership too).

// The per-curve shaders of one curve.
struct CurveShaders {
  ShaderId curve_ops;
  ShaderId batch_affine_add_ops;
  ShaderId decompose_scalars;
  ShaderId convert_points;
  ShaderId stream_walker;
  ShaderId stream_walker_global;
  ShaderId xyzz_walker;
  ShaderId walker_combine;
  ShaderId split_windows;
  ShaderId pair_tree_prepare;
  ShaderId pair_tree_level;
};

constexpr CurveShaders curve_shaders(CurveId curve) {
  switch (curve) {
    case CurveId::grumpkin:
      return {ShaderId::curve_ops_grumpkin,         ShaderId::batch_affine_add_ops_grumpkin,
              ShaderId::decompose_scalars_grumpkin, ShaderId::convert_points_grumpkin,
              ShaderId::stream_walker_grumpkin,     ShaderId::stream_walker_global_grumpkin,
              ShaderId::xyzz_walker_grumpkin,       ShaderId::walker_combine_grumpkin,
              ShaderId::split_windows_grumpkin,     ShaderId::pair_tree_prepare_grumpkin,
              ShaderId::pair_tree_level_grumpkin};
    case CurveId::bls12_381:
      return {ShaderId::curve_ops_bls12_381,         ShaderId::batch_affine_add_ops_bls12_381,
              ShaderId::decompose_scalars_bls12_381, ShaderId::convert_points_bls12_381,
              ShaderId::stream_walker_bls12_381,     ShaderId::stream_walker_global_bls12_381,
              ShaderId::xyzz_walker_bls12_381,       ShaderId::walker_combine_bls12_381,
              ShaderId::split_windows_bls12_381,     ShaderId::pair_tree_prepare_bls12_381,
              ShaderId::pair_tree_level_bls12_381};
    case CurveId::bn254:
    default:
      return {
          ShaderId::curve_ops_bn254,         ShaderId::batch_affine_add_ops_bn254, ShaderId::decompose_scalars_bn254,
          ShaderId::convert_points_bn254,    ShaderId::stream_walker_bn254,        ShaderId::stream_walker_global_bn254,
          ShaderId::xyzz_walker_bn254,       ShaderId::walker_combine_bn254,       ShaderId::split_windows_bn254,
          ShaderId::pair_tree_prepare_bn254, ShaderId::pair_tree_level_bn254};
  }
}

// 32-bit words of one base-field element.
constexpr std::uint32_t field_words(CurveId curve) { return curve == CurveId::bls12_381 ? 12 : 8; }
constexpr std::uint64_t affine_point_words(CurveId curve) { return 2 * field_words(curve); }
constexpr std::uint64_t xyzz_point_words(CurveId curve) { return 4 * field_words(curve); }
constexpr std::uint64_t affine_point_bytes(CurveId curve) { return 4 * affine_point_words(curve); }
constexpr std::uint64_t xyzz_point_bytes(CurveId curve) { return 4 * xyzz_point_words(curve); }
inline constexpr std::uint64_t kScalarWords = 8;

// The CurveId of a host curve type.
template <class Curve>
constexpr CurveId shader_curve_of() {
  if constexpr (std::is_same_v<Curve, Bn254G1>) {
    return CurveId::bn254;
  } else if constexpr (std::is_same_v<Curve, GrumpkinG1>) {
    return CurveId::grumpkin;
  } else {
    static_assert(std::is_same_v<Curve, Bls12381G1>,
                  "the Vulkan shaders exist for BN254 G1, Grumpkin and BLS12-381 G1");
    return CurveId::bls12_381;
  }
}

// The host's point layouts are the shaders' (uploaded and read back as they are).
static_assert(sizeof(AffinePoint<Bn254G1>) == affine_point_bytes(CurveId::bn254));
static_assert(sizeof(AffinePoint<GrumpkinG1>) == affine_point_bytes(CurveId::grumpkin));
static_assert(sizeof(AffinePoint<Bls12381G1>) == affine_point_bytes(CurveId::bls12_381));

}  // namespace zkmsm::vulkan
