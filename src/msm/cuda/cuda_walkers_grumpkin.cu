// The register-state stream walkers with S = 8 and 16 for Grumpkin (see cuda_msm_impl.cuh).
#include "curve/grumpkin.hpp"
#include "msm/cuda/cuda_msm_impl.cuh"

ZKMSM_CUDA_INSTANTIATE_WALKERS(zkmsm::GrumpkinG1)
