// msm_batch(msms): a batch of independent MSMs, checked here as msm() checks one, then handed to
// the backend as one batch (a backend with several devices spreads it; the others run the MSMs
// one after another).
#include <cstdint>
#include <new>
#include <string>
#include <vector>

#include "api/curve_map.hpp"
#include "api/dispatcher.hpp"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm {
namespace api {

namespace {

// The checks msm() makes on one MSM's arrays, named by its index in the batch.
template <class Curve>
Result<bool> check_batch_entry(const MsmInputs<Curve>& entry, std::size_t m, const MsmConfig& config) {
  const std::string which = "msm " + std::to_string(m) + ": ";
  if (entry.points.size() != entry.scalars.size()) {
    return Error{ErrorCode::invalid_argument, which + "got " + std::to_string(entry.points.size()) + " points but " +
                                                  std::to_string(entry.scalars.size()) + " scalars"};
  }
  if (entry.points.size() > kMaxPoints)
    return Error{ErrorCode::invalid_argument, which + "at most 2^31 - 1 points per MSM"};
  if (config.points_on_device && reinterpret_cast<std::uintptr_t>(entry.points.data()) % kDevicePointAlignment != 0) {
    return Error{ErrorCode::invalid_argument, which + "points_on_device: device points must be 16-byte aligned"};
  }
  return true;
}

}  // namespace

}  // namespace api

template <class Curve>
Result<std::vector<Point<Curve>>> msm_batch(std::span<const MsmInputs<Curve>> msms,
                                            const MsmConfig& config,
                                            std::vector<MsmStats>* stats) {
  using Internal = api::InternalCurve<Curve>;
  const auto start = api::Clock::now();
  try {
    for (std::size_t m = 0; m < msms.size(); ++m) {
      const Result<bool> checked = api::check_batch_entry(msms[m], m, config);
      if (!checked) return checked.error();
    }
    const auto chosen =
        api::choose_backend<Internal>(config, config.backend, config.points_on_device || config.scalars_on_device);
    if (!chosen) return chosen.error();
    backend::MsmBackend<Internal>& backend = *chosen.value();
    if (const Result<bool> listed = api::check_device_list<Internal>(config, backend); !listed) return listed.error();
    if (stats != nullptr) stats->assign(msms.size(), MsmStats{});
    std::vector<backend::MsmRequest> requests;
    requests.reserve(msms.size());
    for (const MsmInputs<Curve>& entry : msms)
      requests.push_back(api::to_request(entry.points.data(), entry.scalars.data(), entry.points.size(), config));
    std::vector<AffinePoint<Internal>> sums(msms.size());
    std::vector<backend::MsmReport> reports(msms.size());
    const backend::Status status = backend.msm_batch(sums, requests, reports);
    if (!status.ok()) return api::to_error(status);
    return api::batch_results<Curve>(sums, reports, api::to_public(backend.kind()), stats, start);
  } catch (const std::bad_alloc&) {
    return Error{ErrorCode::out_of_memory, "host memory allocation failed"};
  }
}

template Result<std::vector<Point<Bn254>>> msm_batch<Bn254>(std::span<const MsmInputs<Bn254>>,
                                                            const MsmConfig&,
                                                            std::vector<MsmStats>*);
template Result<std::vector<Point<Grumpkin>>> msm_batch<Grumpkin>(std::span<const MsmInputs<Grumpkin>>,
                                                                  const MsmConfig&,
                                                                  std::vector<MsmStats>*);
template Result<std::vector<Point<Bls12381>>> msm_batch<Bls12381>(std::span<const MsmInputs<Bls12381>>,
                                                                  const MsmConfig&,
                                                                  std::vector<MsmStats>*);

}  // namespace zkmsm
