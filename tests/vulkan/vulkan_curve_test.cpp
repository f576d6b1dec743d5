// The curve shaders on the Vulkan device against the host curve code (src/curve), bit for bit,
// for BN254 G1, Grumpkin and BLS12-381 G1 (12-word coordinates):
//   - xyzz_point.glsl: add, mixed add and doubling of XYZZ points with random Z, on independent
//     random points, equal points (doubling through add), P and −P, and infinity operands;
//   - affine_point.glsl: the on-curve check (b from the generated constants);
//   - batch_affine_add.glsl: batched complete affine sums against the CPU's
//     batch_add_adjacent_pairs, on independent pairs and on batches mixing generic pairs with
//     doublings, cancellations, infinity operands and repeated points, for several S.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "field/test_support.hpp"
#include "msm/common/batch_affine_add.hpp"
#include "msm/msm_test_support.hpp"
#include "vulkan/vulkan_curve_ops.hpp"
#include "vulkan/vulkan_test_support.hpp"

namespace zkmsm::vulkan {
namespace {

template <class CurveT, ShaderId kCurveOps, ShaderId kBatchAdd>
struct CurveCase {
  using Curve = CurveT;
  static constexpr ShaderId curve_ops = kCurveOps;
  static constexpr ShaderId batch_add = kBatchAdd;
};

using CurveCases =
    ::testing::Types<CurveCase<Bn254G1, ShaderId::curve_ops_bn254, ShaderId::batch_affine_add_ops_bn254>,
                     CurveCase<GrumpkinG1, ShaderId::curve_ops_grumpkin, ShaderId::batch_affine_add_ops_grumpkin>,
                     CurveCase<Bls12381G1, ShaderId::curve_ops_bls12_381, ShaderId::batch_affine_add_ops_bls12_381>>;

template <class Case>
class VulkanCurveTest : public zkmsm::test::SeededTest {};
TYPED_TEST_SUITE(VulkanCurveTest, CurveCases);

// The affine point p with a random Z: (x·z², y·z³, z², z³).
template <class Curve>
XyzzPoint<Curve> with_random_z(const AffinePoint<Curve>& p, std::mt19937_64& rng) {
  using BaseField = typename Curve::BaseField;
  if (p.is_infinity()) return XyzzPoint<Curve>::infinity();
  const BaseField z = zkmsm::test::random_nonzero<BaseField>(rng);
  const BaseField zz = z.squared();
  const BaseField zzz = zz * z;
  return {p.x * zz, p.y * zzz, zz, zzz};
}

template <class Curve>
void PrintTo(const AffinePoint<Curve>& p, std::ostream* os) {
  *os << "(" << ::testing::PrintToString(p.x) << ", " << ::testing::PrintToString(p.y) << ")";
}

TYPED_TEST(VulkanCurveTest, XyzzOperationsMatchHost) {
  using Curve = typename TypeParam::Curve;
  using Affine = AffinePoint<Curve>;
  using Xyzz = XyzzPoint<Curve>;
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  const std::vector<Affine> points = zkmsm::test::independent_points<Curve>(64, this->rng());
  const Affine inf = Affine::infinity();
  std::vector<Xyzz> p, q;
  std::vector<Affine> a;
  auto add_case = [&](const Affine& lhs, const Affine& rhs, const Affine& mixed) {
    p.push_back(with_random_z(lhs, this->rng));
    q.push_back(with_random_z(rhs, this->rng));
    a.push_back(mixed);
  };
  for (std::size_t i = 0; i + 1 < points.size(); i += 2) {
    const Affine& P = points[i];
    const Affine& Q = points[i + 1];
    add_case(P, Q, Q);        // generic
    add_case(P, P, P);        // equal points: doubling inside add and mixed add
    add_case(P, -P, -P);      // opposite points: infinity
    add_case(inf, Q, Q);      // infinity on the left
    add_case(P, inf, inf);    // infinity on the right
    add_case(inf, inf, inf);  // both
    add_case(-P, P, Q);       // opposite points in add, generic mixed add
  }
  // Off-curve affine operands (y + 1): only the on-curve check must tell them apart.
  for (std::size_t i = 0; i < 4; ++i)
    add_case(points[i], points[i + 1], {points[i].x, points[i].y + Curve::BaseField::one()});

  test::CurveOpsResults<Curve> device;
  const Status status = test::run_curve_ops<Curve>(device, *context, TypeParam::curve_ops, p, q, a);
  ASSERT_TRUE(status.ok()) << status.message;
  ASSERT_EQ(device.xyzz.size(), p.size());
  std::size_t on_curve = 0;
  for (std::size_t k = 0; k < p.size(); ++k) {
    SCOPED_TRACE(::testing::Message() << "case " << k);
    const Xyzz sum = p[k] + q[k];
    const Xyzz mixed = p[k].add_affine(a[k]);
    const Xyzz doubled = p[k].doubled();
    EXPECT_TRUE(device.xyzz[k][0].X == sum.X && device.xyzz[k][0].Y == sum.Y && device.xyzz[k][0].ZZ == sum.ZZ &&
                device.xyzz[k][0].ZZZ == sum.ZZZ)
        << "p + q";
    EXPECT_TRUE(device.xyzz[k][1].X == mixed.X && device.xyzz[k][1].Y == mixed.Y && device.xyzz[k][1].ZZ == mixed.ZZ &&
                device.xyzz[k][1].ZZZ == mixed.ZZZ)
        << "p + a";
    EXPECT_TRUE(device.xyzz[k][2].X == doubled.X && device.xyzz[k][2].Y == doubled.Y &&
                device.xyzz[k][2].ZZ == doubled.ZZ && device.xyzz[k][2].ZZZ == doubled.ZZZ)
        << "2p";
    EXPECT_EQ(device.on_curve[k], a[k].is_on_curve() ? 1u : 0u) << "on-curve check of a";
    on_curve += device.on_curve[k];
  }
  EXPECT_EQ(on_curve, p.size() - 4) << "exactly the four perturbed points are off the curve";
}

// The host's complete batched affine addition, pair by pair.
template <class Curve>
std::vector<AffinePoint<Curve>> host_sums(const std::vector<AffinePoint<Curve>>& lhs,
                                          const std::vector<AffinePoint<Curve>>& rhs) {
  std::vector<AffinePoint<Curve>> src;
  std::vector<std::uint32_t> left, dest;
  for (std::size_t i = 0; i < lhs.size(); ++i) {
    src.push_back(lhs[i]);
    src.push_back(rhs[i]);
    left.push_back(static_cast<std::uint32_t>(2 * i));
    dest.push_back(static_cast<std::uint32_t>(i));
  }
  std::vector<AffinePoint<Curve>> out(lhs.size());
  std::vector<typename Curve::BaseField> prefix(lhs.size());
  std::vector<AffinePairCase> kind(lhs.size());
  batch_add_adjacent_pairs<Curve>(out.data(), src.data(), left.data(), dest.data(), lhs.size(),
                                  {prefix.data(), kind.data()});
  return out;
}

template <class Curve>
void expect_batch_sums_match_host(Context& context,
                                  ShaderId shader,
                                  std::uint32_t slots,
                                  std::uint32_t workgroup,
                                  const std::vector<AffinePoint<Curve>>& lhs,
                                  const std::vector<AffinePoint<Curve>>& rhs) {
  SCOPED_TRACE(::testing::Message() << "S = " << slots << ", workgroup size " << workgroup);
  std::vector<AffinePoint<Curve>> device;
  const Status status = test::run_batch_affine_add<Curve>(device, context, shader, slots, workgroup, lhs, rhs);
  ASSERT_TRUE(status.ok()) << status.message;
  const std::vector<AffinePoint<Curve>> host = host_sums(lhs, rhs);
  ASSERT_EQ(device.size(), host.size());
  for (std::size_t k = 0; k < host.size(); ++k) {
    // Independent of the batch code: the XYZZ sum, normalized.
    const AffinePoint<Curve> expected = XyzzPoint<Curve>::from_affine(lhs[k]).add_affine(rhs[k]).to_affine();
    ASSERT_EQ(host[k], expected) << "host reference disagrees with XYZZ at pair " << k;
    ASSERT_EQ(device[k], host[k]) << "pair " << k << ": " << ::testing::PrintToString(lhs[k]) << " + "
                                  << ::testing::PrintToString(rhs[k]);
  }
}

TYPED_TEST(VulkanCurveTest, BatchAffineAddOfIndependentPairsMatchesHost) {
  using Curve = typename TypeParam::Curve;
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  // 203 pairs: no S > 1 below divides it, so every S leaves a partial last batch.
  const std::vector<AffinePoint<Curve>> points = zkmsm::test::independent_points<Curve>(406, this->rng());
  const std::vector<AffinePoint<Curve>> lhs(points.begin(), points.begin() + 203);
  const std::vector<AffinePoint<Curve>> rhs(points.begin() + 203, points.end());
  // Each S is a pipeline compiled by the driver (seconds on lavapipe), so only the extremes here.
  for (const std::uint32_t slots : {1u, 16u}) {
    expect_batch_sums_match_host<Curve>(*context, TypeParam::batch_add, slots, 64, lhs, rhs);
  }
}

// Batches where generic pairs share an inversion with doublings, cancellations, infinity
// operands and repeated points, in a seeded random order; a zero dx must not poison its batch.
TYPED_TEST(VulkanCurveTest, BatchAffineAddHandlesEveryCaseInsideOneBatch) {
  using Curve = typename TypeParam::Curve;
  using Affine = AffinePoint<Curve>;
  using BaseField = typename Curve::BaseField;
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  const std::vector<Affine> points = zkmsm::test::independent_points<Curve>(48, this->rng());
  const Affine inf = Affine::infinity();
  std::vector<Affine> lhs, rhs;
  auto add_pair = [&](const Affine& l, const Affine& r) {
    lhs.push_back(l);
    rhs.push_back(r);
  };
  for (std::size_t i = 0; i + 1 < points.size(); i += 2) {
    const Affine& P = points[i];
    const Affine& Q = points[i + 1];
    add_pair(P, Q);      // generic
    add_pair(P, Q);      // the same pair again (repeated points)
    add_pair(Q, P);      // and swapped
    add_pair(P, P);      // doubling
    add_pair(P, -P);     // cancellation
    add_pair(-Q, Q);     // cancellation
    add_pair(inf, P);    // infinity left
    add_pair(Q, inf);    // infinity right
    add_pair(inf, inf);  // both
  }
  // x = 0, the x of infinity's encoding: BN254 G1 and Grumpkin have no such point (b is not a
  // square) and BLS12-381's (0, ±2) are outside G1, so (0, 1) of y² = x³ + 1 stands in; the a = 0 addition formulas do
  // not involve b, so the host and XYZZ references still apply.
  const Affine on_axis{BaseField::zero(), BaseField::one()};
  add_pair(on_axis, inf);
  add_pair(inf, on_axis);
  add_pair(on_axis, on_axis);
  add_pair(on_axis, -on_axis);
  add_pair(on_axis, points[0]);
  std::vector<std::size_t> order(lhs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), this->rng);
  std::vector<Affine> shuffled_lhs, shuffled_rhs;
  for (const std::size_t i : order) {
    shuffled_lhs.push_back(lhs[i]);
    shuffled_rhs.push_back(rhs[i]);
  }
  for (const std::uint32_t slots : {5u, 16u}) {
    expect_batch_sums_match_host<Curve>(*context, TypeParam::batch_add, slots, 32, shuffled_lhs, shuffled_rhs);
  }
}

// A batch in which no pair has a denominator (the product stays one) and one in which only the
// last pair has one.
TYPED_TEST(VulkanCurveTest, BatchAffineAddWithoutDenominators) {
  using Curve = typename TypeParam::Curve;
  using Affine = AffinePoint<Curve>;
  ZKMSM_VULKAN_CONTEXT_OR_SKIP(context);
  const std::vector<Affine> points = zkmsm::test::independent_points<Curve>(8, this->rng());
  const Affine inf = Affine::infinity();
  const std::vector<Affine> lhs = {inf, points[0], points[1], inf, inf, points[2], points[3], points[4]};
  const std::vector<Affine> rhs = {points[5], inf, -points[1], inf, points[6], -points[2], inf, points[7]};
  expect_batch_sums_match_host<Curve>(*context, TypeParam::batch_add, 8, 64, lhs, rhs);
}

}  // namespace
}  // namespace zkmsm::vulkan
