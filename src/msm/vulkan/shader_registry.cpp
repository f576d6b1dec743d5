#include "msm/vulkan/shader_registry.hpp"

#include <array>
#include <cstddef>

namespace zkmsm::vulkan {
namespace {

// glslc -mfmt=num output: the SPIR-V words as a comma-separated list (build tree, generated/).
constexpr std::uint32_t kFieldOpsBn254Fq[] = {
#include "field_ops_bn254_fq.spv.inc"
};
constexpr std::uint32_t kFieldOpsBn254Fr[] = {
#include "field_ops_bn254_fr.spv.inc"
};
constexpr std::uint32_t kFieldOpsBls12381Fq[] = {
#include "field_ops_bls12_381_fq.spv.inc"
};
constexpr std::uint32_t kFieldOpsBls12381Fr[] = {
#include "field_ops_bls12_381_fr.spv.inc"
};
constexpr std::uint32_t kFieldInverseBn254Fq[] = {
#include "field_inverse_bn254_fq.spv.inc"
};
constexpr std::uint32_t kFieldInverseBn254Fr[] = {
#include "field_inverse_bn254_fr.spv.inc"
};
constexpr std::uint32_t kFieldInverseBls12381Fq[] = {
#include "field_inverse_bls12_381_fq.spv.inc"
};
constexpr std::uint32_t kFieldInverseBls12381Fr[] = {
#include "field_inverse_bls12_381_fr.spv.inc"
};
constexpr std::uint32_t kCurveOpsBn254[] = {
#include "curve_ops_bn254.spv.inc"
};
constexpr std::uint32_t kCurveOpsGrumpkin[] = {
#include "curve_ops_grumpkin.spv.inc"
};
constexpr std::uint32_t kCurveOpsBls12381[] = {
#include "curve_ops_bls12_381.spv.inc"
};
constexpr std::uint32_t kBatchAffineAddOpsBn254[] = {
#include "batch_affine_add_ops_bn254.spv.inc"
};
constexpr std::uint32_t kBatchAffineAddOpsGrumpkin[] = {
#include "batch_affine_add_ops_grumpkin.spv.inc"
};
constexpr std::uint32_t kBatchAffineAddOpsBls12381[] = {
#include "batch_affine_add_ops_bls12_381.spv.inc"
};
constexpr std::uint32_t kDecomposeScalarsBn254[] = {
#include "decompose_scalars_bn254.spv.inc"
};
constexpr std::uint32_t kDecomposeScalarsGrumpkin[] = {
#include "decompose_scalars_grumpkin.spv.inc"
};
constexpr std::uint32_t kDecomposeScalarsBls12381[] = {
#include "decompose_scalars_bls12_381.spv.inc"
};
constexpr std::uint32_t kRadixSortHistogram[] = {
#include "radix_sort_histogram.spv.inc"
};
constexpr std::uint32_t kRadixSortScan[] = {
#include "radix_sort_scan.spv.inc"
};
constexpr std::uint32_t kRadixSortScatter[] = {
#include "radix_sort_scatter.spv.inc"
};
constexpr std::uint32_t kBucketBounds[] = {
#include "bucket_bounds.spv.inc"
};
constexpr std::uint32_t kStreamWalkerBn254[] = {
#include "stream_walker_bn254.spv.inc"
};
constexpr std::uint32_t kStreamWalkerGrumpkin[] = {
#include "stream_walker_grumpkin.spv.inc"
};
constexpr std::uint32_t kStreamWalkerBls12381[] = {
#include "stream_walker_bls12_381.spv.inc"
};
constexpr std::uint32_t kStreamWalkerGlobalBn254[] = {
#include "stream_walker_global_bn254.spv.inc"
};
constexpr std::uint32_t kStreamWalkerGlobalGrumpkin[] = {
#include "stream_walker_global_grumpkin.spv.inc"
};
constexpr std::uint32_t kStreamWalkerGlobalBls12381[] = {
#include "stream_walker_global_bls12_381.spv.inc"
};
constexpr std::uint32_t kXyzzWalkerBn254[] = {
#include "xyzz_walker_bn254.spv.inc"
};
constexpr std::uint32_t kXyzzWalkerGrumpkin[] = {
#include "xyzz_walker_grumpkin.spv.inc"
};
constexpr std::uint32_t kXyzzWalkerBls12381[] = {
#include "xyzz_walker_bls12_381.spv.inc"
};
constexpr std::uint32_t kWalkerCombineBn254[] = {
#include "walker_combine_bn254.spv.inc"
};
constexpr std::uint32_t kWalkerCombineGrumpkin[] = {
#include "walker_combine_grumpkin.spv.inc"
};
constexpr std::uint32_t kWalkerCombineBls12381[] = {
#include "walker_combine_bls12_381.spv.inc"
};
constexpr std::uint32_t kSplitWindowsBn254[] = {
#include "split_windows_bn254.spv.inc"
};
constexpr std::uint32_t kSplitWindowsGrumpkin[] = {
#include "split_windows_grumpkin.spv.inc"
};
constexpr std::uint32_t kSplitWindowsBls12381[] = {
#include "split_windows_bls12_381.spv.inc"
};
constexpr std::uint32_t kConvertPointsBn254[] = {
#include "convert_points_bn254.spv.inc"
};
constexpr std::uint32_t kConvertPointsGrumpkin[] = {
#include "convert_points_grumpkin.spv.inc"
};
constexpr std::uint32_t kConvertPointsBls12381[] = {
#include "convert_points_bls12_381.spv.inc"
};
constexpr std::uint32_t kPairTreeScan[] = {
#include "pair_tree_scan.spv.inc"
};
constexpr std::uint32_t kPairTreePrepareBn254[] = {
#include "pair_tree_prepare_bn254.spv.inc"
};
constexpr std::uint32_t kPairTreePrepareGrumpkin[] = {
#include "pair_tree_prepare_grumpkin.spv.inc"
};
constexpr std::uint32_t kPairTreePrepareBls12381[] = {
#include "pair_tree_prepare_bls12_381.spv.inc"
};
constexpr std::uint32_t kPairTreeLevelBn254[] = {
#include "pair_tree_level_bn254.spv.inc"
};
constexpr std::uint32_t kPairTreeLevelGrumpkin[] = {
#include "pair_tree_level_grumpkin.spv.inc"
};
constexpr std::uint32_t kPairTreeLevelBls12381[] = {
#include "pair_tree_level_bls12_381.spv.inc"
};

constexpr std::array<ShaderInfo, static_cast<std::size_t>(ShaderId::count)> kShaders = {{
    {"field_ops_bn254_fq", kFieldOpsBn254Fq, 3, 4, 0},
    {"field_ops_bn254_fr", kFieldOpsBn254Fr, 3, 4, 0},
    {"field_ops_bls12_381_fq", kFieldOpsBls12381Fq, 3, 4, 0},
    {"field_ops_bls12_381_fr", kFieldOpsBls12381Fr, 3, 4, 0},
    {"field_inverse_bn254_fq", kFieldInverseBn254Fq, 2, 4, 0},
    {"field_inverse_bn254_fr", kFieldInverseBn254Fr, 2, 4, 0},
    {"field_inverse_bls12_381_fq", kFieldInverseBls12381Fq, 2, 4, 0},
    {"field_inverse_bls12_381_fr", kFieldInverseBls12381Fr, 2, 4, 0},
    {"curve_ops_bn254", kCurveOpsBn254, 5, 4, 0},
    {"curve_ops_grumpkin", kCurveOpsGrumpkin, 5, 4, 0},
    {"curve_ops_bls12_381", kCurveOpsBls12381, 5, 4, 0},
    {"batch_affine_add_ops_bn254", kBatchAffineAddOpsBn254, 3, 4, 0},
    {"batch_affine_add_ops_grumpkin", kBatchAffineAddOpsGrumpkin, 3, 4, 0},
    {"batch_affine_add_ops_bls12_381", kBatchAffineAddOpsBls12381, 3, 4, 0},
    {"decompose_scalars_bn254", kDecomposeScalarsBn254, 3, 24, 0},
    {"decompose_scalars_grumpkin", kDecomposeScalarsGrumpkin, 3, 24, 0},
    {"decompose_scalars_bls12_381", kDecomposeScalarsBls12381, 3, 24, 0},
    {"radix_sort_histogram", kRadixSortHistogram, 2, 16, 64},
    {"radix_sort_scan", kRadixSortScan, 1, 4, 512},
    {"radix_sort_scatter", kRadixSortScatter, 5, 16, 8704},
    {"bucket_bounds", kBucketBounds, 4, 8, 0},
    {"stream_walker_bn254", kStreamWalkerBn254, 8, 16, 0},
    {"stream_walker_grumpkin", kStreamWalkerGrumpkin, 8, 16, 0},
    {"stream_walker_bls12_381", kStreamWalkerBls12381, 8, 16, 0},
    {"stream_walker_global_bn254", kStreamWalkerGlobalBn254, 8, 16, 0},
    {"stream_walker_global_grumpkin", kStreamWalkerGlobalGrumpkin, 8, 16, 0},
    {"stream_walker_global_bls12_381", kStreamWalkerGlobalBls12381, 8, 16, 0},
    {"xyzz_walker_bn254", kXyzzWalkerBn254, 8, 16, 0},
    {"xyzz_walker_grumpkin", kXyzzWalkerGrumpkin, 8, 16, 0},
    {"xyzz_walker_bls12_381", kXyzzWalkerBls12381, 8, 16, 0},
    {"walker_combine_bn254", kWalkerCombineBn254, 5, 8, 0},
    {"walker_combine_grumpkin", kWalkerCombineGrumpkin, 5, 8, 0},
    {"walker_combine_bls12_381", kWalkerCombineBls12381, 5, 8, 0},
    {"split_windows_bn254", kSplitWindowsBn254, 6, 92, 8192},
    {"split_windows_grumpkin", kSplitWindowsGrumpkin, 6, 92, 8192},
    {"split_windows_bls12_381", kSplitWindowsBls12381, 6, 92, 12288},
    {"convert_points_bn254", kConvertPointsBn254, 2, 12, 0},
    {"convert_points_grumpkin", kConvertPointsGrumpkin, 2, 12, 0},
    {"convert_points_bls12_381", kConvertPointsBls12381, 2, 12, 0},
    {"pair_tree_scan", kPairTreeScan, 3, 24, 1024},
    {"pair_tree_prepare_bn254", kPairTreePrepareBn254, 7, 16, 0},
    {"pair_tree_prepare_grumpkin", kPairTreePrepareGrumpkin, 7, 16, 0},
    {"pair_tree_prepare_bls12_381", kPairTreePrepareBls12381, 7, 16, 0},
    {"pair_tree_level_bn254", kPairTreeLevelBn254, 8, 28, 0},
    {"pair_tree_level_grumpkin", kPairTreeLevelGrumpkin, 8, 28, 0},
    {"pair_tree_level_bls12_381", kPairTreeLevelBls12381, 8, 28, 0},
}};

}  // namespace

const ShaderInfo& shader_info(ShaderId id) { return kShaders[static_cast<std::size_t>(id)]; }

}  // namespace zkmsm::vulkan
