// The SPIR-V of every compute shader, compiled from shaders/*.comp by glslc at build time and
// embedded in the library (CMakeLists.txt), with the resources each one declares; every shader
// with field arithmetic in both of field.glsl's forms (32-bit words, or 64-bit multiply-adds).
#pragma once

#include <cstdint>
#include <span>

namespace zkmsm::vulkan {

enum class ShaderId : std::uint32_t {
  field_ops_bn254_fq,              // shaders/field_ops.comp over BN254 Fq: the field test kernel
  field_ops_bn254_fr,              // shaders/field_ops.comp over BN254 Fr
  field_ops_bls12_381_fq,          // shaders/field_ops.comp over BLS12-381 Fq
  field_ops_bls12_381_fr,          // shaders/field_ops.comp over BLS12-381 Fr
  field_inverse_bn254_fq,          // shaders/field_inverse.comp over BN254 Fq: safegcd or Fermat inversion
  field_inverse_bn254_fr,          // shaders/field_inverse.comp over BN254 Fr
  field_inverse_bls12_381_fq,      // shaders/field_inverse.comp over BLS12-381 Fq
  field_inverse_bls12_381_fr,      // shaders/field_inverse.comp over BLS12-381 Fr
  curve_ops_bn254,                 // shaders/curve_ops.comp on BN254 G1: XYZZ additions, on-curve check
  curve_ops_grumpkin,              // shaders/curve_ops.comp on Grumpkin
  curve_ops_bls12_381,             // shaders/curve_ops.comp on BLS12-381 G1
  batch_affine_add_ops_bn254,      // shaders/batch_affine_add_ops.comp on BN254 G1: batched affine sums
  batch_affine_add_ops_grumpkin,   // shaders/batch_affine_add_ops.comp on Grumpkin
  batch_affine_add_ops_bls12_381,  // shaders/batch_affine_add_ops.comp on BLS12-381 G1
  decompose_scalars_bn254,         // shaders/decompose_scalars.comp on BN254 G1: scalars mod the curve's r
  decompose_scalars_grumpkin,      // shaders/decompose_scalars.comp on Grumpkin
  decompose_scalars_bls12_381,     // shaders/decompose_scalars.comp on BLS12-381 G1
  radix_sort_histogram,            // shaders/radix_sort_histogram.comp: per-tile digit counts
  radix_sort_scan_blocks,          // shaders/radix_sort_scan_blocks.comp: the counts scanned in blocks
  radix_sort_scan,                 // shaders/radix_sort_scan.comp: exclusive scan of the block totals
  radix_sort_scatter,              // shaders/radix_sort_scatter.comp: the stable scatter of one pass
  bucket_bounds,                   // shaders/bucket_bounds.comp: bucket ranges, valid count
  stream_walker_bn254,             // shaders/stream_walker.comp on BN254 G1: accumulate_buckets
  stream_walker_grumpkin,          // shaders/stream_walker.comp on Grumpkin
  stream_walker_bls12_381,         // shaders/stream_walker.comp on BLS12-381 G1
  stream_walker_global_bn254,      // shaders/stream_walker_global.comp on BN254 G1: slots in a buffer
  stream_walker_global_grumpkin,   // shaders/stream_walker_global.comp on Grumpkin
  stream_walker_global_bls12_381,  // shaders/stream_walker_global.comp on BLS12-381 G1
  xyzz_walker_bn254,               // shaders/xyzz_walker.comp on BN254 G1: accumulate_buckets, XYZZ buckets
  xyzz_walker_grumpkin,            // shaders/xyzz_walker.comp on Grumpkin
  xyzz_walker_bls12_381,           // shaders/xyzz_walker.comp on BLS12-381 G1
  walker_combine_bn254,            // shaders/walker_combine.comp on BN254 G1: split buckets' partials
  walker_combine_grumpkin,         // shaders/walker_combine.comp on Grumpkin
  walker_combine_bls12_381,        // shaders/walker_combine.comp on BLS12-381 G1
  split_windows_bn254,             // shaders/split_windows.comp on BN254 G1: reduce_buckets' levels, bit sums
  split_windows_grumpkin,          // shaders/split_windows.comp on Grumpkin
  split_windows_bls12_381,         // shaders/split_windows.comp on BLS12-381 G1
  convert_points_bn254,            // shaders/convert_points.comp on BN254 G1: Montgomery form, validation
  convert_points_grumpkin,         // shaders/convert_points.comp on Grumpkin
  convert_points_bls12_381,        // shaders/convert_points.comp on BLS12-381 G1
  pair_tree_scan,                  // shaders/pair_tree_scan.comp: a pair-tree level's bucket offsets
  pair_tree_prepare_bn254,         // shaders/pair_tree_prepare.comp on BN254 G1: single buckets, level-0 keys
  pair_tree_prepare_grumpkin,      // shaders/pair_tree_prepare.comp on Grumpkin
  pair_tree_prepare_bls12_381,     // shaders/pair_tree_prepare.comp on BLS12-381 G1
  pair_tree_level_bn254,           // shaders/pair_tree_level.comp on BN254 G1: one level of pairwise sums
  pair_tree_level_grumpkin,        // shaders/pair_tree_level.comp on Grumpkin
  pair_tree_level_bls12_381,       // shaders/pair_tree_level.comp on BLS12-381 G1
  count,
};

struct ShaderInfo {
  const char* name;
  std::span<const std::uint32_t> spirv;
  // The same shader with field.glsl's 64-bit multiply-adds (needs shaderInt64); empty for the
  // shaders without field arithmetic.
  std::span<const std::uint32_t> spirv_int64;
  // Storage buffers at set 0, bindings 0 … storage_buffers − 1, in that order.
  std::uint32_t storage_buffers;
  // Size of the push-constant block (bytes, a multiple of 4; at most 128, Vulkan's minimum limit).
  std::uint32_t push_constant_bytes;
  // Workgroup (shared) memory the shader declares, bytes.
  std::uint32_t workgroup_memory_bytes;
};

const ShaderInfo& shader_info(ShaderId id);

}  // namespace zkmsm::vulkan
