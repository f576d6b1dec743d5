// The C ABI's batches of MSMs: zkmsm_msm_batch and zkmsm_bases_msm_batch.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "c_api_bases.hpp"
#include "c_api_support.hpp"

namespace zkmsm::c_api {
namespace {

// Checks of a batch's arrays: m pointers (NULL only when m = 0), each entry as check_array.
int check_batch(
    const std::uint64_t* const* arrays, const std::size_t* counts, std::size_t m, std::size_t limbs, const char* what) {
  if (m == 0) return ZKMSM_OK;
  if (arrays == nullptr) return fail(ZKMSM_ERROR_INVALID_ARGUMENT, std::string(what) + " is NULL but m > 0");
  for (std::size_t j = 0; j < m; ++j) {
    const std::string message = "msm " + std::to_string(j) + ": " + what + "[" + std::to_string(j) +
                                "] is NULL but counts[" + std::to_string(j) + "] > 0";
    if (const int status = check_array(arrays[j], counts[j], limbs, message.c_str()); status != ZKMSM_OK) return status;
  }
  return ZKMSM_OK;
}

// Checks of a batch's outputs; the stats array's element size is stats[0].struct_size.
int check_batch_outputs(const std::size_t* counts,
                        std::size_t m,
                        const std::uint64_t* out_points,
                        const zkmsm_stats* stats) {
  if (m == 0) return ZKMSM_OK;
  if (counts == nullptr) return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "counts is NULL but m > 0");
  if (out_points == nullptr) return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "out_points is NULL but m > 0");
  if (stats != nullptr && stats->struct_size < kStatsSizeV1)
    return fail(ZKMSM_ERROR_INVALID_ARGUMENT,
                "stats[0].struct_size is smaller than any zkmsm_stats layout; call zkmsm_stats_init()");
  return ZKMSM_OK;
}

// Writes a successful batch's outputs.
template <class Curve>
int write_batch(const std::vector<Point<Curve>>& sums,
                const std::vector<MsmStats>& cpp_stats,
                std::uint64_t* out_points,
                int* out_is_infinity,
                zkmsm_stats* stats) {
  const std::size_t stride = stats != nullptr ? stats->struct_size : 0;
  for (std::size_t j = 0; j < sums.size(); ++j) {
    zkmsm_stats* entry = stats != nullptr
                             ? reinterpret_cast<zkmsm_stats*>(reinterpret_cast<unsigned char*>(stats) + j * stride)
                             : nullptr;
    if (entry != nullptr) entry->struct_size = stride;
    write_result(sums[j], j < cpp_stats.size() ? cpp_stats[j] : MsmStats{}, out_points + kPointLimbs<Curve> * j,
                 out_is_infinity != nullptr ? out_is_infinity + j : nullptr, entry);
  }
  return ZKMSM_OK;
}

template <class Curve>
int msm_batch_on(const std::uint64_t* const* points,
                 const std::uint64_t* const* scalars,
                 const std::size_t* counts,
                 std::size_t m,
                 const MsmConfig& config,
                 std::uint64_t* out_points,
                 int* out_is_infinity,
                 zkmsm_stats* stats) {
  std::vector<MsmInputs<Curve>> msms(m);
  for (std::size_t j = 0; j < m; ++j) {
    msms[j].points = {reinterpret_cast<const Point<Curve>*>(points[j]), counts[j]};
    msms[j].scalars = {reinterpret_cast<const Scalar<Curve>*>(scalars[j]), counts[j]};
  }
  std::vector<MsmStats> cpp_stats;
  const auto result = msm_batch<Curve>(msms, config, stats != nullptr ? &cpp_stats : nullptr);
  if (!result) return fail_with(result.error());
  return write_batch(result.value(), cpp_stats, out_points, out_is_infinity, stats);
}

int msm_batch_checked(const zkmsm_curve& curve,
                      const std::uint64_t* const* points,
                      const std::uint64_t* const* scalars,
                      const std::size_t* counts,
                      std::size_t m,
                      const zkmsm_config* config,
                      std::uint64_t* out_points,
                      int* out_is_infinity,
                      zkmsm_stats* stats) {
  if (const int status = check_batch_outputs(counts, m, out_points, stats); status != ZKMSM_OK) return status;
  return with_curve(curve, [&](auto curve_tag) {
    using Curve = decltype(curve_tag);
    if (const int status = check_batch(points, counts, m, kPointLimbs<Curve>, "points"); status != ZKMSM_OK)
      return status;
    if (const int status = check_batch(scalars, counts, m, kScalarLimbs<Curve>, "scalars"); status != ZKMSM_OK)
      return status;
    MsmConfig cpp_config;
    if (const int status = to_cpp(config, cpp_config); status != ZKMSM_OK) return status;
    return msm_batch_on<Curve>(points, scalars, counts, m, cpp_config, out_points, out_is_infinity, stats);
  });
}

int bases_msm_batch_checked(const zkmsm_bases* bases,
                            const std::uint64_t* const* scalars,
                            const std::size_t* counts,
                            std::size_t m,
                            const zkmsm_config* config,
                            std::uint64_t* out_points,
                            int* out_is_infinity,
                            zkmsm_stats* stats) {
  if (bases == nullptr) return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "bases is NULL");
  if (const int status = check_batch_outputs(counts, m, out_points, stats); status != ZKMSM_OK) return status;
  if (const int status = check_batch(scalars, counts, m, 4, "scalars"); status != ZKMSM_OK) return status;
  MsmConfig cpp_config;
  if (const int status = to_cpp(config, cpp_config); status != ZKMSM_OK) return status;
  return std::visit(
      [&](const auto& typed) {
        using Curve = typename std::remove_cvref_t<decltype(typed)>::CurveTag;
        std::vector<std::span<const Scalar<Curve>>> sets(m);
        for (std::size_t j = 0; j < m; ++j) sets[j] = {reinterpret_cast<const Scalar<Curve>*>(scalars[j]), counts[j]};
        std::vector<MsmStats> cpp_stats;
        const auto result = msm_batch<Curve>(typed, sets, cpp_config, stats != nullptr ? &cpp_stats : nullptr);
        if (!result) return fail_with(result.error());
        return write_batch(result.value(), cpp_stats, out_points, out_is_infinity, stats);
      },
      bases->bases);
}

}  // namespace
}  // namespace zkmsm::c_api

extern "C" {

int zkmsm_msm_batch(zkmsm_curve curve,
                    const uint64_t* const* points,
                    const uint64_t* const* scalars,
                    const size_t* counts,
                    size_t m,
                    const zkmsm_config* config,
                    uint64_t* out_points,
                    int* out_is_infinity,
                    zkmsm_stats* stats) noexcept {
  return zkmsm::c_api::guarded([&] {
    return zkmsm::c_api::msm_batch_checked(curve, points, scalars, counts, m, config, out_points, out_is_infinity,
                                           stats);
  });
}

int zkmsm_bases_msm_batch(const zkmsm_bases* bases,
                          const uint64_t* const* scalars,
                          const size_t* counts,
                          size_t m,
                          const zkmsm_config* config,
                          uint64_t* out_points,
                          int* out_is_infinity,
                          zkmsm_stats* stats) noexcept {
  return zkmsm::c_api::guarded([&] {
    return zkmsm::c_api::bases_msm_batch_checked(bases, scalars, counts, m, config, out_points, out_is_infinity, stats);
  });
}

}  // extern "C"
