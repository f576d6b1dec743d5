// The window cost model and the window cap every backend applies (msm/common/window_cost_model.hpp):
// a window never has more buckets than n points can fill, requested windows above that are
// capped, and the cap leaves the model's own choice as it was wherever that choice is sensible.
#include <gtest/gtest.h>

#include <cstdint>

#include "curve/bn254.hpp"
#include "msm/common/window_cost_model.hpp"
#include "msm/cpu/msm_sizes.hpp"

namespace zkmsm::test {
namespace {

constexpr unsigned kScalarBits = 254;
// The CUDA backend's weights (msm/cuda/launch_sizes.hpp, not compiled without nvcc): one extra
// bucket per window, searched over c in [4, 20].
constexpr WindowCostWeights kCudaLikeWeights{10.0, 30.0, 1, 4, 20};

TEST(WindowCap, TheSmallestWindowWithABucketPerPoint) {
  EXPECT_EQ(max_useful_window_bits(0), kMinWindowBits);
  EXPECT_EQ(max_useful_window_bits(1), 2u);
  EXPECT_EQ(max_useful_window_bits(2), 2u);
  EXPECT_EQ(max_useful_window_bits(3), 3u);
  EXPECT_EQ(max_useful_window_bits(40), 7u);
  EXPECT_EQ(max_useful_window_bits(std::size_t{1} << 16), 17u);
  EXPECT_EQ(max_useful_window_bits((std::size_t{1} << 16) + 1), 18u);
  EXPECT_EQ(max_useful_window_bits(std::size_t{1} << 21), kMaxWindowBits);
  EXPECT_EQ(max_useful_window_bits(std::size_t{1} << 30), kMaxWindowBits);
  for (std::size_t n = 1; n < 5000; ++n) {
    const unsigned c = max_useful_window_bits(n);
    ASSERT_GE(std::uint64_t{1} << (c - 1), n) << "n = " << n;
    if (c > kMinWindowBits) {
      ASSERT_LT(std::uint64_t{1} << (c - 2), n) << "n = " << n;
    }
  }
}

TEST(WindowCap, ARequestedWindowIsCappedAtWhatNCanUse) {
  const WindowCostWeights& weights = cpu::kWindowCostWeights;
  EXPECT_EQ(effective_window_bits(1, 22, kScalarBits, weights), 2u);
  EXPECT_EQ(effective_window_bits(5, 22, kScalarBits, weights), 4u);
  EXPECT_EQ(effective_window_bits(1000, 22, kScalarBits, weights), 11u);
  EXPECT_EQ(effective_window_bits(1000, 5, kScalarBits, weights), 5u);
  EXPECT_EQ(effective_window_bits(1000, 2, kScalarBits, weights), 2u);
  EXPECT_EQ(effective_window_bits(std::size_t{1} << 24, 22, kScalarBits, weights), 22u);
}

// The cost model's choice is left alone at every n: it never wants more buckets than points, and
// below the weights' smallest window (the CUDA weights' c = 4 for n <= 4) that window stays.
TEST(WindowCap, TheCostModelsChoiceIsUnchanged) {
  for (const WindowCostWeights& weights : {cpu::kWindowCostWeights, kCudaLikeWeights}) {
    for (std::size_t n = 0; n <= (std::size_t{1} << 26); n = n < 64 ? n + 1 : n + n / 7) {
      const unsigned model = choose_window_bits(n, kScalarBits, weights);
      const unsigned capped = effective_window_bits(n, 0, kScalarBits, weights);
      EXPECT_EQ(capped, model) << "n = " << n << ", weights searched from " << weights.min_window_bits;
    }
  }
}

// The CPU backend sizes its buckets by the capped window: one point asked at c = 22 needs a few
// KiB, not the gigabytes of 2^21 buckets in each of 12 windows.
TEST(WindowCap, CpuSizesFollowTheCappedWindow) {
  cpu::CpuMsmOptions options;
  options.window_bits = 22;
  const cpu::MsmSizes sizes = cpu::msm_sizes<Bn254G1>(1, options, false);
  EXPECT_EQ(sizes.window_bits, 2u);
  EXPECT_EQ(sizes.buckets, 2u);
  EXPECT_LT(cpu::working_bytes<Bn254G1>(sizes), std::size_t{4} << 20);
}

}  // namespace
}  // namespace zkmsm::test
