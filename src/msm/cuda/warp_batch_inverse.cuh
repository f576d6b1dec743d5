// One field inversion shared by the 32 threads of a warp (Montgomery's trick over the lanes).
//
// Each lane brings one non-zero element d (a lane with nothing to invert brings 1) and gets d⁻¹.
// The warp computes inclusive prefix and suffix products of the lanes' elements with shuffles
// (Hillis–Steele, 5 steps each), inverts the total once, and
//   d_i⁻¹ = total⁻¹ · (d_0 ⋯ d_{i−1}) · (d_{i+1} ⋯ d_31).
// Cost per lane: 12 multiplications and 1/32 of an inversion's instruction stream: every lane
// runs the same inversion on the same value, so it is one warp instruction stream with no
// divergence (the safegcd's data-dependent branches all go the same way).
//
// Preconditions on the device: all 32 lanes of the warp call it together (blockDim.x a multiple
// of 32, no lane exited). Off the device (host emulation of the kernels) a "warp" is one thread
// and this is a plain inversion, the same function of the inputs.
#pragma once

#include "msm/cuda/device_field.cuh"

namespace zkmsm::cuda {

#if defined(__CUDA_ARCH__)
namespace warp {

inline constexpr unsigned kFullMask = 0xffffffffu;

// A field element moved between lanes word by word: shuffle(word) is one 32-bit warp shuffle.
template <class Fd, class Shuffle>
__device__ __forceinline__ Fd shuffle_words(const Fd& a, Shuffle shuffle) {
  Fd r;
#pragma unroll
  for (int i = 0; i < Fd::kWords; ++i) r.v[i] = shuffle(a.v[i]);
  return r;
}
template <class Fd>
__device__ __forceinline__ Fd shuffle_up(const Fd& a, unsigned delta) {
  return shuffle_words(a, [delta](u32 w) { return __shfl_up_sync(kFullMask, w, delta); });
}
template <class Fd>
__device__ __forceinline__ Fd shuffle_down(const Fd& a, unsigned delta) {
  return shuffle_words(a, [delta](u32 w) { return __shfl_down_sync(kFullMask, w, delta); });
}
template <class Fd>
__device__ __forceinline__ Fd broadcast(const Fd& a, int lane) {
  return shuffle_words(a, [lane](u32 w) { return __shfl_sync(kFullMask, w, lane); });
}

}  // namespace warp
#endif

// True when any lane of the warp passes true (host: the thread's own value).
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE bool warp_any(bool value) {
#if defined(__CUDA_ARCH__)
  return __any_sync(warp::kFullMask, value) != 0;
#else
  return value;
#endif
}

template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Fd warp_batch_inverse(const Fd& d) {
#if defined(__CUDA_ARCH__)
  const unsigned lane = threadIdx.x & 31u;
  Fd prefix = d;  // d_0 ⋯ d_lane
  Fd suffix = d;  // d_lane ⋯ d_31
#pragma unroll
  for (unsigned delta = 1; delta < 32; delta <<= 1) {
    const Fd below = warp::shuffle_up(prefix, delta);
    const Fd above = warp::shuffle_down(suffix, delta);
    if (lane >= delta) prefix = prefix * below;
    if (lane + delta < 32) suffix = suffix * above;
  }
  const Fd total_inverse = warp::broadcast(prefix, 31).inverse_vartime();
  Fd before = warp::shuffle_up(prefix, 1);   // d_0 ⋯ d_{lane−1}
  Fd after = warp::shuffle_down(suffix, 1);  // d_{lane+1} ⋯ d_31
  if (lane == 0) before = Fd::one();
  if (lane == 31) after = Fd::one();
  return total_inverse * (before * after);
#else
  return d.inverse_vartime();
#endif
}

}  // namespace zkmsm::cuda
