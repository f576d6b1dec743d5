// The one backend interface's knobs, inputs and report in the cuda backend's own vocabulary
// (cuda_msm.hpp), shared by the adapter (cuda_backend.cpp), the multi-device runs
// (cuda_devices.cpp) and the prepared bases (cuda_bases.cpp). The cuda backend reads
// window_bits, the accumulator, the walker knobs (S is also the pair tree's pairs per thread),
// pair_tree_dx_cache, memory_budget_bytes, glv, cuda_stream and devices.
#pragma once

#include "msm/common/msm_backend.hpp"
#include "msm/cuda/cuda_msm.hpp"

namespace zkmsm::cuda {

inline CudaMsmOptions to_options(const backend::Knobs& knobs) {
  CudaMsmOptions options;
  options.window_bits = knobs.window_bits;
  options.accumulator = knobs.accumulator;
  options.walker_slots = knobs.walker_slots;
  options.walker_threads_per_block = knobs.walker_threads_per_block;
  options.walker_max_blocks = knobs.walker_max_blocks;
  options.walker_state = knobs.walker_state;
  options.pair_tree_dx_cache = knobs.pair_tree_dx_cache;
  options.memory_budget_bytes = knobs.memory_budget_bytes;
  options.stream = knobs.cuda_stream;
  options.glv = knobs.glv;
  return options;
}

inline InputForm to_input_form(const backend::InputForm& form) {
  InputForm out;
  out.points_in_montgomery = form.points_in_montgomery;
  out.validate_points = form.validate_points;
  out.scalars_in_montgomery = form.scalars_in_montgomery;
  return out;
}

// One MSM's inputs as the caller gave them: host or current-device memory, converted and
// validated on the device as the form says.
inline CudaMsmInputs to_inputs(const backend::MsmRequest& request) {
  CudaMsmInputs inputs;
  inputs.n = request.points.n;
  inputs.points = request.points.points;
  inputs.points_on_device = request.points.on_device;
  inputs.scalars = request.scalars.scalars;
  inputs.scalars_on_device = request.scalars.on_device;
  inputs.form = to_input_form(request.form);
  return inputs;
}

// The report of a run on `devices` GPUs.
inline void copy_report(backend::MsmReport& out, const CudaMsmReport& report, unsigned devices) {
  out.accumulator = report.accumulator == backend::AccumulatorKind::xyzz        ? "xyzz"
                    : report.accumulator == backend::AccumulatorKind::pair_tree ? "pair_tree"
                                                                                : "stream_walker";
  out.window_bits = report.window_bits;
  out.windows = report.windows;
  out.glv = report.glv;
  out.stages = report.stages;
  out.estimated_peak_bytes = report.estimated_peak_bytes;
  out.measured_peak_bytes = report.measured_peak_bytes;
  out.devices = devices;
}

}  // namespace zkmsm::cuda
