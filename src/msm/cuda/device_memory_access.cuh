// Loads and stores of the pipeline's device arrays: 16-byte vector loads and stores of 64-byte
// affine points and 128-byte XYZZ points (the read-only path for inputs, plain loads for arrays a
// previous kernel wrote), and the signed entry encoding of the sorted values (point index | sign << 31).
// Off the device they are plain array accesses, so HostExec runs the same kernels.
#pragma once

#include "msm/cuda/device_points.cuh"
#include "msm/cuda/exec.cuh"

namespace zkmsm::cuda::detail {

inline constexpr u32 kNegative = 1u << 31;

// ---- memory access helpers ---------------------------------------------------------------------
#if defined(__CUDA_ARCH__)
// One 32-byte field element from / to two 16-byte words.
template <class Fd>
__device__ __forceinline__ Fd field_from_words(const uint4& lo, const uint4& hi) {
  Fd f;
  f.v[0] = lo.x, f.v[1] = lo.y, f.v[2] = lo.z, f.v[3] = lo.w;
  f.v[4] = hi.x, f.v[5] = hi.y, f.v[6] = hi.z, f.v[7] = hi.w;
  return f;
}
template <class Fd>
__device__ __forceinline__ void field_to_words(const Fd& f, uint4* p) {
  p[0] = make_uint4(f.v[0], f.v[1], f.v[2], f.v[3]);
  p[1] = make_uint4(f.v[4], f.v[5], f.v[6], f.v[7]);
}
#endif

// 16-byte loads and stores of 32-byte field elements; read-only path for inputs.
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceAffine<Fd> load_affine(const DeviceAffine<Fd>* base, u64 index) {
#if defined(__CUDA_ARCH__)
  const uint4* p = reinterpret_cast<const uint4*>(base + index);
  return {field_from_words<Fd>(__ldg(p), __ldg(p + 1)), field_from_words<Fd>(__ldg(p + 2), __ldg(p + 3))};
#else
  return base[index];
#endif
}

// The x coordinate alone (one 32-byte sector of the point).
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Fd load_affine_x(const DeviceAffine<Fd>* base, u64 index) {
#if defined(__CUDA_ARCH__)
  const uint4* p = reinterpret_cast<const uint4*>(base + index);
  return field_from_words<Fd>(__ldg(p), __ldg(p + 1));
#else
  return base[index].x;
#endif
}

// Bucket sums and partials are written in one kernel and read in a later one: plain loads.
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceAffine<Fd> load_affine_rw(const DeviceAffine<Fd>* base, u64 index) {
#if defined(__CUDA_ARCH__)
  const uint4* p = reinterpret_cast<const uint4*>(base + index);
  return {field_from_words<Fd>(p[0], p[1]), field_from_words<Fd>(p[2], p[3])};
#else
  return base[index];
#endif
}

template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void store_affine(DeviceAffine<Fd>* base, u64 index, const DeviceAffine<Fd>& a) {
#if defined(__CUDA_ARCH__)
  uint4* p = reinterpret_cast<uint4*>(base + index);
  field_to_words(a.x, p);
  field_to_words(a.y, p + 2);
#else
  base[index] = a;
#endif
}

// XYZZ points written by one kernel and read by a later one: eight 16-byte accesses.
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceXyzz<Fd> load_xyzz_rw(const DeviceXyzz<Fd>* base, u64 index) {
#if defined(__CUDA_ARCH__)
  const uint4* p = reinterpret_cast<const uint4*>(base + index);
  return {field_from_words<Fd>(p[0], p[1]), field_from_words<Fd>(p[2], p[3]), field_from_words<Fd>(p[4], p[5]),
          field_from_words<Fd>(p[6], p[7])};
#else
  return base[index];
#endif
}

template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void store_xyzz(DeviceXyzz<Fd>* base, u64 index, const DeviceXyzz<Fd>& a) {
#if defined(__CUDA_ARCH__)
  uint4* p = reinterpret_cast<uint4*>(base + index);
  field_to_words(a.X, p);
  field_to_words(a.Y, p + 2);
  field_to_words(a.ZZ, p + 4);
  field_to_words(a.ZZZ, p + 6);
#else
  base[index] = a;
#endif
}

// acc + a stored part of a bucket: affine (the stream walker's) or XYZZ (the xyzz walker's).
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceXyzz<Fd> add_stored(const DeviceXyzz<Fd>& acc,
                                                               const DeviceAffine<Fd>* parts,
                                                               u64 index) {
  return acc.add_affine(load_affine_rw(parts, index));
}
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceXyzz<Fd> add_stored(const DeviceXyzz<Fd>& acc,
                                                               const DeviceXyzz<Fd>* parts,
                                                               u64 index) {
  return acc + load_xyzz_rw(parts, index);
}

// The signed input point of a sorted entry.
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceAffine<Fd> gather(const DeviceAffine<Fd>* points, u32 entry) {
  DeviceAffine<Fd> p = load_affine(points, entry & ~kNegative);
  if ((entry & kNegative) != 0) p.y = -p.y;
  return p;
}

}  // namespace zkmsm::cuda::detail
