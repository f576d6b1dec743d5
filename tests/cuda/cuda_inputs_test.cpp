// The public API's inputs on the GPU (issue #3, "Inputs"): a bases handle prepared once and
// reused, device scalars, device points with and without Montgomery conversion, validation on
// the device with the host path's errors, a caller's stream, and two MSMs on two streams from
// two host threads; every sum is compared with the cpu backend. Skipped without a CUDA device.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "api/api_test_support.hpp"
#include "conformance/conformance_inputs.hpp"
#include "cuda_test_support.hpp"
#include "field/test_support.hpp"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm::test {
namespace {

#define ASSERT_CUDA(expr) ASSERT_EQ((expr), cudaSuccess) << #expr

inline constexpr MsmConfig kCuda{.backend = Backend::cuda};
inline constexpr MsmConfig kCpu{.backend = Backend::cpu};

// A cudaStream_t owned by the test.
class Stream {
 public:
  Stream() { created_ = cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking) == cudaSuccess; }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  ~Stream() {
    if (created_) (void)cudaStreamDestroy(stream_);
  }
  bool created() const { return created_; }
  cudaStream_t get() const { return stream_; }

 private:
  cudaStream_t stream_ = nullptr;
  bool created_ = false;
};

template <class Curve>
class CudaInputsTest : public SeededTest {
 protected:
  void SetUp() override {
    SeededTest::SetUp();
    if (!backend_available(Backend::cuda)) GTEST_SKIP() << "no CUDA device: GPU tests run on the device machine";
    points = random_points<Curve>(kCount, rng());
    scalars = uniform_256_bit_scalars<Curve>(kCount, rng);
  }

  // The cpu backend's sum of the first scalars.size() points.
  Point<Curve> expected(const std::vector<Scalar<Curve>>& s) const {
    const auto result = msm<Curve>(std::span<const Point<Curve>>(points.data(), s.size()), s, kCpu);
    EXPECT_TRUE(result) << result.error().message;
    return result ? result.value() : Point<Curve>{};
  }

  Bases<Curve> prepare(std::span<const Point<Curve>> input, const MsmConfig& config) {
    auto bases = prepare_bases<Curve>(input, config);
    EXPECT_TRUE(bases) << bases.error().message;
    return bases ? std::move(bases.value()) : Bases<Curve>();
  }

  void expect_sum(const Result<Point<Curve>>& got, const std::vector<Scalar<Curve>>& s, const std::string& what) {
    ASSERT_TRUE(got) << what << ": " << got.error().message;
    EXPECT_EQ(got.value(), expected(s)) << what << ", n = " << s.size();
  }

  std::vector<Scalar<Curve>> prefix(std::size_t n) const {
    return std::vector<Scalar<Curve>>(scalars.begin(), scalars.begin() + n);
  }

  static constexpr std::size_t kCount = 5000;
  std::vector<Point<Curve>> points;  // canonical
  std::vector<Scalar<Curve>> scalars;
};
using Curves = ::testing::Types<Bn254, Grumpkin, Bls12381>;
TYPED_TEST_SUITE(CudaInputsTest, Curves);

TYPED_TEST(CudaInputsTest, BasesReusedAcrossMsmsEqualTheCpuBackend) {
  using Curve = TypeParam;
  const Bases<Curve> bases = this->prepare(this->points, kCuda);
  EXPECT_EQ(bases.backend(), Backend::cuda);
  EXPECT_EQ(bases.size(), this->kCount);
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{100}, std::size_t{4097}, this->kCount}) {
    const auto s = uniform_256_bit_scalars<Curve>(n, this->rng);
    this->expect_sum(msm<Curve>(bases, s, kCuda), s, "bases");
    this->expect_sum(msm<Curve>(bases, s, MsmConfig{}), s, "bases, backend auto");
  }
  // From Montgomery-form host points, validated or not.
  const auto montgomery = montgomery_points(this->points);
  for (bool validate : {true, false}) {
    MsmConfig config = kCuda;
    config.points_in_montgomery = true;
    config.validate_points = validate;
    const Bases<Curve> from_montgomery = this->prepare(montgomery, config);
    this->expect_sum(msm<Curve>(from_montgomery, this->scalars, kCuda), this->scalars, "Montgomery bases");
  }
}

// Bases with shifted copies (precompute_factor): every factor up to one window per copy, the
// cost model's c and a given one, every prefix, copies of one point and P/−P among the points;
// the factor's limits and a device list are refused.
TYPED_TEST(CudaInputsTest, BasesWithShiftedCopiesEqualTheCpuBackend) {
  using Curve = TypeParam;
  std::vector<Point<Curve>>& points = this->points;
  for (std::size_t i = 100; i < 200; ++i) points[i] = points[99];  // one bucket collects them all
  points[300] = Point<Curve>{};                                    // infinity
  for (std::size_t i = 400; i < 500; ++i) points[i + 100] = negated(points[i]);
  for (unsigned factor : {2u, 4u, 7u, kMaxPrecomputeFactor}) {
    for (unsigned c : {0u, 9u}) {
      MsmConfig config = kCuda;
      config.precompute_factor = factor;
      config.window_bits = c;
      const Bases<Curve> bases = this->prepare(points, config);
      for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{100}, std::size_t{4097}, this->kCount}) {
        MsmStats stats;
        const auto s = this->prefix(n);
        this->expect_sum(msm<Curve>(bases, s, kCuda, &stats), s,
                         "factor " + std::to_string(factor) + ", c " + std::to_string(c));
        if (n != 0 && c != 0) EXPECT_EQ(stats.window_bits, c);
        EXPECT_FALSE(stats.glv);
      }
    }
  }
  MsmConfig too_many = kCuda;
  too_many.precompute_factor = kMaxPrecomputeFactor + 1;
  auto refused = prepare_bases<Curve>(points, too_many);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::invalid_argument);
  MsmConfig listed = kCuda;
  listed.precompute_factor = 2;
  listed.devices = {0};
  refused = prepare_bases<Curve>(points, listed);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::invalid_argument);
}

TYPED_TEST(CudaInputsTest, BasesFromDevicePoints) {
  using Curve = TypeParam;
  const DeviceBuffer canonical = device_copy(this->points);
  const DeviceBuffer montgomery = device_copy(montgomery_points(this->points));
  for (bool in_montgomery : {false, true}) {
    for (bool validate : {true, false}) {
      MsmConfig config = kCuda;
      config.points_on_device = true;
      config.points_in_montgomery = in_montgomery;
      config.validate_points = validate;
      const DeviceBuffer& source = in_montgomery ? montgomery : canonical;
      const Bases<Curve> bases = this->prepare(source.as_span<Point<Curve>>(this->kCount), config);
      const auto s = this->prefix(3001);
      this->expect_sum(msm<Curve>(bases, s, kCuda), s,
                       std::string("bases from device points, montgomery=") + (in_montgomery ? "1" : "0"));
    }
  }
}

TYPED_TEST(CudaInputsTest, DeviceScalars) {
  using Curve = TypeParam;
  const DeviceBuffer device_scalars = device_copy(this->scalars);
  const DeviceBuffer montgomery_scalars_on_device = device_copy(montgomery_scalars<Curve>(this->scalars));
  MsmConfig config = kCuda;
  config.scalars_on_device = true;
  const auto span = device_scalars.as_span<Scalar<Curve>>(this->kCount);
  this->expect_sum(msm<Curve>(this->points, span, config), this->scalars, "host points, device scalars");
  const Bases<Curve> bases = this->prepare(this->points, kCuda);
  this->expect_sum(msm<Curve>(bases, span, config), this->scalars, "bases, device scalars");
  this->expect_sum(msm<Curve>(bases, device_scalars.as_span<Scalar<Curve>>(77), config), this->prefix(77),
                   "bases, a prefix of the device scalars");
  config.scalars_in_montgomery = true;
  this->expect_sum(msm<Curve>(bases, montgomery_scalars_on_device.as_span<Scalar<Curve>>(this->kCount), config),
                   this->scalars, "bases, Montgomery device scalars");
}

TYPED_TEST(CudaInputsTest, DevicePointsWithAndWithoutConversion) {
  using Curve = TypeParam;
  const DeviceBuffer canonical = device_copy(this->points);
  const DeviceBuffer montgomery = device_copy(montgomery_points(this->points));
  const DeviceBuffer device_scalars = device_copy(this->scalars);
  for (bool in_montgomery : {false, true}) {
    for (bool validate : {true, false}) {
      for (bool scalars_on_device : {false, true}) {
        MsmConfig config = kCuda;
        config.points_on_device = true;
        config.points_in_montgomery = in_montgomery;
        config.validate_points = validate;
        config.scalars_on_device = scalars_on_device;
        const auto point_span = (in_montgomery ? montgomery : canonical).as_span<Point<Curve>>(this->kCount);
        const auto scalar_span = scalars_on_device ? device_scalars.as_span<Scalar<Curve>>(this->kCount)
                                                   : std::span<const Scalar<Curve>>(this->scalars);
        MsmStats stats;
        this->expect_sum(msm<Curve>(point_span, scalar_span, config, &stats), this->scalars,
                         std::string("device points, montgomery=") + (in_montgomery ? "1" : "0") + " validate=" +
                             (validate ? "1" : "0") + " device scalars=" + (scalars_on_device ? "1" : "0"));
        EXPECT_EQ(stats.backend, "cuda");
        ASSERT_FALSE(stats.stages.empty());
        EXPECT_EQ(stats.stages.front().name, "convert_inputs");
      }
    }
  }
}

TYPED_TEST(CudaInputsTest, DeviceValidationErrorsAreThoseOfTheHostPath) {
  using Curve = TypeParam;
  struct Case {
    std::vector<Point<Curve>> points;
    MsmConfig config;
    ErrorCode code;
  };
  auto off_curve_points = this->points;
  off_curve_points[1234] = off_curve(off_curve_points[1234]);
  off_curve_points[4000] = x_equal_to_modulus(off_curve_points[4000]);
  auto non_canonical_points = this->points;
  non_canonical_points[777] = x_equal_to_modulus(non_canonical_points[777]);
  non_canonical_points[2000] = off_curve(non_canonical_points[2000]);
  MsmConfig unvalidated = kCuda;
  unvalidated.validate_points = false;
  const std::vector<Case> cases{
      {off_curve_points, kCuda, ErrorCode::point_not_on_curve},
      {non_canonical_points, kCuda, ErrorCode::point_not_canonical},
      // Canonical points are converted, so range-checked even without validation.
      {non_canonical_points, unvalidated, ErrorCode::point_not_canonical},
  };
  for (const Case& c : cases) {
    MsmConfig host_config = c.config;
    host_config.backend = Backend::cpu;
    const auto host = msm<Curve>(c.points, this->scalars, host_config);
    ASSERT_FALSE(host);
    ASSERT_EQ(host.error().code, c.code);
    const DeviceBuffer on_device = device_copy(c.points);
    MsmConfig device_config = c.config;
    device_config.points_on_device = true;
    const auto device = msm<Curve>(on_device.as_span<Point<Curve>>(this->kCount), this->scalars, device_config);
    ASSERT_FALSE(device);
    EXPECT_EQ(device.error().code, c.code) << device.error().message;
    EXPECT_EQ(device.error().message, host.error().message);
    const auto bases = prepare_bases<Curve>(on_device.as_span<Point<Curve>>(this->kCount), device_config);
    ASSERT_FALSE(bases);
    EXPECT_EQ(bases.error().code, c.code);
    EXPECT_EQ(bases.error().message, host.error().message);
    // Host points are prepared on the device too (uploaded, then converted and validated there).
    const auto host_bases = prepare_bases<Curve>(std::span<const Point<Curve>>(c.points), c.config);
    ASSERT_FALSE(host_bases);
    EXPECT_EQ(host_bases.error().code, c.code);
    EXPECT_EQ(host_bases.error().message, host.error().message);
  }
  // Montgomery-form device points, validated in place.
  auto montgomery = montgomery_points(this->points);
  montgomery[4321].y = montgomery[4321].x;
  const DeviceBuffer on_device = device_copy(montgomery);
  MsmConfig config = kCuda;
  config.points_on_device = true;
  config.points_in_montgomery = true;
  const auto device = msm<Curve>(on_device.as_span<Point<Curve>>(this->kCount), this->scalars, config);
  ASSERT_FALSE(device);
  EXPECT_EQ(device.error().code, ErrorCode::point_not_on_curve);
  EXPECT_NE(device.error().message.find("point 4321"), std::string::npos) << device.error().message;
  MsmConfig host_montgomery = kCuda;
  host_montgomery.points_in_montgomery = true;
  const auto prepared = prepare_bases<Curve>(std::span<const Point<Curve>>(montgomery), host_montgomery);
  ASSERT_FALSE(prepared);
  EXPECT_EQ(prepared.error().code, ErrorCode::point_not_on_curve);
  EXPECT_NE(prepared.error().message.find("point 4321"), std::string::npos) << prepared.error().message;
  // The device is still usable afterwards.
  this->expect_sum(msm<Curve>(this->points, this->scalars, kCuda), this->scalars, "after a rejection");
}

TYPED_TEST(CudaInputsTest, MisalignedDevicePointsAreInvalid) {
  using Curve = TypeParam;
  const DeviceBuffer on_device = device_copy(this->points);
  MsmConfig config = kCuda;
  config.points_on_device = true;
  const auto* shifted = reinterpret_cast<const Point<Curve>*>(static_cast<const char*>(on_device.data()) + 8);
  const auto result = msm<Curve>(std::span<const Point<Curve>>(shifted, 10), this->prefix(10), config);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().code, ErrorCode::invalid_argument);
}

TYPED_TEST(CudaInputsTest, ACallersStreamOrdersTheWork) {
  using Curve = TypeParam;
  const Stream stream;
  ASSERT_TRUE(stream.created());
  MsmConfig config = kCuda;
  config.cuda_stream = stream.get();
  this->expect_sum(msm<Curve>(this->points, this->scalars, config), this->scalars, "host inputs on a stream");
  const Bases<Curve> bases = this->prepare(this->points, config);
  this->expect_sum(msm<Curve>(bases, this->scalars, config), this->scalars, "bases on a stream");

  // Scalars written on the stream just before the MSM, without a host synchronisation: the MSM is
  // ordered after the writes.
  auto device_scalars = DeviceBuffer::allocate(this->kCount * sizeof(Scalar<Curve>));
  ASSERT_TRUE(device_scalars) << device_scalars.error().message;
  void* target = device_scalars.value().data();
  ASSERT_CUDA(cudaMemsetAsync(target, 0, this->kCount * sizeof(Scalar<Curve>), stream.get()));
  ASSERT_CUDA(cudaMemcpyAsync(target, this->scalars.data(), this->kCount * sizeof(Scalar<Curve>),
                              cudaMemcpyHostToDevice, stream.get()));
  config.scalars_on_device = true;
  this->expect_sum(msm<Curve>(bases, device_scalars.value().template as_span<Scalar<Curve>>(this->kCount), config),
                   this->scalars, "device scalars written on the same stream");
  // The call returned with the result on the host and the stream idle.
  EXPECT_EQ(cudaStreamQuery(stream.get()), cudaSuccess);
}

TYPED_TEST(CudaInputsTest, TwoMsmsOnTwoStreamsFromTwoThreads) {
  using Curve = TypeParam;
  const Bases<Curve> bases = this->prepare(this->points, kCuda);
  const auto scalars_a = uniform_256_bit_scalars<Curve>(this->kCount, this->rng);
  const auto scalars_b = uniform_256_bit_scalars<Curve>(3333, this->rng);
  const Point<Curve> expected_a = this->expected(scalars_a);
  const Point<Curve> expected_b = this->expected(scalars_b);
  constexpr int kRounds = 4;
  // Each thread runs kRounds MSMs on its own stream; results are checked after the join.
  auto worker = [&](const std::vector<Scalar<Curve>>& s, std::vector<std::optional<Result<Point<Curve>>>>& out) {
    const Stream stream;
    if (!stream.created()) return;
    MsmConfig config = kCuda;
    config.cuda_stream = stream.get();
    for (int round = 0; round < kRounds; ++round) {
      out.emplace_back(round % 2 == 0
                           ? msm<Curve>(bases, s, config)
                           : msm<Curve>(std::span<const Point<Curve>>(this->points.data(), s.size()), s, config));
    }
  };
  std::vector<std::optional<Result<Point<Curve>>>> results_a, results_b;
  std::thread thread_a(worker, std::cref(scalars_a), std::ref(results_a));
  std::thread thread_b(worker, std::cref(scalars_b), std::ref(results_b));
  thread_a.join();
  thread_b.join();
  ASSERT_EQ(results_a.size(), std::size_t{kRounds});
  ASSERT_EQ(results_b.size(), std::size_t{kRounds});
  for (int round = 0; round < kRounds; ++round) {
    ASSERT_TRUE(*results_a[round]) << results_a[round]->error().message;
    ASSERT_TRUE(*results_b[round]) << results_b[round]->error().message;
    EXPECT_EQ(results_a[round]->value(), expected_a) << "thread a, round " << round;
    EXPECT_EQ(results_b[round]->value(), expected_b) << "thread b, round " << round;
  }
}

TYPED_TEST(CudaInputsTest, DeviceBufferHoldsACopy) {
  using Curve = TypeParam;
  DeviceBuffer buffer = device_copy(this->scalars);
  EXPECT_EQ(buffer.bytes(), this->kCount * sizeof(Scalar<Curve>));
  int device = -1;
  ASSERT_CUDA(cudaGetDevice(&device));
  EXPECT_EQ(buffer.device(), device);
  EXPECT_EQ(buffer.as_span<Scalar<Curve>>(this->kCount + 5).size(), this->kCount);  // clamped to the bytes
  std::vector<Scalar<Curve>> back(this->kCount);
  ASSERT_CUDA(cudaMemcpy(back.data(), buffer.data(), buffer.bytes(), cudaMemcpyDeviceToHost));
  EXPECT_EQ(back, this->scalars);
  DeviceBuffer moved = std::move(buffer);
  EXPECT_EQ(buffer.data(), nullptr);  // NOLINT(bugprone-use-after-move): moved-from is documented as empty
  EXPECT_EQ(moved.bytes(), this->kCount * sizeof(Scalar<Curve>));
}

}  // namespace
}  // namespace zkmsm::test
