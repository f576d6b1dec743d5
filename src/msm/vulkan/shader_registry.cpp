#include "msm/vulkan/shader_registry.hpp"

#include <array>
#include <cstddef>

namespace zkmsm::vulkan {
namespace {

// glslc -mfmt=num output: the SPIR-V words as a comma-separated list (build tree, generated/);
// <name>_int64 is the same shader with field.glsl's 64-bit multiply-adds (ZKMSM_FIELD_INT64).
constexpr std::uint32_t kFieldOpsBn254Fq[] = {
#include "field_ops_bn254_fq.spv.inc"
};
constexpr std::uint32_t kFieldOpsBn254FqInt64[] = {
#include "field_ops_bn254_fq_int64.spv.inc"
};
constexpr std::uint32_t kFieldOpsBn254Fr[] = {
#include "field_ops_bn254_fr.spv.inc"
};
constexpr std::uint32_t kFieldOpsBn254FrInt64[] = {
#include "field_ops_bn254_fr_int64.spv.inc"
};
constexpr std::uint32_t kFieldOpsBls12381Fq[] = {
#include "field_ops_bls12_381_fq.spv.inc"
};
constexpr std::uint32_t kFieldOpsBls12381FqInt64[] = {
#include "field_ops_bls12_381_fq_int64.spv.inc"
};
constexpr std::uint32_t kFieldOpsBls12381Fr[] = {
#include "field_ops_bls12_381_fr.spv.inc"
};
constexpr std::uint32_t kFieldOpsBls12381FrInt64[] = {
#include "field_ops_bls12_381_fr_int64.spv.inc"
};
constexpr std::uint32_t kFieldInverseBn254Fq[] = {
#include "field_inverse_bn254_fq.spv.inc"
};
constexpr std::uint32_t kFieldInverseBn254FqInt64[] = {
#include "field_inverse_bn254_fq_int64.spv.inc"
};
constexpr std::uint32_t kFieldInverseBn254Fr[] = {
#include "field_inverse_bn254_fr.spv.inc"
};
constexpr std::uint32_t kFieldInverseBn254FrInt64[] = {
#include "field_inverse_bn254_fr_int64.spv.inc"
};
constexpr std::uint32_t kFieldInverseBls12381Fq[] = {
#include "field_inverse_bls12_381_fq.spv.inc"
};
constexpr std::uint32_t kFieldInverseBls12381FqInt64[] = {
#include "field_inverse_bls12_381_fq_int64.spv.inc"
};
constexpr std::uint32_t kFieldInverseBls12381Fr[] = {
#include "field_inverse_bls12_381_fr.spv.inc"
};
constexpr std::uint32_t kFieldInverseBls12381FrInt64[] = {
#include "field_inverse_bls12_381_fr_int64.spv.inc"
};
constexpr std::uint32_t kCurveOpsBn254[] = {
#include "curve_ops_bn254.spv.inc"
};
constexpr std::uint32_t kCurveOpsBn254Int64[] = {
#include "curve_ops_bn254_int64.spv.inc"
};
constexpr std::uint32_t kCurveOpsGrumpkin[] = {
#include "curve_ops_grumpkin.spv.inc"
};
constexpr std::uint32_t kCurveOpsGrumpkinInt64[] = {
#include "curve_ops_grumpkin_int64.spv.inc"
};
constexpr std::uint32_t kCurveOpsBls12381[] = {
#include "curve_ops_bls12_381.spv.inc"
};
constexpr std::uint32_t kCurveOpsBls12381Int64[] = {
#include "curve_ops_bls12_381_int64.spv.inc"
};
constexpr std::uint32_t kBatchAffineAddOpsBn254[] = {
#include "batch_affine_add_ops_bn254.spv.inc"
};
constexpr std::uint32_t kBatchAffineAddOpsBn254Int64[] = {
#include "batch_affine_add_ops_bn254_int64.spv.inc"
};
constexpr std::uint32_t kBatchAffineAddOpsGrumpkin[] = {
#include "batch_affine_add_ops_grumpkin.spv.inc"
};
constexpr std::uint32_t kBatchAffineAddOpsGrumpkinInt64[] = {
#include "batch_affine_add_ops_grumpkin_int64.spv.inc"
};
constexpr std::uint32_t kBatchAffineAddOpsBls12381[] = {
#include "batch_affine_add_ops_bls12_381.spv.inc"
};
constexpr std::uint32_t kBatchAffineAddOpsBls12381Int64[] = {
#include "batch_affine_add_ops_bls12_381_int64.spv.inc"
};
constexpr std::uint32_t kDecomposeScalarsBn254[] = {
#include "decompose_scalars_bn254.spv.inc"
};
constexpr std::uint32_t kDecomposeScalarsBn254Int64[] = {
#include "decompose_scalars_bn254_int64.spv.inc"
};
constexpr std::uint32_t kDecomposeScalarsGrumpkin[] = {
#include "decompose_scalars_grumpkin.spv.inc"
};
constexpr std::uint32_t kDecomposeScalarsGrumpkinInt64[] = {
#include "decompose_scalars_grumpkin_int64.spv.inc"
};
constexpr std::uint32_t kDecomposeScalarsBls12381[] = {
#include "decompose_scalars_bls12_381.spv.inc"
};
constexpr std::uint32_t kDecomposeScalarsBls12381Int64[] = {
#include "decompose_scalars_bls12_381_int64.spv.inc"
};
constexpr std::uint32_t kRadixSortHistogram[] = {
#include "radix_sort_histogram.spv.inc"
};
constexpr std::uint32_t kRadixSortScanBlocks[] = {
#include "radix_sort_scan_blocks.spv.inc"
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
constexpr std::uint32_t kStreamWalkerBn254Int64[] = {
#include "stream_walker_bn254_int64.spv.inc"
};
constexpr std::uint32_t kStreamWalkerGrumpkin[] = {
#include "stream_walker_grumpkin.spv.inc"
};
constexpr std::uint32_t kStreamWalkerGrumpkinInt64[] = {
#include "stream_walker_grumpkin_int64.spv.inc"
};
constexpr std::uint32_t kStreamWalkerBls12381[] = {
#include "stream_walker_bls12_381.spv.inc"
};
constexpr std::uint32_t kStreamWalkerBls12381Int64[] = {
#include "stream_walker_bls12_381_int64.spv.inc"
};
constexpr std::uint32_t kStreamWalkerGlobalBn254[] = {
#include "stream_walker_global_bn254.spv.inc"
};
constexpr std::uint32_t kStreamWalkerGlobalBn254Int64[] = {
#include "stream_walker_global_bn254_int64.spv.inc"
};
constexpr std::uint32_t kStreamWalkerGlobalGrumpkin[] = {
#include "stream_walker_global_grumpkin.spv.inc"
};
constexpr std::uint32_t kStreamWalkerGlobalGrumpkinInt64[] = {
#include "stream_walker_global_grumpkin_int64.spv.inc"
};
constexpr std::uint32_t kStreamWalkerGlobalBls12381[] = {
#include "stream_walker_global_bls12_381.spv.inc"
};
constexpr std::uint32_t kStreamWalkerGlobalBls12381Int64[] = {
#include "stream_walker_global_bls12_381_int64.spv.inc"
};
constexpr std::uint32_t kXyzzWalkerBn254[] = {
#include "xyzz_walker_bn254.spv.inc"
};
constexpr std::uint32_t kXyzzWalkerBn254Int64[] = {
#include "xyzz_walker_bn254_int64.spv.inc"
};
constexpr std::uint32_t kXyzzWalkerGrumpkin[] = {
#include "xyzz_walker_grumpkin.spv.inc"
};
constexpr std::uint32_t kXyzzWalkerGrumpkinInt64[] = {
#include "xyzz_walker_grumpkin_int64.spv.inc"
};
constexpr std::uint32_t kXyzzWalkerBls12381[] = {
#include "xyzz_walker_bls12_381.spv.inc"
};
constexpr std::uint32_t kXyzzWalkerBls12381Int64[] = {
#include "xyzz_walker_bls12_381_int64.spv.inc"
};
constexpr std::uint32_t kWalkerCombineBn254[] = {
#include "walker_combine_bn254.spv.inc"
};
constexpr std::uint32_t kWalkerCombineBn254Int64[] = {
#include "walker_combine_bn254_int64.spv.inc"
};
constexpr std::uint32_t kWalkerCombineGrumpkin[] = {
#include "walker_combine_grumpkin.spv.inc"
};
constexpr std::uint32_t kWalkerCombineGrumpkinInt64[] = {
#include "walker_combine_grumpkin_int64.spv.inc"
};
constexpr std::uint32_t kWalkerCombineBls12381[] = {
#include "walker_combine_bls12_381.spv.inc"
};
constexpr std::uint32_t kWalkerCombineBls12381Int64[] = {
#include "walker_combine_bls12_381_int64.spv.inc"
};
constexpr std::uint32_t kSplitWindowsBn254[] = {
#include "split_windows_bn254.spv.inc"
};
constexpr std::uint32_t kSplitWindowsBn254Int64[] = {
#include "split_windows_bn254_int64.spv.inc"
};
constexpr std::uint32_t kSplitWindowsGrumpkin[] = {
#include "split_windows_grumpkin.spv.inc"
};
constexpr std::uint32_t kSplitWindowsGrumpkinInt64[] = {
#include "split_windows_grumpkin_int64.spv.inc"
};
constexpr std::uint32_t kSplitWindowsBls12381[] = {
#include "split_windows_bls12_381.spv.inc"
};
constexpr std::uint32_t kSplitWindowsBls12381Int64[] = {
#include "split_windows_bls12_381_int64.spv.inc"
};
constexpr std::uint32_t kConvertPointsBn254[] = {
#include "convert_points_bn254.spv.inc"
};
constexpr std::uint32_t kConvertPointsBn254Int64[] = {
#include "convert_points_bn254_int64.spv.inc"
};
constexpr std::uint32_t kConvertPointsGrumpkin[] = {
#include "convert_points_grumpkin.spv.inc"
};
constexpr std::uint32_t kConvertPointsGrumpkinInt64[] = {
#include "convert_points_grumpkin_int64.spv.inc"
};
constexpr std::uint32_t kConvertPointsBls12381[] = {
#include "convert_points_bls12_381.spv.inc"
};
constexpr std::uint32_t kConvertPointsBls12381Int64[] = {
#include "convert_points_bls12_381_int64.spv.inc"
};
constexpr std::uint32_t kPairTreeScan[] = {
#include "pair_tree_scan.spv.inc"
};
constexpr std::uint32_t kPairTreePrepareBn254[] = {
#include "pair_tree_prepare_bn254.spv.inc"
};
constexpr std::uint32_t kPairTreePrepareBn254Int64[] = {
#include "pair_tree_prepare_bn254_int64.spv.inc"
};
constexpr std::uint32_t kPairTreePrepareGrumpkin[] = {
#include "pair_tree_prepare_grumpkin.spv.inc"
};
constexpr std::uint32_t kPairTreePrepareGrumpkinInt64[] = {
#include "pair_tree_prepare_grumpkin_int64.spv.inc"
};
constexpr std::uint32_t kPairTreePrepareBls12381[] = {
#include "pair_tree_prepare_bls12_381.spv.inc"
};
constexpr std::uint32_t kPairTreePrepareBls12381Int64[] = {
#include "pair_tree_prepare_bls12_381_int64.spv.inc"
};
constexpr std::uint32_t kPairTreeLevelBn254[] = {
#include "pair_tree_level_bn254.spv.inc"
};
constexpr std::uint32_t kPairTreeLevelBn254Int64[] = {
#include "pair_tree_level_bn254_int64.spv.inc"
};
constexpr std::uint32_t kPairTreeLevelGrumpkin[] = {
#include "pair_tree_level_grumpkin.spv.inc"
};
constexpr std::uint32_t kPairTreeLevelGrumpkinInt64[] = {
#include "pair_tree_level_grumpkin_int64.spv.inc"
};
constexpr std::uint32_t kPairTreeLevelBls12381[] = {
#include "pair_tree_level_bls12_381.spv.inc"
};
constexpr std::uint32_t kPairTreeLevelBls12381Int64[] = {
#include "pair_tree_level_bls12_381_int64.spv.inc"
};

constexpr std::array<ShaderInfo, static_cast<std::size_t>(ShaderId::count)> kShaders = {{
    {"field_ops_bn254_fq", kFieldOpsBn254Fq, kFieldOpsBn254FqInt64, 3, 4, 0},
    {"field_ops_bn254_fr", kFieldOpsBn254Fr, kFieldOpsBn254FrInt64, 3, 4, 0},
    {"field_ops_bls12_381_fq", kFieldOpsBls12381Fq, kFieldOpsBls12381FqInt64, 3, 4, 0},
    {"field_ops_bls12_381_fr", kFieldOpsBls12381Fr, kFieldOpsBls12381FrInt64, 3, 4, 0},
    {"field_inverse_bn254_fq", kFieldInverseBn254Fq, kFieldInverseBn254FqInt64, 2, 4, 0},
    {"field_inverse_bn254_fr", kFieldInverseBn254Fr, kFieldInverseBn254FrInt64, 2, 4, 0},
    {"field_inverse_bls12_381_fq", kFieldInverseBls12381Fq, kFieldInverseBls12381FqInt64, 2, 4, 0},
    {"field_inverse_bls12_381_fr", kFieldInverseBls12381Fr, kFieldInverseBls12381FrInt64, 2, 4, 0},
    {"curve_ops_bn254", kCurveOpsBn254, kCurveOpsBn254Int64, 5, 4, 0},
    {"curve_ops_grumpkin", kCurveOpsGrumpkin, kCurveOpsGrumpkinInt64, 5, 4, 0},
    {"curve_ops_bls12_381", kCurveOpsBls12381, kCurveOpsBls12381Int64, 5, 4, 0},
    {"batch_affine_add_ops_bn254", kBatchAffineAddOpsBn254, kBatchAffineAddOpsBn254Int64, 3, 4, 0},
    {"batch_affine_add_ops_grumpkin", kBatchAffineAddOpsGrumpkin, kBatchAffineAddOpsGrumpkinInt64, 3, 4, 0},
    {"batch_affine_add_ops_bls12_381", kBatchAffineAddOpsBls12381, kBatchAffineAddOpsBls12381Int64, 3, 4, 0},
    {"decompose_scalars_bn254", kDecomposeScalarsBn254, kDecomposeScalarsBn254Int64, 3, 24, 0},
    {"decompose_scalars_grumpkin", kDecomposeScalarsGrumpkin, kDecomposeScalarsGrumpkinInt64, 3, 24, 0},
    {"decompose_scalars_bls12_381", kDecomposeScalarsBls12381, kDecomposeScalarsBls12381Int64, 3, 24, 0},
    {"radix_sort_histogram", kRadixSortHistogram, {}, 2, 16, 64},
    {"radix_sort_scan_blocks", kRadixSortScanBlocks, {}, 2, 4, 512},
    {"radix_sort_scan", kRadixSortScan, {}, 1, 4, 512},
    {"radix_sort_scatter", kRadixSortScatter, {}, 6, 16, 8832},
    {"bucket_bounds", kBucketBounds, {}, 4, 8, 0},
    {"stream_walker_bn254", kStreamWalkerBn254, kStreamWalkerBn254Int64, 8, 16, 0},
    {"stream_walker_grumpkin", kStreamWalkerGrumpkin, kStreamWalkerGrumpkinInt64, 8, 16, 0},
    {"stream_walker_bls12_381", kStreamWalkerBls12381, kStreamWalkerBls12381Int64, 8, 16, 0},
    {"stream_walker_global_bn254", kStreamWalkerGlobalBn254, kStreamWalkerGlobalBn254Int64, 8, 16, 0},
    {"stream_walker_global_grumpkin", kStreamWalkerGlobalGrumpkin, kStreamWalkerGlobalGrumpkinInt64, 8, 16, 0},
    {"stream_walker_global_bls12_381", kStreamWalkerGlobalBls12381, kStreamWalkerGlobalBls12381Int64, 8, 16, 0},
    {"xyzz_walker_bn254", kXyzzWalkerBn254, kXyzzWalkerBn254Int64, 8, 16, 0},
    {"xyzz_walker_grumpkin", kXyzzWalkerGrumpkin, kXyzzWalkerGrumpkinInt64, 8, 16, 0},
    {"xyzz_walker_bls12_381", kXyzzWalkerBls12381, kXyzzWalkerBls12381Int64, 8, 16, 0},
    {"walker_combine_bn254", kWalkerCombineBn254, kWalkerCombineBn254Int64, 5, 8, 0},
    {"walker_combine_grumpkin", kWalkerCombineGrumpkin, kWalkerCombineGrumpkinInt64, 5, 8, 0},
    {"walker_combine_bls12_381", kWalkerCombineBls12381, kWalkerCombineBls12381Int64, 5, 8, 0},
    {"split_windows_bn254", kSplitWindowsBn254, kSplitWindowsBn254Int64, 6, 92, 8192},
    {"split_windows_grumpkin", kSplitWindowsGrumpkin, kSplitWindowsGrumpkinInt64, 6, 92, 8192},
    {"split_windows_bls12_381", kSplitWindowsBls12381, kSplitWindowsBls12381Int64, 6, 92, 12288},
    {"convert_points_bn254", kConvertPointsBn254, kConvertPointsBn254Int64, 2, 12, 0},
    {"convert_points_grumpkin", kConvertPointsGrumpkin, kConvertPointsGrumpkinInt64, 2, 12, 0},
    {"convert_points_bls12_381", kConvertPointsBls12381, kConvertPointsBls12381Int64, 2, 12, 0},
    {"pair_tree_scan", kPairTreeScan, {}, 3, 24, 1024},
    {"pair_tree_prepare_bn254", kPairTreePrepareBn254, kPairTreePrepareBn254Int64, 7, 16, 0},
    {"pair_tree_prepare_grumpkin", kPairTreePrepareGrumpkin, kPairTreePrepareGrumpkinInt64, 7, 16, 0},
    {"pair_tree_prepare_bls12_381", kPairTreePrepareBls12381, kPairTreePrepareBls12381Int64, 7, 16, 0},
    {"pair_tree_level_bn254", kPairTreeLevelBn254, kPairTreeLevelBn254Int64, 8, 28, 0},
    {"pair_tree_level_grumpkin", kPairTreeLevelGrumpkin, kPairTreeLevelGrumpkinInt64, 8, 28, 0},
    {"pair_tree_level_bls12_381", kPairTreeLevelBls12381, kPairTreeLevelBls12381Int64, 8, 28, 0},
}};

}  // namespace

const ShaderInfo& shader_info(ShaderId id) { return kShaders[static_cast<std::size_t>(id)]; }

}  // namespace zkmsm::vulkan
