// msm_batch(msms): a batch of independent MSMs, each whole on one CUDA device when
// MsmConfig::devices names several, else one after another through msm().
#include <algorithm>
#include <cstdint>
#include <limits>
#include <new>
#include <numeric>
#include <string>
#include <vector>

#include "api/backend_runs.hpp"
#include "api/cuda_devices.hpp"
#include "api/curve_map.hpp"
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

#if defined(ZKMSM_HAVE_CUDA)
// Which device runs each MSM: the largest first, each to the device with the fewest points so
// far (ties: the lower slot). Returns the slot of each MSM.
template <class Curve>
std::vector<std::size_t> assign_to_devices(std::span<const MsmInputs<Curve>> msms, std::size_t devices) {
  std::vector<std::size_t> order(msms.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return msms[a].points.size() > msms[b].points.size(); });
  std::vector<std::size_t> load(devices, 0);
  std::vector<std::size_t> slot(msms.size(), 0);
  for (const std::size_t m : order) {
    const std::size_t d = static_cast<std::size_t>(std::min_element(load.begin(), load.end()) - load.begin());
    slot[m] = d;
    load[d] += msms[m].points.size();
  }
  return slot;
}

// Each MSM whole on one of `devices`; the shares copy the caller's arrays (host memory or any one
// device's) and convert and validate them there as msm() would.
template <class Curve>
Result<std::vector<BackendRun<InternalCurve<Curve>>>> run_batch_on_devices(std::span<const MsmInputs<Curve>> msms,
                                                                           const MsmConfig& config,
                                                                           const std::vector<int>& devices) {
  using Internal = InternalCurve<Curve>;
  const std::vector<std::size_t> slot = assign_to_devices(msms, devices.size());
  std::vector<cuda::DeviceQueue> queues(devices.size());
  for (std::size_t d = 0; d < devices.size(); ++d) queues[d].device = devices[d];
  for (std::size_t m = 0; m < msms.size(); ++m) {
    cuda::DeviceShare share;
    share.msm = m;
    share.inputs.n = msms[m].points.size();
    share.inputs.points = msms[m].points.data();
    share.inputs.scalars = msms[m].scalars.data();
    share.inputs.form.points_in_montgomery = config.points_in_montgomery;
    share.inputs.form.validate_points = config.validate_points;
    share.inputs.form.scalars_in_montgomery = config.scalars_in_montgomery;
    share.stripes = DeviceStripes::contiguous(share.inputs.n, 1);
    queues[slot[m]].shares.push_back(share);
  }
  cuda::CudaShareRunner<Internal> runner{cuda_options(config)};
  runner.options.stream = nullptr;
  std::vector<AffinePoint<Internal>> sums(msms.size());
  std::vector<cuda::MultiDeviceReport> reports;
  std::size_t failed = 0;
  const cuda::CudaStatus status = cuda::run_device_queues<Internal>(sums, queues, runner, &reports, &failed);
  if (!status.ok) {
    Error error = cuda_error(status);
    if (failed != std::numeric_limits<std::size_t>::max())
      error.message = "msm " + std::to_string(failed) + ": " + error.message;
    return error;
  }
  std::vector<BackendRun<Internal>> runs(msms.size());
  for (std::size_t m = 0; m < msms.size(); ++m) {
    runs[m].sum = sums[m];
    copy_multi_device_report(runs[m], reports[m]);
  }
  return runs;
}
#endif

}  // namespace

}  // namespace api

template <class Curve>
Result<std::vector<Point<Curve>>> msm_batch(std::span<const MsmInputs<Curve>> msms,
                                            const MsmConfig& config,
                                            std::vector<MsmStats>* stats) {
  const auto start = api::Clock::now();
  try {
    for (std::size_t m = 0; m < msms.size(); ++m) {
      const Result<bool> checked = api::check_batch_entry(msms[m], m, config);
      if (!checked) return checked.error();
    }
    const Result<Backend> chosen =
        api::choose_backend(config, config.backend, config.points_on_device || config.scalars_on_device);
    if (!chosen) return chosen.error();
    const Result<std::vector<int>> devices = api::resolve_devices(config, chosen.value());
    if (!devices) return devices.error();
    if (stats != nullptr) stats->assign(msms.size(), MsmStats{});
#if defined(ZKMSM_HAVE_CUDA)
    if (!devices.value().empty()) {
      const auto runs = api::run_batch_on_devices<Curve>(msms, config, devices.value());
      if (!runs) return runs.error();
      return api::batch_results<Curve>(runs.value(), Backend::cuda, stats, start);
    }
#endif
    return api::batch_one_by_one<Curve>(msms.size(), stats, start, [&](std::size_t m, MsmStats* entry) {
      return msm<Curve>(msms[m].points, msms[m].scalars, config, entry);
    });
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

}  // namespace zkmsm
