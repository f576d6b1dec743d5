// The CPU backend's entry points: the sizes of the MSM, then the pipeline (msm_pipeline.hpp)
// with the pair adder this CPU runs best — the 8-lane IFMA adder where cpuid reports AVX512F +
// AVX512IFMA (host/cpu_features.hpp), the portable one elsewhere — chosen once per MSM.
#include "msm/cpu/cpu_msm.hpp"

#include <atomic>
#include <stdexcept>

#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "host/cpu_features.hpp"
#include "msm/common/elapsed_time.hpp"
#include "msm/cpu/affine_pair_adders.hpp"
#include "msm/cpu/canonical_points_x8.hpp"
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
    if (sizes.ifma) return run_msm_pipeline<Curve, IfmaAdder<Curve>>(points, nullptr, scalars, sizes, report);
  }
#endif
  return run_msm_pipeline<Curve, PortableAdder<Curve>>(points, nullptr, scalars, sizes, report);
}

template <class Curve>
bool reads_canonical_points(std::size_t n, const CpuMsmOptions& options) {
  return msm_sizes<Curve>(n, options, host::active_cpu_features.avx512_ifma).ifma;
}

#if defined(ZKMSM_HAVE_FIELD_8X52_IFMA)
// converted[i] = canonical_points[i] in the IFMA adder's form, each checked (coordinates < p; on the
// curve when `validate`), in parallel chunks. Returns the lowest index that fails, or n.
template <class Curve>
std::size_t convert_canonical_points(AffineR260* converted,
                                     std::span<const AffinePoint<Curve>> canonical_points,
                                     bool validate,
                                     unsigned threads) {
  using Params = typename PrimeFieldParams<typename Curve::BaseField>::type;
  const std::size_t n = canonical_points.size();
  const BigInt<5> b_r260 = r260_digits<Params>(Curve::b().to_canonical());
  std::atomic<std::size_t> first_bad{n};
  host::parallel_for(point_chunks(n), threads, [&](std::size_t chunk, unsigned) {
    const std::size_t begin = chunk * kPointChunk;
    const std::size_t count = std::min(n, begin + kPointChunk) - begin;
    const std::size_t bad = canonical_points_to_r260_x8<Params>(
        converted + begin, reinterpret_cast<const std::uint64_t*>(canonical_points.data() + begin), count, b_r260,
        validate);
    if (bad == count) return;
    std::size_t seen = first_bad.load();
    while (begin + bad < seen && !first_bad.compare_exchange_weak(seen, begin + bad)) {
    }
  });
  return first_bad.load();
}
#endif

template <class Curve>
bool msm_canonical_points(AffinePoint<Curve>& sum,
                          std::span<const AffinePoint<Curve>> canonical_points,
                          std::span<const typename Curve::ScalarField::Integer> scalars,
                          const CpuMsmOptions& options,
                          bool validate,
                          std::size_t& first_rejected,
                          CpuMsmReport* report) {
  const std::size_t n = canonical_points.size();
  const MsmSizes sizes = msm_sizes<Curve>(n, options, host::active_cpu_features.avx512_ifma);
  // sizes.ifma implies kIfmaSupports<Curve>, which needs the IFMA code compiled in.
  if (!sizes.ifma) throw std::logic_error("msm_canonical_points: the IFMA adder does not run this MSM");
#if defined(ZKMSM_HAVE_FIELD_8X52_IFMA)
  if constexpr (kIfmaSupports<Curve>) {
    const auto start = backend::Clock::now();
    UninitializedBuffer<AffineR260> converted(n);
    first_rejected = convert_canonical_points<Curve>(converted.data(), canonical_points, validate, sizes.threads);
    const double convert_ms = backend::elapsed_ms(start);
    if (first_rejected != n) return false;
    sum = run_msm_pipeline<Curve, IfmaAdder<Curve>>(canonical_points, converted.data(), scalars, sizes, report);
    if (report != nullptr) {
      report->convert_points_ms = convert_ms;
      report->measured_peak_bytes += converted.bytes();
    }
    return true;
  }
#endif
  __builtin_unreachable();
}

#define ZKMSM_INSTANTIATE_CPU_MSM(Curve)                                                                              \
  template AffinePoint<Curve> msm<Curve>(std::span<const AffinePoint<Curve>>,                                         \
                                         std::span<const typename Curve::ScalarField::Integer>, const CpuMsmOptions&, \
                                         CpuMsmReport*);                                                              \
  template std::size_t estimate_working_bytes<Curve>(std::size_t, const CpuMsmOptions&);                              \
  template bool reads_canonical_points<Curve>(std::size_t, const CpuMsmOptions&);                                     \
  template bool msm_canonical_points<Curve>(AffinePoint<Curve>&, std::span<const AffinePoint<Curve>>,                 \
                                            std::span<const typename Curve::ScalarField::Integer>,                    \
                                            const CpuMsmOptions&, bool, std::size_t&, CpuMsmReport*);

ZKMSM_INSTANTIATE_CPU_MSM(Bn254G1)
ZKMSM_INSTANTIATE_CPU_MSM(GrumpkinG1)
ZKMSM_INSTANTIATE_CPU_MSM(Bls12381G1)

}  // namespace zkmsm::cpu
