// The CUDA backend for BN254 G1 (see cuda_msm.hpp).
#include "curve/bn254.hpp"
#include "msm/cuda/cuda_msm_impl.cuh"

ZKMSM_CUDA_EXTERN_WALKERS(zkmsm::Bn254G1)
ZKMSM_CUDA_INSTANTIATE(zkmsm::Bn254G1)
