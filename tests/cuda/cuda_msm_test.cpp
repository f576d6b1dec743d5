// cuda::msm on the GPU against reference_msm (small n) and the CPU backend (larger n): a grid of
// walker knobs, the walker states on adversarial inputs (copies of one point, P and −P, an
// arithmetic progression), window batches under a memory budget and the out-of-memory path.
// The edge cases at the default knobs run on every backend in tests/conformance.
// Sizes go up to 2^16 by default; ZKMSM_TEST_LOG_N=20 raises the largest ones to 2^20.
// Without a usable CUDA device every test is skipped.
#include <gtest/gtest.h>

#include <vector>

#include "cuda_test_support.hpp"
#include "field/test_support.hpp"
#include "msm/cuda/cuda_msm_internal.hpp"

namespace zkmsm::test {
namespace {

using backend::WalkerState;
using cuda::CudaMsmOptions;

template <class Curve>
class CudaMsmTest : public SeededTest {
 protected:
  using Affine = AffinePoint<Curve>;

  void SetUp() override {
    SeededTest::SetUp();
    if (!cuda::device_available()) GTEST_SKIP() << "no CUDA device: GPU tests run on the device machine";
  }

  static Affine gpu(const std::vector<Affine>& points,
                    const std::vector<Integer<Curve>>& scalars,
                    const CudaMsmOptions& options = {}) {
    Affine result = Affine::generator();
    cuda::CudaMsmReport report;
    const cuda::CudaStatus status = cuda::msm<Curve>(&result, points, scalars, options, &report);
    EXPECT_TRUE(status.ok) << status.message << " (" << describe(options) << ")";
    EXPECT_TRUE(result.is_on_curve());
    if (status.ok && !points.empty()) {
      EXPECT_EQ(report.stages.size(), 10u);
      EXPECT_GT(report.measured_peak_bytes, 0u);
      EXPECT_LE(report.measured_peak_bytes, report.estimated_peak_bytes) << describe(options);
      EXPECT_EQ(report.estimated_peak_bytes, cuda::estimate_device_bytes<Curve>(points.size(), options));
    }
    return result;
  }
  void expect_correct(const std::vector<Affine>& points,
                      const std::vector<Integer<Curve>>& scalars,
                      const CudaMsmOptions& options = {}) {
    EXPECT_EQ(gpu(points, scalars, options), expected_msm<Curve>(points, scalars))
        << "n = " << points.size() << ", " << describe(options);
  }
};
using Curves = ::testing::Types<Bn254G1, GrumpkinG1, Bls12381G1>;
TYPED_TEST_SUITE(CudaMsmTest, Curves);

TYPED_TEST(CudaMsmTest, WalkerKnobGrid) {
  using Curve = TypeParam;
  const std::size_t n = 5000;
  const auto points = independent_points<Curve>(n, this->rng());
  const auto scalars = random_scalars_256<Curve>(n, this->rng);
  const auto expected = expected_msm<Curve>(points, scalars);
  for (auto state : {WalkerState::registers, WalkerState::global, WalkerState::global_warp}) {
    for (unsigned s : {1u, 2u, 8u, 16u}) {
      for (unsigned tpb : {64u, 128u, 256u}) {
        for (unsigned blocks : {0u, 1u}) {
          const CudaMsmOptions o{.window_bits = 10,
                                 .walker_slots = s,
                                 .walker_threads_per_block = tpb,
                                 .walker_max_blocks = blocks,
                                 .walker_state = state};
          EXPECT_EQ(this->gpu(points, scalars, o), expected) << describe(o);
        }
      }
    }
  }
  for (auto state : {WalkerState::global, WalkerState::global_warp}) {
    for (unsigned s : {3u, 32u, 64u}) {
      const CudaMsmOptions o{.walker_slots = s, .walker_state = state};
      EXPECT_EQ(this->gpu(points, scalars, o), expected) << describe(o);
    }
  }
  // Warp state: the shuffles need whole warps; odd thread caps leave lanes with empty ranges.
  for (unsigned s : {1u, 2u, 4u}) {
    for (unsigned tpb : {32u, 128u, 256u}) {
      for (unsigned blocks : {0u, 1u, 3u}) {
        const CudaMsmOptions o{.window_bits = 10,
                               .walker_slots = s,
                               .walker_threads_per_block = tpb,
                               .walker_max_blocks = blocks,
                               .walker_state = WalkerState::warp};
        EXPECT_EQ(this->gpu(points, scalars, o), expected) << describe(o);
      }
    }
  }
}

TYPED_TEST(CudaMsmTest, ManyCopiesOfOnePoint) {
  using Curve = TypeParam;
  const unsigned log_max = test_log_n();
  for (unsigned log_n : {4u, 12u, log_max}) {
    const std::size_t n = std::size_t{1} << log_n;
    const auto points = copies_of_one_point<Curve>(n, this->rng());
    // Equal scalars: one bucket per window holds every entry, split over many slots.
    const std::vector<Integer<Curve>> equal(n, random_scalars_below_r<Curve>(1, this->rng)[0]);
    this->expect_correct(points, equal, {.walker_slots = 16, .walker_state = WalkerState::global});
    this->expect_correct(points, equal, {.walker_slots = 4, .walker_state = WalkerState::warp});
    this->expect_correct(points, equal, {.walker_slots = 8, .walker_state = WalkerState::global_warp});
  }
}

TYPED_TEST(CudaMsmTest, PointAndNegationPairs) {
  using Curve = TypeParam;
  const std::size_t pairs = std::size_t{1} << (test_log_n() - 1);
  const auto points = plus_minus_pairs<Curve>(pairs, this->rng());
  const auto scalars = doubled_up<Curve>(random_scalars_below_r<Curve>(pairs, this->rng));
  for (auto state : {WalkerState::registers, WalkerState::global, WalkerState::warp, WalkerState::global_warp}) {
    const CudaMsmOptions o{.walker_state = state};
    EXPECT_TRUE(this->gpu(points, scalars, o).is_infinity()) << describe(o);
  }
}

TYPED_TEST(CudaMsmTest, ArithmeticProgression) {
  using Curve = TypeParam;
  for (std::size_t n : {300u, 4096u}) {
    const auto points = arithmetic_progression<Curve>(n);
    std::vector<Integer<Curve>> small(n);
    for (auto& s : small) s = small_scalar<Curve>(1 + this->rng() % 8);
    this->expect_correct(points, small, {.window_bits = 4, .walker_slots = 16, .walker_state = WalkerState::global});
  }
}

// The pair tree on the device: random independent points at 2^12 and at the test size with S = 8,
// 16, 32 and the dx cache; copies of one point (one bucket per window of every entry: ⌈log₂ n⌉
// levels); P and −P; an arithmetic progression; glv.
TYPED_TEST(CudaMsmTest, PairTree) {
  using Curve = TypeParam;
  constexpr auto tree = backend::AccumulatorKind::pair_tree;
  for (unsigned log_n : {12u, test_log_n()}) {
    const std::size_t n = std::size_t{1} << log_n;
    const auto points = independent_points<Curve>(n, this->rng());
    const auto scalars = random_scalars_256<Curve>(n, this->rng);
    for (unsigned s : {8u, 16u, 32u}) this->expect_correct(points, scalars, {.accumulator = tree, .walker_slots = s});
    this->expect_correct(points, scalars, {.accumulator = tree, .pair_tree_dx_cache = true});
    this->expect_correct(points, scalars, {.accumulator = tree, .glv = backend::GlvChoice::on});
  }
  const auto copies = copies_of_one_point<Curve>(std::size_t{1} << test_log_n(), this->rng());
  const std::vector<Integer<Curve>> equal(copies.size(), random_scalars_below_r<Curve>(1, this->rng)[0]);
  this->expect_correct(copies, equal, {.accumulator = tree});
  const auto pairs = plus_minus_pairs<Curve>(2048, this->rng());
  const auto paired = doubled_up<Curve>(random_scalars_below_r<Curve>(2048, this->rng));
  EXPECT_TRUE(this->gpu(pairs, paired, {.accumulator = tree}).is_infinity());
  const auto progression = arithmetic_progression<Curve>(4096);
  std::vector<Integer<Curve>> small(progression.size());
  for (auto& k : small) k = small_scalar<Curve>(1 + this->rng() % 8);
  this->expect_correct(progression, small, {.window_bits = 4, .accumulator = tree});
}

// glv on the device (the split in decompose_scalars, φ(P) in endomorphism_points): random
// independent points at 2^12 and at the test size, both accumulators, copies of one point, P and
// −P, and the edge scalars (0, r − 1, r, 2^256 − 1, λ) with a point at infinity.
TYPED_TEST(CudaMsmTest, GlvSplitScalars) {
  using Curve = TypeParam;
  constexpr auto xyzz = backend::AccumulatorKind::xyzz;
  constexpr auto walker = backend::AccumulatorKind::stream_walker;
  for (unsigned log_n : {12u, test_log_n()}) {
    const std::size_t n = std::size_t{1} << log_n;
    const auto points = independent_points<Curve>(n, this->rng());
    const auto scalars = random_scalars_256<Curve>(n, this->rng);
    this->expect_correct(points, scalars, {.accumulator = xyzz, .glv = backend::GlvChoice::on});
    this->expect_correct(points, scalars, {.accumulator = walker, .glv = backend::GlvChoice::on});
  }
  const auto copies = copies_of_one_point<Curve>(4096, this->rng());
  const std::vector<Integer<Curve>> equal(copies.size(), random_scalars_below_r<Curve>(1, this->rng)[0]);
  this->expect_correct(copies, equal, {.accumulator = xyzz, .glv = backend::GlvChoice::on});
  const auto pairs = plus_minus_pairs<Curve>(2048, this->rng());
  const auto paired = doubled_up<Curve>(random_scalars_below_r<Curve>(2048, this->rng));
  EXPECT_TRUE(this->gpu(pairs, paired, {.accumulator = xyzz, .glv = backend::GlvChoice::on}).is_infinity());
  auto edge_points = independent_points<Curve>(8, this->rng());
  edge_points[3] = AffinePoint<Curve>::infinity();
  const auto edge_scalars = glv_edge_scalars<Curve>();
  this->expect_correct(edge_points, edge_scalars, {.accumulator = xyzz, .glv = backend::GlvChoice::on});
}

TYPED_TEST(CudaMsmTest, WindowBatchesUnderAMemoryBudget) {
  using Curve = TypeParam;
  const std::size_t n = 20000;
  const auto points = independent_points<Curve>(n, this->rng());
  const auto scalars = random_scalars_256<Curve>(n, this->rng);
  const auto expected = expected_msm<Curve>(points, scalars);
  const std::size_t full = cuda::estimate_device_bytes<Curve>(n, {});
  for (std::size_t budget : {full / 2, full / 5, std::size_t{1}}) {
    const CudaMsmOptions o{.memory_budget_bytes = budget};
    EXPECT_LT(cuda::estimate_device_bytes<Curve>(n, o), full);
    EXPECT_EQ(this->gpu(points, scalars, o), expected) << describe(o);
  }
}

TYPED_TEST(CudaMsmTest, OutOfMemoryIsReportedNotFatal) {
  using Curve = TypeParam;
  const auto points = independent_points<Curve>(5000, this->rng());
  const auto scalars = random_scalars_256<Curve>(5000, this->rng);
  cuda::detail::set_simulated_device_limit(std::size_t{1} << 20);
  AffinePoint<Curve> result = AffinePoint<Curve>::generator();
  const auto status = cuda::msm<Curve>(&result, points, scalars, {}, nullptr);
  cuda::detail::set_simulated_device_limit(0);
  EXPECT_FALSE(status.ok);
  EXPECT_TRUE(status.out_of_memory) << status.message;
  EXPECT_EQ(result, AffinePoint<Curve>::generator());
  // The device is still usable afterwards.
  this->expect_correct(points, scalars);
}

TYPED_TEST(CudaMsmTest, MismatchedLengthsAreAnError) {
  using Curve = TypeParam;
  const auto points = independent_points<Curve>(3, this->rng());
  const auto scalars = random_scalars_256<Curve>(2, this->rng);
  AffinePoint<Curve> result{};
  EXPECT_FALSE(cuda::msm<Curve>(&result, points, scalars, {}, nullptr).ok);
}

}  // namespace
}  // namespace zkmsm::test
