// Portable annotations: the same inline code compiles under g++/clang++ and nvcc.
#pragma once

#if defined(__CUDACC__)
#define ZKMSM_HOST_DEVICE __host__ __device__
#define ZKMSM_FORCE_INLINE __forceinline__
#else
#define ZKMSM_HOST_DEVICE
#define ZKMSM_FORCE_INLINE inline __attribute__((always_inline))
#endif
