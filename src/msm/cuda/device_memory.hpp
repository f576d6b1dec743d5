// Device memory owned by a handle, on the device that was current when it was allocated (the
// cuda backend's prepared bases). Freed on that device.
#pragma once

#include <cstddef>
#include <utility>

#include "msm/common/msm_backend.hpp"
#include "msm/cuda/cuda_msm.hpp"

namespace zkmsm::cuda {

class DeviceMemory {
 public:
  DeviceMemory() = default;
  DeviceMemory(DeviceMemory&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), device_(std::exchange(other.device_, -1)) {}
  DeviceMemory& operator=(DeviceMemory&& other) noexcept {
    if (this != &other) {
      free_device_memory(data_, device_);
      data_ = std::exchange(other.data_, nullptr);
      device_ = std::exchange(other.device_, -1);
    }
    return *this;
  }
  DeviceMemory(const DeviceMemory&) = delete;
  DeviceMemory& operator=(const DeviceMemory&) = delete;
  ~DeviceMemory() { free_device_memory(data_, device_); }

  // `bytes` on the current device. The failure's words are the public DeviceBuffer's, which
  // held the bases before.
  backend::Status allocate(std::size_t bytes) {
    int device = -1;
    CudaStatus status = current_device(&device);
    void* data = nullptr;
    if (status.ok) status = allocate_device_memory(&data, bytes);
    if (!status.ok) {
      return backend::Status::error(
          status.out_of_memory ? backend::StatusCode::out_of_memory : backend::StatusCode::device_error,
          "DeviceBuffer: " + status.message);
    }
    *this = DeviceMemory();
    data_ = data;
    device_ = device;
    return backend::Status::success();
  }

  void* data() const { return data_; }
  int device() const { return device_; }

 private:
  void* data_ = nullptr;
  int device_ = -1;
};

}  // namespace zkmsm::cuda
