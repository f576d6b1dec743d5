// The host fold of the CUDA backend's bit sums (combine_bit_sums.hpp).
#include "msm/cuda/combine_bit_sums.hpp"

#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "msm/common/combine_windows.hpp"

namespace zkmsm::cuda::detail {

template <class Curve>
AffinePoint<Curve> combine_bit_sums(std::span<const XyzzPoint<Curve>> bit_sums) {
  return combine_windows<Curve>(bit_sums, 1);
}

template AffinePoint<Bn254G1> combine_bit_sums<Bn254G1>(std::span<const XyzzPoint<Bn254G1>>);
template AffinePoint<GrumpkinG1> combine_bit_sums<GrumpkinG1>(std::span<const XyzzPoint<GrumpkinG1>>);
template AffinePoint<Bls12381G1> combine_bit_sums<Bls12381G1>(std::span<const XyzzPoint<Bls12381G1>>);

}  // namespace zkmsm::cuda::detail
