// Prepared bases kept on the host: what prepare_bases makes on a backend that keeps no points on
// a device between MSMs (cpu, vulkan, webgpu): a private copy of the caller's points in Montgomery
// form, validated once, and the request of an MSM on a prefix of them (no conversion, no
// validation).
#pragma once

#include <cstddef>
#include <memory>
#include <new>

#include "core/uninitialized_buffer.hpp"
#include "curve/affine_point.hpp"
#include "host/host_inputs.hpp"
#include "host/parallel_for.hpp"
#include "msm/common/msm_backend.hpp"

namespace zkmsm::host {

template <class Curve>
class HostBases final : public backend::PreparedBases {
 public:
  std::size_t size() const override { return points.size(); }
  UninitializedBuffer<AffinePoint<Curve>> points;  // Montgomery form, validated
};

// *out = the caller's host points converted (as `form` says) and validated on knobs.cpu_threads
// threads. The caller refuses points in device memory first.
template <class Curve>
backend::Status prepare_host_bases(std::unique_ptr<backend::PreparedBases>& out,
                                   const backend::PointInputs& points,
                                   const backend::InputForm& form,
                                   const backend::Knobs& knobs) {
  try {
    auto bases = std::make_unique<HostBases<Curve>>();
    if (points.n != 0) {
      RejectedPoint rejected;
      convert_host_points<Curve>(points.points, points.n, form, resolve_thread_count(knobs.cpu_threads), true,
                                 bases->points, rejected);
      if (rejected.any()) return rejected.status();
    }
    out = std::move(bases);
    return backend::Status::success();
  } catch (const std::bad_alloc&) {
    return backend::Status::error(backend::StatusCode::out_of_memory, "host memory allocation failed");
  }
}

// The request of Σ scalars[i]·bases[i], i < scalars.n, on prepared points: `points` (host memory,
// or null where the backend reads its own device copy) taken as they are (Montgomery form, no
// validation), the caller's scalars and their form.
inline backend::MsmRequest request_on_prepared_points(const void* points,
                                                      const backend::ScalarInputs& scalars,
                                                      const backend::InputForm& form,
                                                      const backend::Knobs& knobs) {
  backend::MsmRequest request;
  request.points = {scalars.n, points, false};
  request.scalars = scalars;
  request.form = {
      .points_in_montgomery = true, .validate_points = false, .scalars_in_montgomery = form.scalars_in_montgomery};
  request.knobs = knobs;
  return request;
}

// request_on_prepared_points on HostBases.
template <class Curve>
backend::MsmRequest request_on_host_bases(const backend::PreparedBases& bases,
                                          const backend::ScalarInputs& scalars,
                                          const backend::InputForm& form,
                                          const backend::Knobs& knobs) {
  const auto& prepared = static_cast<const HostBases<Curve>&>(bases);
  return request_on_prepared_points(scalars.n != 0 ? prepared.points.data() : nullptr, scalars, form, knobs);
}

}  // namespace zkmsm::host
