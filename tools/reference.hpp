// Independent results to verify an MSM against, built from the public API only.
//
// Two checks:
//   - the CPU backend with a different window size c' ≠ c: a different digit decomposition,
//     different buckets and a different reduction, so agreeing results are strong evidence;
//   - for n ≤ naive_limit, a sum of products: each sᵢ·Pᵢ as a one-point MSM, folded pairwise
//     with two-point MSMs of scalars (1, 1). No bucket of this computation ever holds more than
//     two points, so it shares none of the bulk accumulation paths of the MSM under test.
// The points are random_points' (valid by construction), so the references do not validate them
// again: the result is the same, and on BLS12-381 the G1 membership tests took most of a 2^24
// row's verification (over 130 s on 16 cores, 2026-12-08).
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <span>
#include <string>

#include <zkmsm/zkmsm.hpp>

namespace zkmsm::cli {

inline constexpr std::size_t naive_limit = std::size_t{1} << 12;

// A window size near c that is not c (c = 0: 0, the CPU cost model's choice).
unsigned alternate_window(unsigned window_bits);

struct Verification {
  bool verified = false;
  std::string method;  // e.g. "cpu c=14 + naive sum"
  std::string detail;  // why it failed, empty when verified
};

template <class Curve>
class Verifier {
 public:
  // The spans must outlive the verifier.
  Verifier(std::span<const Point<Curve>> points, std::span<const Scalar<Curve>> scalars);

  // Checks a result that was computed with window size `window_bits` (as reported in MsmStats).
  Verification check(const Point<Curve>& result, unsigned window_bits);

  // The CPU backend's result with window size c (0 = auto); cached.
  Result<Point<Curve>> cpu_result(unsigned window_bits);
  // The sum of products described above; cached.
  Result<Point<Curve>> naive_result();

 private:
  std::span<const Point<Curve>> points_;
  std::span<const Scalar<Curve>> scalars_;
  std::map<unsigned, Point<Curve>> cpu_cache_;
  std::optional<Point<Curve>> naive_cache_;
};

extern template class Verifier<Bn254>;
extern template class Verifier<Grumpkin>;

}  // namespace zkmsm::cli
