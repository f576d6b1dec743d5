// The Vulkan backend's whole MSM (vulkan_msm.hpp) against reference_msm (small n) and the CPU
// backend, each input with both walker states, the xyzz walker and the pair tree: a grid of walker knobs,
// adversarial inputs (copies of one point, P and −P, an arithmetic progression), window batches
// under a memory budget, the errors and the kept workspace (the public API with backend = vulkan:
// vulkan_public_api_test.cpp). The edge cases at the default knobs run on every backend in tests/conformance.
// Every test of the process shares the library's context (vulkan::shared_context), so each
// pipeline is compiled once (lavapipe: ~9 s per curve).
// Sizes go up to 2^12 by default (lavapipe runs on the CI machine's CPU); ZKMSM_TEST_LOG_N
// raises them (the device machine: 16 or 20).
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "field/test_support.hpp"
#include "msm/adversarial_inputs.hpp"
#include "msm/vulkan/device_bases.hpp"
#include "msm/vulkan/msm_workspace.hpp"
#include "msm/vulkan/vulkan_msm.hpp"
#include "vulkan_test_support.hpp"
#include "zkmsm/random_inputs.hpp"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm::test {
namespace {

using vulkan::VulkanMsmOptions;
using vulkan::VulkanMsmReport;

std::string describe(const VulkanMsmOptions& o) {
  return "c=" + std::to_string(o.window_bits) + " S=" + std::to_string(o.walker_slots) +
         " workgroup=" + std::to_string(o.walker_workgroup_size) +
         " max_workgroups=" + std::to_string(o.walker_max_workgroups) +
         " budget=" + std::to_string(o.memory_budget_bytes) +
         (o.accumulator == backend::AccumulatorKind::pair_tree
              ? std::string(" pair_tree dx_cache=") + (o.pair_tree_dx_cache ? "on" : "off")
          : o.accumulator == backend::AccumulatorKind::xyzz
              ? std::string(" xyzz")
              : std::string(o.walker_state == backend::WalkerState::global ? " state=global" : " state=registers"));
}

template <class Curve>
class VulkanMsmTest : public SeededTest {
 protected:
  using Affine = AffinePoint<Curve>;

  // The MSM with each accumulator: the walker with its slots in private memory and in a buffer,
  // the xyzz walker and the pair tree (dx cache on every other call; not for walker thread caps); all must agree.
  Affine gpu(vulkan::Context& context,
             const std::vector<Affine>& points,
             const std::vector<Integer<Curve>>& scalars,
             const VulkanMsmOptions& options = {}) {
    VulkanMsmOptions with_state = options;
    with_state.walker_state = backend::WalkerState::registers;
    const Affine in_registers = gpu_once(context, points, scalars, with_state);
    with_state.walker_state = backend::WalkerState::global;
    const Affine in_buffer = gpu_once(context, points, scalars, with_state);
    EXPECT_EQ(in_registers, in_buffer) << "the walker states disagree: " << describe(options);
    // The xyzz walker (one running sum per invocation) where S is 1 or automatic and workgroups
    // have 64 invocations: the grid's other S would repeat it, and each workgroup size is a
    // pipeline lavapipe compiles. Thread caps make it walk in several dispatches.
    if (options.walker_slots <= 1 && options.walker_workgroup_size == 64) {
      VulkanMsmOptions xyzz = options;
      xyzz.accumulator = backend::AccumulatorKind::xyzz;
      xyzz.walker_slots = 0;
      EXPECT_EQ(gpu_once(context, points, scalars, xyzz), in_registers)
          << "the xyzz walker disagrees with the stream walker: " << describe(xyzz);
    }
    // The thread cap is the walkers' alone: the pair tree runs once per other knob setting.
    if (options.walker_max_workgroups != 0) return in_registers;
    VulkanMsmOptions pair_tree = options;
    pair_tree.accumulator = backend::AccumulatorKind::pair_tree;
    pair_tree.pair_tree_dx_cache = (++pair_tree_calls_ % 2) == 0;
    EXPECT_EQ(gpu_once(context, points, scalars, pair_tree), in_registers)
        << "the pair tree disagrees with the walker: " << describe(pair_tree);
    return in_registers;
  }
  Affine gpu_once(vulkan::Context& context,
                  const std::vector<Affine>& points,
                  const std::vector<Integer<Curve>>& scalars,
                  const VulkanMsmOptions& options) {
    Affine result = Affine::generator();
    VulkanMsmReport report;
    const vulkan::Status status = vulkan::msm<Curve>(context, points, scalars, options, result, report);
    EXPECT_TRUE(status.ok()) << status.message << " (" << describe(options) << ")";
    EXPECT_TRUE(result.is_on_curve());
    if (status.ok() && !points.empty()) {
      EXPECT_GT(report.sizes.batches, 0u);
      EXPECT_EQ(report.measured_peak_bytes, report.sizes.device_bytes) << describe(options);
      if (options.memory_budget_bytes != 0) {
        EXPECT_LE(report.sizes.device_bytes, options.memory_budget_bytes);
      }
      if (context.info().timestamps) {
        std::vector<std::string> names;
        for (const auto& stage : report.stages) names.push_back(stage.name);
        std::vector<std::string> expected = {"upload_inputs",  "decompose_scalars",  "sort_by_bucket",
                                             "plan",           "accumulate_buckets", "reduce_buckets",
                                             "download",       "record_commands",    "submit_overhead",
                                             "combine_windows"};
        // Canonical or validated points are converted on the device (reported as one stage).
        if (!options.points_in_montgomery || options.validate_points)
          expected.insert(expected.begin() + 1, "convert_inputs");
        // The discrete-GPU layout copies the staged inputs to device-local memory first.
        if (vulkan::uses_discrete_memory_layout(context.info(), options))
          expected.insert(expected.begin() + 1, "upload_to_device");
        EXPECT_EQ(names, expected);
      }
    }
    return result;
  }
  void expect_correct(vulkan::Context& context,
                      const std::vector<Affine>& points,
                      const std::vector<Integer<Curve>>& scalars,
                      const VulkanMsmOptions& options = {}) {
    EXPECT_EQ(gpu(context, points, scalars, options), expected_msm<Curve>(points, scalars))
        << "n = " << points.size() << ", " << describe(options);
  }
  unsigned log_n() const { return test_log_n(12); }
  unsigned pair_tree_calls_ = 0;
};
using Curves = ::testing::Types<Bn254G1, GrumpkinG1>;
TYPED_TEST_SUITE(VulkanMsmTest, Curves);

TYPED_TEST(VulkanMsmTest, WalkerKnobGrid) {
  using Curve = TypeParam;
  ZKMSM_LIBRARY_CONTEXT_OR_SKIP(context);
  const std::size_t n = 1500;
  const auto points = independent_points<Curve>(n, this->rng());
  const auto scalars = random_scalars_256<Curve>(n, this->rng);
  const auto expected = expected_msm<Curve>(points, scalars);
  // One pipeline per (S, workgroup size): lavapipe compiles each, so the grid stays small.
  for (unsigned s : {1u, 3u, 8u, 16u}) {
    for (unsigned workgroup : {32u, 64u}) {
      for (unsigned max_workgroups : {0u, 1u}) {
        const VulkanMsmOptions o{.window_bits = 9,
                                 .walker_slots = s,
                                 .walker_workgroup_size = workgroup,
                                 .walker_max_workgroups = max_workgroups};
        EXPECT_EQ(this->gpu(*context, points, scalars, o), expected) << describe(o);
      }
    }
  }
}

TYPED_TEST(VulkanMsmTest, MoreSlotsThanEntriesLeavesEmptyPieces) {
  using Curve = TypeParam;
  ZKMSM_LIBRARY_CONTEXT_OR_SKIP(context);
  // 5 points, c = 13: at most 100 entries over 64 threads × 8 slots.
  const auto points = independent_points<Curve>(5, this->rng());
  const auto scalars = random_scalars_256<Curve>(5, this->rng);
  const VulkanMsmOptions o{.window_bits = 13, .walker_slots = 8, .walker_max_workgroups = 1};
  EXPECT_EQ(this->gpu(*context, points, scalars, o), expected_msm<Curve>(points, scalars));
}

TYPED_TEST(VulkanMsmTest, ManyCopiesOfOnePoint) {
  using Curve = TypeParam;
  ZKMSM_LIBRARY_CONTEXT_OR_SKIP(context);
  for (unsigned log_n : {4u, 10u, this->log_n()}) {
    const std::size_t n = std::size_t{1} << log_n;
    const auto points = copies_of_one_point<Curve>(n, this->rng());
    // Equal scalars: one bucket per window holds every entry, split over every slot.
    const std::vector<Integer<Curve>> equal(n, random_scalars_below_r<Curve>(1, this->rng)[0]);
    this->expect_correct(*context, points, equal);
    this->expect_correct(*context, points, equal, {.walker_slots = 3, .walker_max_workgroups = 2});
    this->expect_correct(*context, points, random_scalars_256<Curve>(n, this->rng));
  }
}

TYPED_TEST(VulkanMsmTest, PointAndNegationPairs) {
  using Curve = TypeParam;
  ZKMSM_LIBRARY_CONTEXT_OR_SKIP(context);
  const std::size_t pairs = std::size_t{1} << (this->log_n() - 1);
  const auto points = plus_minus_pairs<Curve>(pairs, this->rng());
  const auto scalars = doubled_up<Curve>(random_scalars_below_r<Curve>(pairs, this->rng));
  EXPECT_TRUE(this->gpu(*context, points, scalars).is_infinity());
  EXPECT_TRUE(this->gpu(*context, points, scalars, {.walker_slots = 1}).is_infinity());
  auto unbalanced = points;
  auto unbalanced_scalars = scalars;
  unbalanced.push_back(points[3]);
  unbalanced_scalars.push_back(random_scalars_256<Curve>(1, this->rng)[0]);
  this->expect_correct(*context, unbalanced, unbalanced_scalars);
}

TYPED_TEST(VulkanMsmTest, ArithmeticProgression) {
  using Curve = TypeParam;
  ZKMSM_LIBRARY_CONTEXT_OR_SKIP(context);
  for (std::size_t n : {std::size_t{300}, std::size_t{1} << this->log_n()}) {
    const auto points = arithmetic_progression<Curve>(n);
    this->expect_correct(*context, points, random_scalars_256<Curve>(n, this->rng));
    std::vector<Integer<Curve>> small(n);
    for (auto& s : small) s = small_scalar<Curve>(1 + this->rng() % 8);
    this->expect_correct(*context, points, small);
    this->expect_correct(*context, points, small, {.window_bits = 4, .walker_slots = 16});
  }
}

TYPED_TEST(VulkanMsmTest, WindowBatchesUnderAMemoryBudget) {
  using Curve = TypeParam;
  ZKMSM_LIBRARY_CONTEXT_OR_SKIP(context);
  const std::size_t n = 3000;
  const auto points = independent_points<Curve>(n, this->rng());
  const auto scalars = random_scalars_256<Curve>(n, this->rng);
  const auto expected = expected_msm<Curve>(points, scalars);
  vulkan::MsmSizes full;
  ASSERT_TRUE(vulkan::size_msm(full, context->info(), CurveId::bn254, n, 254, {.window_bits = 8}).ok());
  ASSERT_EQ(full.batches, 1u);
  // Down to one window per batch (33 batches at c = 8: three submissions of 12 batches).
  vulkan::MsmSizes one;
  ASSERT_TRUE(
      vulkan::size_msm(one, context->info(), CurveId::bn254, n, 254, {.window_bits = 8, .memory_budget_bytes = 1 << 20})
          .ok());
  for (std::size_t budget : {full.device_bytes / 2, full.device_bytes / 4, std::size_t{1} << 20}) {
    const VulkanMsmOptions o{.window_bits = 8, .memory_budget_bytes = budget};
    vulkan::MsmSizes plan;
    ASSERT_TRUE(vulkan::size_msm(plan, context->info(), CurveId::bn254, n, 254, o).ok());
    EXPECT_GT(plan.batches, 1u);
    EXPECT_LE(plan.device_bytes, budget);
    EXPECT_EQ(this->gpu(*context, points, scalars, o), expected) << describe(o) << ", " << plan.batches << " batches";
  }
}

// The layout every discrete GPU runs (inputs staged in host memory and copied by the first
// command, device-local working buffers, the bit sums copied back to host memory), on whatever
// device the tests have (lavapipe in CI): every accumulator, canonical points converted and
// validated on the device, and window batches over several submissions.
TYPED_TEST(VulkanMsmTest, TheDiscreteGpuLayoutGivesTheSameSums) {
  using Curve = TypeParam;
  ZKMSM_LIBRARY_CONTEXT_OR_SKIP(context);
  const std::size_t n = std::size_t{1} << this->log_n();
  const auto points = independent_points<Curve>(n, this->rng());
  const auto scalars = random_scalars_256<Curve>(n, this->rng);
  for (const backend::AccumulatorKind accumulator :
       {backend::AccumulatorKind::stream_walker, backend::AccumulatorKind::xyzz, backend::AccumulatorKind::pair_tree}) {
    this->expect_correct(*context, points, scalars, {.accumulator = accumulator, .discrete_memory_layout = true});
  }
  // The canonical coordinates in the words of the Montgomery form (what the device converts).
  using Field = typename Curve::BaseField;
  std::vector<AffinePoint<Curve>> canonical = points;
  for (auto& p : canonical) p = {Field::from_raw(p.x.to_canonical()), Field::from_raw(p.y.to_canonical())};
  EXPECT_EQ(this->gpu(*context, canonical, scalars,
                      {.points_in_montgomery = false, .validate_points = true, .discrete_memory_layout = true}),
            expected_msm<Curve>(points, scalars));
  const std::size_t small = 3000;
  const std::vector<AffinePoint<Curve>> few(points.begin(), points.begin() + small);
  const std::vector<Integer<Curve>> few_scalars(scalars.begin(), scalars.begin() + small);
  // c = 8 in 1 MiB: one window per batch, 33 batches in three submissions.
  this->expect_correct(*context, few, few_scalars,
                       {.window_bits = 8, .memory_budget_bytes = 1 << 20, .discrete_memory_layout = true});
  // The inputs copied in chunks submitted as the host fills them (4,096 inputs in 5 and 3 uneven
  // chunks), on host points and on bases kept on the device (the scalars alone staged, the kept
  // upload batches resubmitted), then in one chunk again (another chunking: recorded anew).
  for (const unsigned chunks : {5u, 3u, 1u}) {
    this->expect_correct(
        *context, points, scalars,
        {.accumulator = backend::AccumulatorKind::xyzz, .discrete_memory_layout = true, .upload_chunks = chunks});
  }
  this->expect_correct(
      *context, few, few_scalars,
      {.window_bits = 8, .memory_budget_bytes = 1 << 20, .discrete_memory_layout = true, .upload_chunks = 3});
  constexpr CurveId curve = vulkan::shader_curve_of<Curve>();
  vulkan::DeviceBases bases;
  std::optional<std::uint32_t> rejected;
  ASSERT_TRUE(vulkan::prepare_device_bases(*context, curve, n, reinterpret_cast<const std::uint32_t*>(canonical.data()),
                                           {.to_montgomery = true, .validate = true}, bases, rejected)
                  .ok());
  bool first_run = true;
  for (const unsigned chunks : {4u, 4u, 1u}) {
    const auto run_scalars = random_scalars_256<Curve>(n, this->rng);
    AffinePoint<Curve> result;
    VulkanMsmReport report;
    const auto status = vulkan::msm_from_words<Curve>(
        *context, n, vulkan::MsmPoints{nullptr, bases.points.get()},
        reinterpret_cast<const std::uint32_t*>(run_scalars.data()),
        {.accumulator = backend::AccumulatorKind::xyzz, .discrete_memory_layout = true, .upload_chunks = chunks},
        result, report);
    ASSERT_TRUE(status.ok()) << status.message;
    EXPECT_EQ(result, expected_msm<Curve>(points, run_scalars)) << chunks << " upload chunks on bases";
    EXPECT_EQ(report.recording_reused, !first_run && chunks == 4u) << chunks << " upload chunks on bases";
    first_run = false;
  }
  AffinePoint<Curve> unused;
  VulkanMsmReport unused_report;
  EXPECT_EQ(vulkan::msm<Curve>(*context, points, scalars, {.discrete_memory_layout = true, .upload_chunks = 65}, unused,
                               unused_report)
                .code,
            vulkan::StatusCode::invalid_argument);
}

TYPED_TEST(VulkanMsmTest, BadOptionsAreErrors) {
  using Curve = TypeParam;
  ZKMSM_LIBRARY_CONTEXT_OR_SKIP(context);
  const auto points = independent_points<Curve>(10, this->rng());
  const auto scalars = random_scalars_256<Curve>(10, this->rng);
  const auto expect_error = [&](const VulkanMsmOptions& o, vulkan::StatusCode code) {
    AffinePoint<Curve> result = AffinePoint<Curve>::generator();
    VulkanMsmReport report;
    const auto status = vulkan::msm<Curve>(*context, points, scalars, o, result, report);
    EXPECT_EQ(status.code, code) << describe(o) << ": " << status.message;
    EXPECT_FALSE(status.message.empty());
    EXPECT_EQ(result, AffinePoint<Curve>::generator());
  };
  expect_error({.window_bits = 1}, vulkan::StatusCode::invalid_argument);
  expect_error({.window_bits = 23}, vulkan::StatusCode::invalid_argument);
  expect_error({.walker_slots = 65}, vulkan::StatusCode::invalid_argument);
  expect_error({.walker_workgroup_size = 0}, vulkan::StatusCode::invalid_argument);
  expect_error({.walker_workgroup_size = 1u << 20}, vulkan::StatusCode::invalid_argument);
  expect_error({.memory_budget_bytes = 1000}, vulkan::StatusCode::out_of_memory);
  expect_error({.accumulator = backend::AccumulatorKind::xyzz, .walker_slots = 2},
               vulkan::StatusCode::invalid_argument);
  expect_error({.accumulator = backend::AccumulatorKind::batch_affine}, vulkan::StatusCode::invalid_argument);
  AffinePoint<Curve> result;
  VulkanMsmReport report;
  const std::vector<Integer<Curve>> fewer(scalars.begin(), scalars.begin() + 9);
  EXPECT_EQ(vulkan::msm<Curve>(*context, points, fewer, {}, result, report).code, vulkan::StatusCode::invalid_argument);
}

// The buffers of one shape are kept for the next MSM of that shape (msm_workspace.hpp); stale
// contents from the earlier MSM never leak into the next result.
TYPED_TEST(VulkanMsmTest, KeptWorkspaceIsReusedForTheSameShape) {
  using Curve = TypeParam;
  ZKMSM_LIBRARY_CONTEXT_OR_SKIP(context);
  const std::size_t n = 900;
  vulkan::release_kept_workspace();
  const auto run = [&](const std::vector<AffinePoint<Curve>>& points, const std::vector<Integer<Curve>>& scalars,
                       const VulkanMsmOptions& options, bool expect_reused) {
    AffinePoint<Curve> result;
    VulkanMsmReport report;
    const auto status = vulkan::msm<Curve>(*context, points, scalars, options, result, report);
    ASSERT_TRUE(status.ok()) << status.message;
    EXPECT_EQ(report.workspace_reused, expect_reused) << describe(options);
    // The same shape on the workspace's own point buffer: its recorded command batches run again.
    EXPECT_EQ(report.recording_reused, expect_reused) << describe(options);
    EXPECT_EQ(result, expected_msm<Curve>(points, scalars)) << describe(options);
  };
  const auto points = independent_points<Curve>(n, this->rng());
  const auto other_points = independent_points<Curve>(n, this->rng());
  for (const backend::AccumulatorKind accumulator :
       {backend::AccumulatorKind::stream_walker, backend::AccumulatorKind::xyzz}) {
    vulkan::release_kept_workspace();
    run(points, random_scalars_256<Curve>(n, this->rng), {.accumulator = accumulator}, false);
    run(other_points, random_scalars_256<Curve>(n, this->rng), {.accumulator = accumulator}, true);
    // All scalars zero after random ones: every bucket empty, nothing of the last MSM may remain.
    run(other_points, std::vector<Integer<Curve>>(n), {.accumulator = accumulator}, true);
    run(points, random_scalars_256<Curve>(n, this->rng), {.accumulator = accumulator, .window_bits = 5}, false);
    vulkan::release_kept_workspace();
    run(points, random_scalars_256<Curve>(n, this->rng), {.accumulator = accumulator, .window_bits = 5}, false);
  }
}

// The kept workspace belongs to the context that made it: an MSM on another context (another
// VkDevice, whose command buffers may not name the first one's buffers) makes its own.
TYPED_TEST(VulkanMsmTest, AnotherContextGetsItsOwnWorkspace) {
  using Curve = TypeParam;
  ZKMSM_LIBRARY_CONTEXT_OR_SKIP(context);
  std::unique_ptr<vulkan::Context> other;
  ASSERT_TRUE(vulkan::Context::create(other).ok());
  const std::size_t n = 700;
  const auto points = independent_points<Curve>(n, this->rng());
  const auto run = [&](vulkan::Context& on, bool expect_reused) {
    const auto scalars = random_scalars_256<Curve>(n, this->rng);
    AffinePoint<Curve> result;
    VulkanMsmReport report;
    const auto status = vulkan::msm<Curve>(on, points, scalars, {}, result, report);
    ASSERT_TRUE(status.ok()) << status.message;
    EXPECT_EQ(report.workspace_reused, expect_reused);
    EXPECT_EQ(report.recording_reused, expect_reused);
    EXPECT_EQ(result, expected_msm<Curve>(points, scalars));
  };
  vulkan::release_kept_workspace();
  run(*context, false);
  run(*context, true);
  run(*other, false);
  run(*other, true);
  run(*context, false);
  // The other context goes first: nothing of its device may stay kept.
  vulkan::release_kept_workspace();
}

// Prepared bases kept on the device (device_bases.hpp): MSMs on them and on a prefix equal the
// reference; an MSM on bases uses a kept workspace that has point buffers it does not need, and an
// MSM on host points never uses one without them.
TYPED_TEST(VulkanMsmTest, BasesOnTheDeviceShareTheKeptWorkspace) {
  using Curve = TypeParam;
  ZKMSM_LIBRARY_CONTEXT_OR_SKIP(context);
  constexpr CurveId curve = vulkan::shader_curve_of<Curve>();
  const std::size_t n = 900;
  const auto points = independent_points<Curve>(n, this->rng());
  vulkan::DeviceBases bases;
  std::optional<std::uint32_t> rejected;
  ASSERT_TRUE(vulkan::prepare_device_bases(*context, curve, n, reinterpret_cast<const std::uint32_t*>(points.data()),
                                           {.to_montgomery = false, .validate = true}, bases, rejected)
                  .ok());
  ASSERT_FALSE(rejected.has_value());
  ASSERT_EQ(bases.size(), n);
  const auto run = [&](std::size_t count, bool on_bases, bool expect_reused, bool expect_recording_reused) {
    const auto scalars = random_scalars_256<Curve>(count, this->rng);
    const vulkan::MsmPoints where = on_bases ? vulkan::MsmPoints{nullptr, bases.points.get()}
                                             : vulkan::MsmPoints{reinterpret_cast<const std::uint32_t*>(points.data())};
    AffinePoint<Curve> result;
    VulkanMsmReport report;
    const auto status = vulkan::msm_from_words<Curve>(
        *context, count, where, reinterpret_cast<const std::uint32_t*>(scalars.data()), {}, result, report);
    ASSERT_TRUE(status.ok()) << status.message;
    const std::vector<AffinePoint<Curve>> prefix(points.begin(), points.begin() + count);
    EXPECT_EQ(result, expected_msm<Curve>(prefix, scalars)) << count << (on_bases ? " on bases" : " host points");
    EXPECT_EQ(report.workspace_reused, expect_reused) << count << (on_bases ? " on bases" : " host points");
    EXPECT_EQ(report.recording_reused, expect_recording_reused) << count << (on_bases ? " on bases" : " host points");
  };
  vulkan::release_kept_workspace();
  run(n, false, false, false);
  run(n, true, true, false);      // the host MSM's workspace, its point buffers unused
  run(500, true, false, false);   // a prefix: another shape, made without point buffers
  run(500, true, true, true);     // the same bases again: the recorded batches too
  run(500, false, false, false);  // host points need the point buffers
  run(500, true, true, false);    // the recording read the workspace's point buffer
  // Bases prepared anew (the old ones freed first, so the new buffer may take their handle or
  // address): the kept recording names the freed buffer and must not run.
  bases.points.reset();
  bases.n = 0;
  ASSERT_TRUE(vulkan::prepare_device_bases(*context, curve, n, reinterpret_cast<const std::uint32_t*>(points.data()),
                                           {.to_montgomery = false, .validate = true}, bases, rejected)
                  .ok());
  run(500, true, true, false);
  run(500, true, true, true);
  // A point the device rejects is named, and the bases stay empty.
  auto bad = points;
  bad[37].y = bad[37].y + bad[37].y;
  vulkan::DeviceBases refused;
  ASSERT_TRUE(vulkan::prepare_device_bases(*context, curve, n, reinterpret_cast<const std::uint32_t*>(bad.data()),
                                           {.to_montgomery = false, .validate = true}, refused, rejected)
                  .ok());
  EXPECT_EQ(rejected, std::optional<std::uint32_t>(37));
  EXPECT_EQ(refused.size(), 0u);
}

// The walker's dispatch count comes from the batch's entries E, its pieces from the valid ones M:
// with many zero digits (M << E) slots finish in the first dispatch, and the later dispatches must
// leave them finished whatever their saved state held (the kept workspace's last MSM). One
// workgroup of 64 walkers with S = 8 (512 pieces) over E = 20 · 1,000 entries is two dispatches
// of 32 rounds, as one workgroup of 32 xyzz walkers (625 entries each) is two of 512 entries;
// 40-bit scalars leave M ~ E / 5. The dense MSM in between leaves busy states behind.
TYPED_TEST(VulkanMsmTest, SlotsThatFinishInTheFirstDispatchStayFinished) {
  using Curve = TypeParam;
  ZKMSM_LIBRARY_CONTEXT_OR_SKIP(context);
  const std::size_t n = 1000;
  const auto points = independent_points<Curve>(n, this->rng());
  auto dense = random_scalars_256<Curve>(n, this->rng);
  auto small = random_scalars_256<Curve>(n, this->rng);
  for (auto& s : small) {
    s = small_scalar<Curve>(s.limb[0] & ((std::uint64_t{1} << 40) - 1));
  }
  // 150-bit scalars: ~12 of the 20 windows hold digits, ~375 entries per xyzz piece, so its pieces
  // finish in the first of two dispatches too (the small ones leave cursors inside these pieces).
  auto medium = random_scalars_256<Curve>(n, this->rng);
  for (auto& s : medium) {
    s.limb[2] &= (std::uint64_t{1} << 22) - 1;
    s.limb[3] = 0;
  }
  const VulkanMsmOptions walker{
      .window_bits = 13, .walker_slots = 8, .walker_workgroup_size = 64, .walker_max_workgroups = 1};
  const VulkanMsmOptions xyzz{.accumulator = backend::AccumulatorKind::xyzz,
                              .window_bits = 13,
                              .walker_workgroup_size = 32,
                              .walker_max_workgroups = 1};
  for (const VulkanMsmOptions& options : {walker, xyzz}) {
    vulkan::release_kept_workspace();
    for (const std::vector<Integer<Curve>>* scalars : {&small, &medium, &dense, &medium, &small}) {
      AffinePoint<Curve> result;
      VulkanMsmReport report;
      const auto status = vulkan::msm<Curve>(*context, points, *scalars, options, result, report);
      ASSERT_TRUE(status.ok()) << status.message;
      EXPECT_EQ(report.sizes.walker_threads, options.walker_workgroup_size) << describe(options);
      EXPECT_EQ(result, expected_msm<Curve>(points, *scalars)) << describe(options)
                                                               << (scalars == &dense    ? ", dense"
                                                                   : scalars == &medium ? ", medium"
                                                                                        : ", small");
    }
  }
}

}  // namespace
}  // namespace zkmsm::test
