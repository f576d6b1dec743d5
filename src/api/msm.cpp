// The public entry point msm(points, scalars): the backend choice and the checks every entry
// shares (dispatcher.hpp), then the backend run through the one backend interface, which converts
// and validates the caller's arrays itself. Also the names of the enums and backend discovery.
#include <cstdint>
#include <new>
#include <string>

#include "api/curve_map.hpp"
#include "api/dispatcher.hpp"
#include "core/kept_host_memory.hpp"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm {

const char* version() { return ZKMSM_VERSION; }

bool backend_available(Backend backend) {
  if (backend == Backend::automatic || backend == Backend::cpu) return true;
  const backend::MsmBackend<Bn254G1>* found = api::registry().find<Bn254G1>(api::to_kind(backend));
  return found != nullptr && found->available();
}

template <class Internal>
static void release_backends_kept_memory() {
  for (backend::MsmBackend<Internal>* backend : api::registry().backends<Internal>()) backend->release_kept_memory();
}

void release_kept_memory() {
  release_backends_kept_memory<Bn254G1>();
  release_backends_kept_memory<GrumpkinG1>();
  release_backends_kept_memory<Bls12381G1>();
  release_kept_host_memory();
}

template <class Curve>
Result<Point<Curve>> msm(std::span<const Point<Curve>> points,
                         std::span<const Scalar<Curve>> scalars,
                         const MsmConfig& config,
                         MsmStats* stats) {
  using Internal = api::InternalCurve<Curve>;
  const auto start = api::Clock::now();
  if (points.size() != scalars.size()) {
    return Error{ErrorCode::invalid_argument,
                 "got " + std::to_string(points.size()) + " points but " + std::to_string(scalars.size()) + " scalars"};
  }
  const std::size_t n = points.size();
  if (n > api::kMaxPoints) {
    return Error{ErrorCode::invalid_argument, "at most 2^31 - 1 points per MSM"};
  }
  const auto chosen =
      api::choose_backend<Internal>(config, config.backend, config.points_on_device || config.scalars_on_device);
  if (!chosen) return chosen.error();
  backend::MsmBackend<Internal>& backend = *chosen.value();
  if (config.points_on_device && reinterpret_cast<std::uintptr_t>(points.data()) % api::kDevicePointAlignment != 0) {
    return Error{ErrorCode::invalid_argument, "points_on_device: device points must be 16-byte aligned"};
  }
  if (const Result<bool> listed = api::check_device_list<Internal>(config, backend); !listed) return listed.error();
  try {
    AffinePoint<Internal> sum;
    backend::MsmReport report;
    const backend::Status status = backend.msm(sum, api::to_request(points.data(), scalars.data(), n, config), report);
    if (!status.ok()) return api::to_error(status);
    api::fill_stats(stats, api::to_public(backend.kind()), report, start);
    return api::to_public_point<Curve>(sum);
  } catch (const std::bad_alloc&) {
    return Error{ErrorCode::out_of_memory, "host memory allocation failed"};
  }
}

template Result<Point<Bn254>> msm<Bn254>(std::span<const Point<Bn254>>,
                                         std::span<const Scalar<Bn254>>,
                                         const MsmConfig&,
                                         MsmStats*);
template Result<Point<Grumpkin>> msm<Grumpkin>(std::span<const Point<Grumpkin>>,
                                               std::span<const Scalar<Grumpkin>>,
                                               const MsmConfig&,
                                               MsmStats*);
template Result<Point<Bls12381>> msm<Bls12381>(std::span<const Point<Bls12381>>,
                                               std::span<const Scalar<Bls12381>>,
                                               const MsmConfig&,
                                               MsmStats*);

}  // namespace zkmsm
