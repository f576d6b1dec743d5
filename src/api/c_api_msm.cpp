// The C ABI's one-MSM entry point, zkmsm_msm, and the argument checks every entry point shares.
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "c_api_support.hpp"

namespace zkmsm::c_api {
namespace {

// Caller buffers are reinterpreted as arrays of Point/Scalar without a copy (a copy would double
// the memory of a 2^26-point MSM). Both are implicit-lifetime aggregates of uint64_t limbs with
// no padding, so the caller's uint64_t array already has their object representation.
template <class Curve>
constexpr bool limb_layout_matches() {
  using CurvePoint = Point<Curve>;
  using CurveScalar = Scalar<Curve>;
  return std::is_standard_layout_v<CurvePoint> && std::is_trivially_copyable_v<CurvePoint> &&
         std::is_trivially_destructible_v<CurvePoint> &&
         sizeof(CurvePoint) == kPointLimbs<Curve> * sizeof(std::uint64_t) &&
         alignof(CurvePoint) == alignof(std::uint64_t) && std::is_trivially_copyable_v<CurveScalar> &&
         sizeof(CurveScalar) == kScalarLimbs<Curve> * sizeof(std::uint64_t) &&
         alignof(CurveScalar) == alignof(std::uint64_t);
}
static_assert(limb_layout_matches<Bn254>());
static_assert(limb_layout_matches<Grumpkin>());
static_assert(limb_layout_matches<Bls12381>());

template <class Curve>
int msm_on(const std::uint64_t* points,
           const std::uint64_t* scalars,
           std::size_t n,
           const MsmConfig& config,
           std::uint64_t* out_point,
           int* out_is_infinity,
           zkmsm_stats* stats) {
  const auto* point_array = reinterpret_cast<const Point<Curve>*>(points);
  const auto* scalar_array = reinterpret_cast<const Scalar<Curve>*>(scalars);

  MsmStats cpp_stats;
  const Result<Point<Curve>> result =
      msm<Curve>(std::span<const Point<Curve>>(point_array, n), std::span<const Scalar<Curve>>(scalar_array, n), config,
                 stats != nullptr ? &cpp_stats : nullptr);
  if (!result) return fail_with(result.error());
  return write_result(result.value(), cpp_stats, out_point, out_is_infinity, stats);
}

int msm_checked(const zkmsm_curve& curve,
                const std::uint64_t* points,
                const std::uint64_t* scalars,
                std::size_t n,
                const zkmsm_config* config,
                std::uint64_t* out_point,
                int* out_is_infinity,
                zkmsm_stats* stats) {
  if (const int status = check_outputs(out_point, stats); status != ZKMSM_OK) return status;
  return with_curve(curve, [&](auto curve_tag) {
    using Curve = decltype(curve_tag);
    if (const int status = check_array(points, n, kPointLimbs<Curve>, "points is NULL but n > 0"); status != ZKMSM_OK)
      return status;
    if (const int status = check_array(scalars, n, kScalarLimbs<Curve>, "scalars is NULL but n > 0");
        status != ZKMSM_OK)
      return status;
    MsmConfig cpp_config;
    if (const int status = to_cpp(config, cpp_config); status != ZKMSM_OK) return status;
    return msm_on<Curve>(points, scalars, n, cpp_config, out_point, out_is_infinity, stats);
  });
}

}  // namespace

int check_array(const std::uint64_t* array, std::size_t n, std::size_t element_limbs, const char* null_message) {
  if (n > 0 && array == nullptr) return fail(ZKMSM_ERROR_INVALID_ARGUMENT, null_message);
  if (n > SIZE_MAX / (element_limbs * sizeof(std::uint64_t)))
    return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "n is too large: the array's size in bytes overflows size_t");
  if (reinterpret_cast<std::uintptr_t>(array) % alignof(std::uint64_t) != 0)
    return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "points and scalars must be 8-byte aligned uint64_t arrays");
  return ZKMSM_OK;
}

int check_outputs(const std::uint64_t* out_point, const zkmsm_stats* stats) {
  if (out_point == nullptr) return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "out_point is NULL");
  if (stats != nullptr && stats->struct_size < kStatsSizeV1)
    return fail(ZKMSM_ERROR_INVALID_ARGUMENT,
                "stats->struct_size is smaller than any zkmsm_stats layout; call zkmsm_stats_init()");
  return ZKMSM_OK;
}

}  // namespace zkmsm::c_api

extern "C" {

int zkmsm_msm(zkmsm_curve curve,
              const uint64_t* points,
              const uint64_t* scalars,
              size_t n,
              const zkmsm_config* config,
              uint64_t* out_point,
              int* out_is_infinity,
              zkmsm_stats* stats) noexcept {
  return zkmsm::c_api::guarded(
      [&] { return zkmsm::c_api::msm_checked(curve, points, scalars, n, config, out_point, out_is_infinity, stats); });
}

size_t zkmsm_point_limbs(zkmsm_curve curve) noexcept {
  std::size_t limbs = 0;
  zkmsm::c_api::with_curve(curve, [&](auto curve_tag) {
    limbs = zkmsm::c_api::kPointLimbs<decltype(curve_tag)>;
    return ZKMSM_OK;
  });
  return limbs;
}

}  // extern "C"
