// The cuda backend's internal status (CudaStatus, with the detail of a point rejected on the
// device) as the one backend Status: device validation keeps the host path's codes and messages;
// the rest are memory or runtime failures, named "cuda backend: …".
#pragma once

#include <string>

#include "msm/common/msm_backend.hpp"
#include "msm/cuda/cuda_msm.hpp"

namespace zkmsm::cuda {

inline backend::Status to_status(const CudaStatus& status) {
  if (status.ok) return backend::Status::success();
  switch (status.point_issue) {
    case PointIssue::x_not_canonical:
    case PointIssue::y_not_canonical:
      return backend::Status::rejected_point(backend::StatusCode::point_not_canonical, status.message,
                                             status.point_index);
    case PointIssue::not_on_curve:
      return backend::Status::rejected_point(backend::StatusCode::point_not_on_curve, status.message,
                                             status.point_index);
    case PointIssue::not_in_subgroup:
      return backend::Status::rejected_point(backend::StatusCode::point_not_in_subgroup, status.message,
                                             status.point_index);
    case PointIssue::none:
      break;
  }
  return backend::Status::error(
      status.out_of_memory ? backend::StatusCode::out_of_memory : backend::StatusCode::device_error,
      "cuda backend: " + status.message);
}

}  // namespace zkmsm::cuda
