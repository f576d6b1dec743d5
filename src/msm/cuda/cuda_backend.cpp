// The cuda backend behind the one backend interface (msm/common/msm_backend.hpp). It reads the
// caller's arrays in host or current-device memory as they are (conversion and validation run on
// the device), the knobs of cuda_knobs.hpp, and Knobs::devices: no list runs on the current
// device on the caller's stream; a list spreads the work through the device queues
// (cuda_devices.hpp), and prepared bases live where they were dealt (cuda_bases.hpp). The cuda
// backend has three accumulators, the stream walker, the pair tree and xyzz: accumulator
// batch_affine is refused (check_knobs).
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "curve/bls12_381.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "msm/common/backend_registry.hpp"
#include "msm/common/msm_backend.hpp"
#include "msm/cuda/cuda_bases.hpp"
#include "msm/cuda/cuda_devices.hpp"
#include "msm/cuda/cuda_knobs.hpp"
#include "msm/cuda/cuda_msm.hpp"
#include "msm/cuda/cuda_status.hpp"

namespace zkmsm::cuda {

namespace {

// The knob of the cpu backend's accumulator, which cuda does not have.
backend::Status check_knobs(const backend::Knobs& knobs) {
  if (knobs.accumulator == backend::AccumulatorKind::batch_affine) {
    return backend::Status::error(
        backend::StatusCode::invalid_argument,
        "accumulator 'batch_affine': backend 'cuda' has auto, stream_walker, pair_tree and xyzz");
  }
  return backend::Status::success();
}

template <class Curve>
class CudaBackend final : public backend::MsmBackend<Curve> {
 public:
  backend::BackendKind kind() const override { return backend::BackendKind::cuda; }
  const char* name() const override { return "cuda"; }
  bool available() const override { return device_available(); }
  bool accelerated() const override { return true; }
  bool reads_device_memory() const override { return true; }
  bool runs_on_device_lists() const override { return true; }

  backend::Status msm(AffinePoint<Curve>& sum,
                      const backend::MsmRequest& request,
                      backend::MsmReport& report) override {
    if (backend::Status checked = check_knobs(request.knobs); !checked.ok()) return checked;
    std::vector<int> devices;
    if (backend::Status resolved = resolve_devices(request.knobs, devices); !resolved.ok()) return resolved;
    if (!devices.empty()) return msm_on_device_slices<Curve>(sum, request, devices, report);
    CudaMsmReport cuda_report;
    if (const CudaStatus status = cuda::msm<Curve>(&sum, to_inputs(request), to_options(request.knobs), &cuda_report);
        !status.ok)
      return to_status(status);
    copy_report(report, cuda_report, 1);
    return backend::Status::success();
  }

  // With a list of devices, each MSM runs whole on one of them; else one after another on the
  // current device.
  backend::Status msm_batch(std::span<AffinePoint<Curve>> sums,
                            std::span<const backend::MsmRequest> requests,
                            std::span<backend::MsmReport> reports) override {
    if (requests.empty()) return backend::Status::success();
    for (std::size_t m = 0; m < requests.size(); ++m)
      if (backend::Status checked = check_knobs(requests[m].knobs); !checked.ok())
        return backend::batch_member_failure(m, std::move(checked));
    std::vector<int> devices;
    if (backend::Status resolved = resolve_devices(requests.front().knobs, devices); !resolved.ok()) return resolved;
    if (devices.empty()) return backend::MsmBackend<Curve>::msm_batch(sums, requests, reports);
    return msm_batch_on_devices<Curve>(sums, requests, devices, reports);
  }

  backend::Status prepare_bases(std::unique_ptr<backend::PreparedBases>& out,
                                const backend::PointInputs& points,
                                const backend::InputForm& form,
                                const backend::Knobs& knobs) override {
    if (backend::Status checked = check_knobs(knobs); !checked.ok()) return checked;
    std::vector<int> devices;
    if (backend::Status resolved = resolve_devices(knobs, devices); !resolved.ok()) return resolved;
    return prepare_cuda_bases<Curve>(out, points, form, knobs, devices);
  }

  backend::Status msm_bases(AffinePoint<Curve>& sum,
                            const backend::PreparedBases& bases,
                            const backend::ScalarInputs& scalars,
                            const backend::InputForm& form,
                            const backend::Knobs& knobs,
                            backend::MsmReport& report) override {
    if (backend::Status checked = check_knobs(knobs); !checked.ok()) return checked;
    std::vector<int> devices;
    if (backend::Status resolved = resolve_devices(knobs, devices); !resolved.ok()) return resolved;
    return msm_on_cuda_bases<Curve>(std::span<AffinePoint<Curve>>(&sum, 1), static_cast<const CudaBases&>(bases),
                                    std::span<const backend::ScalarInputs>(&scalars, 1), form, knobs, devices,
                                    std::span<backend::MsmReport>(&report, 1), false);
  }

  backend::Status msm_bases_batch(std::span<AffinePoint<Curve>> sums,
                                  const backend::PreparedBases& bases,
                                  std::span<const backend::ScalarInputs> scalars,
                                  const backend::InputForm& form,
                                  const backend::Knobs& knobs,
                                  std::span<backend::MsmReport> reports) override {
    if (backend::Status checked = check_knobs(knobs); !checked.ok()) return checked;
    std::vector<int> devices;
    if (backend::Status resolved = resolve_devices(knobs, devices); !resolved.ok()) return resolved;
    return msm_on_cuda_bases<Curve>(sums, static_cast<const CudaBases&>(bases), scalars, form, knobs, devices, reports,
                                    true);
  }
};

}  // namespace

void register_backend(backend::BackendRegistry& registry) {
  static CudaBackend<Bn254G1> bn254;
  static CudaBackend<GrumpkinG1> grumpkin;
  static CudaBackend<Bls12381G1> bls12_381;
  registry.add<Bn254G1>(bn254);
  registry.add<GrumpkinG1>(grumpkin);
  registry.add<Bls12381G1>(bls12_381);
}

}  // namespace zkmsm::cuda
