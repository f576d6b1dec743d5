// A storage buffer on a Context's device, bound to shaders as `layout(std430) buffer`.
//
// Memory: host-visible and host-coherent, persistently mapped; device-local too when the device
// has such a type (integrated GPUs, lavapipe, resizable BAR). write() and read() are plain copies
// through the mapping and are valid only while no submitted work uses the buffer. Device-local
// buffers with staging copies for discrete GPUs are not written yet (README.md).
#pragma once

#include <cstddef>
#include <memory>
#include <span>

#include "msm/vulkan/vulkan_context.hpp"

namespace zkmsm::vulkan {

class StorageBuffer {
 public:
  // A buffer of `bytes` bytes (> 0, at most the device's maxStorageBufferRange), contents zero.
  static Status create(std::unique_ptr<StorageBuffer>& out, Context& context, std::size_t bytes);
  ~StorageBuffer();
  StorageBuffer(const StorageBuffer&) = delete;
  StorageBuffer& operator=(const StorageBuffer&) = delete;

  std::size_t size() const { return bytes_; }
  // Copies `data` to byte `offset`; invalid_argument when it does not fit.
  Status write(std::size_t offset, std::span<const std::byte> data);
  // Copies bytes [offset, offset + out.size()) into `out`; invalid_argument when out of range.
  Status read(std::span<std::byte> out, std::size_t offset) const;

  struct Impl;
  Impl& impl() { return *impl_; }

 private:
  StorageBuffer(std::unique_ptr<Impl> impl, std::size_t bytes);
  std::unique_ptr<Impl> impl_;
  std::size_t bytes_;
};

}  // namespace zkmsm::vulkan
