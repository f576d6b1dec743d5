// The register-state stream walkers with S = 8 and 16 for BN254 G1 (see cuda_msm_impl.cuh).
#include "curve/bn254.hpp"
#include "msm/cuda/cuda_msm_impl.cuh"

ZKMSM_CUDA_INSTANTIATE_WALKERS(zkmsm::Bn254G1)
