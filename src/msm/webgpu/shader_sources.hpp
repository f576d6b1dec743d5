// The WGSL sources of shaders/, embedded into the module at build time
// (cmake/embed_text_files.cmake writes their definitions).
#pragma once

namespace zkmsm::webgpu {

extern const char* const kDispatchSource;             // shaders/dispatch.wgsl
extern const char* const kFieldSource;                // shaders/field.wgsl
extern const char* const kSafegcdInverseSource;       // shaders/safegcd_inverse.wgsl
extern const char* const kFieldOpsSource;             // shaders/field_ops.wgsl
extern const char* const kCurveSource;                // shaders/curve.wgsl
extern const char* const kCurveOpsSource;             // shaders/curve_ops.wgsl
extern const char* const kSubgroupCheckSource;        // shaders/subgroup_check.wgsl
extern const char* const kConvertPointsSource;        // shaders/convert_points.wgsl
extern const char* const kDecomposeScalarsSource;     // shaders/decompose_scalars.wgsl
extern const char* const kRadixSortSource;            // shaders/radix_sort.wgsl
extern const char* const kRadixSortHistogramSource;   // shaders/radix_sort_histogram.wgsl
extern const char* const kRadixSortScanBlocksSource;  // shaders/radix_sort_scan_blocks.wgsl
extern const char* const kRadixSortScanSource;        // shaders/radix_sort_scan.wgsl
extern const char* const kWorkgroupScanSource;        // shaders/workgroup_scan.wgsl
extern const char* const kRadixSortScatterSource;     // shaders/radix_sort_scatter.wgsl
extern const char* const kBucketBoundsSource;         // shaders/bucket_bounds.wgsl
extern const char* const kSplitWindowsSource;         // shaders/split_windows.wgsl
extern const char* const kAffinePairSource;           // shaders/affine_pair.wgsl
extern const char* const kBatchAffineAddSource;       // shaders/batch_affine_add.wgsl
extern const char* const kBatchAffineAddOpsSource;    // shaders/batch_affine_add_ops.wgsl
extern const char* const kWalkerRecordsSource;        // shaders/walker_records.wgsl
extern const char* const kWalkerPiecesSource;         // shaders/walker_pieces.wgsl
extern const char* const kStreamWalkerSource;         // shaders/stream_walker.wgsl
extern const char* const kXyzzWalkerSource;           // shaders/xyzz_walker.wgsl
extern const char* const kWalkerCombineSource;        // shaders/walker_combine.wgsl
extern const char* const kPairTreeSource;             // shaders/pair_tree.wgsl
extern const char* const kPairTreeScanSource;         // shaders/pair_tree_scan.wgsl
extern const char* const kPairTreePrepareSource;      // shaders/pair_tree_prepare.wgsl
extern const char* const kPairTreeLevelSource;        // shaders/pair_tree_level.wgsl

}  // namespace zkmsm::webgpu
