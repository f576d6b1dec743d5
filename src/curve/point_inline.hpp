// How the point operations of src/curve are inlined. In CUDA kernels every point operation is
// forced inline: out-of-line XYZZ calls cost ~8 µs each in the latency-bound kernels (run 1,
// docs/cuda_notes.md). Host compilers keep their own inlining choices, under which the CPU
// backend's numbers in BENCHMARKS.md were measured.
#pragma once

#if defined(__CUDACC__)
#define ZKMSM_POINT_INLINE __forceinline__
#else
#define ZKMSM_POINT_INLINE
#endif
