// The CUDA backend for Grumpkin (see cuda_msm.hpp).
#include "curve/grumpkin.hpp"
#include "msm/cuda/cuda_msm_impl.cuh"

ZKMSM_CUDA_EXTERN_WALKERS(zkmsm::GrumpkinG1)
ZKMSM_CUDA_INSTANTIATE(zkmsm::GrumpkinG1)
