// Knobs a backend does not have are refused by its adapter, never ignored: the cpu backend has no
// GPU accumulator (stream_walker, pair_tree) and no pair_tree_dx_cache, cuda has no pair_tree or
// batch_affine, vulkan has no batch_affine, and both GPU backends take pair_tree_dx_cache only with the
// pair tree. Refused with invalid_argument and a message naming the
// knob and the backend, through msm, prepare_bases, msm_batch and the C ABI. Also: the public
// resolve_backend is the dispatcher's one decision of automatic.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "api/dispatcher.hpp"
#include "zkmsm/random_inputs.hpp"
#include "zkmsm/zkmsm.h"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm::test {
namespace {

// A configuration for `backend` with the given accumulator knobs, the rest at their defaults.
MsmConfig knobs(Backend backend, Accumulator accumulator, bool pair_tree_dx_cache = false) {
  MsmConfig config;
  config.backend = backend;
  config.accumulator = accumulator;
  config.pair_tree_dx_cache = pair_tree_dx_cache;
  return config;
}

class BackendKnobsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    points = random_points<Bn254>(8, 5);
    scalars = random_scalars<Bn254>(8, 5);
  }

  // msm(), prepare_bases() and msm_batch() all refuse `config` with invalid_argument, and the
  // messages name `knob` and `backend`.
  void expect_refused(const MsmConfig& config, const std::string& knob, const std::string& backend) {
    const auto result = msm<Bn254>(points, scalars, config);
    ASSERT_FALSE(result) << knob << " on " << backend << " was ignored";
    expect_names(result.error(), knob, backend);
    const auto bases = prepare_bases<Bn254>(points, config);
    if (bases) {
      const auto on_bases = msm<Bn254>(bases.value(), scalars, config);
      ASSERT_FALSE(on_bases) << knob << " on " << backend << " was ignored by msm(bases)";
      expect_names(on_bases.error(), knob, backend);
    } else {
      expect_names(bases.error(), knob, backend);
    }
    const std::vector<MsmInputs<Bn254>> batch{{points, scalars}, {points, scalars}};
    const auto batched = msm_batch<Bn254>(batch, config);
    ASSERT_FALSE(batched) << knob << " on " << backend << " was ignored by msm_batch";
    expect_names(batched.error(), knob, backend);
  }

  static void expect_names(const Error& error, const std::string& knob, const std::string& backend) {
    EXPECT_EQ(error.code, ErrorCode::invalid_argument) << error.message;
    EXPECT_NE(error.message.find(knob), std::string::npos) << error.message;
    EXPECT_NE(error.message.find(backend), std::string::npos) << error.message;
  }

  std::vector<Point<Bn254>> points;
  std::vector<Scalar<Bn254>> scalars;
};

TEST_F(BackendKnobsTest, TheCpuBackendRefusesTheGpuAccumulators) {
  expect_refused(knobs(Backend::cpu, Accumulator::pair_tree), "pair_tree", "cpu");
  expect_refused(knobs(Backend::cpu, Accumulator::stream_walker), "stream_walker", "cpu");
}

TEST_F(BackendKnobsTest, TheCpuBackendRefusesThePairTreeDxCache) {
  expect_refused(knobs(Backend::cpu, Accumulator::automatic, true), "pair_tree_dx_cache", "cpu");
}

TEST_F(BackendKnobsTest, TheCpuBackendRunsItsOwnAccumulators) {
  const auto automatic = msm<Bn254>(points, scalars, knobs(Backend::cpu, Accumulator::automatic));
  const auto batch_affine = msm<Bn254>(points, scalars, knobs(Backend::cpu, Accumulator::batch_affine));
  const auto xyzz = msm<Bn254>(points, scalars, knobs(Backend::cpu, Accumulator::xyzz));
  ASSERT_TRUE(automatic && batch_affine && xyzz);
  EXPECT_EQ(automatic.value(), batch_affine.value());
  EXPECT_EQ(automatic.value(), xyzz.value());
}

// cuda has the stream walker, the pair tree and xyzz; the cpu accumulator and the dx cache without
// the pair tree are refused.
TEST_F(BackendKnobsTest, TheCudaBackendRefusesTheCpuAccumulator) {
  if (!backend_available(Backend::cuda)) GTEST_SKIP() << "no usable CUDA device";
  expect_refused(knobs(Backend::cuda, Accumulator::batch_affine), "batch_affine", "cuda");
  expect_refused(knobs(Backend::cuda, Accumulator::automatic, true), "pair_tree_dx_cache", "pair_tree");
}

TEST_F(BackendKnobsTest, TheVulkanBackendRefusesTheCpuAccumulator) {
  if (!backend_available(Backend::vulkan)) GTEST_SKIP() << "no usable Vulkan device";
  const auto result = msm<Bn254>(points, scalars, knobs(Backend::vulkan, Accumulator::batch_affine));
  ASSERT_FALSE(result);
  expect_names(result.error(), "batch_affine", "vulkan");
  expect_refused(knobs(Backend::vulkan, Accumulator::automatic, true), "pair_tree_dx_cache", "pair_tree");
}

// The C ABI reaches the same adapters.
TEST_F(BackendKnobsTest, TheCAbiRefusesAKnobTheBackendLacks) {
  zkmsm_config config;
  zkmsm_config_init(&config);
  config.backend = ZKMSM_BACKEND_CPU;
  config.accumulator = ZKMSM_ACCUMULATOR_PAIR_TREE;
  std::uint64_t sum[8] = {};
  int infinity = 0;
  const int status = zkmsm_msm(ZKMSM_CURVE_BN254, points.front().x.data(), scalars.front().data(), points.size(),
                               &config, sum, &infinity, nullptr);
  EXPECT_EQ(status, ZKMSM_ERROR_INVALID_ARGUMENT);
  const std::string message = zkmsm_last_error();
  EXPECT_NE(message.find("pair_tree"), std::string::npos) << message;
  EXPECT_NE(message.find("cpu"), std::string::npos) << message;
}

// zkmsm::resolve_backend is what msm() runs: the dispatcher's one decision of automatic.
TEST(ResolveBackendTest, IsTheDispatchersChoiceAndWhatMsmRuns) {
  EXPECT_EQ(resolve_backend(Backend::automatic), api::resolve_backend(Backend::automatic));
  for (Backend named : {Backend::cpu, Backend::cuda, Backend::vulkan}) EXPECT_EQ(resolve_backend(named), named);
  const auto points = random_points<Bn254>(4, 9);
  const auto scalars = random_scalars<Bn254>(4, 9);
  MsmStats stats;
  ASSERT_TRUE(msm<Bn254>(points, scalars, {}, &stats));
  EXPECT_EQ(stats.backend, to_string(resolve_backend(Backend::automatic)));
}

}  // namespace
}  // namespace zkmsm::test
