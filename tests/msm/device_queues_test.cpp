// How MSMs are dealt to several devices and summed (msm/common/device_stripes.hpp,
// msm/cuda/device_queues.hpp), without a GPU: every "device" is a host thread that runs the
// reference MSM on its share, read exactly as the cuda backend reads it (points of the share's
// array, scalars in stripes). The GPU tests (tests/cuda/cuda_devices_test.cpp) run the same
// queues with the real pipeline.
#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <vector>

#include "field/test_support.hpp"
#include "host/worker_threads.hpp"
#include "msm/common/device_stripes.hpp"
#include "msm/cuda/device_queues.hpp"
#include "msm/msm_test_support.hpp"

namespace zkmsm::test {
namespace {

using Curve = Bn254G1;
using Affine = AffinePoint<Curve>;
using Scalar = Integer<Curve>;

TEST(DeviceStripes, EveryIndexOnExactlyOneSlotAndPrefixesArePrefixes) {
  for (const std::size_t k : {1u, 2u, 3u, 8u}) {
    for (const std::size_t block : {1u, 5u, 64u}) {
      const DeviceStripes stripes{block, k};
      for (const std::size_t n : {0u, 1u, 4u, 63u, 64u, 65u, 1000u}) {
        std::set<std::size_t> seen;
        std::size_t total = 0;
        for (std::size_t d = 0; d < k; ++d) {
          const std::size_t count = stripes.local_count(d, n);
          total += count;
          for (std::size_t i = 0; i < count; ++i) {
            const std::size_t global = stripes.global_index(d, i);
            ASSERT_LT(global, n) << "k=" << k << " block=" << block << " n=" << n;
            ASSERT_TRUE(seen.insert(global).second);
          }
          // The first m inputs are a prefix of every slot's local array.
          for (const std::size_t m : {n / 3, n / 2}) {
            const std::size_t prefix = stripes.local_count(d, m);
            ASSERT_LE(prefix, count);
            for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(stripes.global_index(d, i) < m, i < prefix);
          }
        }
        EXPECT_EQ(total, n);
      }
    }
  }
}

TEST(DeviceStripes, ContiguousGivesOneRunPerSlot) {
  for (const std::size_t n : {0u, 1u, 7u, 100u, 1u << 20}) {
    for (const std::size_t k : {1u, 2u, 3u, 8u}) {
      const DeviceStripes stripes = DeviceStripes::contiguous(n, k);
      std::size_t next = 0;
      for (std::size_t d = 0; d < k; ++d) {
        const std::size_t count = stripes.local_count(d, n);
        EXPECT_TRUE(stripes.contiguous_for(count));
        if (count != 0) EXPECT_EQ(stripes.first_index(d), next);
        next += count;
        EXPECT_LE(count, (n + k - 1) / k);
      }
      EXPECT_EQ(next, n);
    }
  }
}

// A stand-in device: the reference MSM on a share, reading the share's arrays as the cuda
// backend does. It can reject one point (by MSM and local index on a slot) or fail a whole MSM.
struct ReferenceRunner {
  struct Injected {
    std::size_t msm;
    int device;
    std::size_t local_index;  // rejected point, or SIZE_MAX: an out-of-memory failure
  };
  std::vector<Injected> failures;
  std::atomic<int>* calls = nullptr;

  cuda::CudaStatus enter(int) const { return {}; }
  cuda::CudaStatus operator()(const cuda::DeviceShare& share, Affine* sum, cuda::CudaMsmReport* report) const {
    if (calls != nullptr) ++*calls;
    const int device = static_cast<int>(share.slot);
    for (const Injected& f : failures) {
      if (f.msm != share.msm || f.device != device) continue;
      if (f.local_index == SIZE_MAX) return cuda::CudaStatus{false, true, "out of device memory"};
      cuda::CudaStatus status{false, false, "point rejected"};
      status.point_issue = cuda::PointIssue::not_on_curve;
      status.point_index = f.local_index;
      return status;
    }
    const auto* points = static_cast<const Affine*>(share.inputs.points);
    const auto* scalars = static_cast<const Scalar*>(share.inputs.scalars);
    std::vector<Scalar> local(share.inputs.n);
    for (std::size_t i = 0; i < share.inputs.n; ++i) {
      const std::size_t block = share.inputs.scalar_stripe_block;
      local[i] = block == 0 ? scalars[i] : scalars[(i / block) * share.inputs.scalar_stripe_stride + i % block];
    }
    *sum = reference_msm<Curve>(std::span<const Affine>(points, share.inputs.n), local);
    report->window_bits = 10;
    report->stages = {{"accumulate_buckets", static_cast<double>(share.inputs.n)}};
    report->measured_peak_bytes = share.inputs.n;
    return {};
  }
};

class DeviceQueuesTest : public SeededTest {
 protected:
  static std::vector<cuda::DeviceQueue> queues(std::size_t k) {
    std::vector<cuda::DeviceQueue> out(k);
    for (std::size_t d = 0; d < k; ++d) out[d].device = static_cast<int>(d);
    return out;
  }
  // The share of slot d of a contiguous split of (points, scalars).
  static void deal_contiguous(std::vector<cuda::DeviceQueue>& q,
                              std::size_t msm,
                              const std::vector<Affine>& points,
                              const std::vector<Scalar>& scalars) {
    const DeviceStripes stripes = DeviceStripes::contiguous(points.size(), q.size());
    cuda::deal_msm(q, msm, points.size(), stripes, [&](std::size_t d) {
      cuda::CudaMsmInputs share;
      share.points = points.data() + stripes.first_index(d);
      share.scalars = scalars.data() + stripes.first_index(d);
      return share;
    });
  }
};

TEST_F(DeviceQueuesTest, ContiguousSplitEqualsTheWholeMsm) {
  const std::size_t n = 301;
  const auto points = independent_points<Curve>(n, rng());
  const auto scalars = random_scalars_256<Curve>(n, rng);
  const Affine expected = reference_msm<Curve>(points, scalars);
  for (const std::size_t k : {1u, 2u, 3u, 5u, 8u}) {
    auto q = queues(k);
    deal_contiguous(q, 0, points, scalars);
    Affine sum = Affine::generator();
    std::vector<cuda::MultiDeviceReport> reports;
    const cuda::CudaStatus status =
        cuda::run_device_queues<Curve>(std::span<Affine>(&sum, 1), q, ReferenceRunner{}, &reports, nullptr);
    ASSERT_TRUE(status.ok) << status.message;
    EXPECT_EQ(sum, expected) << "k = " << k;
    ASSERT_EQ(reports.size(), 1u);
    EXPECT_EQ(reports[0].devices, k);
    EXPECT_EQ(reports[0].merged.measured_peak_bytes, n);  // summed over the devices
    ASSERT_EQ(reports[0].merged.stages.size(), 1u);
    EXPECT_EQ(reports[0].merged.stages[0].milliseconds, static_cast<double>((n + k - 1) / k));  // the largest share
  }
}

TEST_F(DeviceQueuesTest, StripedBasesServeEveryPrefix) {
  // Bases of N points dealt in stripes of 16 to 3 devices; MSMs over prefixes of them.
  const std::size_t size = 200;
  const auto points = independent_points<Curve>(size, rng());
  const auto scalars = random_scalars_256<Curve>(size, rng);
  const DeviceStripes stripes{16, 3};
  std::vector<std::vector<Affine>> parts(3);
  for (std::size_t d = 0; d < 3; ++d)
    for (std::size_t i = 0; i < stripes.local_count(d, size); ++i)
      parts[d].push_back(points[stripes.global_index(d, i)]);
  const std::vector<std::size_t> prefixes = {0, 1, 15, 16, 17, 48, 49, 130, 200};
  auto q = queues(3);
  for (std::size_t m = 0; m < prefixes.size(); ++m) {
    cuda::deal_msm(q, m, prefixes[m], stripes, [&](std::size_t d) {
      cuda::CudaMsmInputs share;
      share.points = parts[d].data();
      share.scalars = scalars.data() + stripes.first_index(d);
      share.scalar_stripe_block = stripes.block;
      share.scalar_stripe_stride = stripes.stride();
      return share;
    });
  }
  std::vector<Affine> sums(prefixes.size(), Affine::generator());
  std::vector<cuda::MultiDeviceReport> reports;
  const cuda::CudaStatus status = cuda::run_device_queues<Curve>(sums, q, ReferenceRunner{}, &reports, nullptr);
  ASSERT_TRUE(status.ok) << status.message;
  for (std::size_t m = 0; m < prefixes.size(); ++m) {
    const std::size_t n = prefixes[m];
    EXPECT_EQ(sums[m], reference_msm<Curve>(std::span<const Affine>(points.data(), n),
                                            std::span<const Scalar>(scalars.data(), n)))
        << "prefix " << n;
    EXPECT_EQ(reports[m].devices, n == 0 ? 0u : std::min<std::size_t>(3, (n + 15) / 16));
  }
}

TEST_F(DeviceQueuesTest, ARejectedPointIsTheLowestIndexOfTheWholeMsm) {
  const std::size_t n = 90;
  const auto points = independent_points<Curve>(n, rng());
  const auto scalars = random_scalars_256<Curve>(n, rng);
  auto q = queues(3);  // slices of 30: slot 1 starts at 30, slot 2 at 60
  deal_contiguous(q, 0, points, scalars);
  ReferenceRunner runner;
  runner.failures = {{0, 2, 1}, {0, 1, 7}};  // MSM indices 61 and 37
  Affine sum = Affine::generator();
  std::size_t failed = 99;
  const cuda::CudaStatus status =
      cuda::run_device_queues<Curve>(std::span<Affine>(&sum, 1), q, runner, nullptr, &failed);
  ASSERT_FALSE(status.ok);
  EXPECT_EQ(failed, 0u);
  EXPECT_EQ(status.point_issue, cuda::PointIssue::not_on_curve);
  EXPECT_EQ(status.point_index, 37u);
  EXPECT_EQ(status.message, std::string("point 37 is not on the curve ") + Curve::name);
  EXPECT_EQ(sum, Affine::generator());  // untouched
}

TEST_F(DeviceQueuesTest, TheLowestFailingMsmIsReportedAndLaterOnesAreSkipped) {
  const std::size_t n = 40;
  const std::size_t msms = 6;
  std::vector<std::vector<Affine>> points;
  std::vector<std::vector<Scalar>> scalars;
  for (std::size_t m = 0; m < msms; ++m) {
    points.push_back(independent_points<Curve>(n, rng()));
    scalars.push_back(random_scalars_256<Curve>(n, rng));
  }
  auto q = queues(2);
  for (std::size_t m = 0; m < msms; ++m) deal_contiguous(q, m, points[m], scalars[m]);
  std::atomic<int> calls{0};
  ReferenceRunner runner;
  runner.calls = &calls;
  runner.failures = {{3, 1, 4}, {2, 0, SIZE_MAX}};  // MSM 2 out of memory on slot 0, MSM 3 a bad point
  std::vector<Affine> sums(msms);
  std::size_t failed = 99;
  const cuda::CudaStatus status = cuda::run_device_queues<Curve>(sums, q, runner, nullptr, &failed);
  ASSERT_FALSE(status.ok);
  EXPECT_EQ(failed, 2u);
  EXPECT_TRUE(status.out_of_memory);
  // Slot 0 stops after MSM 2; slot 1 may run up to MSM 3 before it sees the failure, never MSM 5.
  EXPECT_LE(calls.load(), 3 + 5);
}

TEST_F(DeviceQueuesTest, AFailedDeviceFailsTheCall) {
  struct NoDevice : ReferenceRunner {
    cuda::CudaStatus enter(int device) const {
      if (device == 1) return cuda::CudaStatus{false, false, "cudaSetDevice(1) failed"};
      return {};
    }
  };
  const auto points = independent_points<Curve>(10, rng());
  const auto scalars = random_scalars_256<Curve>(10, rng);
  auto q = queues(2);
  deal_contiguous(q, 0, points, scalars);
  Affine sum;
  const cuda::CudaStatus status =
      cuda::run_device_queues<Curve>(std::span<Affine>(&sum, 1), q, NoDevice{}, nullptr, nullptr);
  ASSERT_FALSE(status.ok);
  EXPECT_EQ(status.message, "cudaSetDevice(1) failed");
}

// Threads the system refuses (host/worker_threads.hpp's test hook): the threads that started run
// the other devices' queues too, and the sums stay exact; with no thread at all the call fails
// with an out-of-memory status instead of ending the process.
TEST_F(DeviceQueuesTest, RefusedThreadsLeaveTheQueuesToTheThreadsThatStarted) {
  const std::size_t n = 200;
  const auto points = independent_points<Curve>(n, rng());
  const auto scalars = random_scalars_256<Curve>(n, rng);
  const Affine expected = reference_msm<Curve>(points, scalars);
  for (const long allowed : {1L, 2L}) {
    auto q = queues(5);
    deal_contiguous(q, 0, points, scalars);
    Affine sum = Affine::generator();
    std::vector<cuda::MultiDeviceReport> reports;
    const host::InjectedThreadStartFailures refuse(allowed);
    const cuda::CudaStatus status =
        cuda::run_device_queues<Curve>(std::span<Affine>(&sum, 1), q, ReferenceRunner{}, &reports, nullptr);
    ASSERT_TRUE(status.ok) << status.message;
    EXPECT_EQ(sum, expected) << allowed << " threads started";
    EXPECT_EQ(reports[0].devices, 5u);
  }
}

TEST_F(DeviceQueuesTest, NoThreadAtAllIsAnOutOfMemoryFailure) {
  const auto points = independent_points<Curve>(10, rng());
  const auto scalars = random_scalars_256<Curve>(10, rng);
  auto q = queues(2);
  deal_contiguous(q, 0, points, scalars);
  Affine sum = Affine::generator();
  std::size_t failed = 0;
  const host::InjectedThreadStartFailures refuse(0);
  const cuda::CudaStatus status =
      cuda::run_device_queues<Curve>(std::span<Affine>(&sum, 1), q, ReferenceRunner{}, nullptr, &failed);
  ASSERT_FALSE(status.ok);
  EXPECT_TRUE(status.out_of_memory);
  EXPECT_NE(status.message.find("could not start a host thread"), std::string::npos) << status.message;
  EXPECT_EQ(failed, SIZE_MAX);
  EXPECT_EQ(sum, Affine::generator());
}

}  // namespace
}  // namespace zkmsm::test
