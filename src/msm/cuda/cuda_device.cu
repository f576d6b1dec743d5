// Device discovery, device memory for handles (prepared bases, DeviceBuffer), and the backend's
// test hooks.
#include <cuda_runtime.h>

#include <string>
#include <vector>

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

CudaStatus allocate_device_memory(void** out, std::size_t bytes) {
  *out = nullptr;
  const cudaError_t error = cudaMalloc(out, bytes == 0 ? 1 : bytes);
  if (error != cudaSuccess) {
    (void)cudaGetLastError();
    *out = nullptr;
    return detail::failure("cudaMalloc of " + std::to_string(bytes) + " bytes failed: " + cudaGetErrorString(error),
                           error == cudaErrorMemoryAllocation);
  }
  return {};
}

void free_device_memory(void* memory, int device) {
  if (memory == nullptr) return;
  int current = device;
  if (cudaGetDevice(&current) == cudaSuccess && current != device) (void)cudaSetDevice(device);
  (void)cudaFree(memory);
  if (current != device) (void)cudaSetDevice(current);
  (void)cudaGetLastError();
}

CudaStatus current_device(int* device) {
  const cudaError_t error = cudaGetDevice(device);
  if (error != cudaSuccess) return detail::cuda_failure(error, "cudaGetDevice");
  return {};
}

CudaStatus copy_to_device(void* device_destination, const void* host_source, std::size_t bytes, void* stream) {
  if (bytes == 0) return {};
  detail::DeviceExec exec(stream);
  ZKMSM_TRY(exec.init());
  ZKMSM_TRY(exec.upload(device_destination, host_source, bytes));
  return exec.synchronize();
}

CudaStatus copy_stripes_to_device(void* device_destination,
                                  const void* source,
                                  std::size_t element_bytes,
                                  std::size_t count,
                                  std::size_t block,
                                  std::size_t stride,
                                  void* stream) {
  if (count == 0) return {};
  detail::DeviceExec exec(stream);
  ZKMSM_TRY(exec.init());
  std::vector<detail::HostToDeviceCopy> copies;
  ZKMSM_TRY(detail::stripe_copies(device_destination, source, element_bytes, count, block, stride, &copies));
  ZKMSM_TRY(exec.upload_copies(copies));
  return exec.synchronize();
}

int device_count() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return count;
}

CudaStatus set_current_device(int device) {
  const cudaError_t error = cudaSetDevice(device);
  if (error != cudaSuccess) {
    (void)cudaGetLastError();
    return detail::failure("cudaSetDevice(" + std::to_string(device) + ") failed: " + cudaGetErrorString(error));
  }
  return {};
}

namespace detail {
void set_simulated_device_limit(std::size_t bytes) { simulated_device_limit() = bytes; }
void set_walker_min_blocks(unsigned min_blocks) { walker_min_blocks() = min_blocks; }
void set_point_kernel_threads_per_block(unsigned threads) { point_kernel_threads_per_block() = threads; }
void set_staging_threads(unsigned threads) { staging_threads() = threads; }
}  // namespace detail

}  // namespace zkmsm::cuda
