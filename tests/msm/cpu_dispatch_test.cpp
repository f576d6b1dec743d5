// The CPU paths chosen at run time (host/cpu_features.hpp) give the same MSM: the same inputs
// under portable, adx (MULX/ADX field multiplication) and ifma (plus the 8-lane IFMA adders),
// capped in one process with restrict_cpu_path_for_testing. A path the CPU lacks runs as the
// widest one it has, so the comparison still holds (and says so).
#include <gtest/gtest.h>

#include <vector>

#include "field/test_support.hpp"
#include "host/cpu_features.hpp"
#include "msm/cpu/cpu_msm.hpp"
#include "msm/msm_test_support.hpp"

namespace zkmsm::test {
namespace {

// Restores the start-up path when a test ends.
class CpuPathGuard {
 public:
  ~CpuPathGuard() { host::restrict_cpu_path_for_testing(host::CpuPath::avx512_ifma); }
};

template <class Curve>
class CpuDispatchTest : public SeededTest {};
using Curves = ::testing::Types<Bn254G1, GrumpkinG1>;
TYPED_TEST_SUITE(CpuDispatchTest, Curves);

constexpr host::CpuPath kPaths[] = {host::CpuPath::portable, host::CpuPath::mulx_adx, host::CpuPath::avx512_ifma};

TEST(CpuFeatures, CappingNeverEnablesWhatTheCpuLacks) {
  const host::CpuFeatures detected = host::detect_cpu_features();
  for (host::CpuPath path : kPaths) {
    const host::CpuFeatures capped = host::capped_cpu_features(detected, path);
    EXPECT_TRUE(!capped.mulx_adx || detected.mulx_adx);
    EXPECT_TRUE(!capped.avx512_ifma || detected.avx512_ifma);
  }
  EXPECT_FALSE(host::capped_cpu_features(detected, host::CpuPath::portable).mulx_adx);
  EXPECT_FALSE(host::capped_cpu_features(detected, host::CpuPath::mulx_adx).avx512_ifma);
  std::printf("detected: mulx_adx=%d avx512_ifma=%d; active path: %s\n", detected.mulx_adx, detected.avx512_ifma,
              host::to_string(host::active_cpu_path()));
}

TEST(CpuFeatures, RestrictingSelectsThePath) {
  CpuPathGuard guard;
  host::restrict_cpu_path_for_testing(host::CpuPath::portable);
  EXPECT_EQ(host::active_cpu_path(), host::CpuPath::portable);
  host::restrict_cpu_path_for_testing(host::CpuPath::mulx_adx);
  EXPECT_NE(host::active_cpu_path(), host::CpuPath::avx512_ifma);
}

TYPED_TEST(CpuDispatchTest, EveryPathGivesTheSameSum) {
  using Curve = TypeParam;
  CpuPathGuard guard;
  // 3001 points with c = 13 use the batched affine reduction, c = 6 the XYZZ running sum, and
  // the last case the xyzz accumulator; the edge cases are mixed in.
  auto points = independent_points<Curve>(3001, this->rng());
  auto scalars = random_scalars_256<Curve>(3001, this->rng);
  points[7] = AffinePoint<Curve>::infinity();
  for (std::size_t i = 100; i < 140; ++i) points[i] = points[99];
  points[201] = -points[200];
  scalars[201] = scalars[200];
  scalars[300] = {};
  const AffinePoint<Curve> expected = reference_msm<Curve>(points, scalars);
  const cpu::CpuMsmOptions option_sets[] = {
      {.window_bits = 13},
      {.window_bits = 6},
      {.window_bits = 9, .threads = 1, .accumulator = cpu::CpuAccumulator::xyzz},
  };
  for (host::CpuPath path : kPaths) {
    host::restrict_cpu_path_for_testing(path);
    for (const cpu::CpuMsmOptions& options : option_sets) {
      EXPECT_EQ(cpu::msm<Curve>(points, scalars, options, nullptr), expected)
          << "path " << host::to_string(path) << " (runs as " << host::to_string(host::active_cpu_path())
          << "), c = " << options.window_bits << ", " << cpu::to_string(options.accumulator);
    }
  }
}

}  // namespace
}  // namespace zkmsm::test
