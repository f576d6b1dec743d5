// The CUDA backend for BLS12-381 G1 (see cuda_msm.hpp): 12-word base field, 4-limb scalars.
#include "curve/bls12_381.hpp"
#include "msm/cuda/cuda_msm_impl.cuh"

ZKMSM_CUDA_EXTERN_WALKERS(zkmsm::Bls12381G1)
ZKMSM_CUDA_INSTANTIATE(zkmsm::Bls12381G1)
