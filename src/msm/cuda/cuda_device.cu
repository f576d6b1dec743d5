// Device discovery and the backend's test hooks.
#include <cuda_runtime.h>

#include "msm/cuda/cuda_msm.hpp"
#include "msm/cuda/cuda_msm_internal.hpp"
#include "msm/cuda/exec.cuh"

namespace zkmsm::cuda {
namespace {

// Does nothing: device_available() asks the runtime whether this build's code fits the device.
__global__ void probe_kernel() {}

}  // namespace

bool device_available() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    (void)cudaGetLastError();
    return false;
  }
  // Fails with cudaErrorInvalidDeviceFunction (or NoKernelImageForDevice) when this build's code
  // does not fit the current device.
  cudaFuncAttributes attributes{};
  if (cudaFuncGetAttributes(&attributes, probe_kernel) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return true;
}

namespace detail {
void set_simulated_device_limit(std::size_t bytes) { simulated_device_limit() = bytes; }
void set_walker_min_blocks(unsigned min_blocks) { walker_min_blocks() = min_blocks; }
}  // namespace detail

}  // namespace zkmsm::cuda
