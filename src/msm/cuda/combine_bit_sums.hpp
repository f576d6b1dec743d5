// combine_windows of the CUDA backend, on the host: Σ_q 2^q·bit_sums[q] over the bit sums that
// reduce_buckets downloads (msm/common/combine_windows.hpp with one-bit windows), then affine.
// A chain of ~254 dependent doublings: ~0.1 ms on one CPU core, 0.58 ms in one warp on the H200
// (docs/cuda_notes.md run 7). Defined in a .cpp file: the host field never meets nvcc.
#pragma once

#include <span>

#include "curve/affine_point.hpp"
#include "curve/xyzz_point.hpp"

namespace zkmsm::cuda::detail {

// bit_sums: XYZZ points in Montgomery form, index = bit position.
template <class Curve>
AffinePoint<Curve> combine_bit_sums(std::span<const XyzzPoint<Curve>> bit_sums);

}  // namespace zkmsm::cuda::detail
