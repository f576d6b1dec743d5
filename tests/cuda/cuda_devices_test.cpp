// MsmConfig::devices and msm_batch on the GPU (issue #5). Public API: devices = {0} and
// {kAllDevices} give the single-GPU result (msm, bases, both batches) and bad lists are refused.
// The split itself, on however many GPUs are present: the device queues (device_queues.hpp) with
// several queues on each GPU (several host threads and streams per device), the real pipeline on
// every share: contiguous slices of host and device inputs, bases parts read in place with
// striped scalars from host or device memory (cudaMemcpy2D), and a rejected point renumbered to
// the MSM's index. Every sum is compared with the cpu backend. Skipped without a CUDA device.
#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "api/api_test_support.hpp"
#include "api/curve_map.hpp"
#include "cuda_test_support.hpp"
#include "field/test_support.hpp"
#include "msm/common/device_stripes.hpp"
#include "msm/cuda/device_queues.hpp"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm::test {
namespace {

template <class Curve>
class CudaDevicesTest : public SeededTest {
 protected:
  using Internal = api::InternalCurve<Curve>;

  void SetUp() override {
    SeededTest::SetUp();
    if (!backend_available(Backend::cuda)) GTEST_SKIP() << "no CUDA device: GPU tests run on the device machine";
    points = random_points<Curve>(kCount, rng());
    scalars = uniform_256_bit_scalars<Curve>(kCount, rng);
  }

  static MsmConfig cuda_on(std::vector<int> devices) {
    MsmConfig config;
    config.backend = Backend::cuda;
    config.devices = std::move(devices);
    return config;
  }

  Point<Curve> expected(std::size_t n) const {
    MsmConfig cpu;
    cpu.backend = Backend::cpu;
    const auto result = msm<Curve>(std::span<const Point<Curve>>(points.data(), n),
                                   std::span<const Scalar<Curve>>(scalars.data(), n), cpu);
    EXPECT_TRUE(result) << result.error().message;
    return result ? result.value() : Point<Curve>{};
  }

  // `per_device` queues on each CUDA device, slot order: device 0, 1, …, 0, 1, …
  static std::vector<cuda::DeviceQueue> queues(std::size_t per_device) {
    const int count = cuda::device_count();
    std::vector<cuda::DeviceQueue> out;
    for (std::size_t r = 0; r < per_device; ++r)
      for (int d = 0; d < count; ++d) out.push_back(cuda::DeviceQueue{d, {}});
    return out;
  }

  Point<Curve> run(std::vector<cuda::DeviceQueue>& q, cuda::CudaStatus* status_out = nullptr) {
    cuda::CudaShareRunner<Internal> runner;
    AffinePoint<Internal> sum = AffinePoint<Internal>::generator();
    const cuda::CudaStatus status =
        cuda::run_device_queues<Internal>(std::span<AffinePoint<Internal>>(&sum, 1), q, runner, nullptr, nullptr);
    if (status_out != nullptr) *status_out = status;
    if (status_out == nullptr) EXPECT_TRUE(status.ok) << status.message;
    return api::to_public_point<Curve>(sum);
  }

  static constexpr std::size_t kCount = 70001;
  std::vector<Point<Curve>> points;  // canonical
  std::vector<Scalar<Curve>> scalars;
};
using Curves = ::testing::Types<Bn254, Grumpkin>;
TYPED_TEST_SUITE(CudaDevicesTest, Curves);

TYPED_TEST(CudaDevicesTest, DeviceZeroAndAllDevicesEqualTheSingleGpuResult) {
  using Curve = TypeParam;
  const auto single = msm<Curve>(this->points, this->scalars, this->cuda_on({}));
  ASSERT_TRUE(single) << single.error().message;
  EXPECT_EQ(single.value(), this->expected(this->kCount));
  for (const std::vector<int>& devices : {std::vector<int>{0}, std::vector<int>{kAllDevices}}) {
    MsmStats stats;
    const auto split = msm<Curve>(this->points, this->scalars, this->cuda_on(devices), &stats);
    ASSERT_TRUE(split) << split.error().message;
    EXPECT_EQ(split.value(), single.value());
    EXPECT_EQ(stats.devices, devices.front() == 0 ? 1u : static_cast<unsigned>(cuda::device_count()));
  }
}

TYPED_TEST(CudaDevicesTest, BasesAndBatchesOnTheListedDevices) {
  using Curve = TypeParam;
  for (const std::vector<int>& devices : {std::vector<int>{0}, std::vector<int>{kAllDevices}}) {
    auto prepared = prepare_bases<Curve>(this->points, this->cuda_on(devices));
    ASSERT_TRUE(prepared) << prepared.error().message;
    const Bases<Curve>& bases = prepared.value();
    std::vector<std::span<const Scalar<Curve>>> sets;
    for (const std::size_t n : {this->kCount, std::size_t{0}, std::size_t{1}, std::size_t{16385}, std::size_t{40000}})
      sets.push_back(std::span<const Scalar<Curve>>(this->scalars.data(), n));
    for (const auto& set : sets) {
      const auto one = msm<Curve>(bases, set, MsmConfig{});
      ASSERT_TRUE(one) << one.error().message;
      EXPECT_EQ(one.value(), this->expected(set.size())) << "n = " << set.size();
    }
    std::vector<MsmStats> stats;
    const auto batch = msm_batch<Curve>(bases, sets, MsmConfig{}, &stats);
    ASSERT_TRUE(batch) << batch.error().message;
    for (std::size_t m = 0; m < sets.size(); ++m) EXPECT_EQ(batch.value()[m], this->expected(sets[m].size()));

    std::vector<MsmInputs<Curve>> msms;
    for (const auto& set : sets) msms.push_back({std::span<const Point<Curve>>(this->points.data(), set.size()), set});
    const auto independent = msm_batch<Curve>(msms, this->cuda_on(devices), &stats);
    ASSERT_TRUE(independent) << independent.error().message;
    for (std::size_t m = 0; m < sets.size(); ++m) EXPECT_EQ(independent.value()[m], this->expected(sets[m].size()));
  }
}

TYPED_TEST(CudaDevicesTest, EmptyBasesOnListedDevicesGiveInfinity) {
  using Curve = TypeParam;
  auto prepared = prepare_bases<Curve>(std::span<const Point<Curve>>(), this->cuda_on({0}));
  ASSERT_TRUE(prepared) << prepared.error().message;
  for (const std::vector<int>& devices : {std::vector<int>{}, std::vector<int>{0}}) {
    const auto sum = msm<Curve>(prepared.value(), std::span<const Scalar<Curve>>(), this->cuda_on(devices));
    ASSERT_TRUE(sum) << sum.error().message;
    EXPECT_TRUE(sum.value().is_infinity());
  }
}

TYPED_TEST(CudaDevicesTest, BadDeviceListsAreRefused) {
  using Curve = TypeParam;
  const int count = cuda::device_count();
  for (const std::vector<int>& devices : {std::vector<int>{count}, std::vector<int>{0, 0}, std::vector<int>{-2}}) {
    const auto refused = msm<Curve>(this->points, this->scalars, this->cuda_on(devices));
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().code, ErrorCode::invalid_argument) << refused.error().message;
  }
}

TYPED_TEST(CudaDevicesTest, ContiguousSlicesOfHostAndDeviceInputs) {
  using Curve = TypeParam;
  using Internal = typename TestFixture::Internal;
  const DeviceBuffer device_points = device_copy(this->points);
  const DeviceBuffer device_scalars = device_copy(this->scalars);
  for (const std::size_t per_device : {1u, 3u}) {
    for (const bool from_device : {false, true}) {
      auto q = this->queues(per_device);
      const DeviceStripes stripes = DeviceStripes::contiguous(this->kCount, q.size());
      const auto* p = static_cast<const unsigned char*>(from_device ? device_points.data() : this->points.data());
      const auto* s = static_cast<const unsigned char*>(from_device ? device_scalars.data() : this->scalars.data());
      cuda::deal_msm(q, 0, this->kCount, stripes, [&](std::size_t d) {
        cuda::CudaMsmInputs share;
        share.points = p + stripes.first_index(d) * sizeof(AffinePoint<Internal>);
        share.scalars = s + stripes.first_index(d) * sizeof(Scalar<Curve>);
        share.form.points_in_montgomery = false;
        share.form.validate_points = true;
        return share;
      });
      EXPECT_EQ(this->run(q), this->expected(this->kCount))
          << q.size() << " queues, inputs from " << (from_device ? "device" : "host") << " memory";
    }
  }
}

TYPED_TEST(CudaDevicesTest, StripedBasesPartsWithStripedScalars) {
  using Curve = TypeParam;
  using Internal = typename TestFixture::Internal;
  constexpr std::size_t kPoint = sizeof(AffinePoint<Internal>);
  constexpr std::size_t kScalar = sizeof(Scalar<Curve>);
  const auto montgomery = montgomery_points(this->points);
  const DeviceBuffer device_scalars = device_copy(this->scalars);
  auto q = this->queues(3);
  const DeviceStripes stripes{1000, q.size()};
  // Each slot's part: its stripes of the Montgomery points, on its device.
  std::vector<DeviceBuffer> parts(q.size());
  for (std::size_t d = 0; d < q.size(); ++d) {
    ASSERT_TRUE(cuda::set_current_device(q[d].device).ok);
    const std::size_t count = stripes.local_count(d, this->kCount);
    auto memory = DeviceBuffer::allocate(count * kPoint);
    ASSERT_TRUE(memory) << memory.error().message;
    parts[d] = std::move(memory.value());
    const cuda::CudaStatus copied = cuda::copy_stripes_to_device(
        parts[d].data(), reinterpret_cast<const unsigned char*>(montgomery.data()) + stripes.first_index(d) * kPoint,
        kPoint, count, stripes.block, stripes.stride(), nullptr);
    ASSERT_TRUE(copied.ok) << copied.message;
  }
  ASSERT_TRUE(cuda::set_current_device(0).ok);
  for (const bool from_device : {false, true}) {
    for (const std::size_t n : {this->kCount, std::size_t{999}, std::size_t{2001}, std::size_t{33333}}) {
      for (auto& queue : q) queue.shares.clear();
      const auto* s = static_cast<const unsigned char*>(from_device ? device_scalars.data() : this->scalars.data());
      cuda::deal_msm(q, 0, n, stripes, [&](std::size_t d) {
        cuda::CudaMsmInputs share;
        share.points = parts[d].data();
        share.points_on_device = true;
        share.scalars = s + stripes.first_index(d) * kScalar;
        share.scalar_stripe_block = stripes.block;
        share.scalar_stripe_stride = stripes.stride();
        return share;
      });
      EXPECT_EQ(this->run(q), this->expected(n))
          << "n = " << n << ", scalars from " << (from_device ? "device" : "host") << " memory";
    }
  }
}

TYPED_TEST(CudaDevicesTest, ARejectedPointIsNumberedInTheWholeMsm) {
  using Curve = TypeParam;
  using Internal = typename TestFixture::Internal;
  auto bad = this->points;
  const std::size_t last_slice_index = this->kCount - 5;
  bad[last_slice_index] = off_curve(bad[last_slice_index]);
  MsmConfig cpu;
  cpu.backend = Backend::cpu;
  const auto host_error = msm<Curve>(bad, this->scalars, cpu);
  ASSERT_FALSE(host_error);
  auto q = this->queues(3);
  const DeviceStripes stripes = DeviceStripes::contiguous(this->kCount, q.size());
  cuda::deal_msm(q, 0, this->kCount, stripes, [&](std::size_t d) {
    cuda::CudaMsmInputs share;
    share.points =
        reinterpret_cast<const unsigned char*>(bad.data()) + stripes.first_index(d) * sizeof(AffinePoint<Internal>);
    share.scalars = this->scalars.data() + stripes.first_index(d);
    share.form.points_in_montgomery = false;
    share.form.validate_points = true;
    return share;
  });
  cuda::CudaStatus status;
  this->run(q, &status);
  ASSERT_FALSE(status.ok);
  EXPECT_EQ(status.point_index, last_slice_index);
  EXPECT_EQ(status.message, host_error.error().message);
  // The public path with devices = {kAllDevices} reports it as msm() on one GPU does.
  const auto public_error = msm<Curve>(bad, this->scalars, this->cuda_on({kAllDevices}));
  ASSERT_FALSE(public_error);
  EXPECT_EQ(public_error.error().code, host_error.error().code);
  EXPECT_EQ(public_error.error().message, host_error.error().message);
}

}  // namespace
}  // namespace zkmsm::test
