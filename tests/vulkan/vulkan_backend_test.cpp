// The Vulkan backend's adapter (msm/vulkan/vulkan_backend.hpp) through the one backend interface:
// results equal the cpu backend's through the public API for canonical and Montgomery scalars and
// for prepared bases (an MSM on their prefix), the report, the knobs it refuses, and a rejected
// point named with the host path's code, index and message. Small sizes: lavapipe runs on the CPU.
#include <gtest/gtest.h>

#include <bit>
#include <memory>
#include <string>
#include <vector>

#include "api/curve_map.hpp"
#include "curve/bn254.hpp"
#include "msm/common/msm_backend.hpp"
#include "msm/vulkan/vulkan_backend.hpp"
#include "msm/vulkan/vulkan_msm.hpp"
#include "vulkan_test_support.hpp"
#include "zkmsm/random_inputs.hpp"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm::test {
namespace {

using Internal = Bn254G1;

#define ZKMSM_VULKAN_BACKEND_OR_SKIP(var)                                                            \
  backend::MsmBackend<Internal>& var = vulkan::msm_backend<Internal>();                              \
  if (!var.available()) {                                                                            \
    if (::zkmsm::vulkan::test::device_required()) FAIL() << "no Vulkan device";                      \
    GTEST_SKIP() << "no Vulkan device; install mesa-vulkan-drivers (lavapipe) to run it on the CPU"; \
  }

Point<Bn254> cpu_msm(const std::vector<Point<Bn254>>& points, const std::vector<Scalar<Bn254>>& scalars) {
  MsmConfig cpu;
  cpu.backend = Backend::cpu;
  const auto result = msm<Bn254>(points, scalars, cpu);
  EXPECT_TRUE(result) << result.error().message;
  return result.value();
}

backend::MsmRequest request_for(const std::vector<Point<Bn254>>& points, const std::vector<Scalar<Bn254>>& scalars) {
  backend::MsmRequest request;
  request.points = {points.size(), points.data(), false};
  request.scalars = {scalars.size(), scalars.data(), false};
  return request;
}

TEST(VulkanBackend, NamesItselfAndIsNeverAutomaticOnASoftwareDevice) {
  ZKMSM_VULKAN_BACKEND_OR_SKIP(vulkan_backend);
  EXPECT_EQ(vulkan_backend.kind(), backend::BackendKind::vulkan);
  EXPECT_STREQ(vulkan_backend.name(), "vulkan");
  vulkan::Context* context = nullptr;
  ASSERT_TRUE(vulkan::shared_context(context).ok());
  EXPECT_EQ(vulkan_backend.accelerated(), context->info().kind != vulkan::DeviceKind::cpu);
}

TEST(VulkanBackend, MsmMatchesTheCpuBackendAndReportsItsStages) {
  ZKMSM_VULKAN_BACKEND_OR_SKIP(vulkan_backend);
  const auto points = random_points<Bn254>(300, 11);
  const auto scalars = random_scalars<Bn254>(300, 12);
  const Point<Bn254> expected = cpu_msm(points, scalars);

  AffinePoint<Internal> sum;
  backend::MsmReport report;
  const backend::Status status = vulkan_backend.msm(sum, request_for(points, scalars), report);
  ASSERT_TRUE(status.ok()) << status.message;
  EXPECT_EQ(api::to_public_point<Bn254>(sum), expected);
  EXPECT_EQ(report.accumulator, "xyzz");
  EXPECT_GT(report.window_bits, 0u);
  EXPECT_GT(report.windows, 0u);
  EXPECT_GT(report.estimated_peak_bytes, 0u);
  EXPECT_GT(report.measured_peak_bytes, 0u);
  EXPECT_EQ(report.devices, 1u);
  ASSERT_FALSE(report.stages.empty());
  EXPECT_EQ(report.stages.front().name, "convert_inputs");  // canonical points, converted on the device

  // Montgomery scalars s·R mod r are made canonical on the host first.
  std::vector<Scalar<Bn254>> montgomery(scalars.size());
  for (std::size_t i = 0; i < scalars.size(); ++i) {
    const auto raw = Internal::ScalarField::from_canonical(
                         reduce_mod(std::bit_cast<BigInt<4>>(scalars[i]), Internal::ScalarField::modulus()))
                         .raw();
    for (std::size_t k = 0; k < 4; ++k) montgomery[i][k] = raw.limb[k];
  }
  backend::MsmRequest montgomery_request = request_for(points, montgomery);
  montgomery_request.form.scalars_in_montgomery = true;
  montgomery_request.knobs.accumulator = backend::AccumulatorKind::pair_tree;
  ASSERT_TRUE(vulkan_backend.msm(sum, montgomery_request, report).ok());
  EXPECT_EQ(api::to_public_point<Bn254>(sum), expected);
  EXPECT_EQ(report.accumulator, "pair_tree");
}

TEST(VulkanBackend, RefusesTheKnobsOfOtherBackends) {
  ZKMSM_VULKAN_BACKEND_OR_SKIP(vulkan_backend);
  const auto points = random_points<Bn254>(8, 13);
  const auto scalars = random_scalars<Bn254>(8, 14);
  const auto expect_refused = [&](backend::MsmRequest request, const std::string& words) {
    AffinePoint<Internal> sum;
    backend::MsmReport report;
    const backend::Status status = vulkan_backend.msm(sum, request, report);
    EXPECT_EQ(status.code, backend::StatusCode::invalid_argument) << words;
    EXPECT_NE(status.message.find(words), std::string::npos) << status.message;
  };
  backend::MsmRequest batch_affine = request_for(points, scalars);
  batch_affine.knobs.accumulator = backend::AccumulatorKind::batch_affine;
  expect_refused(batch_affine, "accumulator 'batch_affine' is the cpu backend's");
  for (const auto state : {backend::WalkerState::warp, backend::WalkerState::global_warp}) {
    backend::MsmRequest warp = request_for(points, scalars);
    warp.knobs.walker_state = state;
    expect_refused(warp, "walker_state warp and global_warp are cuda's");
  }
  backend::MsmRequest on_device = request_for(points, scalars);
  on_device.scalars.on_device = true;
  expect_refused(on_device, "inputs in device memory are cuda's");
}

TEST(VulkanBackend, ARejectedPointIsNamedAsTheHostNamesIt) {
  ZKMSM_VULKAN_BACKEND_OR_SKIP(vulkan_backend);
  auto points = random_points<Bn254>(200, 15);
  const auto scalars = random_scalars<Bn254>(200, 16);
  points[150].y[0] ^= 1;
  points[101].x[1] ^= 4;
  backend::MsmRequest request = request_for(points, scalars);
  request.form.validate_points = true;
  AffinePoint<Internal> sum;
  backend::MsmReport report;
  const backend::Status status = vulkan_backend.msm(sum, request, report);
  EXPECT_EQ(status.code, backend::StatusCode::point_not_on_curve);
  EXPECT_EQ(status.point_index, 101u);
  EXPECT_EQ(status.message, "point 101 is not on the curve " + std::string(Bn254::name));
}

TEST(VulkanBackend, PreparedBasesRunOnTheirPrefix) {
  ZKMSM_VULKAN_BACKEND_OR_SKIP(vulkan_backend);
  const auto points = random_points<Bn254>(300, 17);
  const auto scalars = random_scalars<Bn254>(200, 18);
  std::unique_ptr<backend::PreparedBases> bases;
  const backend::Status prepared =
      vulkan_backend.prepare_bases(bases, {points.size(), points.data(), false}, {.validate_points = true}, {});
  ASSERT_TRUE(prepared.ok()) << prepared.message;
  ASSERT_EQ(bases->size(), points.size());
  AffinePoint<Internal> sum;
  backend::MsmReport report;
  const backend::Status status =
      vulkan_backend.msm_bases(sum, *bases, {scalars.size(), scalars.data(), false}, {}, {}, report);
  ASSERT_TRUE(status.ok()) << status.message;
  EXPECT_EQ(api::to_public_point<Bn254>(sum),
            cpu_msm(std::vector<Point<Bn254>>(points.begin(), points.begin() + 200), scalars));

  auto bad = points;
  bad[7].x = {~0ull, ~0ull, ~0ull, ~0ull >> 2};  // above p
  const backend::Status refused =
      vulkan_backend.prepare_bases(bases, {bad.size(), bad.data(), false}, {.validate_points = true}, {});
  EXPECT_EQ(refused.code, backend::StatusCode::point_not_canonical);
  EXPECT_EQ(refused.point_index, 7u);
}

}  // namespace
}  // namespace zkmsm::test
