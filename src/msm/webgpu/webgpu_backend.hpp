// What the WebAssembly module's entry points say to the WebGPU backend (webgpu_backend.cpp)
// beyond the common interface.
#pragma once

#include "msm/webgpu/webgpu_msm.hpp"

namespace zkmsm::webgpu {

// Whether the device JavaScript handed over is a hardware GPU (JavaScript judges it from the
// adapter): Backend::automatic picks webgpu only then. Default false.
void set_webgpu_accelerated(bool accelerated);

// The sizes (c, windows, batches, S, threads, workgroup size, modelled bytes) of the last MSM the
// backend ran, for the JavaScript API's stats: the module runs one call at a time.
const WebGpuMsmSizes& last_webgpu_msm_sizes();
// Whether the last MSM the backend ran reused the kept buffers of an earlier one (msm_workspace.hpp).
bool last_webgpu_msm_reused_workspace();

}  // namespace zkmsm::webgpu
