// Loads and stores of the pipeline's device arrays: 16-byte vector loads and stores of affine
// points (2 field elements) and XYZZ points (4) (the read-only path for inputs, plain loads for arrays a
// previous kernel wrote), and the signed entry encoding of the sorted values (point index | sign << 31).
// Off the device they are plain array accesses, so HostExec runs the same kernels.
#pragma once

#include "msm/cuda/device_points.cuh"
#include "msm/cuda/exec.cuh"

namespace zkmsm::cuda::detail {

inline constexpr u32 kNegative = 1u << 31;

// ---- memory access helpers ---------------------------------------------------------------------
#if defined(__CUDA_ARCH__)
// 16-byte words per field element: 2 (8 words, 32 bytes) or 3 (12 words, 48 bytes).
template <class Fd>
inline constexpr int kVectorsPerField = Fd::kWords / 4;

// One field element from / to consecutive 16-byte words.
// kReadOnly: through the read-only (non-coherent) path, for inputs no kernel of the MSM writes.
template <class Fd, bool kReadOnly>
__device__ __forceinline__ Fd field_from_words(const uint4* p) {
  Fd f;
#pragma unroll
  for (int j = 0; j < kVectorsPerField<Fd>; ++j) {
    const uint4 q = kReadOnly ? __ldg(p + j) : p[j];
    f.v[4 * j] = q.x, f.v[4 * j + 1] = q.y, f.v[4 * j + 2] = q.z, f.v[4 * j + 3] = q.w;
  }
  return f;
}
template <class Fd>
__device__ __forceinline__ void field_to_words(const Fd& f, uint4* p) {
#pragma unroll
  for (int j = 0; j < kVectorsPerField<Fd>; ++j)
    p[j] = make_uint4(f.v[4 * j], f.v[4 * j + 1], f.v[4 * j + 2], f.v[4 * j + 3]);
}
#endif

// 16-byte loads and stores of field elements; read-only path for inputs.
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceAffine<Fd> load_affine(const DeviceAffine<Fd>* base, u64 index) {
#if defined(__CUDA_ARCH__)
  const uint4* p = reinterpret_cast<const uint4*>(base + index);
  return {field_from_words<Fd, true>(p), field_from_words<Fd, true>(p + kVectorsPerField<Fd>)};
#else
  return base[index];
#endif
}

// The x coordinate alone (the first half of the point).
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Fd load_affine_x(const DeviceAffine<Fd>* base, u64 index) {
#if defined(__CUDA_ARCH__)
  const uint4* p = reinterpret_cast<const uint4*>(base + index);
  return field_from_words<Fd, true>(p);
#else
  return base[index].x;
#endif
}

// Bucket sums and partials are written in one kernel and read in a later one: plain loads.
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceAffine<Fd> load_affine_rw(const DeviceAffine<Fd>* base, u64 index) {
#if defined(__CUDA_ARCH__)
  const uint4* p = reinterpret_cast<const uint4*>(base + index);
  return {field_from_words<Fd, false>(p), field_from_words<Fd, false>(p + kVectorsPerField<Fd>)};
#else
  return base[index];
#endif
}

template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void store_affine(DeviceAffine<Fd>* base, u64 index, const DeviceAffine<Fd>& a) {
#if defined(__CUDA_ARCH__)
  uint4* p = reinterpret_cast<uint4*>(base + index);
  field_to_words(a.x, p);
  field_to_words(a.y, p + kVectorsPerField<Fd>);
#else
  base[index] = a;
#endif
}

// XYZZ points written by one kernel and read by a later one: 16-byte accesses.
template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE DeviceXyzz<Fd> load_xyzz_rw(const DeviceXyzz<Fd>* base, u64 index) {
#if defined(__CUDA_ARCH__)
  const uint4* p = reinterpret_cast<const uint4*>(base + index);
  constexpr int f = kVectorsPerField<Fd>;
  return {field_from_words<Fd, false>(p), field_from_words<Fd, false>(p + f), field_from_words<Fd, false>(p + 2 * f),
          field_from_words<Fd, false>(p + 3 * f)};
#else
  return base[index];
#endif
}

template <class Fd>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void store_xyzz(DeviceXyzz<Fd>* base, u64 index, const DeviceXyzz<Fd>& a) {
#if defined(__CUDA_ARCH__)
  uint4* p = reinterpret_cast<uint4*>(base + index);
  constexpr int f = kVectorsPerField<Fd>;
  field_to_words(a.X, p);
  field_to_words(a.Y, p + f);
  field_to_words(a.ZZ, p + 2 * f);
  field_to_words(a.ZZZ, p + 3 * f);
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
