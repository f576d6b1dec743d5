// combine_windows: Σ_w 2^(w·c)·W_w by Horner from the top window, on one warp.
#pragma once

#include "msm/cuda/device_memory_access.cuh"
#include "msm/cuda/lane_parallel.cuh"

namespace zkmsm::cuda::detail {

// One warp: Horner from the top window, c doublings per window, then one inversion. The chain of
// ~254 dependent doublings is latency-bound; each doubling's independent multiplications run on
// different lanes (lane_parallel.cuh). Every lane computes the same point; lane 0 stores it.
inline constexpr unsigned kCombineWindowsThreads = 32;

template <class Curve>
struct CombineWindows {
  using Fd = DeviceBase<Curve>;
  const DeviceXyzz<Fd>* window_sums;
  u32 windows;
  u32 window_bits;
  DeviceAffine<Fd>* result;

  ZKMSM_HOST_DEVICE void operator()(u64 lane) const {
    DeviceXyzz<Fd> acc = window_sums[windows - 1];
    for (u32 w = windows - 1; w-- > 0;) {
      // c doublings in Jacobian (dbl-2009-l, 7 multiplications, against 9 in XYZZ).
      DeviceJacobian<Fd> j = acc.to_jacobian();
      for (u32 i = 0; i < window_bits; ++i) j = j.doubled(Mul3AcrossLanes{});
      acc = DeviceXyzz<Fd>::from_jacobian(j) + window_sums[w];
    }
    const DeviceAffine<Fd> sum = acc.to_affine();
    if (lane == 0) store_affine(result, 0, sum);
  }
};

}  // namespace zkmsm::cuda::detail
