// Prepared bases on the cuda backend: the points validated, in Montgomery form, in the
// AffinePoint<Curve> layout, in device memory, on the current device or dealt in stripes over a
// list of devices (each keeps its own part); MSMs on them, alone or in batches.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <vector>

#include "curve/affine_point.hpp"
#include "msm/common/device_stripes.hpp"
#include "msm/common/msm_backend.hpp"
#include "msm/cuda/device_memory.hpp"

namespace zkmsm::cuda {

// Points per stripe of prepared bases dealt over several devices (DeviceStripes): 16,384 points
// are one 1 MiB run of points and one 512 KiB run of scalars per cudaMemcpy2D row, and at most
// one stripe of imbalance per device: < 1 % of a device's share from 2^24 points on 8 GPUs.
inline constexpr std::size_t kBasesStripePoints = std::size_t{1} << 14;

// One device: all points in `device_points`, followed there by their shifted copies when
// precompute_factor > 1 (copies.count copies of `points` points, shifted_copies.cuh). Several
// devices (`devices` non-empty): part d holds the points `stripes` deals to slot d (devices[d]),
// back to back, without copies.
class CudaBases final : public backend::PreparedBases {
 public:
  std::size_t size() const override { return points; }

  std::size_t points = 0;
  DeviceMemory device_points;
  PrecomputedCopies copies;  // count = 1: none
  std::vector<int> devices;
  std::vector<DeviceMemory> device_parts;
  DeviceStripes stripes;
};

// Validates and converts `points` for the devices `devices` (resolve_devices: empty = the
// current device).
template <class Curve>
backend::Status prepare_cuda_bases(std::unique_ptr<backend::PreparedBases>& out,
                                   const backend::PointInputs& points,
                                   const backend::InputForm& form,
                                   const backend::Knobs& knobs,
                                   const std::vector<int>& devices);

// Σ scalars[m][i]·bases[i] for each m, where the bases live; `devices` (resolve_devices) is
// empty or their devices. One MSM: name_the_msm = false.
template <class Curve>
backend::Status msm_on_cuda_bases(std::span<AffinePoint<Curve>> sums,
                                  const CudaBases& bases,
                                  std::span<const backend::ScalarInputs> scalars,
                                  const backend::InputForm& form,
                                  const backend::Knobs& knobs,
                                  const std::vector<int>& devices,
                                  std::span<backend::MsmReport> reports,
                                  bool name_the_msm);

}  // namespace zkmsm::cuda
