// The public API with backend = vulkan (zkmsm.hpp's msm with MsmConfig::backend): the same
// results as the cpu backend on BN254 and Grumpkin with every accumulator, the stages in MsmStats,
// the knobs the vulkan backend does not have refused with a message, canonical points converted
// and validated on the device with the cpu backend's errors, and automatic never picking a
// software device. Every test shares the library's context (vulkan::shared_context).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "field/test_support.hpp"
#include "vulkan_test_support.hpp"
#include "zkmsm/random_inputs.hpp"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm::test {
namespace {

// The public API with backend = vulkan: the same results as the cpu backend, the stages in
// MsmStats, and the knobs the vulkan backend does not have refused with a message.
TEST(VulkanPublicApi, MsmMatchesTheCpuBackend) {
  ZKMSM_LIBRARY_CONTEXT_OR_SKIP(context);
  ASSERT_TRUE(backend_available(Backend::vulkan));
  const auto points = random_points<Bn254>(1500, 7);
  const auto scalars = random_scalars<Bn254>(1500, 7);
  MsmConfig cpu;
  cpu.backend = Backend::cpu;
  const auto expected = msm<Bn254>(points, scalars, cpu);
  ASSERT_TRUE(expected);
  MsmConfig config;
  config.backend = Backend::vulkan;
  MsmStats stats;
  const auto got = msm<Bn254>(points, scalars, config, &stats);
  ASSERT_TRUE(got) << got.error().message;
  EXPECT_EQ(got.value(), expected.value());
  EXPECT_EQ(stats.backend, "vulkan");
  EXPECT_EQ(stats.accumulator, "xyzz");
  EXPECT_GT(stats.window_bits, 0u);
  EXPECT_GT(stats.measured_peak_bytes, 0u);
  EXPECT_EQ(stats.stages.front().name, "convert_inputs");

  const auto grumpkin_points = random_points<Grumpkin>(300, 8);
  const auto grumpkin_scalars = random_scalars<Grumpkin>(300, 8);
  MsmConfig grumpkin_cpu;
  grumpkin_cpu.backend = Backend::cpu;
  EXPECT_EQ(msm<Grumpkin>(grumpkin_points, grumpkin_scalars, config).value(),
            msm<Grumpkin>(grumpkin_points, grumpkin_scalars, grumpkin_cpu).value());

  MsmConfig pair_tree = config;
  pair_tree.accumulator = Accumulator::pair_tree;
  MsmStats pair_tree_stats;
  EXPECT_EQ(msm<Bn254>(points, scalars, pair_tree, &pair_tree_stats).value(), expected.value());
  EXPECT_EQ(pair_tree_stats.accumulator, "pair_tree");
  pair_tree.pair_tree_dx_cache = true;
  EXPECT_EQ(msm<Bn254>(points, scalars, pair_tree).value(), expected.value());
  MsmConfig xyzz = config;
  xyzz.accumulator = Accumulator::xyzz;
  MsmStats xyzz_stats;
  EXPECT_EQ(msm<Bn254>(points, scalars, xyzz, &xyzz_stats).value(), expected.value());
  EXPECT_EQ(xyzz_stats.accumulator, "xyzz");
  xyzz.walker_state = WalkerState::global;
  const auto xyzz_with_state = msm<Bn254>(points, scalars, xyzz);
  ASSERT_FALSE(xyzz_with_state);
  EXPECT_EQ(xyzz_with_state.error().code, ErrorCode::invalid_argument);
  MsmConfig batch_affine = config;
  batch_affine.accumulator = Accumulator::batch_affine;
  const auto refused = msm<Bn254>(points, scalars, batch_affine);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::invalid_argument);
  EXPECT_NE(refused.error().message.find("batch_affine"), std::string::npos);
  MsmConfig global = config;
  global.walker_state = WalkerState::global;
  MsmStats global_stats;
  EXPECT_EQ(msm<Bn254>(points, scalars, global, &global_stats).value(), expected.value());
  EXPECT_EQ(global_stats.accumulator, "stream_walker");
  MsmConfig slots = config;
  slots.walker_slots = 4;
  MsmStats slots_stats;
  EXPECT_EQ(msm<Bn254>(points, scalars, slots, &slots_stats).value(), expected.value());
  EXPECT_EQ(slots_stats.accumulator, "stream_walker");
  MsmConfig warp = config;
  warp.walker_state = WalkerState::warp;
  EXPECT_EQ(msm<Bn254>(points, scalars, warp).error().code, ErrorCode::invalid_argument);
  MsmConfig tiny = config;
  tiny.memory_budget_bytes = 4096;
  EXPECT_EQ(msm<Bn254>(points, scalars, tiny).error().code, ErrorCode::out_of_memory);
}

// Canonical host points are converted (and validated) on the device; a bad point is reported as
// the cpu backend reports it: the lowest bad index, the same error code and message.
TEST(VulkanPublicApi, PointsAreConvertedAndValidatedOnTheDevice) {
  ZKMSM_LIBRARY_CONTEXT_OR_SKIP(context);
  const std::size_t n = 1200;
  const std::uint64_t seed = run_seed() ^ 0x636f6e76;  // ZKMSM_TEST_SEED replays it
  std::printf("[   SEED   ] points and scalars from seed %llu\n", static_cast<unsigned long long>(seed));
  auto points = random_points<Bn254>(n, seed);
  const auto scalars = random_scalars<Bn254>(n, seed + 1);
  points[17] = Point<Bn254>{};  // infinity is a valid input
  MsmConfig cpu;
  cpu.backend = Backend::cpu;
  MsmConfig config;
  config.backend = Backend::vulkan;
  for (bool validate : {true, false}) {
    cpu.validate_points = config.validate_points = validate;
    const auto got = msm<Bn254>(points, scalars, config);
    ASSERT_TRUE(got) << got.error().message;
    EXPECT_EQ(got.value(), msm<Bn254>(points, scalars, cpu).value()) << "validate_points = " << validate;
  }
  cpu.validate_points = config.validate_points = true;
  const auto expect_same_error = [&](const std::vector<Point<Bn254>>& bad, const char* what) {
    const auto expected = msm<Bn254>(bad, scalars, cpu);
    const auto got = msm<Bn254>(bad, scalars, config);
    ASSERT_FALSE(expected) << what;
    ASSERT_FALSE(got) << what;
    EXPECT_EQ(got.error().code, expected.error().code) << what;
    EXPECT_EQ(got.error().message, expected.error().message) << what;
  };
  auto off_curve = points;
  off_curve[900].y[0] ^= 1;
  off_curve[301].x[1] ^= 4;
  expect_same_error(off_curve, "two points off the curve: the lower index");
  auto not_canonical = points;
  not_canonical[1000].x = {~0ull, ~0ull, ~0ull, ~0ull >> 2};  // above p, below 2^254
  not_canonical[1100].y[0] ^= 1;
  expect_same_error(not_canonical, "x >= p before a point off the curve");
  not_canonical[40].y = {~0ull, ~0ull, ~0ull, ~0ull};
  expect_same_error(not_canonical, "y >= p first");
  // Without validation a point off the curve is the caller's business, but x >= p is rejected.
  cpu.validate_points = config.validate_points = false;
  expect_same_error(not_canonical, "no validation: still not canonical");
}

TEST(VulkanPublicApi, AutomaticNeverPicksASoftwareDevice) {
  ZKMSM_LIBRARY_CONTEXT_OR_SKIP(context);
  const auto points = random_points<Bn254>(20, 9);
  const auto scalars = random_scalars<Bn254>(20, 9);
  MsmStats stats;
  ASSERT_TRUE(msm<Bn254>(points, scalars, MsmConfig{}, &stats));
  if (context->info().kind == vulkan::DeviceKind::cpu) {
    EXPECT_NE(stats.backend, "vulkan");
  }
}

}  // namespace
}  // namespace zkmsm::test
