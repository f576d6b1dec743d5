// MsmConfig::devices and msm_batch on the backends that run on one device (cpu here; the cuda
// behaviour is tested on the GPU in tests/cuda/cuda_devices_test.cpp): {} and {kAllDevices} run
// as before, a list of CUDA ordinals is refused with a clear error; a batch gives each MSM's
// msm() result and names the failing MSM in its error.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "api/api_test_support.hpp"
#include "field/test_support.hpp"

namespace zkmsm::test {
namespace {

template <class Curve>
class DevicesBatchTest : public SeededTest {
 protected:
  static MsmConfig cpu(std::vector<int> devices = {}) {
    MsmConfig config;
    config.backend = Backend::cpu;
    config.devices = std::move(devices);
    return config;
  }
};

using Curves = ::testing::Types<Bn254, Grumpkin>;
TYPED_TEST_SUITE(DevicesBatchTest, Curves);

TYPED_TEST(DevicesBatchTest, OneDeviceBackendsTakeEmptyOrAllDevices) {
  using Curve = TypeParam;
  const auto points = random_points<Curve>(300, this->rng());
  const auto scalars = uniform_256_bit_scalars<Curve>(300, this->rng);
  const auto plain = msm<Curve>(points, scalars, this->cpu());
  ASSERT_TRUE(plain) << plain.error().message;
  MsmStats stats;
  const auto all = msm<Curve>(points, scalars, this->cpu({kAllDevices}), &stats);
  ASSERT_TRUE(all) << all.error().message;
  EXPECT_EQ(all.value(), plain.value());
  EXPECT_EQ(stats.devices, 0u);  // the cpu backend runs on no GPU

  for (const std::vector<int>& bad : {std::vector<int>{0}, std::vector<int>{1, 2}}) {
    const auto refused = msm<Curve>(points, scalars, this->cpu(bad));
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().code, ErrorCode::invalid_argument);
    EXPECT_NE(refused.error().message.find("needs the cuda backend"), std::string::npos) << refused.error().message;
    EXPECT_FALSE(prepare_bases<Curve>(points, this->cpu(bad)));
  }
  const auto mixed = msm<Curve>(points, scalars, this->cpu({kAllDevices, 0}));
  ASSERT_FALSE(mixed);
  EXPECT_EQ(mixed.error().code, ErrorCode::invalid_argument);
  EXPECT_NE(mixed.error().message.find("only entry"), std::string::npos) << mixed.error().message;
}

TYPED_TEST(DevicesBatchTest, BatchEqualsEachMsm) {
  using Curve = TypeParam;
  const std::vector<std::size_t> sizes = {100, 0, 1, 257, 64};
  std::vector<std::vector<Point<Curve>>> points;
  std::vector<std::vector<Scalar<Curve>>> scalars;
  std::vector<MsmInputs<Curve>> batch;
  for (const std::size_t n : sizes) {
    points.push_back(random_points<Curve>(n, this->rng()));
    scalars.push_back(uniform_256_bit_scalars<Curve>(n, this->rng));
  }
  for (std::size_t m = 0; m < sizes.size(); ++m) batch.push_back({points[m], scalars[m]});
  std::vector<MsmStats> stats;
  const auto results = msm_batch<Curve>(batch, this->cpu({kAllDevices}), &stats);
  ASSERT_TRUE(results) << results.error().message;
  ASSERT_EQ(results.value().size(), sizes.size());
  ASSERT_EQ(stats.size(), sizes.size());
  for (std::size_t m = 0; m < sizes.size(); ++m) {
    const auto expected = msm<Curve>(points[m], scalars[m], this->cpu());
    ASSERT_TRUE(expected);
    EXPECT_EQ(results.value()[m], expected.value()) << "msm " << m;
    EXPECT_EQ(stats[m].backend, "cpu");
  }
  const auto empty = msm_batch<Curve>(std::span<const MsmInputs<Curve>>(), this->cpu());
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty.value().empty());
}

TYPED_TEST(DevicesBatchTest, BatchErrorsNameTheMsm) {
  using Curve = TypeParam;
  auto points = random_points<Curve>(20, this->rng());
  const auto scalars = uniform_256_bit_scalars<Curve>(20, this->rng);
  const std::span<const Point<Curve>> all_points(points);
  const std::span<const Scalar<Curve>> all_scalars(scalars);
  std::vector<MsmInputs<Curve>> mismatched = {{all_points, all_scalars}, {all_points, all_scalars.first(19)}};
  const auto lengths = msm_batch<Curve>(mismatched, this->cpu());
  ASSERT_FALSE(lengths);
  EXPECT_EQ(lengths.error().code, ErrorCode::invalid_argument);
  EXPECT_EQ(lengths.error().message.rfind("msm 1: got 20 points but 19 scalars", 0), 0u) << lengths.error().message;

  auto bad = points;
  bad[3] = off_curve(bad[3]);
  std::vector<MsmInputs<Curve>> with_bad_point = {
      {all_points, all_scalars}, {all_points, all_scalars}, {bad, all_scalars}};
  const auto rejected = msm_batch<Curve>(with_bad_point, this->cpu());
  ASSERT_FALSE(rejected);
  EXPECT_EQ(rejected.error().code, ErrorCode::point_not_on_curve);
  EXPECT_EQ(rejected.error().message, std::string("msm 2: point 3 is not on the curve ") + Curve::name);
}

TYPED_TEST(DevicesBatchTest, BasesBatchEqualsEachMsm) {
  using Curve = TypeParam;
  const auto points = random_points<Curve>(400, this->rng());
  const auto prepared = prepare_bases<Curve>(points, this->cpu({kAllDevices}));
  ASSERT_TRUE(prepared) << prepared.error().message;
  std::vector<std::vector<Scalar<Curve>>> scalars;
  for (const std::size_t n : {400u, 0u, 17u, 399u}) scalars.push_back(uniform_256_bit_scalars<Curve>(n, this->rng));
  std::vector<std::span<const Scalar<Curve>>> sets(scalars.begin(), scalars.end());
  std::vector<MsmStats> stats;
  const auto results = msm_batch<Curve>(prepared.value(), sets, this->cpu(), &stats);
  ASSERT_TRUE(results) << results.error().message;
  ASSERT_EQ(results.value().size(), sets.size());
  for (std::size_t m = 0; m < sets.size(); ++m) {
    const auto expected =
        msm<Curve>(std::span<const Point<Curve>>(points.data(), sets[m].size()), sets[m], this->cpu());
    ASSERT_TRUE(expected);
    EXPECT_EQ(results.value()[m], expected.value()) << "msm " << m;
  }
  const auto too_many = uniform_256_bit_scalars<Curve>(401, this->rng);
  sets.push_back(too_many);
  const auto refused = msm_batch<Curve>(prepared.value(), sets, this->cpu());
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::invalid_argument);
  EXPECT_EQ(refused.error().message.rfind("msm 4: got 401 scalars", 0), 0u) << refused.error().message;
}

}  // namespace
}  // namespace zkmsm::test
