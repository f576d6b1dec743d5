// Prepared bases on the cuda backend (cuda_bases.hpp).
#include "msm/cuda/cuda_bases.hpp"

#include <string>
#include <utility>

#include "core/uninitialized_buffer.hpp"
#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "host/host_inputs.hpp"
#include "host/parallel_for.hpp"
#include "msm/cuda/cuda_devices.hpp"
#include "msm/cuda/cuda_knobs.hpp"
#include "msm/cuda/cuda_status.hpp"
#include "msm/cuda/launch_sizes.hpp"
#include "zkmsm/msm_config.hpp"

namespace zkmsm::cuda {

namespace {

// All points on the current device, converted and validated there (host points after their
// upload).
template <class Curve>
backend::Status prepare_on_current_device(CudaBases& bases,
                                          const backend::PointInputs& points,
                                          const backend::InputForm& form,
                                          const backend::Knobs& knobs) {
  const std::size_t n = points.n;
  if (backend::Status memory = bases.device_points.allocate(bases.copies.count * n * sizeof(AffinePoint<Curve>));
      !memory.ok())
    return memory;
  CudaStatus status = prepare_device_points<Curve>(bases.device_points.data(), points.points, points.on_device, n,
                                                   to_input_form(form), knobs.cuda_stream);
  if (status.ok) {
    status = make_shifted_copies<Curve>(bases.device_points.data(), n, bases.copies.count,
                                        bases.copies.windows_per_copy * bases.copies.window_bits, knobs.cuda_stream);
  }
  return to_status(status);
}

// The points dealt in stripes of kBasesStripePoints to `devices`, one host thread per device.
// Host points are converted and validated here once, then each device copies its stripes; device
// points (of any one device) are copied stripe by stripe to each device and converted and
// validated there, the lowest rejected index (of the whole array) reported as the host path would.
template <class Curve>
backend::Status prepare_parts(CudaBases& bases,
                              const backend::PointInputs& points,
                              const backend::InputForm& form,
                              const backend::Knobs& knobs,
                              const std::vector<int>& devices) {
  constexpr std::size_t kPointBytes = sizeof(AffinePoint<Curve>);
  const std::size_t n = points.n;
  UninitializedBuffer<AffinePoint<Curve>> converted;
  const void* source = points.points;
  if (!points.on_device) {
    host::RejectedPoint rejected;
    source = host::convert_host_points<Curve>(points.points, n, form, host::resolve_thread_count(knobs.cpu_threads),
                                              false, converted, rejected)
                 .data();
    if (rejected.any()) return rejected.status();
  }
  const InputForm device_form = to_input_form(form);
  std::vector<CudaStatus> statuses(devices.size());
  std::vector<backend::Status> allocations(devices.size());
  const CudaStatus started = run_on_threads(devices.size(), [&](std::size_t d) {
    const std::size_t count = bases.stripes.local_count(d, n);
    statuses[d] = set_current_device(devices[d]);
    if (!statuses[d].ok) return;
    allocations[d] = bases.device_parts[d].allocate(count * kPointBytes);
    if (!allocations[d].ok()) {
      statuses[d] =
          CudaStatus{false, allocations[d].code == backend::StatusCode::out_of_memory, allocations[d].message};
      return;
    }
    void* part = bases.device_parts[d].data();
    const unsigned char* first = static_cast<const unsigned char*>(source) + bases.stripes.first_index(d) * kPointBytes;
    statuses[d] =
        copy_stripes_to_device(part, first, kPointBytes, count, bases.stripes.block, bases.stripes.stride(), nullptr);
    if (statuses[d].ok && points.on_device) {
      statuses[d] = prepare_device_points<Curve>(part, part, true, count, device_form, nullptr);
      if (statuses[d].point_issue != PointIssue::none) {
        statuses[d].point_index = bases.stripes.global_index(d, statuses[d].point_index);
        statuses[d].message = point_issue_message(statuses[d].point_issue, statuses[d].point_index, Curve::name);
      }
    }
  });
  if (!started.ok) return to_status(started);
  // A failure other than a rejected point first (that device may not have validated its part),
  // else the lowest rejected index.
  const CudaStatus* failed = nullptr;
  for (const CudaStatus& status : statuses) {
    if (status.ok) continue;
    const bool point = status.point_issue != PointIssue::none;
    const bool failed_point = failed != nullptr && failed->point_issue != PointIssue::none;
    if (failed == nullptr || (!point && failed_point) ||
        (point && failed_point && status.point_index < failed->point_index))
      failed = &status;
  }
  return failed != nullptr ? to_status(*failed) : backend::Status::success();
}

// The devices the bases live on: bases.devices, or the one device of single-device bases.
std::vector<int> bases_devices(const CudaBases& bases) {
  if (!bases.devices.empty()) return bases.devices;
  return {bases.device_points.device()};
}

// The bases' part for slot d (single-device bases: all of them).
const void* bases_part(const CudaBases& bases, std::size_t d) {
  return bases.devices.empty() ? bases.device_points.data() : bases.device_parts[d].data();
}

// An MSM on bases through the device queues runs where they live: `requested` (resolve_devices)
// is empty or their devices; without the caller's stream.
backend::Status check_bases_devices(const CudaBases& bases, const std::vector<int>& requested, const void* stream) {
  const std::vector<int> where = bases_devices(bases);
  if (stream != nullptr) {
    return backend::Status::error(
        backend::StatusCode::invalid_argument,
        "cuda_stream: these bases run through the device queues (prepared with devices, or devices given now), where "
        "each device uses streams of its own; pass cuda_stream = nullptr");
  }
  if (requested.empty() || requested == where) return backend::Status::success();
  std::string list;
  for (const int d : where) list += (list.empty() ? "" : ", ") + std::to_string(d);
  return backend::Status::error(
      backend::StatusCode::invalid_argument,
      "devices: the bases live on CUDA device(s) " + list + "; an MSM on them runs there (leave devices empty)");
}

// The shares of MSM `msm` on the bases' devices: device d reads its part of the points in place
// and copies its stripes of the scalars (host memory or any one device's memory; device scalars
// are read in place when the bases live on the current device alone).
template <class Curve>
void deal_bases_msm(std::vector<DeviceQueue>& queues,
                    std::size_t msm,
                    const CudaBases& bases,
                    const backend::ScalarInputs& scalars,
                    const backend::InputForm& form) {
  const bool in_place = scalars.on_device && reads_device_inputs_in_place(bases_devices(bases));
  constexpr std::size_t kScalarBytes = sizeof(typename Curve::ScalarField::Integer);
  deal_msm(queues, msm, scalars.n, bases.stripes, [&](std::size_t d) {
    CudaMsmInputs share;
    share.points = bases_part(bases, d);
    share.points_on_device = true;
    share.scalars = static_cast<const unsigned char*>(scalars.scalars) + bases.stripes.first_index(d) * kScalarBytes;
    share.scalars_on_device = in_place;
    if (!in_place) {
      share.scalar_stripe_block = bases.stripes.block;
      share.scalar_stripe_stride = bases.stripes.stride();
    }
    share.form.scalars_in_montgomery = form.scalars_in_montgomery;
    return share;
  });
}

// One MSM on single-device bases, called directly on the current device (which must be theirs)
// on the caller's stream.
template <class Curve>
backend::Status msm_on_current_device(AffinePoint<Curve>& sum,
                                      const CudaBases& bases,
                                      const backend::ScalarInputs& scalars,
                                      const backend::InputForm& form,
                                      const backend::Knobs& knobs,
                                      backend::MsmReport& report) {
  CudaMsmInputs inputs;
  inputs.n = scalars.n;
  if (scalars.n != 0) {
    int device = -1;
    if (const CudaStatus status = current_device(&device); !status.ok) return to_status(status);
    if (device != bases.device_points.device()) {
      return backend::Status::error(backend::StatusCode::invalid_argument,
                                    "the bases live on CUDA device " + std::to_string(bases.device_points.device()) +
                                        " but the current device is " + std::to_string(device));
    }
    inputs.points = bases.device_points.data();
    inputs.points_on_device = true;
  }
  inputs.scalars = scalars.scalars;
  inputs.scalars_on_device = scalars.on_device;
  inputs.form.scalars_in_montgomery = form.scalars_in_montgomery;
  CudaMsmOptions options = to_options(knobs);
  options.copies = bases.copies;
  CudaMsmReport cuda_report;
  if (const CudaStatus status = msm<Curve>(&sum, inputs, options, &cuda_report); !status.ok) return to_status(status);
  copy_report(report, cuda_report, 1);
  return backend::Status::success();
}

}  // namespace

template <class Curve>
backend::Status prepare_cuda_bases(std::unique_ptr<backend::PreparedBases>& out,
                                   const backend::PointInputs& points,
                                   const backend::InputForm& form,
                                   const backend::Knobs& knobs,
                                   const std::vector<int>& devices) {
  auto bases = std::make_unique<CudaBases>();
  bases->points = points.n;
  if (knobs.precompute_factor > kMaxPrecomputeFactor) {
    return backend::Status::error(backend::StatusCode::invalid_argument,
                                  "precompute_factor must be at most " + std::to_string(kMaxPrecomputeFactor));
  }
  if (knobs.precompute_factor > 1) {
    if (!devices.empty()) {
      return backend::Status::error(backend::StatusCode::invalid_argument,
                                    "precompute_factor > 1 needs bases on one device: prepare them without a list "
                                    "of devices");
    }
    if (!window_bits_allowed(knobs.window_bits)) {
      return backend::Status::error(backend::StatusCode::invalid_argument,
                                    "window_bits must be 0 (auto) or in [2, 22]");
    }
    bases->copies =
        detail::plan_precomputed_copies(points.n, static_cast<unsigned>(Curve::ScalarField::Constants::modulus_bits),
                                        knobs.window_bits, knobs.precompute_factor);
  }
  if (!devices.empty()) {
    // Even without points the bases remember their devices, for the checks of msm().
    bases->devices = devices;
    bases->stripes = DeviceStripes{kBasesStripePoints, devices.size()};
    bases->device_parts.resize(devices.size());
  }
  if (points.n != 0) {
    const backend::Status prepared = devices.empty() ? prepare_on_current_device<Curve>(*bases, points, form, knobs)
                                                     : prepare_parts<Curve>(*bases, points, form, knobs, devices);
    if (!prepared.ok()) return prepared;
  }
  out = std::move(bases);
  return backend::Status::success();
}

template <class Curve>
backend::Status msm_on_cuda_bases(std::span<AffinePoint<Curve>> sums,
                                  const CudaBases& bases,
                                  std::span<const backend::ScalarInputs> scalars,
                                  const backend::InputForm& form,
                                  const backend::Knobs& knobs,
                                  const std::vector<int>& devices,
                                  std::span<backend::MsmReport> reports,
                                  bool name_the_msm) {
  if (!bases.devices.empty() || !devices.empty()) {
    if (backend::Status same = check_bases_devices(bases, devices, knobs.cuda_stream); !same.ok()) return same;
    std::vector<DeviceQueue> queues;
    for (const int device : bases_devices(bases)) queues.push_back(DeviceQueue{device, {}});
    for (std::size_t m = 0; m < scalars.size(); ++m) deal_bases_msm<Curve>(queues, m, bases, scalars[m], form);
    return run_queues<Curve>(sums, queues, knobs, reports, name_the_msm);
  }
  for (std::size_t m = 0; m < scalars.size(); ++m) {
    backend::Status status = msm_on_current_device<Curve>(sums[m], bases, scalars[m], form, knobs, reports[m]);
    if (!status.ok()) return name_the_msm ? backend::batch_member_failure(m, std::move(status)) : status;
  }
  return backend::Status::success();
}

#define ZKMSM_CUDA_BASES_INSTANTIATE(Curve)                                                                  \
  template backend::Status prepare_cuda_bases<Curve>(std::unique_ptr<backend::PreparedBases>&,               \
                                                     const backend::PointInputs&, const backend::InputForm&, \
                                                     const backend::Knobs&, const std::vector<int>&);        \
  template backend::Status msm_on_cuda_bases<Curve>(                                                         \
      std::span<AffinePoint<Curve>>, const CudaBases&, std::span<const backend::ScalarInputs>,               \
      const backend::InputForm&, const backend::Knobs&, const std::vector<int>&, std::span<backend::MsmReport>, bool);
ZKMSM_CUDA_BASES_INSTANTIATE(Bn254G1)
ZKMSM_CUDA_BASES_INSTANTIATE(GrumpkinG1)
ZKMSM_CUDA_BASES_INSTANTIATE(Bls12381G1)
#undef ZKMSM_CUDA_BASES_INSTANTIATE

}  // namespace zkmsm::cuda
