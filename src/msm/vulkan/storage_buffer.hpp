// A storage buffer on a Context's device, bound to shaders as `layout(std430) buffer`.
//
// Memory (BufferMemory): host_visible buffers are host-coherent and persistently mapped, and
// device-local too when the device has such a type (integrated GPUs, lavapipe, resizable BAR);
// write() and read() are plain copies through the mapping, valid only while no submitted work
// uses the buffer. host_staging buffers are mapped the same way but live in the host's RAM, cached
// where the device offers such a type (a discrete GPU's upload staging: the CPU fills them at
// memory speed and the GPU's copy engine reads them; the device-local host-visible memory of a
// resizable BAR took ~9 GB/s of CPU writes over PCIe however many threads wrote, BENCHMARKS.md);
// where the device has no such type they are host_visible buffers. device_local buffers are not
// mapped (their contents start undefined, and write() / read() refuse them): a discrete GPU's
// working buffers, filled by shaders or by CommandBatch::copy from a staging buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "msm/vulkan/vulkan_context.hpp"

namespace zkmsm::vulkan {

enum class BufferMemory { host_visible, host_staging, device_local };

class StorageBuffer {
 public:
  // A buffer of `bytes` bytes (> 0, at most the device's maxStorageBufferRange); a host_visible
  // one starts zeroed.
  static Status create(std::unique_ptr<StorageBuffer>& out,
                       Context& context,
                       std::size_t bytes,
                       BufferMemory memory = BufferMemory::host_visible);
  ~StorageBuffer();
  StorageBuffer(const StorageBuffer&) = delete;
  StorageBuffer& operator=(const StorageBuffer&) = delete;

  std::size_t size() const { return bytes_; }
  // A number no other buffer of the process had or will have (a recorded command buffer names
  // the buffers it binds by it: an address or a VkBuffer handle can come back after a destroy).
  std::uint64_t serial() const { return serial_; }
  bool host_visible() const;
  // Copies `data` to byte `offset` (in parallel on up to 8 threads from 8 MiB); invalid_argument
  // when it does not fit.
  Status write(std::size_t offset, std::span<const std::byte> data);
  // Copies bytes [offset, offset + out.size()) into `out`; invalid_argument when out of range.
  Status read(std::span<std::byte> out, std::size_t offset) const;

  struct Impl;
  Impl& impl() { return *impl_; }

 private:
  StorageBuffer(std::unique_ptr<Impl> impl, std::size_t bytes);
  std::unique_ptr<Impl> impl_;
  std::size_t bytes_;
  std::uint64_t serial_;
};

}  // namespace zkmsm::vulkan
