// The ways one MSM can be cut on every backend, all of which must give the same point: every
// window size, window batches under a memory budget, prepared bases (whole and a prefix), and a
// batch of MSMs through msm_batch.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <span>
#include <vector>

#include "conformance/conformance_fixture.hpp"
#include "msm/common/window_cost_model.hpp"

namespace zkmsm::test {
namespace {

template <class Case>
class WindowsAndBatches : public ConformanceTest<Case> {};
TYPED_TEST_SUITE(WindowsAndBatches, ConformanceCases, ConformanceCaseNames);

// Every c the API takes, [2, 22], on inputs of 40 and 3000 points (a sample on lavapipe, see
// conformance_backends.hpp): a c above what n can use runs as max_useful_window_bits(n)
// (msm/common/window_cost_model.hpp), which the stats report.
TYPED_TEST(WindowsAndBatches, EveryWindowSizeGivesTheSameResult) {
  using Curve = typename TestFixture::Curve;
  for (const std::size_t n : {std::size_t{40}, std::size_t{3000}}) {
    const auto points = random_public_points<Curve>(n, this->rng);
    const auto scalars = uniform_256_bit_scalars<Curve>(n, this->rng);
    const auto expected = this->expected(points, scalars);
    std::vector<unsigned> window_sizes(std::begin(kSampledWindowSizes), std::end(kSampledWindowSizes));
    if (TestFixture::Target::every_window_size_by_default || large_tier_requested()) {
      window_sizes.clear();
      for (unsigned c = kMinWindowBits; c <= kMaxWindowBits; ++c) window_sizes.push_back(c);
    }
    for (unsigned c : window_sizes) {
      MsmConfig config = this->config();
      config.window_bits = c;
      MsmStats stats;
      EXPECT_EQ(this->run(points, scalars, config, &stats), expected) << "n = " << n << ", c = " << c;
      EXPECT_EQ(stats.window_bits, std::min(c, max_useful_window_bits(n))) << "n = " << n << ", c = " << c;
    }
  }
}

// The largest window on the smallest inputs: the work and the buckets follow n, not 2^22 (one
// point at c = 22 took 18 s and 3.2 GB on the cpu backend before the cap).
TYPED_TEST(WindowsAndBatches, AWindowFarAboveWhatNCanUseIsCapped) {
  using Curve = typename TestFixture::Curve;
  for (const std::size_t n : {std::size_t{1}, std::size_t{2}, std::size_t{5}, std::size_t{8}}) {
    const auto points = random_public_points<Curve>(n, this->rng);
    const auto scalars = uniform_256_bit_scalars<Curve>(n, this->rng);
    MsmConfig config = this->config();
    config.window_bits = kMaxWindowBits;
    MsmStats stats;
    EXPECT_EQ(this->run(points, scalars, config, &stats), this->expected(points, scalars)) << "n = " << n;
    EXPECT_EQ(stats.window_bits, max_useful_window_bits(n)) << "n = " << n;
    EXPECT_LT(stats.estimated_peak_bytes, std::uint64_t{64} << 20) << "n = " << n;
  }
}

// A budget below the unlimited estimate makes a GPU backend split its windows into batches
// (the cpu backend has no device memory and ignores it).
TYPED_TEST(WindowsAndBatches, WindowBatchesUnderAMemoryBudget) {
  using Curve = typename TestFixture::Curve;
  const std::size_t n = 1000;
  const auto points = random_public_points<Curve>(n, this->rng);
  const auto scalars = uniform_256_bit_scalars<Curve>(n, this->rng);
  const auto expected = this->expected(points, scalars);
  MsmConfig config = this->config();
  config.window_bits = 8;
  MsmStats unlimited;
  ASSERT_EQ(this->run(points, scalars, config, &unlimited), expected);
  for (std::size_t divisor : {2u, 4u}) {
    config.memory_budget_bytes = unlimited.estimated_peak_bytes / divisor;
    MsmStats stats;
    EXPECT_EQ(this->run(points, scalars, config, &stats), expected) << "budget = " << config.memory_budget_bytes;
    if (TestFixture::Target::batches_under_budget) {
      EXPECT_LT(stats.estimated_peak_bytes, unlimited.estimated_peak_bytes)
          << "budget = " << config.memory_budget_bytes << ": no smaller batches";
    }
  }
}

TYPED_TEST(WindowsAndBatches, PreparedBasesGiveTheSameResult) {
  using Curve = typename TestFixture::Curve;
  const std::size_t n = 500;
  auto points = random_public_points<Curve>(n, this->rng);
  points[3] = Point<Curve>{};
  const auto scalars = uniform_256_bit_scalars<Curve>(n, this->rng);
  const MsmConfig config = this->config();
  auto prepared = prepare_bases<Curve>(std::span<const Point<Curve>>(points), config);
  ASSERT_TRUE(prepared) << prepared.error().message;
  const Bases<Curve>& bases = prepared.value();
  ASSERT_EQ(bases.size(), n);
  const auto whole = msm<Curve>(bases, std::span<const Scalar<Curve>>(scalars), config);
  ASSERT_TRUE(whole) << whole.error().message;
  EXPECT_EQ(whole.value(), this->expected(points, scalars)) << "all the bases";
  // Fewer scalars than bases: the first scalars.size() bases.
  const std::size_t prefix = 123;
  const typename TestFixture::Points first_points(points.begin(), points.begin() + prefix);
  const typename TestFixture::Scalars first_scalars(scalars.begin(), scalars.begin() + prefix);
  const auto part = msm<Curve>(bases, std::span<const Scalar<Curve>>(first_scalars), config);
  ASSERT_TRUE(part) << part.error().message;
  EXPECT_EQ(part.value(), this->expected(first_points, first_scalars)) << "a prefix of the bases";
}

TYPED_TEST(WindowsAndBatches, BatchOfMsms) {
  using Curve = typename TestFixture::Curve;
  std::vector<typename TestFixture::Points> points;
  std::vector<typename TestFixture::Scalars> scalars;
  std::vector<MsmInputs<Curve>> inputs;
  for (std::size_t n : {0u, 1u, 100u, 257u}) {
    points.push_back(random_public_points<Curve>(n, this->rng));
    scalars.push_back(uniform_256_bit_scalars<Curve>(n, this->rng));
  }
  for (std::size_t m = 0; m < points.size(); ++m) inputs.push_back({points[m], scalars[m]});
  std::vector<MsmStats> stats;
  const auto results = msm_batch<Curve>(std::span<const MsmInputs<Curve>>(inputs), this->config(), &stats);
  ASSERT_TRUE(results) << results.error().message;
  ASSERT_EQ(results.value().size(), inputs.size());
  ASSERT_EQ(stats.size(), inputs.size());
  for (std::size_t m = 0; m < inputs.size(); ++m) {
    EXPECT_EQ(results.value()[m], this->expected(points[m], scalars[m])) << "msm " << m;
  }
}

}  // namespace
}  // namespace zkmsm::test
