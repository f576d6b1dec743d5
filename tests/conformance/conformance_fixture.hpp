// The fixture of the conformance suite: runs an MSM on the case's backend through the public
// zkmsm::msm and compares it with the naive reference MSM (src/msm/reference) on the same
// inputs. Skips when the backend is not built or has no usable device.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <ostream>
#include <span>
#include <string>

#include "conformance/conformance_backends.hpp"
#include "conformance/conformance_inputs.hpp"
#include "field/test_support.hpp"
#include "msm/reference/reference_msm.hpp"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm {

// Failure messages print points as hex limbs, most significant first.
template <class Curve>
void PrintTo(const Point<Curve>& point, std::ostream* os) {
  if (point.is_infinity()) {
    *os << "infinity";
    return;
  }
  const auto hex = [](const auto& limbs) {
    std::string text = "0x";
    char digits[17];
    for (std::size_t l = limbs.size(); l-- > 0;) {
      std::snprintf(digits, sizeof digits, "%016llx", static_cast<unsigned long long>(limbs[l]));
      text += digits;
    }
    return text;
  };
  *os << "(" << hex(point.x) << ", " << hex(point.y) << ")";
}

}  // namespace zkmsm

namespace zkmsm::test {

// Above this size the reference MSM (O(n·254) Jacobian operations) takes seconds per call; larger
// inputs of the GPU backends are then checked against the cpu backend, itself checked against the
// reference in this suite. The cpu backend is always checked against the reference.
inline constexpr std::size_t kReferenceMaxPoints = std::size_t{1} << 12;

template <class Case>
class ConformanceTest : public SeededTest {
 protected:
  using Curve = typename Case::Curve;
  using Target = typename Case::Target;
  using Points = PublicPoints<Curve>;
  using Scalars = PublicScalars<Curve>;

  void SetUp() override {
    SeededTest::SetUp();
    if (!backend_available(Target::backend)) {
      GTEST_SKIP() << "backend '" << Target::name << "' is not built into this library or has no usable device";
    }
  }

  // The configuration that selects the case's backend; every other field keeps its default.
  static MsmConfig config() {
    MsmConfig config;
    config.backend = Target::backend;
    config.accumulator = Target::accumulator;
    config.glv = Target::glv;
    config.precompute_factor = Target::precompute_factor;
    return config;
  }

  static unsigned log_n() { return conformance_log_n(Target::default_log_n); }
  static std::size_t largest_n() { return std::size_t{1} << log_n(); }

  // zkmsm::msm on the case's backend. A failed call is a test failure and gives a point that is
  // not on the curve, so that no comparison with it passes.
  static Point<Curve> run(const Points& points,
                          const Scalars& scalars,
                          const MsmConfig& config = ConformanceTest::config(),
                          MsmStats* stats = nullptr) {
    MsmStats own_stats;
    MsmStats& filled = stats != nullptr ? *stats : own_stats;
    const auto result = Target::on_bases ? msm_on_bases(points, scalars, config, &filled)
                                         : msm<Curve>(std::span<const Point<Curve>>(points),
                                                      std::span<const Scalar<Curve>>(scalars), config, &filled);
    if (!result) {
      ADD_FAILURE() << "msm failed on backend " << Target::name << " (n = " << points.size()
                    << "): " << to_string(result.error().code) << ": " << result.error().message;
      return not_a_result();
    }
    EXPECT_EQ(filled.backend, Target::backend_name) << "the MSM ran on another backend";
    if (config.glv != Glv::automatic && Target::backend == Backend::cuda) {
      EXPECT_EQ(filled.glv, config.glv == Glv::on) << "glv asked " << to_string(config.glv);
    }
    return result.value();
  }

  // msm() on bases prepared from `points` with `config` (the targets on bases).
  static Result<Point<Curve>> msm_on_bases(const Points& points,
                                           const Scalars& scalars,
                                           const MsmConfig& config,
                                           MsmStats* stats) {
    auto bases = prepare_bases<Curve>(std::span<const Point<Curve>>(points), config);
    if (!bases) return bases.error();
    return msm<Curve>(bases.value(), std::span<const Scalar<Curve>>(scalars), config, stats);
  }

  // Σ scalars[i]·points[i] by the reference MSM (by the cpu backend for large GPU inputs).
  static Point<Curve> expected(const Points& points, const Scalars& scalars) {
    if (points.size() > kReferenceMaxPoints && Target::backend != Backend::cpu) {
      MsmConfig cpu;
      cpu.backend = Backend::cpu;
      const auto result =
          msm<Curve>(std::span<const Point<Curve>>(points), std::span<const Scalar<Curve>>(scalars), cpu);
      if (!result) {
        ADD_FAILURE() << "the cpu oracle failed: " << result.error().message;
        return not_a_result();
      }
      return result.value();
    }
    using Internal = api::InternalCurve<Curve>;
    std::vector<AffinePoint<Internal>> internal_points(points.size());
    std::vector<Integer<Internal>> internal_scalars(scalars.size());
    for (std::size_t i = 0; i < points.size(); ++i) internal_points[i] = to_internal_point(points[i]);
    for (std::size_t i = 0; i < scalars.size(); ++i) internal_scalars[i] = to_internal_scalar<Curve>(scalars[i]);
    return api::to_public_point<Curve>(reference_msm<Internal>(internal_points, internal_scalars));
  }

  void expect_matches_reference(const Points& points,
                                const Scalars& scalars,
                                const std::string& what,
                                const MsmConfig& config = ConformanceTest::config()) {
    EXPECT_EQ(run(points, scalars, config), expected(points, scalars)) << what << ", n = " << points.size();
  }

  static Point<Curve> not_a_result() {
    Point<Curve> point;
    point.x.fill(~std::uint64_t{0});
    return point;
  }
};

}  // namespace zkmsm::test
