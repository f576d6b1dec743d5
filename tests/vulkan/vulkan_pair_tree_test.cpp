// PairTree (src/msm/vulkan/pair_tree.hpp): BucketStages then the pair tree in one CommandBatch,
// and every non-empty bucket's affine sum in bucket_sums against the host (the entries of
// vulkan_bucket_reference.hpp's host_decompose summed with the host XyzzPoint, made affine), bit
// for bit (both Montgomery form). Each run also checks the device's total positions of every
// level against PairTree::positions_bound, the bounds the dispatch sizes rely on.
//   - random independent points (tests/msm/msm_test_support.hpp, never a progression), random
//     and edge scalars, non-powers of two, over a grid of knobs: S ∈ {1, 3, 8}, dx cache on/off,
//     workgroup sizes 32 and 64; both curves;
//   - adversarial: every scalar equal (one bucket of all n entries per window: ⌈log₂ n⌉ levels),
//     n copies of one point (doublings and cancellations inside buckets), P and −P with equal
//     scalars (pairs summing to infinity, buckets summing to infinity), infinity among the points
//     and all of them, zero scalars (few entries, none at all), tiny n (1, 2, 3);
//   - consecutive window batches through the same buffers, and bad shapes refused.
// Sizes stay at n ≤ 2^12 (lavapipe on the CI machine's CPU; ZKMSM_TEST_LOG_N raises the
// power-of-two test); each (S, workgroup, dx cache) is a
// pipeline of its own, compiled once per process, so the grid is kept small.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "curve/xyzz_point.hpp"
#include "msm/adversarial_inputs.hpp"
#include "msm/msm_test_support.hpp"
#include "msm/vulkan/bucket_stages.hpp"
#include "msm/vulkan/pair_tree.hpp"
#include "vulkan/vulkan_bucket_reference.hpp"
#include "vulkan/vulkan_test_support.hpp"

namespace zkmsm::vulkan {
namespace {

using test::Scalar;

struct Knobs {
  std::uint32_t slots = 8;
  std::uint32_t workgroup_size = 64;
  bool dx_cache = false;
  std::uint32_t grid_width = PairTree::kMaxGridWidth;
};

// The four level pipelines of the knob grid (each compiled once per curve; the other tests reuse
// them): every S of {1, 3, 8}, both workgroup sizes, the dx cache on and off.
constexpr Knobs kS1 = {1, 32, false};
constexpr Knobs kS3Cached = {3, 64, true};
constexpr Knobs kS8 = {8, 64, false};
constexpr Knobs kS8Cached = {8, 32, true};

std::string describe(const Knobs& k) {
  return "S=" + std::to_string(k.slots) + " workgroup=" + std::to_string(k.workgroup_size) +
         " dx_cache=" + (k.dx_cache ? "on" : "off") + " grid_width=" + std::to_string(k.grid_width);
}

template <class Curve>
void PrintTo(const AffinePoint<Curve>& p, std::ostream* os) {
  *os << "(" << ::testing::PrintToString(p.x) << ", " << ::testing::PrintToString(p.y) << ")";
}

template <class T>
std::unique_ptr<StorageBuffer> upload(Context& context, std::span<const T> data) {
  std::unique_ptr<StorageBuffer> buffer;
  const std::size_t bytes = std::max<std::size_t>(4, data.size_bytes());
  EXPECT_TRUE(StorageBuffer::create(buffer, context, bytes).ok());
  if (!data.empty()) {
    EXPECT_TRUE(buffer->write(0, std::as_bytes(data)).ok());
  }
  return buffer;
}

// The host's sum and size of every non-empty bucket of windows first_window … + batch_windows − 1.
template <class Curve>
struct HostBucket {
  XyzzPoint<Curve> sum = XyzzPoint<Curve>::infinity();
  std::uint32_t size = 0;
};

template <class Curve>
std::map<std::uint32_t, HostBucket<Curve>> host_buckets(const std::vector<AffinePoint<Curve>>& points,
                                                        const std::vector<Scalar>& scalars,
                                                        unsigned window_bits,
                                                        unsigned first_window,
                                                        unsigned batch_windows) {
  const test::BucketEntries entries =
      test::host_decompose(scalars, shader_curve_of<Curve>(), window_bits, first_window, batch_windows);
  const std::uint32_t sentinel = batch_windows << (window_bits - 1);
  std::map<std::uint32_t, HostBucket<Curve>> buckets;
  for (std::size_t e = 0; e < entries.keys.size(); ++e) {
    const std::uint32_t key = entries.keys[e];
    if (key >= sentinel) continue;
    const std::uint32_t value = entries.values[e];
    const AffinePoint<Curve>& p = points[value & 0x7fffffffu];
    HostBucket<Curve>& bucket = buckets[key];
    bucket.sum = bucket.sum + XyzzPoint<Curve>::from_affine((value >> 31) != 0 ? -p : p);
    ++bucket.size;
  }
  return buckets;
}

template <class Curve>
class PairTreeRunner {
 public:
  PairTreeRunner(Context& context,
                 const std::vector<AffinePoint<Curve>>& points,
                 const std::vector<Scalar>& scalars,
                 unsigned window_bits,
                 unsigned max_batch_windows,
                 const Knobs& knobs)
      : context_(context), points_(points), scalars_(scalars), window_bits_(window_bits), knobs_(knobs) {
    static_assert(sizeof(AffinePoint<Curve>) == 64);
    const std::uint32_t n = static_cast<std::uint32_t>(points.size());
    point_buffer_ = upload(context, std::span<const AffinePoint<Curve>>(points));
    const std::vector<std::uint32_t> words = test::scalar_words(scalars);
    scalar_buffer_ = upload(context, std::span<const std::uint32_t>(words));
    Status s = BucketStages::create(stages_, context, {shader_curve_of<Curve>(), n, window_bits, max_batch_windows});
    EXPECT_TRUE(s.ok()) << s.message;
    shape_ = {shader_curve_of<Curve>(), knobs.slots,           knobs.workgroup_size,
              knobs.dx_cache,           max_batch_windows * n, std::uint64_t{max_batch_windows} << (window_bits - 1)};
    s = PairTree::create(tree_, context, shape_);
    EXPECT_TRUE(s.ok()) << s.message;
    if (tree_) {
      EXPECT_EQ(tree_->allocated_bytes(), PairTree::device_bytes(shape_));
    }
  }

  // One batch on the device, then every non-empty bucket against the host.
  void expect_batch(unsigned first_window, unsigned batch_windows) {
    ASSERT_TRUE(stages_ && tree_);
    SCOPED_TRACE(::testing::Message() << "n = " << points_.size() << ", c = " << window_bits_ << ", windows "
                                      << first_window << " + " << batch_windows << ", " << describe(knobs_));
    std::unique_ptr<CommandBatch> batch;
    ASSERT_TRUE(CommandBatch::create(batch, context_).ok());
    Status s = stages_->record(*batch, *scalar_buffer_, first_window, batch_windows);
    ASSERT_TRUE(s.ok()) << s.message;
    ASSERT_TRUE(batch->begin_stage("accumulate_buckets").ok());
    s = tree_->record(*batch, *point_buffer_, *stages_);
    ASSERT_TRUE(s.ok()) << s.message;
    s = batch->submit_and_wait();
    ASSERT_TRUE(s.ok()) << s.message;
    if (!batch->stage_times().empty() && points_.size() >= 4096) {
      std::printf("[  TIMING  ] pair tree %.3f ms (n = %zu, c = %u, %u windows, %s)\n",
                  batch->stage_times().back().milliseconds, points_.size(), window_bits_, batch_windows,
                  describe(knobs_).c_str());
    }

    std::size_t wrong = 0;
    std::uint32_t largest = 0;
    const auto host = host_buckets(points_, scalars_, window_bits_, first_window, batch_windows);
    for (const auto& [b, bucket] : host) {
      largest = std::max(largest, bucket.size);
      AffinePoint<Curve> device;
      s = tree_->bucket_sums().read(std::as_writable_bytes(std::span(&device, 1)), std::size_t{b} * 64);
      ASSERT_TRUE(s.ok()) << s.message;
      const AffinePoint<Curve> expected = bucket.sum.to_affine();
      if (device != expected && ++wrong <= 3) {
        ADD_FAILURE() << "bucket " << b << " (" << bucket.size << " entries): device "
                      << ::testing::PrintToString(device) << ", host " << ::testing::PrintToString(expected);
      }
    }
    EXPECT_EQ(wrong, 0u) << "of " << host.size() << " non-empty buckets";

    // Every level's total positions within the bound its dispatch was sized by, and the last
    // level that has work is the largest bucket's depth.
    const std::uint32_t depth = PairTree::levels(static_cast<std::uint32_t>(points_.size()));
    std::vector<std::uint32_t> totals;
    ASSERT_TRUE(tree_->read_level_totals(totals, depth).ok());
    const std::uint64_t entries = std::uint64_t{batch_windows} * points_.size();
    for (std::uint32_t level = 0; level < depth; ++level) {
      EXPECT_LE(totals[level], PairTree::positions_bound(entries, level)) << "level " << level;
      EXPECT_EQ(totals[level] != 0, level < PairTree::levels(largest)) << "level " << level;
    }
  }

  PairTree& tree() { return *tree_; }

 private:
  Context& context_;
  const std::vector<AffinePoint<Curve>>& points_;
  const std::vector<Scalar>& scalars_;
  unsigned window_bits_;
  Knobs knobs_;
  PairTreeShape shape_;
  std::unique_ptr<StorageBuffer> point_buffer_;
  std::unique_ptr<StorageBuffer> scalar_buffer_;
  std::unique_ptr<BucketStages> stages_;
  std::unique_ptr<PairTree> tree_;
};

template <class Curve>
void expect_pair_tree(Context& context,
                      const std::vector<AffinePoint<Curve>>& points,
                      const std::vector<Scalar>& scalars,
                      unsigned window_bits,
                      unsigned first_window,
                      unsigned batch_windows,
                      const Knobs& knobs = kS8) {
  PairTreeRunner<Curve> runner(context, points, scalars, window_bits, batch_windows, knobs);
  runner.expect_batch(first_window, batch_windows);
}

template <class Curve>
std::vector<Scalar> random_below_r(std::size_t n, std::mt19937_64& rng) {
  static_assert(std::is_same_v<zkmsm::test::Integer<Curve>, Scalar>);
  return zkmsm::test::random_scalars_below_r<Curve>(n, rng);
}

// A scalar below r whose windows 0 … 3 of every size used here all have nonzero digits (so
// "every scalar equal" really puts every point in one bucket of each of those windows).
template <class Curve>
Scalar dense_scalar(std::mt19937_64& rng) {
  for (;;) {
    const Scalar s = random_below_r<Curve>(1, rng)[0];
    bool dense = true;
    for (unsigned c : {4u, 5u, 7u, 9u, 13u}) {
      for (unsigned w = 0; w < 4; ++w) dense = dense && signed_digit(s, w, c) != 0;
    }
    if (dense) return s;
  }
}

class VulkanPairTreeTest : public zkmsm::test::SeededTest {};

TEST_F(VulkanPairTreeTest, RandomPointsOverTheKnobGrid) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  const std::size_t n = 3001;
  const auto points = zkmsm::test::independent_points<Bn254G1>(n, rng());
  const std::vector<Scalar> scalars = test::test_scalars(rng, CurveId::bn254, n);
  for (const Knobs& knobs : {kS1, kS3Cached, kS8, kS8Cached}) {
    // c = 7: ~47 entries per bucket (6 levels); c = 11: ~3 (singles and short trees).
    expect_pair_tree<Bn254G1>(*context, points, scalars, 7, 0, 3, knobs);
    expect_pair_tree<Bn254G1>(*context, points, scalars, 11, 20, 4, knobs);
  }
}

TEST_F(VulkanPairTreeTest, PowerOfTwoSize) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  // 2^12 by default; ZKMSM_TEST_LOG_N raises it (a GPU: at 2^20 the level-0 dispatch with S = 1
  // is a 2-D grid of its own).
  const std::size_t n = std::size_t{1} << zkmsm::test::test_log_n(12);
  const auto points = zkmsm::test::independent_points<Bn254G1>(n, rng());
  const std::vector<Scalar> scalars = random_below_r<Bn254G1>(n, rng);
  for (const Knobs& knobs : {kS8, kS1, kS3Cached, kS8Cached}) {
    expect_pair_tree<Bn254G1>(*context, points, scalars, 9, 5, 4, knobs);
  }
}

TEST_F(VulkanPairTreeTest, Grumpkin) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  const auto grumpkin_points = zkmsm::test::independent_points<GrumpkinG1>(1500, rng());
  const std::vector<Scalar> grumpkin_scalars = test::test_scalars(rng, CurveId::grumpkin, 1500);
  expect_pair_tree<GrumpkinG1>(*context, grumpkin_points, grumpkin_scalars, 8, 0, 3);
  expect_pair_tree<GrumpkinG1>(*context, grumpkin_points, grumpkin_scalars, 8, 10, 2, kS3Cached);
}

TEST_F(VulkanPairTreeTest, EveryScalarEqualMakesOneBucketOfAllEntries) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  for (std::size_t n : {4096u, 2049u, 77u}) {
    const auto points = zkmsm::test::independent_points<Bn254G1>(n, rng());
    const std::vector<Scalar> equal(n, dense_scalar<Bn254G1>(rng));
    expect_pair_tree<Bn254G1>(*context, points, equal, 13, 0, 2);
    expect_pair_tree<Bn254G1>(*context, points, equal, 5, 1, 3, kS3Cached);
  }
}

TEST_F(VulkanPairTreeTest, ManyCopiesOfOnePoint) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  const std::size_t n = 1000;
  const auto points = zkmsm::test::copies_of_one_point<Bn254G1>(n, rng());
  // Random scalars: every bucket is k·P − l·P (doublings, P + (−P) inside pairs and levels).
  const std::vector<Scalar> scalars = random_below_r<Bn254G1>(n, rng);
  expect_pair_tree<Bn254G1>(*context, points, scalars, 4, 0, 4, kS3Cached);
  expect_pair_tree<Bn254G1>(*context, points, scalars, 4, 0, 4, kS8Cached);
  const std::vector<Scalar> equal(n, dense_scalar<Bn254G1>(rng));
  expect_pair_tree<Bn254G1>(*context, points, equal, 7, 0, 2, kS8);
}

TEST_F(VulkanPairTreeTest, PointAndNegationInOneBucket) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  const std::size_t pairs = 700;
  const auto points = zkmsm::test::plus_minus_pairs<Bn254G1>(pairs, rng());
  // (s_i, s_i) for (P_i, −P_i): both entries of every pair land in one bucket, side by side.
  const std::vector<Scalar> doubled = zkmsm::test::doubled_up<Bn254G1>(random_below_r<Bn254G1>(pairs, rng));
  expect_pair_tree<Bn254G1>(*context, points, doubled, 6, 0, 3, kS8);
  expect_pair_tree<Bn254G1>(*context, points, doubled, 6, 0, 3, kS1);
  // One scalar for all: each window's one bucket sums to infinity (every level 0 pair cancels).
  const std::vector<Scalar> equal(2 * pairs, dense_scalar<Bn254G1>(rng));
  expect_pair_tree<Bn254G1>(*context, points, equal, 9, 0, 2, kS3Cached);
  // Shifted by one point: pairs (−P_i, P_{i+1}) at level 0, the cancellations one level up.
  std::vector<AffinePoint<Bn254G1>> shifted = points;
  shifted.insert(shifted.begin(), zkmsm::test::independent_points<Bn254G1>(1, rng())[0]);
  const std::vector<Scalar> equal_shifted(shifted.size(), equal[0]);
  expect_pair_tree<Bn254G1>(*context, shifted, equal_shifted, 9, 0, 2, kS8);
}

TEST_F(VulkanPairTreeTest, InfinityAmongThePoints) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  const std::size_t n = 2000;
  auto points = zkmsm::test::independent_points<Bn254G1>(n, rng());
  zkmsm::test::put_infinity(points, 3);
  const std::vector<Scalar> scalars = random_below_r<Bn254G1>(n, rng);
  expect_pair_tree<Bn254G1>(*context, points, scalars, 7, 0, 3, kS8);
  const std::vector<Scalar> equal(n, dense_scalar<Bn254G1>(rng));
  expect_pair_tree<Bn254G1>(*context, points, equal, 7, 0, 2, kS3Cached);
  const std::vector<AffinePoint<Bn254G1>> all_infinity(300, AffinePoint<Bn254G1>::infinity());
  expect_pair_tree<Bn254G1>(*context, all_infinity, random_below_r<Bn254G1>(300, rng), 5, 0, 4);
}

TEST_F(VulkanPairTreeTest, ZeroScalars) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  const std::size_t n = 1500;
  const auto points = zkmsm::test::independent_points<Bn254G1>(n, rng());
  std::vector<Scalar> sparse(n, Scalar{});
  for (std::size_t i = 0; i < n; i += 7) sparse[i] = random_below_r<Bn254G1>(1, rng)[0];
  expect_pair_tree<Bn254G1>(*context, points, sparse, 6, 0, 4, kS8);
  // No valid entry at all: nothing is written, nothing is read.
  expect_pair_tree<Bn254G1>(*context, points, std::vector<Scalar>(n, Scalar{}), 6, 0, 4, kS3Cached);
}

TEST_F(VulkanPairTreeTest, TinyBatches) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  for (std::size_t n : {1u, 2u, 3u}) {
    const auto points = zkmsm::test::independent_points<Bn254G1>(n, rng());
    expect_pair_tree<Bn254G1>(*context, points, random_below_r<Bn254G1>(n, rng), 4, 0, 8);
    const std::vector<Scalar> equal(n, dense_scalar<Bn254G1>(rng));
    expect_pair_tree<Bn254G1>(*context, points, equal, 4, 0, 4, kS1);
    // The same point twice (or three times) with the same scalar: a doubling at level 0.
    const std::vector<AffinePoint<Bn254G1>> copies(n, points[0]);
    expect_pair_tree<Bn254G1>(*context, copies, equal, 5, 0, 4, kS3Cached);
  }
}

TEST_F(VulkanPairTreeTest, ConsecutiveBatchesReuseTheBuffers) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  const std::size_t n = 600;
  const unsigned window_bits = 8;
  const unsigned windows = signed_window_count(256, window_bits);
  const auto points = zkmsm::test::independent_points<Bn254G1>(n, rng());
  std::vector<Scalar> scalars = test::test_scalars(rng, CurveId::bn254, n);
  // A few equal scalars: one deep bucket in some windows, shallow ones elsewhere.
  std::fill(scalars.begin() + 100, scalars.begin() + 400, dense_scalar<Bn254G1>(rng));
  PairTreeRunner<Bn254G1> runner(*context, points, scalars, window_bits, 12, kS8);
  for (unsigned first_window = 0; first_window < windows; first_window += 12) {
    runner.expect_batch(first_window, std::min(12u, windows - first_window));
  }
}

TEST_F(VulkanPairTreeTest, TwoDimensionalGrids) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  // Rows of 3 workgroups: every dispatch of the tree (the scan's too with c = 13: 8 blocks) is a
  // 2-D grid with a partial last row, as counts above 65,535 workgroups are on large batches.
  Knobs narrow = kS8;
  narrow.grid_width = 3;
  const std::size_t n = 2000;
  const auto points = zkmsm::test::independent_points<Bn254G1>(n, rng());
  std::vector<Scalar> scalars = random_below_r<Bn254G1>(n, rng);
  std::fill(scalars.begin(), scalars.begin() + 300, dense_scalar<Bn254G1>(rng));
  expect_pair_tree<Bn254G1>(*context, points, scalars, 6, 0, 3, narrow);
  expect_pair_tree<Bn254G1>(*context, points, scalars, 13, 0, 2, narrow);
}

TEST_F(VulkanPairTreeTest, ThreeLevelScanOverTwoMillionBuckets) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  // c = 22, one window: W·B = 2^21 buckets, so the offsets' scan has block sums of 2,048 and of 2
  // words (three block-scan dispatches). 128 MB of bucket sums: skipped where a binding is smaller.
  if (context->info().max_storage_buffer_range < (std::uint64_t{64} << 21)) {
    GTEST_SKIP() << "maxStorageBufferRange " << context->info().max_storage_buffer_range << " < 128 MB";
  }
  const std::size_t n = 1200;
  const auto points = zkmsm::test::independent_points<Bn254G1>(n, rng());
  // 60 distinct scalars, 20 points each (shuffled): 60 buckets of ~20 entries spread over the
  // 2^21, so bucket offsets cross the scan's blocks at every level of the scan.
  const std::vector<Scalar> distinct = random_below_r<Bn254G1>(60, rng);
  std::vector<Scalar> scalars(n);
  for (std::size_t i = 0; i < n; ++i) scalars[i] = distinct[i % distinct.size()];
  std::shuffle(scalars.begin(), scalars.end(), rng);
  expect_pair_tree<Bn254G1>(*context, points, scalars, 22, 0, 1);
}

TEST_F(VulkanPairTreeTest, BadShapesAreRefused) {
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  std::unique_ptr<PairTree> tree;
  const PairTreeShape good{CurveId::bn254, 8, 64, false, 100, 64};
  EXPECT_TRUE(PairTree::create(tree, *context, good).ok());
  auto expect_refused = [&](PairTreeShape shape) {
    std::unique_ptr<PairTree> refused;
    EXPECT_EQ(PairTree::create(refused, *context, shape).code, StatusCode::invalid_argument);
    EXPECT_EQ(refused, nullptr);
  };
  PairTreeShape shape = good;
  shape.slots = 0;
  expect_refused(shape);
  shape.slots = PairTree::kMaxSlots + 1;
  expect_refused(shape);
  shape = good;
  shape.workgroup_size = 0;
  expect_refused(shape);
  shape.workgroup_size = context->info().max_workgroup_invocations + 1;
  expect_refused(shape);
  shape = good;
  shape.max_entries = 0;
  expect_refused(shape);
  shape = good;
  shape.max_buckets = 0;
  expect_refused(shape);
  shape = good;
  shape.grid_width = 0;
  expect_refused(shape);
  shape.grid_width = PairTree::kMaxGridWidth + 1;
  expect_refused(shape);
  // A batch larger than the tree: record() refuses it.
  const std::vector<Scalar> scalars(200, Scalar{});
  const std::vector<std::uint32_t> words = test::scalar_words(scalars);
  const std::unique_ptr<StorageBuffer> scalar_buffer = upload(*context, std::span<const std::uint32_t>(words));
  std::unique_ptr<BucketStages> stages;
  ASSERT_TRUE(BucketStages::create(stages, *context, {CurveId::bn254, 200, 4, 1}).ok());
  std::unique_ptr<CommandBatch> batch;
  ASSERT_TRUE(CommandBatch::create(batch, *context).ok());
  ASSERT_TRUE(stages->record(*batch, *scalar_buffer, 0, 1).ok());
  EXPECT_EQ(tree->record(*batch, *scalar_buffer, *stages).code, StatusCode::invalid_argument);
}

TEST(PairTreeBounds, LevelsAndDeviceBytes) {
  EXPECT_EQ(PairTree::levels(0), 0u);
  EXPECT_EQ(PairTree::levels(1), 0u);
  EXPECT_EQ(PairTree::levels(2), 1u);
  EXPECT_EQ(PairTree::levels(3), 2u);
  EXPECT_EQ(PairTree::levels(4), 2u);
  EXPECT_EQ(PairTree::levels(5), 3u);
  EXPECT_EQ(PairTree::levels(4096), 12u);
  EXPECT_EQ(PairTree::levels(4097), 13u);
  EXPECT_EQ(PairTree::levels(0x7fffffffu), 31u);
  // The bound is at least a level's total positions Σ 2⌈N / 2^(ℓ+1)⌉ (buckets with N > 2^ℓ) for
  // E entries in ⌊E / N⌋ buckets of one size N, for every N (the shapes that come closest to it).
  for (std::uint64_t entries : {1u, 2u, 3u, 7u, 100u, 1000u, 4096u}) {
    for (std::uint32_t level = 0; level < 13; ++level) {
      std::uint64_t worst = 0;
      for (std::uint64_t size = (std::uint64_t{1} << level) + 1; size <= entries; ++size) {
        const std::uint64_t half = std::uint64_t{1} << (level + 1);
        worst = std::max(worst, (entries / size) * 2 * ((size + half - 1) / half));
      }
      EXPECT_GE(PairTree::positions_bound(entries, level), worst) << "E = " << entries << ", level " << level;
    }
  }
  // The closed form: buckets, both level arrays, the state (keys ⌊4E/3⌋ + E, offsets 2·W·B, the
  // scan's block sums, the level totals), in bytes.
  const PairTreeShape small{CurveId::bn254, 8, 64, false, 3000, 512};
  EXPECT_EQ(PairTree::device_bytes(small), 512u * 64 + 3000u * 64 + 1500u * 64 + 4u * (4000 + 3000 + 1024 + 32));
  const PairTreeShape large{CurveId::grumpkin, 8, 64, true, 1u << 20, 3u << 20};
  const std::uint64_t scan_sums = 3072 + 3;
  EXPECT_EQ(PairTree::device_bytes(large), (3ull << 20) * 64 + (1ull << 20) * 96 +
                                               4 * ((1ull << 22) / 3 + (1ull << 20) + (6ull << 20) + scan_sums + 32));
}

}  // namespace
}  // namespace zkmsm::vulkan
