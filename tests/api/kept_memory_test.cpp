// The library's working memory kept between calls (zkmsm::release_kept_memory): an MSM whose arrays
// come from an earlier MSM's kept memory (stale contents, other shapes) gives the result of one on
// fresh memory, and release_kept_memory() may be called at any time, also while MSMs run.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "api/api_test_support.hpp"
#include "field/test_support.hpp"

namespace zkmsm::test {
namespace {

using Curve = Bn254;

// 2^15 points: the cpu backend's working arrays are above 1 MiB (the kept memory's threshold).
constexpr std::size_t kCount = std::size_t{1} << 15;

class KeptMemoryTest : public SeededTest {
 protected:
  Point<Curve> sum(const std::vector<Point<Curve>>& points,
                   const std::vector<Scalar<Curve>>& scalars,
                   unsigned window_bits = 0) {
    MsmConfig config;
    config.backend = Backend::cpu;
    config.window_bits = window_bits;
    auto result = msm<Curve>(points, scalars, config);
    EXPECT_TRUE(result) << result.error().message;
    return result ? result.value() : Point<Curve>{};
  }
};

TEST_F(KeptMemoryTest, MsmsOnKeptMemoryEqualMsmsOnFreshMemory) {
  const auto points_a = random_points<Curve>(kCount, rng());
  const auto points_b = random_points<Curve>(kCount, rng());
  const auto scalars_a = uniform_256_bit_scalars<Curve>(kCount, rng);
  const auto scalars_b = uniform_256_bit_scalars<Curve>(kCount, rng);

  release_kept_memory();
  const Point<Curve> a_fresh = sum(points_a, scalars_a);
  release_kept_memory();
  const Point<Curve> b_fresh = sum(points_b, scalars_b);
  const Point<Curve> a_fresh_c9 = sum(points_a, scalars_a, 9);
  EXPECT_EQ(a_fresh_c9, a_fresh);  // independent of the window size

  // Each MSM below takes the arrays the one before it left (same shape, or larger and smaller ones).
  EXPECT_EQ(sum(points_a, scalars_a), a_fresh);
  EXPECT_EQ(sum(points_b, scalars_b), b_fresh);
  EXPECT_EQ(sum(points_b, scalars_b, 9), b_fresh);
  EXPECT_EQ(sum(points_a, scalars_a, 16), a_fresh);
  const std::vector<Point<Curve>> half_points(points_b.begin(), points_b.begin() + kCount / 2);
  const std::vector<Scalar<Curve>> half_scalars(scalars_b.begin(), scalars_b.begin() + kCount / 2);
  const Point<Curve> half_kept = sum(half_points, half_scalars);
  release_kept_memory();
  EXPECT_EQ(sum(half_points, half_scalars), half_kept);
}

TEST_F(KeptMemoryTest, ReleasedWhileMsmsRun) {
  const auto points = random_points<Curve>(kCount, rng());
  const auto scalars = uniform_256_bit_scalars<Curve>(kCount, rng);
  const Point<Curve> expected = sum(points, scalars);
  std::vector<std::thread> threads;
  std::vector<Point<Curve>> results(3);
  for (std::size_t t = 0; t < results.size(); ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < 3; ++round) results[t] = sum(points, scalars);
    });
  for (int i = 0; i < 20; ++i) {
    release_kept_memory();
    std::this_thread::yield();
  }
  for (auto& thread : threads) thread.join();
  for (const auto& result : results) EXPECT_EQ(result, expected);
  release_kept_memory();
}

}  // namespace
}  // namespace zkmsm::test
