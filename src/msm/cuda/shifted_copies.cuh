// The shifted copies of prepared bases (precompute_factor, CudaMsmOptions::copies): copy j of
// point i is 2^(j·shift)·P_i, written at j·n + i, so that an MSM's windows above the first copy's
// reuse the first copy's buckets (ICICLE's precompute_factor). Montgomery form, fully reduced;
// the point at infinity stays (0, 0) in every copy.
//
// One thread per point: `shift_bits` doublings per copy on an XYZZ accumulator (XyzzPoint::
// doubled, dbl-2008-s-1, 6M + 3S), then one inversion per copy for its affine form: a one-time
// cost of prepare_bases of (count − 1)·shift_bits doublings per point.
#pragma once

#include "msm/cuda/device_memory_access.cuh"

namespace zkmsm::cuda::detail {

template <class Curve>
struct ShiftedCopies {
  using Fd = DeviceBase<Curve>;
  DeviceAffine<Fd>* points;  // count × n; copy 0 read, copies 1 … count − 1 written
  u64 n;
  u32 count;
  u32 shift_bits;

  ZKMSM_HOST_DEVICE void operator()(u64 index) const {
    DeviceXyzz<Fd> acc = DeviceXyzz<Fd>::from_affine(load_affine(points, index));
    for (u32 j = 1; j < count; ++j) {
      for (u32 b = 0; b < shift_bits; ++b) acc = acc.doubled();
      store_affine(points, j * n + index, acc.to_affine());
    }
  }
};

}  // namespace zkmsm::cuda::detail
