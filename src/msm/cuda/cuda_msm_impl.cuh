// The template bodies of the CUDA backend's entry points; each cuda_msm_<curve>.cu instantiates
// them for one curve (two translation units compile in parallel).
#pragma once

#include <cstring>
#include <span>
#include <vector>

#include "curve/affine_point.hpp"
#include "curve/xyzz_point.hpp"
#include "msm/common/elapsed_time.hpp"
#include "msm/cuda/combine_bit_sums.hpp"
#include "msm/cuda/convert_inputs.cuh"
#include "msm/cuda/cuda_msm.hpp"
#include "msm/cuda/cuda_msm_internal.hpp"
#include "msm/cuda/pipeline.cuh"
#include "msm/cuda/shifted_copies.cuh"

namespace zkmsm::cuda::detail {

inline void fill_report(CudaMsmReport* report, const MsmSizes& sizes, const double* stage_ms, std::size_t measured) {
  if (report == nullptr) return;
  report->window_bits = sizes.window_bits;
  report->windows = sizes.windows;
  report->glv = sizes.glv;
  report->accumulator = sizes.xyzz        ? backend::AccumulatorKind::xyzz
                        : sizes.pair_tree ? backend::AccumulatorKind::pair_tree
                                          : backend::AccumulatorKind::stream_walker;
  report->stages.clear();
  for (int s = 0; s < kStageCount; ++s) {
    const double ms = s == kAccumulate ? stage_ms[kAccumulate] + stage_ms[kCombinePartials] : stage_ms[s];
    report->stages.push_back({kStageNames[s], ms});
  }
  report->estimated_peak_bytes = sizes.bytes.total();
  report->measured_peak_bytes = measured;
}

// Runs the pipeline on `exec`: inputs uploaded from the host, or read from the device (converted
// and validated there first when their form asks for it).
template <class Curve, class Exec>
CudaStatus run_msm(Exec& exec,
                   AffinePoint<Curve>* result,
                   const CudaMsmInputs& inputs,
                   const CudaMsmOptions& options,
                   CudaMsmReport* report) {
  static_assert(sizeof(typename Curve::ScalarField::Integer) == kScalarBytes);
  std::string error;
  const MsmSizes sizes = make_msm_sizes(inputs.n, curve_shape<Curve>(), options, &error);
  if (!error.empty()) return failure(error);
  double stage_ms[kStageCount] = {};
  if (inputs.n == 0) {
    *result = AffinePoint<Curve>::infinity();
    fill_report(report, sizes, stage_ms, 0);
    return {};
  }
  if (inputs.points == nullptr || inputs.scalars == nullptr) return failure("points or scalars is null");
  if (options.copies.count > 1 &&
      (!inputs.points_on_device || !inputs.form.points_in_montgomery || inputs.form.validate_points))
    return failure("precomputed copies are read in place: prepared device points");
  ZKMSM_TRY(exec.init());
  StagedInputs staged;
  ZKMSM_TRY(stage_inputs<Curve>(exec, inputs, &staged));
  std::vector<XyzzPoint<Curve>> bit_sums;
  ZKMSM_TRY(run_pipeline<Curve>(exec, sizes, DeviceInputs{staged.points, staged.scalars}, &bit_sums));
  ZKMSM_TRY(exec.finish(stage_ms));
  // combine_windows, on the host (combine_bit_sums.hpp).
  const auto fold_start = backend::Clock::now();
  *result = combine_bit_sums<Curve>(std::span<const XyzzPoint<Curve>>(bit_sums));
  stage_ms[kCombine] += backend::elapsed_ms(fold_start);
  fill_report(report, sizes, stage_ms, exec.allocated_bytes());
  // The launch sizes count an uploaded copy of both inputs; this call allocated staged.allocated_bytes
  // for them (inputs read in place on the device are not this call's allocations).
  if (report != nullptr)
    report->estimated_peak_bytes =
        sizes.bytes.total() - sizes.bytes.points - sizes.bytes.scalars + staged.allocated_bytes;
  return {};
}

template <class Curve>
CudaStatus msm_impl(AffinePoint<Curve>* result,
                    const CudaMsmInputs& inputs,
                    const CudaMsmOptions& options,
                    CudaMsmReport* report) {
  DeviceExec exec(options.stream);
  return run_msm<Curve>(exec, result, inputs, options, report);
}

// Host spans as CudaMsmInputs.
template <class Curve>
CudaMsmInputs host_inputs(std::span<const AffinePoint<Curve>> points,
                          std::span<const typename Curve::ScalarField::Integer> scalars) {
  CudaMsmInputs inputs;
  inputs.n = points.size();
  inputs.points = points.data();
  inputs.scalars = scalars.data();
  return inputs;
}

template <class Curve>
CudaStatus msm_device_inputs_impl(AffinePoint<Curve>* result,
                                  const void* device_points,
                                  const void* device_scalars,
                                  std::size_t n,
                                  const CudaMsmOptions& options,
                                  CudaMsmReport* report) {
  CudaMsmInputs inputs;
  inputs.n = n;
  inputs.points = device_points;
  inputs.points_on_device = true;
  inputs.scalars = device_scalars;
  inputs.scalars_on_device = true;
  return msm_impl<Curve>(result, inputs, options, report);
}

template <class Curve>
CudaStatus msm_emulated_impl(AffinePoint<Curve>* result,
                             const CudaMsmInputs& inputs,
                             const CudaMsmOptions& options,
                             CudaMsmReport* report) {
  HostExec exec;
  return run_msm<Curve>(exec, result, inputs, options, report);
}

template <class Curve>
CudaStatus prepare_device_points_impl(
    void* device_out, const void* points, bool points_on_device, std::size_t n, const InputForm& form, void* stream) {
  if (n == 0) return {};
  if (device_out == nullptr || points == nullptr) return failure("points or the destination is null");
  DeviceExec exec(stream);
  ZKMSM_TRY(exec.init());
  // Host points are uploaded as they are, then converted and validated in place (as the MSM stages
  // host inputs; Montgomery-form ones only checked): the device runs BLS12-381's G1 test (~1,000
  // multiplications per point) in milliseconds where the host took seconds.
  const void* source = points;
  void* out = device_out;
  if (!points_on_device) {
    ZKMSM_TRY(exec.upload(device_out, points, n * sizeof(AffinePoint<Curve>)));
    source = device_out;
    if (form.points_in_montgomery) out = nullptr;
  }
  std::size_t allocated = 0;
  const CudaStatus converted = convert_points<Curve>(exec, source, out, n, form, &allocated);
  if (!converted.ok) return converted;
  return exec.synchronize();
}

template <class Curve, class Exec>
CudaStatus run_shifted_copies(Exec& exec, void* points, std::size_t n, unsigned count, unsigned shift_bits) {
  if (n == 0 || count <= 1) return {};
  if (points == nullptr) return failure("the points of the copies are null");
  ZKMSM_TRY(exec.init());
  ZKMSM_TRY(
      exec.for_each(n, kGenericThreadsPerBlock,
                    ShiftedCopies<Curve>{static_cast<DeviceAffine<DeviceBase<Curve>>*>(points), n, count, shift_bits}));
  return exec.synchronize();
}

template <class Curve>
std::size_t estimate_device_bytes_impl(std::size_t n, const CudaMsmOptions& options) {
  std::string error;
  const MsmSizes sizes = make_msm_sizes(n, curve_shape<Curve>(), options, &error);
  if (!error.empty() || n == 0) return 0;
  return sizes.bytes.total();
}

}  // namespace zkmsm::cuda::detail

// The declared templates of cuda_msm.hpp / cuda_msm_internal.hpp.
namespace zkmsm::cuda {

template <class Curve>
CudaStatus msm(AffinePoint<Curve>* result,
               const CudaMsmInputs& inputs,
               const CudaMsmOptions& options,
               CudaMsmReport* report) {
  return detail::msm_impl<Curve>(result, inputs, options, report);
}

template <class Curve>
CudaStatus msm(AffinePoint<Curve>* result,
               std::span<const AffinePoint<Curve>> points,
               std::span<const typename Curve::ScalarField::Integer> scalars,
               const CudaMsmOptions& options,
               CudaMsmReport* report) {
  if (points.size() != scalars.size()) return detail::failure("points and scalars differ in length");
  return detail::msm_impl<Curve>(result, detail::host_inputs<Curve>(points, scalars), options, report);
}

template <class Curve>
CudaStatus prepare_device_points(
    void* device_out, const void* points, bool points_on_device, std::size_t n, const InputForm& form, void* stream) {
  return detail::prepare_device_points_impl<Curve>(device_out, points, points_on_device, n, form, stream);
}

template <class Curve>
std::size_t estimate_device_bytes(std::size_t n, const CudaMsmOptions& options) {
  return detail::estimate_device_bytes_impl<Curve>(n, options);
}

template <class Curve>
CudaStatus make_shifted_copies(void* points, std::size_t n, unsigned count, unsigned shift_bits, void* stream) {
  detail::DeviceExec exec(stream);
  return detail::run_shifted_copies<Curve>(exec, points, n, count, shift_bits);
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
  if (points.size() != scalars.size()) return failure("points and scalars differ in length");
  return msm_emulated_impl<Curve>(result, host_inputs<Curve>(points, scalars), options, report);
}

template <class Curve>
CudaStatus make_shifted_copies_emulated(AffinePoint<Curve>* points,
                                        std::size_t n,
                                        unsigned count,
                                        unsigned shift_bits) {
  HostExec exec;
  return run_shifted_copies<Curve>(exec, points, n, count, shift_bits);
}

template <class Curve>
CudaStatus msm_emulated(AffinePoint<Curve>* result,
                        const CudaMsmInputs& inputs,
                        const CudaMsmOptions& options,
                        CudaMsmReport* report) {
  return msm_emulated_impl<Curve>(result, inputs, options, report);
}

}  // namespace detail
}  // namespace zkmsm::cuda

// The register-state walkers with many slots take most of the device compile time: they are
// instantiated in their own translation units (cuda_walkers_<curve>.cu) so the build runs them
// in parallel with the rest.
#define ZKMSM_CUDA_WALKER_SIGNATURE(Curve, S)                                                            \
  zkmsm::cuda::CudaStatus zkmsm::cuda::detail::launch_walker<Curve, S, zkmsm::cuda::detail::DeviceExec>( \
      zkmsm::cuda::detail::DeviceExec&, const zkmsm::cuda::detail::MsmSizes&,                            \
      const zkmsm::cuda::detail::WalkerArgs<zkmsm::cuda::DeviceBase<Curve>>&)
#define ZKMSM_CUDA_EXTERN_WALKERS(Curve)                 \
  extern template ZKMSM_CUDA_WALKER_SIGNATURE(Curve, 8); \
  extern template ZKMSM_CUDA_WALKER_SIGNATURE(Curve, 16);
#define ZKMSM_CUDA_INSTANTIATE_WALKERS(Curve)     \
  template ZKMSM_CUDA_WALKER_SIGNATURE(Curve, 8); \
  template ZKMSM_CUDA_WALKER_SIGNATURE(Curve, 16);

// Explicit instantiations of the public and internal entry points for one curve.
#define ZKMSM_CUDA_INSTANTIATE(Curve)                                                                               \
  template zkmsm::cuda::CudaStatus zkmsm::cuda::msm<Curve>(                                                         \
      zkmsm::AffinePoint<Curve>*, const zkmsm::cuda::CudaMsmInputs&, const zkmsm::cuda::CudaMsmOptions&,            \
      zkmsm::cuda::CudaMsmReport*);                                                                                 \
  template zkmsm::cuda::CudaStatus zkmsm::cuda::msm<Curve>(                                                         \
      zkmsm::AffinePoint<Curve>*, std::span<const zkmsm::AffinePoint<Curve>>,                                       \
      std::span<const typename Curve::ScalarField::Integer>, const zkmsm::cuda::CudaMsmOptions&,                    \
      zkmsm::cuda::CudaMsmReport*);                                                                                 \
  template zkmsm::cuda::CudaStatus zkmsm::cuda::prepare_device_points<Curve>(void*, const void*, bool, std::size_t, \
                                                                             const zkmsm::cuda::InputForm&, void*); \
  template std::size_t zkmsm::cuda::estimate_device_bytes<Curve>(std::size_t, const zkmsm::cuda::CudaMsmOptions&);  \
  template zkmsm::cuda::CudaStatus zkmsm::cuda::make_shifted_copies<Curve>(void*, std::size_t, unsigned, unsigned,  \
                                                                           void*);                                  \
  template zkmsm::cuda::CudaStatus zkmsm::cuda::detail::make_shifted_copies_emulated<Curve>(                        \
      zkmsm::AffinePoint<Curve>*, std::size_t, unsigned, unsigned);                                                 \
  template zkmsm::cuda::CudaStatus zkmsm::cuda::detail::msm_device_inputs<Curve>(                                   \
      zkmsm::AffinePoint<Curve>*, const void*, const void*, std::size_t, const zkmsm::cuda::CudaMsmOptions&,        \
      zkmsm::cuda::CudaMsmReport*);                                                                                 \
  template zkmsm::cuda::CudaStatus zkmsm::cuda::detail::msm_emulated<Curve>(                                        \
      zkmsm::AffinePoint<Curve>*, std::span<const zkmsm::AffinePoint<Curve>>,                                       \
      std::span<const typename Curve::ScalarField::Integer>, const zkmsm::cuda::CudaMsmOptions&,                    \
      zkmsm::cuda::CudaMsmReport*);                                                                                 \
  template zkmsm::cuda::CudaStatus zkmsm::cuda::detail::msm_emulated<Curve>(                                        \
      zkmsm::AffinePoint<Curve>*, const zkmsm::cuda::CudaMsmInputs&, const zkmsm::cuda::CudaMsmOptions&,            \
      zkmsm::cuda::CudaMsmReport*);
