// Latency-bound single chains of curve arithmetic (the Horner chain of combine_windows) computed
// by the lanes of one warp together: independent multiplications of one step run on different
// lanes at once and are exchanged with shuffles.
//
// Why: in one thread, a field multiplication is ~230 dependent instructions (≈ 430 ns on the
// H200), and ptxas does not interleave independent multiplications of one thread (measured:
// 4 independent multiplications take 4× one; docs/cuda_notes.md run 3). A Jacobian doubling is
// 7 multiplications in sequence there; split over 3 lanes its critical path is 3.
//
// Preconditions on the device: all 32 lanes of the warp execute these calls together with the
// same arguments (the warp computes one result; every lane ends with it). Off the device the
// same functions compute the same values sequentially.
#pragma once

#include "msm/cuda/device_curve.cuh"
#include "msm/cuda/warp_batch_inverse.cuh"

namespace zkmsm::cuda {

// (a0·b0, a1·b1, a2·b2), one product per lane 0, 1, 2 (lanes ≥ 3 repeat lane 2's).
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void mul3_across_lanes(
    Fd& r0, Fd& r1, Fd& r2, const Fd& a0, const Fd& b0, const Fd& a1, const Fd& b1, const Fd& a2, const Fd& b2) {
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
  r0 = a0 * b0;
  r1 = a1 * b1;
  r2 = a2 * b2;
#endif
}

// dbl-2009-l (2M + 5S, a = 0) in three rounds of independent multiplications:
//   A = X², B = Y², YZ = Y·Z  |  C = B², T = (X + B)², F = (3A)²  |  E·(D − X3)
// Same formula and results as DeviceJacobian::doubled (Z3 = 2YZ keeps infinity at Z = 0).
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceJacobian<Fd> doubled_across_lanes(const DeviceJacobian<Fd>& p) {
  Fd A, B, YZ;
  mul3_across_lanes(A, B, YZ, p.X, p.X, p.Y, p.Y, p.Y, p.Z);
  const Fd E = A.doubled() + A;  // E = 3A
  const Fd XB = p.X + B;
  Fd C, T, F;
  mul3_across_lanes(C, T, F, B, B, XB, XB, E, E);
  const Fd D = (T - A - C).doubled();  // D = 2((X + B)² − A − C)
  DeviceJacobian<Fd> out;
  out.X = F - D.doubled();                                    // X3 = F − 2D
  out.Y = E * (D - out.X) - C.doubled().doubled().doubled();  // Y3 = E(D − X3) − 8C
  out.Z = YZ.doubled();                                       // Z3 = 2·Y·Z
  return out;
}

}  // namespace zkmsm::cuda
