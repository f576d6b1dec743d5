// Inputs and oracles shared by the GPU backends' tests (CUDA, Vulkan): adversarial point sets on
// top of msm_test_support.hpp, the test size from ZKMSM_TEST_LOG_N, and the expected result
// (reference_msm for small n, the CPU backend above that).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "msm/cpu/cpu_msm.hpp"
#include "msm/msm_test_support.hpp"

namespace zkmsm::test {

// Above this n the oracle is the CPU backend (itself tested against reference_msm).
inline constexpr std::size_t kReferenceMaxPoints = 512;

template <class Curve>
AffinePoint<Curve> expected_msm(const std::vector<AffinePoint<Curve>>& points,
                                const std::vector<Integer<Curve>>& scalars) {
  if (points.size() <= kReferenceMaxPoints) return reference_msm<Curve>(points, scalars);
  return cpu::msm<Curve>(points, scalars, {}, nullptr);
}

// log2 of the largest adversarial/random size: 16 by default, ZKMSM_TEST_LOG_N to change it.
inline unsigned test_log_n(unsigned fallback = 16) {
  const char* text = std::getenv("ZKMSM_TEST_LOG_N");
  if (text == nullptr || *text == '\0') return fallback;
  return static_cast<unsigned>(std::strtoul(text, nullptr, 10));
}

// n copies of one point.
template <class Curve>
std::vector<AffinePoint<Curve>> copies_of_one_point(std::size_t n, std::uint64_t seed) {
  const auto base = independent_points<Curve>(1, seed);
  return std::vector<AffinePoint<Curve>>(n, base[0]);
}

// P_0, −P_0, P_1, −P_1, …: every pair cancels when the two scalars are equal.
template <class Curve>
std::vector<AffinePoint<Curve>> plus_minus_pairs(std::size_t pairs, std::uint64_t seed) {
  const auto p = independent_points<Curve>(pairs, seed);
  std::vector<AffinePoint<Curve>> out;
  out.reserve(2 * pairs);
  for (const auto& q : p) {
    out.push_back(q);
    out.push_back(-q);
  }
  return out;
}

// Every scalar duplicated: (s_0, s_0, s_1, s_1, …).
template <class Curve>
std::vector<Integer<Curve>> doubled_up(const std::vector<Integer<Curve>>& scalars) {
  std::vector<Integer<Curve>> out;
  out.reserve(2 * scalars.size());
  for (const auto& s : scalars) {
    out.push_back(s);
    out.push_back(s);
  }
  return out;
}

// Every `stride`-th point replaced by infinity.
template <class Curve>
void put_infinity(std::vector<AffinePoint<Curve>>& points, std::size_t stride) {
  for (std::size_t i = 0; i < points.size(); i += stride) points[i] = AffinePoint<Curve>::infinity();
}

}  // namespace zkmsm::test
