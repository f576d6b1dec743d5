#include "reference.hpp"

#include <vector>

#include "file_formats.hpp"

namespace zkmsm::cli {

unsigned alternate_window(unsigned window_bits) {
  if (window_bits == 0) return 0;
  return window_bits < 16 ? window_bits + 1 : window_bits - 1;
}

template <class Curve>
Verifier<Curve>::Verifier(std::span<const Point<Curve>> points, std::span<const Scalar<Curve>> scalars)
    : points_(points), scalars_(scalars) {}

template <class Curve>
Result<Point<Curve>> Verifier<Curve>::cpu_result(unsigned window_bits) {
  if (auto cached = cpu_cache_.find(window_bits); cached != cpu_cache_.end()) return cached->second;
  MsmConfig config;
  config.backend = Backend::cpu;
  config.window_bits = window_bits;
  config.validate_points = false;
  Result<Point<Curve>> result = msm<Curve>(points_, scalars_, config);
  if (result) cpu_cache_.emplace(window_bits, result.value());
  return result;
}

template <class Curve>
Result<Point<Curve>> Verifier<Curve>::naive_result() {
  if (naive_cache_) return *naive_cache_;
  MsmConfig config;
  config.backend = Backend::cpu;
  config.cpu_threads = 1;
  config.validate_points = false;
  std::vector<Point<Curve>> terms;
  terms.reserve(points_.size());
  for (std::size_t i = 0; i < points_.size(); ++i) {
    Result<Point<Curve>> term = msm<Curve>(points_.subspan(i, 1), scalars_.subspan(i, 1), config);
    if (!term) return term;
    terms.push_back(term.value());
  }
  const std::array<Scalar<Curve>, 2> ones{Scalar<Curve>{1}, Scalar<Curve>{1}};
  while (terms.size() > 1) {
    std::vector<Point<Curve>> next;
    next.reserve((terms.size() + 1) / 2);
    for (std::size_t i = 0; i + 1 < terms.size(); i += 2) {
      Result<Point<Curve>> sum = msm<Curve>(std::span<const Point<Curve>>(&terms[i], 2), ones, config);
      if (!sum) return sum;
      next.push_back(sum.value());
    }
    if (terms.size() % 2) next.push_back(terms.back());
    terms = std::move(next);
  }
  naive_cache_ = terms.empty() ? Point<Curve>{} : terms.front();
  return *naive_cache_;
}

template <class Curve>
Verification Verifier<Curve>::check(const Point<Curve>& result, unsigned window_bits) {
  Verification verification;
  // The first alternate window the CPU backend accepts.
  const unsigned c = alternate_window(window_bits);
  std::vector<unsigned> candidates{c};
  if (window_bits > 1) candidates.push_back(window_bits - 1);
  candidates.push_back(0);
  std::optional<Point<Curve>> cpu;
  std::string cpu_error;
  for (unsigned candidate : candidates) {
    if (candidate == window_bits && candidate != 0) continue;
    Result<Point<Curve>> reference = cpu_result(candidate);
    if (reference) {
      cpu = reference.value();
      verification.method = "cpu c=" + (candidate ? std::to_string(candidate) : std::string("auto"));
      break;
    }
    cpu_error = reference.error().message;
  }
  if (!cpu) {
    verification.detail = "the CPU reference failed: " + cpu_error;
    return verification;
  }
  if (*cpu != result) {
    verification.detail = "differs from " + verification.method + ": " + point_json(result) + " vs " + point_json(*cpu);
    return verification;
  }
  if (points_.size() <= naive_limit) {
    verification.method += " + naive sum";
    Result<Point<Curve>> naive = naive_result();
    if (!naive) {
      verification.detail = "the naive sum failed: " + naive.error().message;
      return verification;
    }
    if (naive.value() != result) {
      verification.detail = "differs from the naive sum: " + point_json(result) + " vs " + point_json(naive.value());
      return verification;
    }
  }
  verification.verified = true;
  return verification;
}

template class Verifier<Bn254>;
template class Verifier<Grumpkin>;
template class Verifier<Bls12381>;

}  // namespace zkmsm::cli
