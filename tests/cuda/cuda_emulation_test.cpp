// The CUDA pipeline's logic run as host loops (detail::msm_emulated): launch sizes, bucket bounds,
// stream walker with split buckets and partials, reduction levels and Horner, against the
// reference MSM. Needs no GPU, so it runs everywhere the backend compiles; the device tests
// (cuda_msm_test.cpp) then only have to add the real kernels, PTX arithmetic and CUB.
#include <gtest/gtest.h>

#include <vector>

#include "cuda_test_support.hpp"
#include "field/test_support.hpp"
#include "msm/cuda/cuda_msm_internal.hpp"
#include "msm/cuda/launch_sizes.hpp"

namespace zkmsm::test {
namespace {

using backend::WalkerState;
using cuda::CudaMsmOptions;

constexpr cuda::detail::CurveShape kBn254Shape = cuda::detail::curve_shape<Bn254G1>();

template <class Curve>
class CudaEmulationTest : public SeededTest {
 protected:
  using Affine = AffinePoint<Curve>;

  static Affine run(const std::vector<Affine>& points,
                    const std::vector<Integer<Curve>>& scalars,
                    const CudaMsmOptions& options) {
    Affine result = Affine::generator();
    cuda::CudaMsmReport report;
    const cuda::CudaStatus status = cuda::detail::msm_emulated<Curve>(&result, points, scalars, options, &report);
    EXPECT_TRUE(status.ok) << status.message << " (" << describe(options) << ")";
    EXPECT_TRUE(result.is_on_curve());
    if (status.ok) EXPECT_LE(report.measured_peak_bytes, report.estimated_peak_bytes);
    return result;
  }
  void expect_correct(const std::vector<Affine>& points,
                      const std::vector<Integer<Curve>>& scalars,
                      const CudaMsmOptions& options) {
    EXPECT_EQ(run(points, scalars, options), reference_msm<Curve>(points, scalars))
        << "n = " << points.size() << ", " << describe(options);
  }

  // The copies prepare_bases keeps for `factor` (plan_precomputed_copies, make_shifted_copies),
  // as host memory: copy 0 = points.
  static std::vector<Affine> shifted_copies(const std::vector<Affine>& points, const cuda::PrecomputedCopies& copies) {
    std::vector<Affine> table(copies.count * points.size());
    std::copy(points.begin(), points.end(), table.begin());
    const cuda::CudaStatus status = cuda::detail::make_shifted_copies_emulated<Curve>(
        table.data(), points.size(), copies.count, copies.windows_per_copy * copies.window_bits);
    EXPECT_TRUE(status.ok) << status.message;
    return table;
  }
  static constexpr unsigned kScalarBits = Curve::ScalarField::Constants::modulus_bits;

  // Σ scalars[i]·points[i] over the first scalars.size() points, on their copies for `factor`.
  void expect_correct_on_copies(const std::vector<Affine>& points,
                                const std::vector<Integer<Curve>>& scalars,
                                unsigned factor,
                                CudaMsmOptions options) {
    options.copies = cuda::detail::plan_precomputed_copies(points.size(), kScalarBits, options.window_bits, factor);
    const std::vector<Affine> table = shifted_copies(points, options.copies);
    cuda::CudaMsmInputs inputs;
    inputs.n = scalars.size();
    inputs.points = table.data();
    inputs.points_on_device = true;
    inputs.scalars = scalars.data();
    inputs.scalars_on_device = true;
    Affine result = Affine::generator();
    cuda::CudaMsmReport report;
    const cuda::CudaStatus status = cuda::detail::msm_emulated<Curve>(&result, inputs, options, &report);
    const std::string what = "n = " + std::to_string(scalars.size()) + " of " + std::to_string(points.size()) +
                             ", factor " + std::to_string(factor) + ", copies " + std::to_string(options.copies.count) +
                             " × " + std::to_string(options.copies.windows_per_copy) + " windows, " + describe(options);
    ASSERT_TRUE(status.ok) << status.message << " (" << what << ")";
    EXPECT_EQ(report.windows, options.copies.windows_per_copy) << what;
    EXPECT_FALSE(report.glv) << what;
    const std::vector<Affine> used(points.begin(), points.begin() + static_cast<std::ptrdiff_t>(scalars.size()));
    EXPECT_EQ(result, reference_msm<Curve>(used, scalars)) << what;
  }
};
using Curves = ::testing::Types<Bn254G1, GrumpkinG1, Bls12381G1>;
TYPED_TEST_SUITE(CudaEmulationTest, Curves);

TYPED_TEST(CudaEmulationTest, EverySizeFrom1To40) {
  using Curve = TypeParam;
  const auto points = independent_points<Curve>(40, this->rng());
  const auto scalars = random_scalars_256<Curve>(40, this->rng);
  for (std::size_t n = 0; n <= 40; ++n) {
    const std::vector<AffinePoint<Curve>> p(points.begin(), points.begin() + n);
    const std::vector<Integer<Curve>> s(scalars.begin(), scalars.begin() + n);
    this->expect_correct(p, s, {.window_bits = 6, .walker_slots = 2, .walker_max_blocks = 1});
  }
}

TYPED_TEST(CudaEmulationTest, KnobGrid) {
  using Curve = TypeParam;
  const std::size_t n = 150;
  const auto points = independent_points<Curve>(n, this->rng());
  const auto scalars = random_scalars_256<Curve>(n, this->rng);
  const auto expected = reference_msm<Curve>(points, scalars);
  for (auto state : {WalkerState::registers, WalkerState::global, WalkerState::global_warp}) {
    for (unsigned s : {1u, 2u, 4u, 8u, 16u}) {
      for (unsigned blocks : {0u, 1u, 3u}) {
        for (unsigned c : {3u, 7u, 10u}) {
          const CudaMsmOptions o{.window_bits = c,
                                 .walker_slots = s,
                                 .walker_threads_per_block = 32,
                                 .walker_max_blocks = blocks,
                                 .walker_state = state};
          EXPECT_EQ(this->run(points, scalars, o), expected) << describe(o);
        }
      }
    }
  }
  // Warp state: S ∈ {1, 2, 4}; on the host each "warp" is one thread, so this checks the walker's
  // logic with the warp's rounds (the shuffles run in the device tests).
  for (unsigned s : {1u, 2u, 4u}) {
    for (unsigned blocks : {0u, 1u, 3u}) {
      for (unsigned c : {3u, 7u, 10u}) {
        const CudaMsmOptions o{.window_bits = c,
                               .walker_slots = s,
                               .walker_threads_per_block = 32,
                               .walker_max_blocks = blocks,
                               .walker_state = WalkerState::warp};
        EXPECT_EQ(this->run(points, scalars, o), expected) << describe(o);
      }
    }
  }
  // State in device memory takes any S up to 64.
  for (auto state : {WalkerState::global, WalkerState::global_warp}) {
    for (unsigned s : {3u, 5u, 64u}) {
      const CudaMsmOptions o{.window_bits = 8,
                             .walker_slots = s,
                             .walker_threads_per_block = 32,
                             .walker_max_blocks = 1,
                             .walker_state = state};
      EXPECT_EQ(this->run(points, scalars, o), expected) << describe(o);
    }
  }
}

// reduce_buckets splits each window's c − 1 low bits in halves down to one bit (odd and even
// widths, padded high halves, no split at all for c = 2) and takes the top magnitude apart.
TYPED_TEST(CudaEmulationTest, EveryWindowShapeReduces) {
  using Curve = TypeParam;
  const auto points = independent_points<Curve>(48, this->rng());
  const auto scalars = random_scalars_256<Curve>(48, this->rng);
  for (unsigned c : {2u, 4u, 5u, 6u, 9u, 11u, 12u, 16u}) this->expect_correct(points, scalars, {.window_bits = c});
  // Digits at the top magnitude 2^(c−1) = 8 in many windows (nibbles 0x8).
  const std::vector<Integer<Curve>> top(points.size(), Integer<Curve>{{0x8888888888888888ull, 0x0888888888888888ull}});
  this->expect_correct(points, top, {.window_bits = 4});
}

TYPED_TEST(CudaEmulationTest, ManyThreadsFewEntriesLeavesEmptySlots) {
  using Curve = TypeParam;
  const std::size_t n = 20;
  const auto points = independent_points<Curve>(n, this->rng());
  const auto scalars = random_scalars_256<Curve>(n, this->rng);
  this->expect_correct(points, scalars,
                       {.window_bits = 4, .walker_slots = 16, .walker_threads_per_block = 64, .walker_max_blocks = 50});
}

TYPED_TEST(CudaEmulationTest, RepeatedPointsEqualScalars) {
  using Curve = TypeParam;
  for (std::size_t n : {2u, 3u, 64u, 300u}) {
    const auto points = copies_of_one_point<Curve>(n, this->rng());
    const std::vector<Integer<Curve>> equal(n, random_scalars_below_r<Curve>(1, this->rng)[0]);
    for (unsigned blocks : {0u, 1u, 4u})
      this->expect_correct(
          points, equal,
          {.window_bits = 5, .walker_slots = 4, .walker_threads_per_block = 32, .walker_max_blocks = blocks});
    this->expect_correct(points, random_scalars_256<Curve>(n, this->rng), {.window_bits = 3});
  }
}

TYPED_TEST(CudaEmulationTest, BucketsSplitOverManySlotsCombineAcrossLevels) {
  using Curve = TypeParam;
  // One bucket per window with 3,000 entries, 16 entries per slot: chains of ~188 slots, summed
  // over three combine levels (blocks of 16 slots, then of 8 units).
  const std::size_t n = 3000;
  const auto points = copies_of_one_point<Curve>(n, this->rng());
  const std::vector<Integer<Curve>> equal(n, random_scalars_below_r<Curve>(1, this->rng)[0]);
  this->expect_correct(points, equal, {.window_bits = 4, .walker_slots = 1, .walker_threads_per_block = 32});
  this->expect_correct(
      points, equal,
      {.window_bits = 4, .walker_slots = 4, .walker_threads_per_block = 32, .walker_state = WalkerState::global});
  // Half the points negated: buckets whose partial sums pass through infinity.
  auto mixed = points;
  for (std::size_t i = 0; i < n; i += 2) mixed[i] = -mixed[i];
  this->expect_correct(mixed, equal, {.window_bits = 4, .walker_slots = 2, .walker_threads_per_block = 32});
}

// accumulator = xyzz: equal ranges of ~32 sorted entries per thread, XYZZ parts of split buckets
// (short ones added by reduce_buckets, long ones by combine_partials), on random, repeated,
// cancelling and one-bucket inputs.
TYPED_TEST(CudaEmulationTest, XyzzWalkerOnEveryKindOfInput) {
  using Curve = TypeParam;
  constexpr auto xyzz = backend::AccumulatorKind::xyzz;
  const auto points = independent_points<Curve>(200, this->rng());
  const auto scalars = random_scalars_256<Curve>(200, this->rng);
  for (unsigned c : {2u, 3u, 7u, 10u}) this->expect_correct(points, scalars, {.window_bits = c, .accumulator = xyzz});
  const auto copies = copies_of_one_point<Curve>(3000, this->rng());
  const std::vector<Integer<Curve>> equal(copies.size(), random_scalars_below_r<Curve>(1, this->rng)[0]);
  this->expect_correct(copies, equal, {.window_bits = 4, .accumulator = xyzz});
  auto mixed = copies;
  for (std::size_t i = 0; i < mixed.size(); i += 2) mixed[i] = -mixed[i];
  this->expect_correct(mixed, equal, {.window_bits = 4, .accumulator = xyzz});
  const auto pairs = plus_minus_pairs<Curve>(100, this->rng());
  const auto paired = doubled_up<Curve>(random_scalars_below_r<Curve>(100, this->rng));
  EXPECT_TRUE(this->run(pairs, paired, {.window_bits = 4, .accumulator = xyzz}).is_infinity());
}

// accumulator = pair_tree: every level's pairs batched S per thread (8, 16, 32), with and without
// the dx cache, on random, repeated (one bucket of 3,000 entries: 12 levels), cancelling and
// one-bucket inputs, with glv, and in window batches under a memory budget.
TYPED_TEST(CudaEmulationTest, PairTreeOnEveryKindOfInput) {
  using Curve = TypeParam;
  constexpr auto tree = backend::AccumulatorKind::pair_tree;
  const auto points = independent_points<Curve>(200, this->rng());
  const auto scalars = random_scalars_256<Curve>(200, this->rng);
  for (unsigned c : {2u, 3u, 7u, 10u}) this->expect_correct(points, scalars, {.window_bits = c, .accumulator = tree});
  for (unsigned s : {8u, 32u}) {
    for (bool dx_cache : {false, true}) {
      this->expect_correct(points, scalars,
                           {.window_bits = 5, .accumulator = tree, .walker_slots = s, .pair_tree_dx_cache = dx_cache});
    }
  }
  const auto copies = copies_of_one_point<Curve>(3000, this->rng());
  const std::vector<Integer<Curve>> equal(copies.size(), random_scalars_below_r<Curve>(1, this->rng)[0]);
  this->expect_correct(copies, equal, {.window_bits = 4, .accumulator = tree});
  auto mixed = copies;
  for (std::size_t i = 0; i < mixed.size(); i += 2) mixed[i] = -mixed[i];
  this->expect_correct(mixed, equal, {.window_bits = 4, .accumulator = tree, .pair_tree_dx_cache = true});
  const auto pairs = plus_minus_pairs<Curve>(100, this->rng());
  const auto paired = doubled_up<Curve>(random_scalars_below_r<Curve>(100, this->rng));
  EXPECT_TRUE(this->run(pairs, paired, {.window_bits = 4, .accumulator = tree}).is_infinity());
  auto with_infinity = points;
  with_infinity[3] = AffinePoint<Curve>::infinity();
  with_infinity[150] = AffinePoint<Curve>::infinity();
  this->expect_correct(with_infinity, scalars, {.window_bits = 6, .accumulator = tree, .glv = backend::GlvChoice::on});
  // Window batches: a budget below one batch of every window.
  std::string error;
  const CudaMsmOptions whole{.window_bits = 6, .accumulator = tree};
  const auto sizes = cuda::detail::make_msm_sizes(points.size(), cuda::detail::curve_shape<Curve>(), whole, &error);
  ASSERT_TRUE(error.empty()) << error;
  CudaMsmOptions budget = whole;
  budget.memory_budget_bytes = sizes.bytes.total() - 1;
  EXPECT_LT(
      cuda::detail::make_msm_sizes(points.size(), cuda::detail::curve_shape<Curve>(), budget, &error).batch_windows,
      sizes.batch_windows);
  this->expect_correct(points, scalars, budget);
}

// The pair tree's knobs: S in {8, 16, 32} (16 by default), the dx cache only with the pair tree,
// no stream-walker state or thread cap; no walker slots or parts; its level arrays counted.
TEST(CudaEmulationSizes, PairTreeKnobs) {
  constexpr auto tree = backend::AccumulatorKind::pair_tree;
  std::string error;
  const auto sizes = cuda::detail::make_msm_sizes(1000, kBn254Shape, {.accumulator = tree}, &error);
  EXPECT_TRUE(error.empty()) << error;
  EXPECT_TRUE(sizes.pair_tree);
  EXPECT_FALSE(sizes.xyzz);
  EXPECT_FALSE(sizes.glv);
  EXPECT_EQ(sizes.slots, cuda::detail::kPairTreeSlots);
  EXPECT_EQ(sizes.walker_slot_count, 0u);
  EXPECT_GE(sizes.pair_tree_points[1], sizes.batch_entries);
  EXPECT_GT(sizes.bytes.pair_tree, sizes.pair_tree_points[1] * sizeof(AffinePoint<Bn254G1>));
  EXPECT_EQ(cuda::detail::make_msm_sizes(1000, kBn254Shape, {.accumulator = tree, .walker_slots = 32}, &error).slots,
            32u);
  (void)cuda::detail::make_msm_sizes(1000, kBn254Shape, {.accumulator = tree, .walker_slots = 12}, &error);
  EXPECT_NE(error.find("8, 16 or 32"), std::string::npos) << error;
  (void)cuda::detail::make_msm_sizes(1000, kBn254Shape, {.pair_tree_dx_cache = true}, &error);
  EXPECT_NE(error.find("pair_tree_dx_cache needs accumulator = pair_tree"), std::string::npos) << error;
  (void)cuda::detail::make_msm_sizes(1000, kBn254Shape, {.accumulator = tree, .walker_state = WalkerState::global},
                                     &error);
  EXPECT_NE(error.find("not the pair tree's"), std::string::npos) << error;
}

// glv: the scalars split by the endomorphism (curve/glv_split.hpp), 2n points (P, φ(P)); both
// accumulators, several windows, and the inputs that make halves collide: copies of one point,
// P and −P, points at infinity, zero scalars, r − 1, scalars ≥ r and λ (whose split is (0, 1)).
TYPED_TEST(CudaEmulationTest, GlvSplitScalarsOnEveryKindOfInput) {
  using Curve = TypeParam;
  constexpr auto xyzz = backend::AccumulatorKind::xyzz;
  constexpr auto walker = backend::AccumulatorKind::stream_walker;
  const auto points = independent_points<Curve>(200, this->rng());
  const auto scalars = random_scalars_256<Curve>(200, this->rng);
  for (unsigned c : {0u, 3u, 7u, 10u}) {
    this->expect_correct(points, scalars, {.window_bits = c, .accumulator = xyzz, .glv = backend::GlvChoice::on});
    this->expect_correct(points, scalars,
                         {.window_bits = c, .accumulator = walker, .walker_slots = 4, .glv = backend::GlvChoice::on});
  }
  const auto copies = copies_of_one_point<Curve>(1000, this->rng());
  const std::vector<Integer<Curve>> equal(copies.size(), random_scalars_below_r<Curve>(1, this->rng)[0]);
  this->expect_correct(copies, equal, {.window_bits = 4, .accumulator = xyzz, .glv = backend::GlvChoice::on});
  const auto pairs = plus_minus_pairs<Curve>(100, this->rng());
  const auto paired = doubled_up<Curve>(random_scalars_below_r<Curve>(100, this->rng));
  EXPECT_TRUE(
      this->run(pairs, paired, {.window_bits = 4, .accumulator = xyzz, .glv = backend::GlvChoice::on}).is_infinity());
  // Edge scalars on independent points, some of them at infinity.
  auto edge_points = independent_points<Curve>(8, this->rng());
  edge_points[5] = AffinePoint<Curve>::infinity();
  const auto edge_scalars = glv_edge_scalars<Curve>();
  for (auto accumulator : {xyzz, walker}) {
    this->expect_correct(edge_points, edge_scalars,
                         {.window_bits = 5, .accumulator = accumulator, .glv = backend::GlvChoice::on});
  }
  // The geometry: twice the points, the windows of 127-bit halves.
  std::string error;
  const auto sizes =
      cuda::detail::make_msm_sizes(1000, kBn254Shape, {.window_bits = 10, .glv = backend::GlvChoice::on}, &error);
  EXPECT_TRUE(error.empty()) << error;
  EXPECT_EQ(sizes.n, 2000u);
  EXPECT_EQ(sizes.window_bits, 10u);
  EXPECT_EQ(sizes.windows, 13u);  // ⌈128/10⌉, against ⌈255/10⌉ = 26 without glv
  EXPECT_EQ(sizes.bytes.glv_points, 2000u * sizeof(AffinePoint<Bn254G1>));
  // A window too large for n is capped by the caller's n (the public rule), not by 2n.
  const auto capped =
      cuda::detail::make_msm_sizes(5, kBn254Shape, {.window_bits = 22, .glv = backend::GlvChoice::on}, &error);
  EXPECT_EQ(capped.window_bits, max_useful_window_bits(5));
  // automatic: glv for the xyzz walker up to kGlvAutoMaxPoints points, never for the stream walker.
  const auto glv_for = [&error](std::size_t n, backend::AccumulatorKind accumulator, backend::GlvChoice glv) {
    return cuda::detail::make_msm_sizes(n, kBn254Shape, {.accumulator = accumulator, .glv = glv}, &error).glv;
  };
  constexpr std::size_t kAutoMax = cuda::detail::kGlvAutoMaxPoints;
  using enum backend::GlvChoice;
  EXPECT_TRUE(glv_for(kAutoMax, backend::AccumulatorKind::automatic, automatic));
  EXPECT_TRUE(glv_for(1000, backend::AccumulatorKind::xyzz, automatic));
  EXPECT_FALSE(glv_for(kAutoMax + 1, backend::AccumulatorKind::xyzz, automatic));
  EXPECT_FALSE(glv_for(1000, backend::AccumulatorKind::stream_walker, automatic));
  EXPECT_FALSE(glv_for(1000, backend::AccumulatorKind::xyzz, off));
  EXPECT_TRUE(glv_for(kAutoMax + 1, backend::AccumulatorKind::stream_walker, on));
  // BLS12-381 (12-word field): automatic up to 2^19 points only.
  const auto bls_glv_for = [&error](std::size_t n) {
    return cuda::detail::make_msm_sizes(n, cuda::detail::curve_shape<Bls12381G1>(), {}, &error).glv;
  };
  EXPECT_TRUE(bls_glv_for(cuda::detail::kGlvAutoMaxPointsWideField));
  EXPECT_FALSE(bls_glv_for(cuda::detail::kGlvAutoMaxPointsWideField + 1));
}

// Prepared bases with shifted copies (precompute_factor): each copy is 2^(j·W'·c) times the
// point, and the MSM on the copies equals the reference on every kind of input, for factors that
// divide the windows and factors that do not, up to one window per copy, on both accumulators,
// with fewer scalars than bases.
TYPED_TEST(CudaEmulationTest, PrecomputedCopiesOnEveryKindOfInput) {
  using Curve = TypeParam;
  using Affine = AffinePoint<Curve>;
  constexpr auto xyzz = backend::AccumulatorKind::xyzz;
  constexpr auto walker = backend::AccumulatorKind::stream_walker;
  constexpr unsigned kScalarBits = TestFixture::kScalarBits;
  auto points = independent_points<Curve>(120, this->rng());
  points[7] = Affine::infinity();
  points[8] = -points[9];
  points[10] = points[11];
  // The copies themselves: copy j of P is 2^(j·shift)·P.
  const cuda::PrecomputedCopies plan = cuda::detail::plan_precomputed_copies(points.size(), kScalarBits, 5, 4);
  ASSERT_EQ(plan.window_bits, 5u);
  ASSERT_EQ(plan.windows_per_copy, 13u);  // ⌈255/5⌉ = 51 windows, ⌈51/4⌉ = 13 per copy
  ASSERT_EQ(plan.count, 4u);
  const auto table = TestFixture::shifted_copies(points, plan);
  for (std::size_t j = 0; j < plan.count; ++j) {
    Integer<Curve> shift{};
    const unsigned bits = static_cast<unsigned>(j) * plan.windows_per_copy * plan.window_bits;
    shift.limb[bits / 64] = std::uint64_t{1} << (bits % 64);
    for (std::size_t i : {0u, 7u, 8u, 9u, 119u})
      EXPECT_EQ(table[j * points.size() + i],
                reference_msm<Curve>(std::vector<Affine>{points[i]}, std::vector<Integer<Curve>>{shift}))
          << "copy " << j << ", point " << i;
  }
  auto scalars = random_scalars_256<Curve>(points.size(), this->rng);
  const auto edges = glv_edge_scalars<Curve>();
  std::copy(edges.begin(), edges.end(), scalars.begin() + 20);
  scalars[9] = scalars[8];  // P and −P with one scalar: they cancel
  for (unsigned c : {0u, 3u, 6u, 10u}) {
    for (unsigned factor : {2u, 3u, 7u, kMaxPrecomputeFactor}) {
      this->expect_correct_on_copies(points, scalars, factor, {.window_bits = c, .accumulator = xyzz});
      this->expect_correct_on_copies(points, scalars, factor,
                                     {.window_bits = c, .accumulator = walker, .walker_slots = 4});
    }
  }
  const std::vector<Integer<Curve>> fewer(scalars.begin(), scalars.begin() + 50);
  this->expect_correct_on_copies(points, fewer, 5, {.window_bits = 4, .accumulator = xyzz});
  const auto copies = copies_of_one_point<Curve>(500, this->rng());
  const std::vector<Integer<Curve>> equal(copies.size(), random_scalars_below_r<Curve>(1, this->rng)[0]);
  this->expect_correct_on_copies(copies, equal, 8, {.window_bits = 4, .accumulator = xyzz});
  // glv cannot run on copies: automatic turns it off, on is refused.
  Affine result;
  cuda::CudaMsmOptions on{.accumulator = xyzz, .glv = backend::GlvChoice::on};
  on.copies = plan;
  cuda::CudaMsmInputs inputs;
  inputs.n = points.size();
  inputs.points = table.data();
  inputs.points_on_device = true;
  inputs.scalars = scalars.data();
  inputs.scalars_on_device = true;
  EXPECT_FALSE(cuda::detail::msm_emulated<Curve>(&result, inputs, on, nullptr).ok);
}

TYPED_TEST(CudaEmulationTest, PointAndNegationCancel) {
  using Curve = TypeParam;
  const auto points = plus_minus_pairs<Curve>(100, this->rng());
  const auto scalars = doubled_up<Curve>(random_scalars_below_r<Curve>(100, this->rng));
  for (auto state : {WalkerState::registers, WalkerState::global, WalkerState::warp, WalkerState::global_warp}) {
    const CudaMsmOptions o{.window_bits = 4,
                           .walker_slots = state == WalkerState::warp ? 4u : 8u,
                           .walker_threads_per_block = 32,
                           .walker_max_blocks = 2,
                           .walker_state = state};
    const auto result = this->run(points, scalars, o);
    EXPECT_TRUE(result.is_infinity()) << describe(o);
  }
  auto unbalanced = points;
  auto unbalanced_scalars = scalars;
  unbalanced.push_back(points[0]);
  unbalanced_scalars.push_back(scalars[0]);
  this->expect_correct(unbalanced, unbalanced_scalars, {.window_bits = 4, .walker_slots = 8});
}

TYPED_TEST(CudaEmulationTest, ArithmeticProgression) {
  using Curve = TypeParam;
  const auto points = arithmetic_progression<Curve>(200);
  this->expect_correct(points, random_scalars_256<Curve>(200, this->rng), {.window_bits = 5, .walker_slots = 4});
  this->expect_correct(points, random_scalars_256<Curve>(200, this->rng),
                       {.window_bits = 5, .accumulator = backend::AccumulatorKind::xyzz});
  // Small scalars: many equal partial sums inside buckets.
  std::vector<Integer<Curve>> small(200);
  for (auto& s : small) s = small_scalar<Curve>(this->rng() % 16);
  this->expect_correct(points, small, {.window_bits = 3, .walker_slots = 2, .walker_max_blocks = 1});
}

TYPED_TEST(CudaEmulationTest, WindowBatchesUnderABudgetGiveTheSameResult) {
  using Curve = TypeParam;
  const std::size_t n = 100;
  const auto points = independent_points<Curve>(n, this->rng());
  const auto scalars = random_scalars_256<Curve>(n, this->rng);
  for (auto accumulator : {backend::AccumulatorKind::xyzz, backend::AccumulatorKind::stream_walker}) {
    const CudaMsmOptions unlimited{.window_bits = 9, .accumulator = accumulator};
    const std::size_t full = cuda::estimate_device_bytes<Curve>(n, unlimited);
    CudaMsmOptions tight = unlimited;
    tight.memory_budget_bytes = full / 3;
    EXPECT_LT(cuda::estimate_device_bytes<Curve>(n, tight), full);
    this->expect_correct(points, scalars, tight);
    tight.memory_budget_bytes = 1;  // one window per batch
    this->expect_correct(points, scalars, tight);
  }
}

TYPED_TEST(CudaEmulationTest, AutomaticWalkerFollowsTheSize) {
  using Curve = TypeParam;
  std::string error;
  // The xyzz walker, unless a stream-walker knob is set.
  const auto automatic = cuda::detail::make_msm_sizes(std::size_t{1} << 16, kBn254Shape, CudaMsmOptions{}, &error);
  EXPECT_TRUE(automatic.xyzz);
  EXPECT_EQ(automatic.slots, 1u);
  EXPECT_FALSE(
      cuda::detail::make_msm_sizes(std::size_t{1} << 16, kBn254Shape, CudaMsmOptions{.walker_slots = 2}, &error).xyzz);
  const auto small =
      cuda::detail::make_msm_sizes(std::size_t{1} << 16, kBn254Shape,
                                   CudaMsmOptions{.accumulator = backend::AccumulatorKind::stream_walker}, &error);
  EXPECT_FALSE(small.xyzz);
  EXPECT_EQ(small.state, WalkerState::warp);
  EXPECT_EQ(small.slots, 4u);
  EXPECT_EQ(small.walker_threads % 32, 0u);
  EXPECT_TRUE(cuda::detail::make_msm_sizes(std::size_t{1} << 24, kBn254Shape, CudaMsmOptions{}, &error).xyzz);
  const CudaMsmOptions walker{.accumulator = backend::AccumulatorKind::stream_walker};
  const auto large = cuda::detail::make_msm_sizes(std::size_t{1} << 20, kBn254Shape, walker, &error);
  EXPECT_EQ(large.state, WalkerState::global);
  EXPECT_EQ(large.slots, 16u);
  EXPECT_EQ(large.walker_min_blocks, 0u);
  const auto huge = cuda::detail::make_msm_sizes(std::size_t{1} << 24, kBn254Shape, walker, &error);
  EXPECT_EQ(huge.slots, 48u);
  EXPECT_EQ(huge.walker_min_blocks, 3u);
  EXPECT_LE(huge.walker_threads, cuda::detail::kCappedMaxWalkerThreads);
  // Blocks larger than the capped kernel's bound run uncapped.
  const auto wide = cuda::detail::make_msm_sizes(
      std::size_t{1} << 24, kBn254Shape,
      CudaMsmOptions{.accumulator = backend::AccumulatorKind::stream_walker, .walker_threads_per_block = 512}, &error);
  EXPECT_EQ(wide.walker_min_blocks, 0u);
  // An explicit S the warp state cannot take goes to the global state.
  const auto explicit_s = cuda::detail::make_msm_sizes(1000, kBn254Shape, CudaMsmOptions{.walker_slots = 12}, &error);
  EXPECT_TRUE(error.empty()) << error;
  EXPECT_EQ(explicit_s.state, WalkerState::global);
  const auto points = independent_points<Curve>(300, this->rng());
  const auto scalars = random_scalars_256<Curve>(300, this->rng);
  this->expect_correct(points, scalars, CudaMsmOptions{});
}

// A window far above what n points can use runs capped (msm/common/window_cost_model.hpp), with
// buckets and device buffers sized by the capped window, and the same sum.
TYPED_TEST(CudaEmulationTest, AWindowAboveWhatNCanUseIsCapped) {
  using Curve = TypeParam;
  std::string error;
  const auto one = cuda::detail::make_msm_sizes(1, kBn254Shape, CudaMsmOptions{.window_bits = 22}, &error);
  EXPECT_TRUE(error.empty()) << error;
  EXPECT_EQ(one.window_bits, 2u);
  EXPECT_EQ(one.buckets, 2u);
  EXPECT_LT(one.bytes.total(), std::size_t{16} << 20);
  const auto some = cuda::detail::make_msm_sizes(40, kBn254Shape, CudaMsmOptions{.window_bits = 22}, &error);
  EXPECT_EQ(some.window_bits, 7u);
  const auto points = independent_points<Curve>(5, this->rng());
  const auto scalars = random_scalars_256<Curve>(5, this->rng);
  this->expect_correct(points, scalars, CudaMsmOptions{.window_bits = 22});
}

TYPED_TEST(CudaEmulationTest, BadOptionsAreRejected) {
  using Curve = TypeParam;
  const auto points = independent_points<Curve>(4, this->rng());
  const auto scalars = random_scalars_256<Curve>(4, this->rng);
  AffinePoint<Curve> result{};
  for (const CudaMsmOptions& o : {CudaMsmOptions{.window_bits = 1}, CudaMsmOptions{.window_bits = 23},
                                  CudaMsmOptions{.walker_slots = 3, .walker_state = WalkerState::registers},
                                  CudaMsmOptions{.walker_slots = 8, .walker_state = WalkerState::warp},
                                  CudaMsmOptions{.walker_slots = 65}, CudaMsmOptions{.walker_threads_per_block = 100},
                                  CudaMsmOptions{.walker_slots = 65, .walker_state = WalkerState::global}}) {
    const auto status = cuda::detail::msm_emulated<Curve>(&result, points, scalars, o, nullptr);
    EXPECT_FALSE(status.ok) << describe(o);
    EXPECT_FALSE(status.out_of_memory);
    EXPECT_FALSE(status.message.empty());
  }
}

TYPED_TEST(CudaEmulationTest, SimulatedOutOfMemory) {
  using Curve = TypeParam;
  const auto points = independent_points<Curve>(64, this->rng());
  const auto scalars = random_scalars_256<Curve>(64, this->rng);
  cuda::detail::set_simulated_device_limit(4096);
  AffinePoint<Curve> result = AffinePoint<Curve>::generator();
  const auto status = cuda::detail::msm_emulated<Curve>(&result, points, scalars, {}, nullptr);
  cuda::detail::set_simulated_device_limit(0);
  EXPECT_FALSE(status.ok);
  EXPECT_TRUE(status.out_of_memory) << status.message;
  EXPECT_EQ(result, AffinePoint<Curve>::generator()) << "the result must be untouched on failure";
}

}  // namespace
}  // namespace zkmsm::test
