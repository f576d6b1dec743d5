// Bases (bases.hpp): points validated and converted once by a backend (prepare_bases of the one
// backend interface; the backend keeps them where it runs), and msm(bases, scalars) over a prefix
// of them, alone or in batches.
#include "zkmsm/bases.hpp"

#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "api/curve_map.hpp"
#include "api/dispatcher.hpp"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm {

// What a Bases owns: the backend that prepared the points and what it made of them.
template <class Curve>
struct Bases<Curve>::State {
  backend::BackendKind kind = backend::BackendKind::cpu;
  std::unique_ptr<backend::PreparedBases> prepared;
};

template <class Curve>
Bases<Curve>::Bases() = default;
template <class Curve>
Bases<Curve>::Bases(std::unique_ptr<State> state) : state_(std::move(state)) {}
template <class Curve>
Bases<Curve>::Bases(Bases&& other) noexcept = default;
template <class Curve>
Bases<Curve>& Bases<Curve>::operator=(Bases&& other) noexcept = default;
template <class Curve>
Bases<Curve>::~Bases() = default;

template <class Curve>
std::size_t Bases<Curve>::size() const {
  return state_ ? state_->prepared->size() : 0;
}

template <class Curve>
Backend Bases<Curve>::backend() const {
  return state_ ? api::to_public(state_->kind) : Backend::cpu;
}

template <class Curve>
Result<Bases<Curve>> prepare_bases(std::span<const Point<Curve>> points, const MsmConfig& config) {
  using Internal = api::InternalCurve<Curve>;
  const std::size_t n = points.size();
  if (n > api::kMaxPoints) return Error{ErrorCode::invalid_argument, "at most 2^31 - 1 points per MSM"};
  const auto chosen = api::choose_backend<Internal>(config, config.backend, config.points_on_device);
  if (!chosen) return chosen.error();
  backend::MsmBackend<Internal>& backend = *chosen.value();
  if (config.points_on_device && reinterpret_cast<std::uintptr_t>(points.data()) % api::kDevicePointAlignment != 0) {
    return Error{ErrorCode::invalid_argument, "points_on_device: device points must be 16-byte aligned"};
  }
  if (const Result<bool> listed = api::check_device_list<Internal>(config, backend); !listed) return listed.error();
  try {
    auto state = std::make_unique<typename Bases<Curve>::State>();
    state->kind = backend.kind();
    const backend::Status status = backend.prepare_bases(state->prepared, {n, points.data(), config.points_on_device},
                                                         api::to_form(config), api::to_knobs(config));
    if (!status.ok()) return api::to_error(status);
    return Bases<Curve>(std::move(state));
  } catch (const std::bad_alloc&) {
    return Error{ErrorCode::out_of_memory, "host memory allocation failed"};
  }
}

namespace api {
namespace {

template <class Curve>
Error wrong_backend(const Bases<Curve>& bases, const MsmConfig& config) {
  return Error{ErrorCode::invalid_argument, std::string("the bases were prepared for backend '") +
                                                to_string(bases.backend()) + "' but config.backend is '" +
                                                to_string(config.backend) + "'"};
}

template <class Curve>
bool backend_differs(const Bases<Curve>& bases, const MsmConfig& config) {
  return config.backend != Backend::automatic && config.backend != bases.backend();
}

std::string too_many_scalars(std::size_t n, std::size_t size) {
  return "got " + std::to_string(n) + " scalars but the bases hold only " + std::to_string(size) + " points";
}

}  // namespace
}  // namespace api

template <class Curve>
Result<Point<Curve>> msm(const Bases<Curve>& bases,
                         std::span<const Scalar<Curve>> scalars,
                         const MsmConfig& config,
                         MsmStats* stats) {
  using Internal = api::InternalCurve<Curve>;
  const auto start = api::Clock::now();
  const std::size_t n = scalars.size();
  if (n > bases.size()) return Error{ErrorCode::invalid_argument, api::too_many_scalars(n, bases.size())};
  if (api::backend_differs(bases, config)) return api::wrong_backend(bases, config);
  const auto chosen = api::choose_backend<Internal>(config, bases.backend(), config.scalars_on_device);
  if (!chosen) return chosen.error();
  backend::MsmBackend<Internal>& backend = *chosen.value();
  if (const Result<bool> listed = api::check_device_list<Internal>(config, backend); !listed) return listed.error();
  try {
    AffinePoint<Internal> sum;
    backend::MsmReport report;
    // Empty bases (default-constructed or moved from) hold no points: an MSM of no terms.
    const backend::Status status =
        bases.state_ ? backend.msm_bases(sum, *bases.state_->prepared, api::to_scalar_inputs(scalars.data(), n, config),
                                         api::to_form(config), api::to_knobs(config), report)
                     : backend.msm(sum, api::to_request(nullptr, scalars.data(), 0, config), report);
    if (!status.ok()) return api::to_error(status);
    api::fill_stats(stats, api::to_public(backend.kind()), report, start);
    return api::to_public_point<Curve>(sum);
  } catch (const std::bad_alloc&) {
    return Error{ErrorCode::out_of_memory, "host memory allocation failed"};
  }
}

template <class Curve>
Result<std::vector<Point<Curve>>> msm_batch(const Bases<Curve>& bases,
                                            std::span<const std::span<const Scalar<Curve>>> scalars,
                                            const MsmConfig& config,
                                            std::vector<MsmStats>* stats) {
  using Internal = api::InternalCurve<Curve>;
  const auto start = api::Clock::now();
  try {
    if (stats != nullptr) stats->assign(scalars.size(), MsmStats{});
    const auto chosen = api::choose_backend<Internal>(config, bases.backend(), config.scalars_on_device);
    if (!chosen) return chosen.error();
    backend::MsmBackend<Internal>& backend = *chosen.value();
    if (const Result<bool> listed = api::check_device_list<Internal>(config, backend); !listed) return listed.error();
    std::vector<backend::ScalarInputs> inputs;
    inputs.reserve(scalars.size());
    for (std::size_t m = 0; m < scalars.size(); ++m) {
      const std::string which = "msm " + std::to_string(m) + ": ";
      if (scalars[m].size() > bases.size())
        return Error{ErrorCode::invalid_argument, which + api::too_many_scalars(scalars[m].size(), bases.size())};
      if (api::backend_differs(bases, config))
        return Error{ErrorCode::invalid_argument, which + api::wrong_backend(bases, config).message};
      inputs.push_back(api::to_scalar_inputs(scalars[m].data(), scalars[m].size(), config));
    }
    std::vector<AffinePoint<Internal>> sums(scalars.size());
    std::vector<backend::MsmReport> reports(scalars.size());
    if (!bases.state_) {
      // Empty bases: every MSM has no terms.
      for (std::size_t m = 0; m < scalars.size(); ++m) {
        const backend::Status status =
            backend.msm(sums[m], api::to_request(nullptr, scalars[m].data(), 0, config), reports[m]);
        if (!status.ok()) return api::to_error(backend::batch_member_failure(m, status));
      }
    } else {
      const backend::Status status = backend.msm_bases_batch(sums, *bases.state_->prepared, inputs,
                                                             api::to_form(config), api::to_knobs(config), reports);
      if (!status.ok()) return api::to_error(status);
    }
    return api::batch_results<Curve>(sums, reports, api::to_public(backend.kind()), stats, start);
  } catch (const std::bad_alloc&) {
    return Error{ErrorCode::out_of_memory, "host memory allocation failed"};
  }
}

template class Bases<Bn254>;
template class Bases<Grumpkin>;
template class Bases<Bls12381>;
template Result<Bases<Bn254>> prepare_bases<Bn254>(std::span<const Point<Bn254>>, const MsmConfig&);
template Result<Bases<Grumpkin>> prepare_bases<Grumpkin>(std::span<const Point<Grumpkin>>, const MsmConfig&);
template Result<Bases<Bls12381>> prepare_bases<Bls12381>(std::span<const Point<Bls12381>>, const MsmConfig&);
template Result<Point<Bn254>> msm<Bn254>(const Bases<Bn254>&,
                                         std::span<const Scalar<Bn254>>,
                                         const MsmConfig&,
                                         MsmStats*);
template Result<Point<Grumpkin>> msm<Grumpkin>(const Bases<Grumpkin>&,
                                               std::span<const Scalar<Grumpkin>>,
                                               const MsmConfig&,
                                               MsmStats*);
template Result<Point<Bls12381>> msm<Bls12381>(const Bases<Bls12381>&,
                                               std::span<const Scalar<Bls12381>>,
                                               const MsmConfig&,
                                               MsmStats*);

template Result<std::vector<Point<Bn254>>> msm_batch<Bn254>(const Bases<Bn254>&,
                                                            std::span<const std::span<const Scalar<Bn254>>>,
                                                            const MsmConfig&,
                                                            std::vector<MsmStats>*);
template Result<std::vector<Point<Grumpkin>>> msm_batch<Grumpkin>(const Bases<Grumpkin>&,
                                                                  std::span<const std::span<const Scalar<Grumpkin>>>,
                                                                  const MsmConfig&,
                                                                  std::vector<MsmStats>*);
template Result<std::vector<Point<Bls12381>>> msm_batch<Bls12381>(const Bases<Bls12381>&,
                                                                  std::span<const std::span<const Scalar<Bls12381>>>,
                                                                  const MsmConfig&,
                                                                  std::vector<MsmStats>*);

}  // namespace zkmsm
