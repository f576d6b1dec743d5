// The CPU backend's entry points: the sizes of the MSM, then the pipeline (msm_pipeline.hpp)
// with the pair adder this CPU runs best — the 8-lane IFMA adder where cpuid reports AVX512F +
// AVX512IFMA (host/cpu_features.hpp), the portable one elsewhere — chosen once per MSM.
#include "msm/cpu/cpu_msm.hpp"

#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "host/cpu_features.hpp"
#include "msm/cpu/affine_pair_adders.hpp"
#include "msm/cpu/msm_pipeline.hpp"
#include "msm/cpu/msm_sizes.hpp"

namespace zkmsm::cpu {

const char* to_string(CpuAccumulator accumulator) {
  switch (accumulator) {
    case CpuAccumulator::automatic:
      return "auto";
    case CpuAccumulator::batch_affine:
      return "batch_affine";
    case CpuAccumulator::xyzz:
      return "xyzz";
  }
  return "unknown";
}

template <class Curve>
std::size_t estimate_working_bytes(std::size_t n, const CpuMsmOptions& options) {
  return working_bytes<Curve>(msm_sizes<Curve>(n, options, host::active_cpu_features.avx512_ifma));
}

template <class Curve>
AffinePoint<Curve> msm(std::span<const AffinePoint<Curve>> points,
                       std::span<const typename Curve::ScalarField::Integer> scalars,
                       const CpuMsmOptions& options,
                       CpuMsmReport* report) {
  const MsmSizes sizes = msm_sizes<Curve>(points.size(), options, host::active_cpu_features.avx512_ifma);
#if defined(ZKMSM_HAVE_FIELD_8X52_IFMA)
  if constexpr (kIfmaSupports<Curve>) {
    if (sizes.ifma) return run_msm_pipeline<Curve, IfmaAdder<Curve>>(points, scalars, sizes, report);
  }
#endif
  return run_msm_pipeline<Curve, PortableAdder<Curve>>(points, scalars, sizes, report);
}

#define ZKMSM_INSTANTIATE_CPU_MSM(Curve)                                                                              \
  template AffinePoint<Curve> msm<Curve>(std::span<const AffinePoint<Curve>>,                                         \
                                         std::span<const typename Curve::ScalarField::Integer>, const CpuMsmOptions&, \
                                         CpuMsmReport*);                                                              \
  template std::size_t estimate_working_bytes<Curve>(std::size_t, const CpuMsmOptions&);

ZKMSM_INSTANTIATE_CPU_MSM(Bn254G1)
ZKMSM_INSTANTIATE_CPU_MSM(GrumpkinG1)
ZKMSM_INSTANTIATE_CPU_MSM(Bls12381G1)

}  // namespace zkmsm::cpu
