// The register-state stream walkers with S = 8 and 16 for BLS12-381 G1 (see cuda_msm_impl.cuh).
#include "curve/bls12_381.hpp"
#include "msm/cuda/cuda_msm_impl.cuh"

ZKMSM_CUDA_INSTANTIATE_WALKERS(zkmsm::Bls12381G1)
