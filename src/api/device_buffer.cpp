// DeviceBuffer (device_buffer.hpp): device memory owned by a handle, through the cuda backend's
// allocation functions; every creation fails cleanly in a build without CUDA.
#include "zkmsm/device_buffer.hpp"

#include <string>
#include <utility>

#include "zkmsm/zkmsm.hpp"
#if defined(ZKMSM_HAVE_CUDA)
#include "msm/cuda/cuda_msm.hpp"
#endif

namespace zkmsm {

DeviceBuffer::DeviceBuffer(DeviceBuffer&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      bytes_(std::exchange(other.bytes_, 0)),
      device_(std::exchange(other.device_, -1)) {}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
  if (this != &other) {
    release();
    data_ = std::exchange(other.data_, nullptr);
    bytes_ = std::exchange(other.bytes_, 0);
    device_ = std::exchange(other.device_, -1);
  }
  return *this;
}

DeviceBuffer::~DeviceBuffer() { release(); }

void DeviceBuffer::release() {
#if defined(ZKMSM_HAVE_CUDA)
  cuda::free_device_memory(data_, device_);
#endif
  data_ = nullptr;
  bytes_ = 0;
  device_ = -1;
}

Result<DeviceBuffer> DeviceBuffer::allocate(std::size_t bytes) {
#if defined(ZKMSM_HAVE_CUDA)
  if (!backend_available(Backend::cuda))
    return Error{ErrorCode::backend_unavailable, "DeviceBuffer: no usable CUDA device on this machine"};
  int device = -1;
  cuda::CudaStatus status = cuda::current_device(&device);
  void* data = nullptr;
  if (status.ok) status = cuda::allocate_device_memory(&data, bytes);
  if (!status.ok)
    return Error{status.out_of_memory ? ErrorCode::out_of_memory : ErrorCode::device_error,
                 "DeviceBuffer: " + status.message};
  return DeviceBuffer(data, bytes, device);
#else
  (void)bytes;
  return Error{ErrorCode::backend_unavailable, "DeviceBuffer: this build has no CUDA backend"};
#endif
}

Result<DeviceBuffer> DeviceBuffer::copy_from_host(const void* host, std::size_t bytes) {
  if (host == nullptr && bytes != 0)
    return Error{ErrorCode::invalid_argument, "DeviceBuffer::copy_from_host: host is null"};
  Result<DeviceBuffer> buffer = allocate(bytes);
  if (!buffer) return buffer;
#if defined(ZKMSM_HAVE_CUDA)
  const cuda::CudaStatus status = cuda::copy_to_device(buffer.value().data(), host, bytes, nullptr);
  if (!status.ok) return Error{ErrorCode::device_error, "DeviceBuffer: " + status.message};
#endif
  return buffer;
}

}  // namespace zkmsm
