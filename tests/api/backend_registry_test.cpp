// The backend registry and the dispatcher's choice: registration order is the order `automatic`
// tries, lookup by kind, the generated registration list of this build, and the batch defaults
// of the backend interface ("msm m: " on the first failing MSM).
#include <gtest/gtest.h>

#include <memory>
#include <span>
#include <vector>

#include "api/dispatcher.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "msm/common/backend_registry.hpp"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm::test {
namespace {

// A backend that sums nothing and fails the MSM whose point count is `failing_n`.
template <class Curve>
class StubBackend final : public backend::MsmBackend<Curve> {
 public:
  explicit StubBackend(backend::BackendKind kind, std::size_t failing_n = ~std::size_t{0})
      : kind_(kind), failing_n_(failing_n) {}
  backend::BackendKind kind() const override { return kind_; }
  const char* name() const override { return "stub"; }
  bool available() const override { return true; }
  bool accelerated() const override { return false; }
  backend::Status msm(AffinePoint<Curve>& sum, const backend::MsmRequest& request, backend::MsmReport&) override {
    sum = AffinePoint<Curve>::infinity();
    if (request.points.n == failing_n_)
      return backend::Status::error(backend::StatusCode::invalid_argument, "stub refuses");
    return backend::Status::success();
  }
  backend::Status prepare_bases(std::unique_ptr<backend::PreparedBases>&,
                                const backend::PointInputs&,
                                const backend::InputForm&,
                                const backend::Knobs&) override {
    return backend::Status::error(backend::StatusCode::unavailable, "no bases");
  }
  backend::Status msm_bases(AffinePoint<Curve>&,
                            const backend::PreparedBases&,
                            const backend::ScalarInputs&,
                            const backend::InputForm&,
                            const backend::Knobs&,
                            backend::MsmReport&) override {
    return backend::Status::error(backend::StatusCode::unavailable, "no bases");
  }

 private:
  backend::BackendKind kind_;
  std::size_t failing_n_;
};

TEST(BackendRegistryTest, KeepsRegistrationOrderPerCurveAndFindsByKind) {
  backend::BackendRegistry registry;
  StubBackend<Bn254G1> vulkan{backend::BackendKind::vulkan};
  StubBackend<Bn254G1> cpu{backend::BackendKind::cpu};
  StubBackend<GrumpkinG1> grumpkin_cpu{backend::BackendKind::cpu};
  registry.add<Bn254G1>(vulkan);
  registry.add<Bn254G1>(cpu);
  registry.add<GrumpkinG1>(grumpkin_cpu);

  const auto bn254 = registry.backends<Bn254G1>();
  ASSERT_EQ(bn254.size(), 2u);
  EXPECT_EQ(bn254[0], &vulkan);
  EXPECT_EQ(bn254[1], &cpu);
  EXPECT_EQ(registry.find<Bn254G1>(backend::BackendKind::cpu), &cpu);
  EXPECT_EQ(registry.find<Bn254G1>(backend::BackendKind::cuda), nullptr);
  EXPECT_EQ(registry.find<GrumpkinG1>(backend::BackendKind::cpu), &grumpkin_cpu);
  EXPECT_EQ(registry.find<GrumpkinG1>(backend::BackendKind::vulkan), nullptr);
}

// Every curve has the same backends, in priority order (cuda, vulkan, cpu), cpu always.
TEST(BackendRegistryTest, TheLibraryRegistersItsBackendsInPriorityOrder) {
  const auto bn254 = api::registry().backends<Bn254G1>();
  const auto grumpkin = api::registry().backends<GrumpkinG1>();
  ASSERT_EQ(bn254.size(), grumpkin.size());
  for (std::size_t i = 0; i < bn254.size(); ++i) EXPECT_EQ(bn254[i]->kind(), grumpkin[i]->kind());
  ASSERT_FALSE(bn254.empty());
  EXPECT_EQ(bn254.back()->kind(), backend::BackendKind::cpu);
  EXPECT_STREQ(bn254.back()->name(), "cpu");
  for (std::size_t i = 0; i + 1 < bn254.size(); ++i) {
    const bool cuda_before_vulkan =
        !(bn254[i]->kind() == backend::BackendKind::vulkan && bn254[i + 1]->kind() == backend::BackendKind::cuda);
    EXPECT_TRUE(cuda_before_vulkan);
  }
}

// automatic: the first registered backend that is accelerated and available, else cpu.
TEST(BackendRegistryTest, AutomaticIsTheFirstAcceleratedAvailableBackendElseCpu) {
  Backend expected = Backend::cpu;
  for (const backend::MsmBackend<Bn254G1>* candidate : api::registry().backends<Bn254G1>()) {
    if (candidate->accelerated() && candidate->available()) {
      expected = api::to_public(candidate->kind());
      break;
    }
  }
  EXPECT_EQ(api::resolve_backend(Backend::automatic), expected);
  EXPECT_EQ(api::resolve_backend(Backend::vulkan), Backend::vulkan);
}

TEST(BackendRegistryTest, DefaultBatchNamesTheFirstFailingMsm) {
  StubBackend<Bn254G1> stub{backend::BackendKind::cpu, 3};
  std::vector<backend::MsmRequest> requests(4);
  for (std::size_t m = 0; m < requests.size(); ++m) requests[m].points.n = requests[m].scalars.n = m + 1;
  std::vector<AffinePoint<Bn254G1>> sums(requests.size());
  std::vector<backend::MsmReport> reports(requests.size());
  const backend::Status status = stub.msm_batch(sums, requests, reports);
  EXPECT_EQ(status.code, backend::StatusCode::invalid_argument);
  EXPECT_EQ(status.message, "msm 2: stub refuses");
}

TEST(BackendRegistryTest, StatusCodesMapOneToOne) {
  using backend::StatusCode;
  EXPECT_EQ(api::to_error(backend::Status::error(StatusCode::invalid_argument, "a")).code, ErrorCode::invalid_argument);
  EXPECT_EQ(api::to_error(backend::Status::error(StatusCode::point_not_canonical, "b")).code,
            ErrorCode::point_not_canonical);
  EXPECT_EQ(api::to_error(backend::Status::error(StatusCode::point_not_on_curve, "c")).code,
            ErrorCode::point_not_on_curve);
  EXPECT_EQ(api::to_error(backend::Status::error(StatusCode::unavailable, "d")).code, ErrorCode::backend_unavailable);
  EXPECT_EQ(api::to_error(backend::Status::error(StatusCode::out_of_memory, "e")).code, ErrorCode::out_of_memory);
  const Error device = api::to_error(backend::Status::error(StatusCode::device_error, "f"));
  EXPECT_EQ(device.code, ErrorCode::device_error);
  EXPECT_EQ(device.message, "f");
}

}  // namespace
}  // namespace zkmsm::test
