// DeviceBuffer: a block of CUDA device memory owned by a move-only handle, for callers that have
// no CUDA runtime of their own (the zkmsm CLI, language bindings) but want MSM inputs already on
// the device (MsmConfig::points_on_device / scalars_on_device). Callers with their own CUDA code
// pass their own device pointers instead and need none of this.
//
// Representation: `bytes()` bytes of the device that was current when the buffer was made
// (cudaMalloc, so aligned to at least 256 bytes); raw bytes, the library never interprets them
// except as MSM inputs. The destructor frees the memory (cudaFree, which waits for work on the
// device that may still use it). In a build without the cuda backend every creation fails with
// ErrorCode::backend_unavailable.
#pragma once

#include <cstddef>
#include <span>

#include "zkmsm/result.hpp"

namespace zkmsm {

class DeviceBuffer {
 public:
  DeviceBuffer() = default;  // empty: no memory, bytes() = 0, data() = nullptr
  DeviceBuffer(DeviceBuffer&& other) noexcept;
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer();

  // `bytes` of uninitialised memory on the current CUDA device.
  static Result<DeviceBuffer> allocate(std::size_t bytes);
  // A device copy of `host`; returns once the copy is complete.
  static Result<DeviceBuffer> copy_from_host(const void* host, std::size_t bytes);
  // A device copy of a host array, e.g. copy_from_host(std::span<const Scalar<Bn254>>(scalars)).
  template <class T>
  static Result<DeviceBuffer> copy_from_host(std::span<const T> host) {
    return copy_from_host(host.data(), host.size_bytes());
  }

  void* data() { return data_; }
  const void* data() const { return data_; }
  std::size_t bytes() const { return bytes_; }
  int device() const { return device_; }  // the CUDA device ordinal; -1 when empty

  // The buffer viewed as `count` elements of T (count · sizeof(T) ≤ bytes()), as msm() takes it
  // with points_on_device / scalars_on_device. The span's pointer is a device pointer.
  template <class T>
  std::span<const T> as_span(std::size_t count) const {
    return std::span<const T>(static_cast<const T*>(data_), count <= bytes_ / sizeof(T) ? count : bytes_ / sizeof(T));
  }

 private:
  DeviceBuffer(void* data, std::size_t bytes, int device) : data_(data), bytes_(bytes), device_(device) {}
  void release();

  void* data_ = nullptr;
  std::size_t bytes_ = 0;
  int device_ = -1;
};

}  // namespace zkmsm
