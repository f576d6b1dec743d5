// Random independent inputs on every backend ([k]G for independent uniform k, never an arithmetic
// progression) at a few sizes, non-powers of two included, up to 2^log n of the backend
// (ZKMSM_TEST_LOG_N raises it: the large tier). The seed is printed; ZKMSM_TEST_SEED replays it.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "conformance/conformance_fixture.hpp"

namespace zkmsm::test {
namespace {

template <class Case>
class RandomInputs : public ConformanceTest<Case> {};
TYPED_TEST_SUITE(RandomInputs, ConformanceCases, ConformanceCaseNames);

// Every n up to 33: fewer entries than threads, slots or buckets, and partial groups of lanes.
TYPED_TEST(RandomInputs, EverySmallSize) {
  using Curve = typename TestFixture::Curve;
  const auto points = random_public_points<Curve>(33, this->rng);
  const auto scalars = uniform_256_bit_scalars<Curve>(33, this->rng);
  for (std::size_t n = 0; n <= points.size(); ++n) {
    const typename TestFixture::Points p(points.begin(), points.begin() + n);
    const typename TestFixture::Scalars s(scalars.begin(), scalars.begin() + n);
    this->expect_matches_reference(p, s, "the first n of 33 random inputs");
  }
}

TYPED_TEST(RandomInputs, IndependentPointsAtSeveralSizes) {
  using Curve = typename TestFixture::Curve;
  const std::size_t largest = this->largest_n();
  std::vector<std::size_t> sizes = {2, 3, 100, 1000, 3001, largest - 3};
  for (unsigned log_n = 10; log_n <= this->log_n(); log_n += 2) sizes.push_back(std::size_t{1} << log_n);
  std::erase_if(sizes, [&](std::size_t n) { return n > largest; });
  for (std::size_t n : sizes) {
    const auto points = random_public_points<Curve>(n, this->rng);
    this->expect_matches_reference(points, scalars_below_r<Curve>(n, this->rng), "scalars below r");
    this->expect_matches_reference(points, uniform_256_bit_scalars<Curve>(n, this->rng), "uniform 256-bit scalars");
  }
}

}  // namespace
}  // namespace zkmsm::test
