// MsmConfig::devices in the API layer: which CUDA devices a call runs on, and one MSM split in
// contiguous slices over several of them (msm/cuda/device_queues.hpp runs the shares).
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "api/backend_runs.hpp"
#include "msm/common/device_stripes.hpp"
#include "zkmsm/zkmsm.hpp"
#if defined(ZKMSM_HAVE_CUDA)
#include "msm/cuda/device_queues.hpp"
#endif

namespace zkmsm::api {

// Points per stripe of prepared bases dealt over several devices (DeviceStripes): 16,384 points
// are one 1 MiB run of points and one 512 KiB run of scalars per cudaMemcpy2D row, and at most
// one stripe of imbalance per device: < 1 % of a device's share from 2^24 points on 8 GPUs.
inline constexpr std::size_t kBasesStripePoints = std::size_t{1} << 14;

// The devices `config.devices` names for `backend`, checked. For cuda: the ordinals to run on
// through the device queues (one host thread per device, even for one device), or an empty list
// for "the calling thread's current device, called directly": config.devices empty, or naming
// only the current device together with a cuda_stream (which belongs to that device).
// The other backends run on one device: they take {} and {kAllDevices} and get {}.
inline Result<std::vector<int>> resolve_devices(const MsmConfig& config, Backend backend) {
  const std::vector<int>& requested = config.devices;
  const bool all = std::find(requested.begin(), requested.end(), kAllDevices) != requested.end();
  if (all && requested.size() != 1) {
    return Error{ErrorCode::invalid_argument, "devices: kAllDevices (-1) must be the only entry"};
  }
  if (backend != Backend::cuda) {
    if (requested.empty() || all) return std::vector<int>{};
    return Error{ErrorCode::invalid_argument,
                 std::string("devices: backend '") + to_string(backend) +
                     "' runs on one device; a list of CUDA devices needs the cuda backend"};
  }
#if defined(ZKMSM_HAVE_CUDA)
  if (requested.empty()) return std::vector<int>{};
  const int count = cuda::device_count();
  std::vector<int> devices;
  if (all) {
    for (int d = 0; d < count; ++d) devices.push_back(d);
  } else {
    for (const int d : requested) {
      if (d < 0 || d >= count) {
        return Error{ErrorCode::invalid_argument, "devices: CUDA device " + std::to_string(d) + " does not exist (" +
                                                      std::to_string(count) + " present)"};
      }
      if (std::find(devices.begin(), devices.end(), d) != devices.end()) {
        return Error{ErrorCode::invalid_argument, "devices: CUDA device " + std::to_string(d) + " is listed twice"};
      }
      devices.push_back(d);
    }
  }
  if (config.cuda_stream != nullptr) {
    int current = -1;
    if (const cuda::CudaStatus status = cuda::current_device(&current); !status.ok) return cuda_error(status);
    if (devices.size() == 1 && devices.front() == current) return std::vector<int>{};
    return Error{ErrorCode::invalid_argument,
                 "cuda_stream belongs to the current device: it must be nullptr when devices names other or several "
                 "CUDA devices"};
  }
  if (devices.empty()) return Error{ErrorCode::backend_unavailable, "devices: no CUDA device is present"};
  return devices;
#else
  return Error{ErrorCode::backend_unavailable, "this build has no CUDA backend"};
#endif
}

#if defined(ZKMSM_HAVE_CUDA)
// Whether device inputs (memory of the calling thread's current device, MsmConfig) can be read in
// place by a run on `devices`: only when that is the current device alone. Otherwise each share
// copies its part of them to its device.
inline bool reads_device_inputs_in_place(const std::vector<int>& devices) {
  int current = -1;
  return devices.size() == 1 && cuda::current_device(&current).ok && devices.front() == current;
}

// The merged report of a multi-device run as a BackendRun.
template <class Internal>
void copy_multi_device_report(BackendRun<Internal>& run, const cuda::MultiDeviceReport& report) {
  copy_report(run, report.merged, "stream_walker");
  run.devices = report.devices;
}

// One MSM on several CUDA devices: device d gets the contiguous slice d of DeviceStripes::
// contiguous(n, k), copied from the caller's arrays (host memory, or device memory of any one
// device; read in place when that device is the only one), converted and validated there as
// `inputs` says.
template <class Internal>
Result<BackendRun<Internal>> run_cuda_slices(const BackendInputs<Internal>& inputs,
                                             const MsmConfig& config,
                                             const std::vector<int>& devices) {
  constexpr std::size_t kPointBytes = sizeof(AffinePoint<Internal>);
  constexpr std::size_t kScalarBytes = sizeof(typename Internal::ScalarField::Integer);
  const DeviceStripes stripes = DeviceStripes::contiguous(inputs.n, devices.size());
  std::vector<cuda::DeviceQueue> queues(devices.size());
  for (std::size_t d = 0; d < devices.size(); ++d) queues[d].device = devices[d];
  const cuda::CudaMsmInputs whole = cuda_inputs(inputs);
  const bool in_place = reads_device_inputs_in_place(devices);
  cuda::deal_msm(queues, 0, inputs.n, stripes, [&](std::size_t d) {
    cuda::CudaMsmInputs share = whole;
    share.points = static_cast<const unsigned char*>(whole.points) + stripes.first_index(d) * kPointBytes;
    share.scalars = static_cast<const unsigned char*>(whole.scalars) + stripes.first_index(d) * kScalarBytes;
    share.points_on_device = whole.points_on_device && in_place;
    share.scalars_on_device = whole.scalars_on_device && in_place;
    return share;
  });
  cuda::CudaShareRunner<Internal> runner{cuda_options(config)};
  runner.options.stream = nullptr;
  BackendRun<Internal> run;
  std::vector<cuda::MultiDeviceReport> reports;
  const cuda::CudaStatus status = cuda::run_device_queues<Internal>(std::span<AffinePoint<Internal>>(&run.sum, 1),
                                                                    queues, runner, &reports, nullptr);
  if (!status.ok) return cuda_error(status);
  copy_multi_device_report(run, reports.front());
  return run;
}
#endif

// run_backend on `devices` (resolve_devices: empty = one device, as run_backend).
template <class Internal>
Result<BackendRun<Internal>> run_backend_on(Backend backend,
                                            const std::vector<int>& devices,
                                            const BackendInputs<Internal>& inputs,
                                            const MsmConfig& config) {
#if defined(ZKMSM_HAVE_CUDA)
  if (!devices.empty()) return run_cuda_slices<Internal>(inputs, config, devices);
#endif
  return run_backend<Internal>(backend, inputs, config);
}

}  // namespace zkmsm::api
