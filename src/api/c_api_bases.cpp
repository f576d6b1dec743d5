// The C ABI's prepared bases: zkmsm_bases_create, _msm, _size, _destroy.
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>
#include <variant>

#include "c_api_bases.hpp"
#include "c_api_support.hpp"

namespace zkmsm::c_api {
namespace {

template <class Curve>
int bases_create_on(const std::uint64_t* points, std::size_t n, const MsmConfig& config, zkmsm_bases** out_bases) {
  const auto* point_array = reinterpret_cast<const Point<Curve>*>(points);
  Result<Bases<Curve>> prepared = prepare_bases<Curve>(std::span<const Point<Curve>>(point_array, n), config);
  if (!prepared) return fail_with(prepared.error());
  *out_bases = new zkmsm_bases{std::move(prepared.value())};
  return ZKMSM_OK;
}

int bases_create_checked(const zkmsm_curve& curve,
                         const std::uint64_t* points,
                         std::size_t n,
                         const zkmsm_config* config,
                         zkmsm_bases** out_bases) {
  if (out_bases == nullptr) return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "out_bases is NULL");
  *out_bases = nullptr;
  return with_curve(curve, [&](auto curve_tag) {
    using Curve = decltype(curve_tag);
    if (const int status = check_array(points, n, kPointLimbs<Curve>, "points is NULL but n > 0"); status != ZKMSM_OK)
      return status;
    MsmConfig cpp_config;
    if (const int status = to_cpp(config, cpp_config); status != ZKMSM_OK) return status;
    return bases_create_on<Curve>(points, n, cpp_config, out_bases);
  });
}

int bases_msm_checked(const zkmsm_bases* bases,
                      const std::uint64_t* scalars,
                      std::size_t n,
                      const zkmsm_config* config,
                      std::uint64_t* out_point,
                      int* out_is_infinity,
                      zkmsm_stats* stats) {
  if (bases == nullptr) return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "bases is NULL");
  if (const int status = check_outputs(out_point, stats); status != ZKMSM_OK) return status;
  if (const int status = check_array(scalars, n, 4, "scalars is NULL but n > 0"); status != ZKMSM_OK) return status;
  MsmConfig cpp_config;
  if (const int status = to_cpp(config, cpp_config); status != ZKMSM_OK) return status;
  return std::visit(
      [&](const auto& typed) {
        using Curve = typename std::remove_cvref_t<decltype(typed)>::CurveTag;
        const auto* scalar_array = reinterpret_cast<const Scalar<Curve>*>(scalars);
        MsmStats cpp_stats;
        const Result<Point<Curve>> result = msm<Curve>(typed, std::span<const Scalar<Curve>>(scalar_array, n),
                                                       cpp_config, stats != nullptr ? &cpp_stats : nullptr);
        if (!result) return fail_with(result.error());
        return write_result(result.value(), cpp_stats, out_point, out_is_infinity, stats);
      },
      bases->bases);
}

}  // namespace
}  // namespace zkmsm::c_api

extern "C" {

int zkmsm_bases_create(
    zkmsm_curve curve, const uint64_t* points, size_t n, const zkmsm_config* config, zkmsm_bases** out_bases) noexcept {
  return zkmsm::c_api::guarded([&] { return zkmsm::c_api::bases_create_checked(curve, points, n, config, out_bases); });
}

void zkmsm_bases_destroy(zkmsm_bases* bases) noexcept { delete bases; }

size_t zkmsm_bases_size(const zkmsm_bases* bases) noexcept {
  if (bases == nullptr) return 0;
  return std::visit([](const auto& typed) { return typed.size(); }, bases->bases);
}

int zkmsm_bases_msm(const zkmsm_bases* bases,
                    const uint64_t* scalars,
                    size_t n,
                    const zkmsm_config* config,
                    uint64_t* out_point,
                    int* out_is_infinity,
                    zkmsm_stats* stats) noexcept {
  return zkmsm::c_api::guarded(
      [&] { return zkmsm::c_api::bases_msm_checked(bases, scalars, n, config, out_point, out_is_infinity, stats); });
}

}  // extern "C"
