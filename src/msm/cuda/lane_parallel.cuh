// Latency-bound single chains of curve arithmetic (the Horner chain of combine_windows) computed
// by the lanes of one warp together: independent multiplications of one step run on different
// lanes at once and are exchanged with shuffles.
//
// Why: in one thread, a field multiplication is ~230 dependent instructions (≈ 430 ns on the
// H200), and ptxas does not interleave independent multiplications of one thread (measured:
// 4 independent multiplications take 4× one; docs/cuda_notes.md run 3). A Jacobian doubling is
// 7 multiplications in sequence there; split over 3 lanes its critical path is 3
// (JacobianPoint::doubled(Mul3AcrossLanes{})).
//
// Preconditions on the device: all 32 lanes of the warp execute these calls together with the
// same arguments (the warp computes one result; every lane ends with it). Off the device the
// same functions compute the same values sequentially.
#pragma once

#include "msm/cuda/device_points.cuh"
#include "msm/cuda/warp_batch_inverse.cuh"

namespace zkmsm::cuda {

// (a0·b0, a1·b1, a2·b2), one product per lane 0, 1, 2 (lanes ≥ 3 repeat lane 2's), as the
// `mul3` of JacobianPoint::doubled (curve/jacobian_point.hpp).
struct Mul3AcrossLanes {
  template <class Fd>
  ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void operator()(
      Fd& r0, Fd& r1, Fd& r2, const Fd& a0, const Fd& b0, const Fd& a1, const Fd& b1, const Fd& a2, const Fd& b2)
      const {
#if defined(__CUDA_ARCH__)
    const unsigned lane = threadIdx.x & 31u;
    Fd a, b;
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      a.v[i] = lane == 0 ? a0.v[i] : lane == 1 ? a1.v[i] : a2.v[i];
      b.v[i] = lane == 0 ? b0.v[i] : lane == 1 ? b1.v[i] : b2.v[i];
    }
    const Fd r = a * b;
    r0 = warp::broadcast(r, 0);
    r1 = warp::broadcast(r, 1);
    r2 = warp::broadcast(r, 2);
#else
    SequentialMul3{}(r0, r1, r2, a0, b0, a1, b1, a2, b2);
#endif
  }
};

}  // namespace zkmsm::cuda
