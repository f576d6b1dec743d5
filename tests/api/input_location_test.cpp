// Where inputs live (MsmConfig::points_on_device, scalars_on_device, cuda_stream) as seen by
// the backends that read host memory only: device inputs are refused with invalid_argument and
// a message naming the cuda backend; a stream is ignored. The device side is in tests/cuda.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "api/api_test_support.hpp"
#include "field/test_support.hpp"

namespace zkmsm::test {
namespace {

template <class Curve>
class InputLocationTest : public SeededTest {
 protected:
  void SetUp() override {
    SeededTest::SetUp();
    points = random_points<Curve>(8, rng());
    scalars = random_scalars<Curve>(8, rng());
  }
  // msm() is refused with invalid_argument, and the message says why.
  void expect_refused(const MsmConfig& config) {
    const auto result = msm<Curve>(points, scalars, config);
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().code, ErrorCode::invalid_argument) << result.error().message;
    EXPECT_NE(result.error().message.find("cuda"), std::string::npos) << result.error().message;
  }
  std::vector<Point<Curve>> points;
  std::vector<Scalar<Curve>> scalars;
};
using Curves = ::testing::Types<Bn254, Grumpkin>;
TYPED_TEST_SUITE(InputLocationTest, Curves);

TYPED_TEST(InputLocationTest, TheCpuBackendRefusesDevicePoints) {
  this->expect_refused({.backend = Backend::cpu, .points_on_device = true});
}

TYPED_TEST(InputLocationTest, TheCpuBackendRefusesDeviceScalars) {
  this->expect_refused({.backend = Backend::cpu, .scalars_on_device = true});
  this->expect_refused({.backend = Backend::cpu, .points_on_device = true, .scalars_on_device = true});
}

TYPED_TEST(InputLocationTest, TheVulkanBackendRefusesDeviceInputs) {
  this->expect_refused({.backend = Backend::vulkan, .points_on_device = true});
}

TYPED_TEST(InputLocationTest, AutoWithoutCudaRefusesDeviceInputs) {
  if (backend_available(Backend::cuda)) GTEST_SKIP() << "auto resolves to cuda on this machine";
  this->expect_refused({.points_on_device = true});
}

TYPED_TEST(InputLocationTest, RefusedEvenWhenEmpty) {
  using Curve = TypeParam;
  const auto result = msm<Curve>(std::span<const Point<Curve>>(), std::span<const Scalar<Curve>>(),
                                 {.backend = Backend::cpu, .scalars_on_device = true});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, ErrorCode::invalid_argument);
}

TYPED_TEST(InputLocationTest, TheCpuBackendIgnoresAStream) {
  using Curve = TypeParam;
  int not_a_stream = 0;
  const auto plain = msm<Curve>(this->points, this->scalars, {.backend = Backend::cpu});
  const auto with_stream =
      msm<Curve>(this->points, this->scalars, {.backend = Backend::cpu, .cuda_stream = &not_a_stream});
  ASSERT_TRUE(plain && with_stream);
  EXPECT_EQ(plain.value(), with_stream.value());
}

TYPED_TEST(InputLocationTest, PrepareBasesRefusesDevicePointsOnTheCpu) {
  using Curve = TypeParam;
  const auto bases = prepare_bases<Curve>(this->points, {.backend = Backend::cpu, .points_on_device = true});
  ASSERT_FALSE(bases);
  EXPECT_EQ(bases.error().code, ErrorCode::invalid_argument);
}

TEST(DeviceBufferTest, EmptyBufferHoldsNothing) {
  DeviceBuffer buffer;
  EXPECT_EQ(buffer.data(), nullptr);
  EXPECT_EQ(buffer.bytes(), 0u);
  EXPECT_EQ(buffer.device(), -1);
  EXPECT_TRUE(buffer.as_span<Scalar<Bn254>>(4).empty());
}

TEST(DeviceBufferTest, WithoutCudaEveryCreationFails) {
  if (backend_available(Backend::cuda)) GTEST_SKIP() << "a CUDA device is usable here (tests/cuda covers it)";
  const std::vector<Scalar<Bn254>> scalars(4);
  const auto copied = DeviceBuffer::copy_from_host(std::span<const Scalar<Bn254>>(scalars));
  ASSERT_FALSE(copied);
  EXPECT_EQ(copied.error().code, ErrorCode::backend_unavailable);
  const auto allocated = DeviceBuffer::allocate(64);
  ASSERT_FALSE(allocated);
  EXPECT_EQ(allocated.error().code, ErrorCode::backend_unavailable);
}

}  // namespace
}  // namespace zkmsm::test
