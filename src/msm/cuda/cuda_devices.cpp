// Knobs::devices on the cuda backend (cuda_devices.hpp).
#include "msm/cuda/cuda_devices.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <string>

#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "msm/common/device_stripes.hpp"
#include "msm/cuda/cuda_knobs.hpp"
#include "msm/cuda/cuda_status.hpp"

namespace zkmsm::cuda {

backend::Status resolve_devices(const backend::Knobs& knobs, std::vector<int>& devices) {
  const std::vector<int>& requested = knobs.devices;
  devices.clear();
  if (requested.empty()) return backend::Status::success();
  const bool all = std::find(requested.begin(), requested.end(), backend::kAllDevices) != requested.end();
  const int count = device_count();
  if (all) {
    for (int d = 0; d < count; ++d) devices.push_back(d);
  } else {
    for (const int d : requested) {
      if (d < 0 || d >= count) {
        return backend::Status::error(
            backend::StatusCode::invalid_argument,
            "devices: CUDA device " + std::to_string(d) + " does not exist (" + std::to_string(count) + " present)");
      }
      if (std::find(devices.begin(), devices.end(), d) != devices.end()) {
        return backend::Status::error(backend::StatusCode::invalid_argument,
                                      "devices: CUDA device " + std::to_string(d) + " is listed twice");
      }
      devices.push_back(d);
    }
  }
  if (knobs.cuda_stream != nullptr) {
    int current = -1;
    if (const CudaStatus status = current_device(&current); !status.ok) return to_status(status);
    if (devices.size() == 1 && devices.front() == current) {
      devices.clear();
      return backend::Status::success();
    }
    return backend::Status::error(backend::StatusCode::invalid_argument,
                                  "cuda_stream belongs to the current device: it must be nullptr when devices names "
                                  "other or several CUDA devices");
  }
  if (devices.empty())
    return backend::Status::error(backend::StatusCode::unavailable, "devices: no CUDA device is present");
  return backend::Status::success();
}

bool reads_device_inputs_in_place(const std::vector<int>& devices) {
  int current = -1;
  return devices.size() == 1 && current_device(&current).ok && devices.front() == current;
}

template <class Curve>
backend::Status run_queues(std::span<AffinePoint<Curve>> sums,
                           std::span<const DeviceQueue> queues,
                           const backend::Knobs& knobs,
                           std::span<backend::MsmReport> reports,
                           bool name_the_msm) {
  CudaShareRunner<Curve> runner{to_options(knobs)};
  runner.options.stream = nullptr;
  std::vector<MultiDeviceReport> merged;
  std::size_t failed = 0;
  const CudaStatus status = run_device_queues<Curve>(sums, queues, runner, &merged, &failed);
  if (!status.ok) {
    backend::Status error = to_status(status);
    if (name_the_msm && failed != std::numeric_limits<std::size_t>::max())
      return backend::batch_member_failure(failed, std::move(error));
    return error;
  }
  for (std::size_t m = 0; m < sums.size(); ++m) copy_report(reports[m], merged[m].merged, merged[m].devices);
  return backend::Status::success();
}

namespace {

std::vector<DeviceQueue> empty_queues(const std::vector<int>& devices) {
  std::vector<DeviceQueue> queues(devices.size());
  for (std::size_t d = 0; d < devices.size(); ++d) queues[d].device = devices[d];
  return queues;
}

// Which device runs each MSM: the largest first, each to the device with the fewest points so
// far (ties: the lower slot). Returns the slot of each MSM.
std::vector<std::size_t> assign_to_devices(std::span<const backend::MsmRequest> requests, std::size_t devices) {
  std::vector<std::size_t> order(requests.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return requests[a].points.n > requests[b].points.n; });
  std::vector<std::size_t> load(devices, 0);
  std::vector<std::size_t> slot(requests.size(), 0);
  for (const std::size_t m : order) {
    const std::size_t d = static_cast<std::size_t>(std::min_element(load.begin(), load.end()) - load.begin());
    slot[m] = d;
    load[d] += requests[m].points.n;
  }
  return slot;
}

}  // namespace

template <class Curve>
backend::Status msm_on_device_slices(AffinePoint<Curve>& sum,
                                     const backend::MsmRequest& request,
                                     const std::vector<int>& devices,
                                     backend::MsmReport& report) {
  constexpr std::size_t kPointBytes = sizeof(AffinePoint<Curve>);
  constexpr std::size_t kScalarBytes = sizeof(typename Curve::ScalarField::Integer);
  const std::size_t n = request.points.n;
  const DeviceStripes stripes = DeviceStripes::contiguous(n, devices.size());
  std::vector<DeviceQueue> queues = empty_queues(devices);
  const CudaMsmInputs whole = to_inputs(request);
  const bool in_place = reads_device_inputs_in_place(devices);
  deal_msm(queues, 0, n, stripes, [&](std::size_t d) {
    CudaMsmInputs share = whole;
    share.points = static_cast<const unsigned char*>(whole.points) + stripes.first_index(d) * kPointBytes;
    share.scalars = static_cast<const unsigned char*>(whole.scalars) + stripes.first_index(d) * kScalarBytes;
    share.points_on_device = whole.points_on_device && in_place;
    share.scalars_on_device = whole.scalars_on_device && in_place;
    return share;
  });
  return run_queues<Curve>(std::span<AffinePoint<Curve>>(&sum, 1), queues, request.knobs,
                           std::span<backend::MsmReport>(&report, 1), false);
}

template <class Curve>
backend::Status msm_batch_on_devices(std::span<AffinePoint<Curve>> sums,
                                     std::span<const backend::MsmRequest> requests,
                                     const std::vector<int>& devices,
                                     std::span<backend::MsmReport> reports) {
  const std::vector<std::size_t> slot = assign_to_devices(requests, devices.size());
  std::vector<DeviceQueue> queues = empty_queues(devices);
  for (std::size_t m = 0; m < requests.size(); ++m) {
    DeviceShare share;
    share.msm = m;
    share.inputs = to_inputs(requests[m]);
    share.inputs.points_on_device = false;
    share.inputs.scalars_on_device = false;
    share.stripes = DeviceStripes::contiguous(share.inputs.n, 1);
    queues[slot[m]].shares.push_back(share);
  }
  return run_queues<Curve>(sums, queues, requests.front().knobs, reports, true);
}

#define ZKMSM_CUDA_DEVICES_INSTANTIATE(Curve)                                                                         \
  template backend::Status run_queues<Curve>(std::span<AffinePoint<Curve>>, std::span<const DeviceQueue>,             \
                                             const backend::Knobs&, std::span<backend::MsmReport>, bool);             \
  template backend::Status msm_on_device_slices<Curve>(AffinePoint<Curve>&, const backend::MsmRequest&,               \
                                                       const std::vector<int>&, backend::MsmReport&);                 \
  template backend::Status msm_batch_on_devices<Curve>(std::span<AffinePoint<Curve>>,                                 \
                                                       std::span<const backend::MsmRequest>, const std::vector<int>&, \
                                                       std::span<backend::MsmReport>);
ZKMSM_CUDA_DEVICES_INSTANTIATE(Bn254G1)
ZKMSM_CUDA_DEVICES_INSTANTIATE(GrumpkinG1)
ZKMSM_CUDA_DEVICES_INSTANTIATE(Bls12381G1)
#undef ZKMSM_CUDA_DEVICES_INSTANTIATE

}  // namespace zkmsm::cuda
