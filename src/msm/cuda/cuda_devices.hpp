// Knobs::devices on the cuda backend: which CUDA devices a call runs on, one MSM split in
// contiguous slices over several of them, a batch of MSMs each whole on one of them, and the
// device queues (device_queues.hpp) that run the shares.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "curve/affine_point.hpp"
#include "msm/common/msm_backend.hpp"
#include "msm/cuda/device_queues.hpp"

namespace zkmsm::cuda {

// The devices `knobs.devices` names, checked: the ordinals to run on through the device queues
// (one host thread per device, even for one device), or an empty list for "the calling thread's
// current device, called directly": knobs.devices empty, or naming only the current device
// together with a cuda_stream (which belongs to that device).
backend::Status resolve_devices(const backend::Knobs& knobs, std::vector<int>& devices);

// Whether device inputs (memory of the calling thread's current device) can be read in place by
// a run on `devices`: only when that is the current device alone. Otherwise each share copies
// its part of them to its device.
bool reads_device_inputs_in_place(const std::vector<int>& devices);

// Runs `queues` (shares of sums.size() MSMs) with the knobs' options on streams of their own;
// sums[m] and reports[m] for each MSM. name_the_msm: a failure of one MSM says "msm m: …".
template <class Curve>
backend::Status run_queues(std::span<AffinePoint<Curve>> sums,
                           std::span<const DeviceQueue> queues,
                           const backend::Knobs& knobs,
                           std::span<backend::MsmReport> reports,
                           bool name_the_msm);

// One MSM on several devices: device d gets the contiguous slice d of DeviceStripes::
// contiguous(n, k), copied from the caller's arrays (host memory, or device memory of any one
// device; read in place when that device is the only one), converted and validated there.
template <class Curve>
backend::Status msm_on_device_slices(AffinePoint<Curve>& sum,
                                     const backend::MsmRequest& request,
                                     const std::vector<int>& devices,
                                     backend::MsmReport& report);

// Each MSM whole on one of `devices` (the largest first, each to the least loaded device); the
// shares copy the caller's arrays and convert and validate them there.
template <class Curve>
backend::Status msm_batch_on_devices(std::span<AffinePoint<Curve>> sums,
                                     std::span<const backend::MsmRequest> requests,
                                     const std::vector<int>& devices,
                                     std::span<backend::MsmReport> reports);

}  // namespace zkmsm::cuda
