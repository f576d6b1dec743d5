// The template bodies of the CUDA backend's entry points; each cuda_msm_<curve>.cu instantiates
// them for one curve (two translation units compile in parallel).
#pragma once

#include <cstring>

#include "curve/affine_point.hpp"
#include "msm/cuda/cuda_msm.hpp"
#include "msm/cuda/cuda_msm_internal.hpp"
#include "msm/cuda/pipeline.cuh"

namespace zkmsm::cuda::detail {

template <class Curve>
unsigned scalar_bits() {
  return static_cast<unsigned>(Curve::ScalarField::Constants::modulus_bits);
}

inline void fill_report(CudaMsmReport* report, const Plan& plan, const double* stage_ms, std::size_t measured) {
  if (report == nullptr) return;
  report->window_bits = plan.window_bits;
  report->windows = plan.windows;
  report->stages.clear();
  for (int s = 0; s < kStageCount; ++s) {
    const double ms = s == kAccumulate ? stage_ms[kAccumulate] + stage_ms[kCombinePartials] : stage_ms[s];
    report->stages.push_back({kStageNames[s], ms});
  }
  report->estimated_peak_bytes = plan.bytes.total();
  report->measured_peak_bytes = measured;
}

// Runs the pipeline on `exec`; inputs either uploaded from the host (host_points != null) or
// already in the executor's memory.
template <class Curve, class Exec>
CudaStatus run_msm(Exec& exec,
                   AffinePoint<Curve>* result,
                   const AffinePoint<Curve>* host_points,
                   const typename Curve::ScalarField::Integer* host_scalars,
                   DeviceInputs inputs,
                   std::size_t n,
                   const CudaMsmOptions& options,
                   CudaMsmReport* report) {
  static_assert(sizeof(typename Curve::ScalarField::Integer) == kScalarBytes);
  std::string error;
  const Plan plan = make_plan(n, scalar_bits<Curve>(), options, &error);
  if (!error.empty()) return failure(error);
  double stage_ms[kStageCount] = {};
  if (n == 0) {
    *result = AffinePoint<Curve>::infinity();
    fill_report(report, plan, stage_ms, 0);
    return {};
  }
  ZKMSM_TRY(exec.init());
  if (host_points != nullptr) {
    void* points = nullptr;
    void* scalars = nullptr;
    unsigned char* p = nullptr;
    unsigned char* s = nullptr;
    ZKMSM_TRY(exec.alloc(p, plan.bytes.points));
    ZKMSM_TRY(exec.alloc(s, plan.bytes.scalars));
    points = p;
    scalars = s;
    ZKMSM_TRY(exec.stage_begin(kUpload));
    ZKMSM_TRY(exec.upload(points, host_points, plan.bytes.points));
    ZKMSM_TRY(exec.upload(scalars, host_scalars, plan.bytes.scalars));
    ZKMSM_TRY(exec.stage_end(kUpload));
    inputs = {points, scalars};
  }
  AffinePoint<Curve> sum{};
  ZKMSM_TRY(run_pipeline<Curve>(exec, plan, inputs, &sum));
  ZKMSM_TRY(exec.finish(stage_ms));
  *result = sum;
  // Inputs supplied on the device are not this call's allocations.
  fill_report(report, plan, stage_ms, exec.allocated_bytes());
  if (report != nullptr && host_points == nullptr)
    report->estimated_peak_bytes -= plan.bytes.points + plan.bytes.scalars;
  return {};
}

template <class Curve>
CudaStatus msm_impl(AffinePoint<Curve>* result,
                    std::span<const AffinePoint<Curve>> points,
                    std::span<const typename Curve::ScalarField::Integer> scalars,
                    const CudaMsmOptions& options,
                    CudaMsmReport* report) {
  if (points.size() != scalars.size()) return failure("points and scalars differ in length");
  DeviceExec exec;
  return run_msm<Curve>(exec, result, points.data(), scalars.data(), {}, points.size(), options, report);
}

template <class Curve>
CudaStatus msm_device_inputs_impl(AffinePoint<Curve>* result,
                                  const void* device_points,
                                  const void* device_scalars,
                                  std::size_t n,
                                  const CudaMsmOptions& options,
                                  CudaMsmReport* report) {
  DeviceExec exec;
  return run_msm<Curve>(exec, result, nullptr, nullptr, {device_points, device_scalars}, n, options, report);
}

template <class Curve>
CudaStatus msm_emulated_impl(AffinePoint<Curve>* result,
                             std::span<const AffinePoint<Curve>> points,
                             std::span<const typename Curve::ScalarField::Integer> scalars,
                             const CudaMsmOptions& options,
                             CudaMsmReport* report) {
  if (points.size() != scalars.size()) return failure("points and scalars differ in length");
  HostExec exec;
  return run_msm<Curve>(exec, result, points.data(), scalars.data(), {}, points.size(), options, report);
}

template <class Curve>
std::size_t estimate_device_bytes_impl(std::size_t n, const CudaMsmOptions& options) {
  std::string error;
  const Plan plan = make_plan(n, scalar_bits<Curve>(), options, &error);
  if (!error.empty() || n == 0) return 0;
  return plan.bytes.total();
}

}  // namespace zkmsm::cuda::detail

// The declared templates of cuda_msm.hpp / cuda_msm_internal.hpp.
namespace zkmsm::cuda {

template <class Curve>
CudaStatus msm(AffinePoint<Curve>* result,
               std::span<const AffinePoint<Curve>> points,
               std::span<const typename Curve::ScalarField::Integer> scalars,
               const CudaMsmOptions& options,
               CudaMsmReport* report) {
  return detail::msm_impl<Curve>(result, points, scalars, options, report);
}

template <class Curve>
std::size_t estimate_device_bytes(std::size_t n, const CudaMsmOptions& options) {
  return detail::estimate_device_bytes_impl<Curve>(n, options);
}

namespace detail {

template <class Curve>
CudaStatus msm_device_inputs(AffinePoint<Curve>* result,
                             const void* device_points,
                             const void* device_scalars,
                             std::size_t n,
                             const CudaMsmOptions& options,
                             CudaMsmReport* report) {
  return msm_device_inputs_impl<Curve>(result, device_points, device_scalars, n, options, report);
}

template <class Curve>
CudaStatus msm_emulated(AffinePoint<Curve>* result,
                        std::span<const AffinePoint<Curve>> points,
                        std::span<const typename Curve::ScalarField::Integer> scalars,
                        const CudaMsmOptions& options,
                        CudaMsmReport* report) {
  return msm_emulated_impl<Curve>(result, points, scalars, options, report);
}

}  // namespace detail
}  // namespace zkmsm::cuda

// The register-state walkers with many slots take most of the device compile time: they are
// instantiated in their own translation units (cuda_walkers_<curve>.cu) so the build runs them
// in parallel with the rest.
#define ZKMSM_CUDA_WALKER_SIGNATURE(Curve, S)                                                            \
  zkmsm::cuda::CudaStatus zkmsm::cuda::detail::launch_walker<Curve, S, zkmsm::cuda::detail::DeviceExec>( \
      zkmsm::cuda::detail::DeviceExec&, const zkmsm::cuda::detail::Plan&,                                \
      const zkmsm::cuda::detail::WalkerArgs<zkmsm::cuda::DeviceBase<Curve>>&)
#define ZKMSM_CUDA_EXTERN_WALKERS(Curve)                 \
  extern template ZKMSM_CUDA_WALKER_SIGNATURE(Curve, 8); \
  extern template ZKMSM_CUDA_WALKER_SIGNATURE(Curve, 16);
#define ZKMSM_CUDA_INSTANTIATE_WALKERS(Curve)     \
  template ZKMSM_CUDA_WALKER_SIGNATURE(Curve, 8); \
  template ZKMSM_CUDA_WALKER_SIGNATURE(Curve, 16);

// Explicit instantiations of the public and internal entry points for one curve.
#define ZKMSM_CUDA_INSTANTIATE(Curve)                                                                              \
  template zkmsm::cuda::CudaStatus zkmsm::cuda::msm<Curve>(                                                        \
      zkmsm::AffinePoint<Curve>*, std::span<const zkmsm::AffinePoint<Curve>>,                                      \
      std::span<const typename Curve::ScalarField::Integer>, const zkmsm::cuda::CudaMsmOptions&,                   \
      zkmsm::cuda::CudaMsmReport*);                                                                                \
  template std::size_t zkmsm::cuda::estimate_device_bytes<Curve>(std::size_t, const zkmsm::cuda::CudaMsmOptions&); \
  template zkmsm::cuda::CudaStatus zkmsm::cuda::detail::msm_device_inputs<Curve>(                                  \
      zkmsm::AffinePoint<Curve>*, const void*, const void*, std::size_t, const zkmsm::cuda::CudaMsmOptions&,       \
      zkmsm::cuda::CudaMsmReport*);                                                                                \
  template zkmsm::cuda::CudaStatus zkmsm::cuda::detail::msm_emulated<Curve>(                                       \
      zkmsm::AffinePoint<Curve>*, std::span<const zkmsm::AffinePoint<Curve>>,                                      \
      std::span<const typename Curve::ScalarField::Integer>, const zkmsm::cuda::CudaMsmOptions&,                   \
      zkmsm::cuda::CudaMsmReport*);
