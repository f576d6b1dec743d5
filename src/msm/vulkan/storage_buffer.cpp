#include "msm/vulkan/storage_buffer.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "msm/vulkan/storage_buffer_impl.hpp"

namespace zkmsm::vulkan {

StorageBuffer::Impl::~Impl() {
  if (device == VK_NULL_HANDLE) return;
  if (mapped != nullptr) vkUnmapMemory(device, memory);
  if (buffer != VK_NULL_HANDLE) vkDestroyBuffer(device, buffer, nullptr);
  if (memory != VK_NULL_HANDLE) vkFreeMemory(device, memory, nullptr);
}

namespace {

// Copies from this size on are cut among threads: one core's memcpy (~10 GB/s) is what an upload
// of 2^20 points waits for otherwise.
constexpr std::size_t kParallelCopyBytes = std::size_t{4} << 20;
constexpr unsigned kMaxCopyThreads = 8;

void copy_bytes(std::byte* to, const std::byte* from, std::size_t bytes) {
  const unsigned threads =
      bytes < kParallelCopyBytes ? 1 : std::clamp(std::thread::hardware_concurrency(), 1u, kMaxCopyThreads);
  const std::size_t piece = (bytes / threads + 63) / 64 * 64;
  std::vector<std::thread> workers;
  std::size_t begin = piece;  // this thread copies [0, piece), the workers one piece each after it
  for (; threads > 1 && begin < bytes; begin += piece) {
    const std::size_t length = std::min(piece, bytes - begin);
    try {
      workers.emplace_back([=] { std::memcpy(to + begin, from + begin, length); });
    } catch (const std::system_error&) {
      break;  // no thread to be had: this thread copies the rest below
    }
  }
  std::memcpy(to, from, std::min(piece, bytes));
  if (begin < bytes) std::memcpy(to + begin, from + begin, bytes - begin);
  for (std::thread& worker : workers) worker.join();
}

// A host-visible, host-coherent memory type outside the device's own memory, cached when there is
// such a type; false when every host-visible type is device-local.
bool find_host_staging_memory_type(std::uint32_t& out,
                                   const VkPhysicalDeviceMemoryProperties& properties,
                                   std::uint32_t type_bits) {
  const VkMemoryPropertyFlags required = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  for (const VkMemoryPropertyFlags wanted : {required | VK_MEMORY_PROPERTY_HOST_CACHED_BIT, required}) {
    for (std::uint32_t i = 0; i < properties.memoryTypeCount; ++i) {
      const VkMemoryPropertyFlags flags = properties.memoryTypes[i].propertyFlags;
      if ((type_bits & (1u << i)) != 0 && (flags & wanted) == wanted &&
          (flags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT) == 0) {
        out = i;
        return true;
      }
    }
  }
  return false;
}

std::uint64_t next_serial() {
  static std::atomic<std::uint64_t> last{0};
  return ++last;
}

}  // namespace

StorageBuffer::StorageBuffer(std::unique_ptr<Impl> impl, std::size_t bytes)
    : impl_(std::move(impl)), bytes_(bytes), serial_(next_serial()) {}
StorageBuffer::~StorageBuffer() = default;

bool StorageBuffer::host_visible() const { return impl_->mapped != nullptr; }

Status StorageBuffer::create(std::unique_ptr<StorageBuffer>& out,
                             Context& context,
                             std::size_t bytes,
                             BufferMemory memory) {
  out.reset();
  Context::Impl& ctx = context.impl();
  if (bytes == 0 || bytes > ctx.info.max_storage_buffer_range) {
    return Status::error(StatusCode::invalid_argument, "vulkan: storage buffer of " + std::to_string(bytes) +
                                                           " bytes (allowed: 1 to " +
                                                           std::to_string(ctx.info.max_storage_buffer_range) + ")");
  }
  auto impl = std::make_unique<Impl>();
  impl->device = ctx.device;
  VkBufferCreateInfo buffer_info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  buffer_info.size = bytes;
  buffer_info.usage =
      VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  buffer_info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  if (const VkResult r = vkCreateBuffer(ctx.device, &buffer_info, nullptr, &impl->buffer); r != VK_SUCCESS) {
    impl->buffer = VK_NULL_HANDLE;
    return vulkan_error("vkCreateBuffer", r);
  }
  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(ctx.device, impl->buffer, &requirements);
  std::uint32_t memory_type = 0;
  const bool mapped = memory != BufferMemory::device_local;
  const bool staging_type_found =
      memory == BufferMemory::host_staging &&
      find_host_staging_memory_type(memory_type, ctx.memory_properties, requirements.memoryTypeBits);
  if (mapped && !staging_type_found &&
      !ctx.find_memory_type(memory_type, requirements.memoryTypeBits,
                            VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                            VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT)) {
    return Status::error(StatusCode::unsupported, "vulkan: no host-visible coherent memory type for storage buffers");
  }
  if (!mapped &&
      !ctx.find_memory_type(memory_type, requirements.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0)) {
    return Status::error(StatusCode::unsupported, "vulkan: no device-local memory type for storage buffers");
  }
  VkMemoryAllocateInfo allocate_info{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  allocate_info.allocationSize = requirements.size;
  allocate_info.memoryTypeIndex = memory_type;
  if (const VkResult r = vkAllocateMemory(ctx.device, &allocate_info, nullptr, &impl->memory); r != VK_SUCCESS) {
    impl->memory = VK_NULL_HANDLE;
    return vulkan_error("vkAllocateMemory of " + std::to_string(bytes) + " bytes", r);
  }
  if (const VkResult r = vkBindBufferMemory(ctx.device, impl->buffer, impl->memory, 0); r != VK_SUCCESS) {
    return vulkan_error("vkBindBufferMemory", r);
  }
  if (mapped) {
    if (const VkResult r = vkMapMemory(ctx.device, impl->memory, 0, VK_WHOLE_SIZE, 0, &impl->mapped); r != VK_SUCCESS) {
      impl->mapped = nullptr;
      return vulkan_error("vkMapMemory", r);
    }
    std::memset(impl->mapped, 0, bytes);
  }
  out.reset(new StorageBuffer(std::move(impl), bytes));
  return Status::success();
}

Status StorageBuffer::write(std::size_t offset, std::span<const std::byte> data) {
  if (impl_->mapped == nullptr) {
    return Status::error(StatusCode::invalid_argument, "vulkan: write to a device-local buffer (copy from staging)");
  }
  if (offset > bytes_ || data.size() > bytes_ - offset) {
    return Status::error(StatusCode::invalid_argument, "vulkan: write of " + std::to_string(data.size()) +
                                                           " bytes at " + std::to_string(offset) +
                                                           " past a buffer of " + std::to_string(bytes_));
  }
  if (!data.empty()) copy_bytes(static_cast<std::byte*>(impl_->mapped) + offset, data.data(), data.size());
  return Status::success();
}

Status StorageBuffer::read(std::span<std::byte> out, std::size_t offset) const {
  if (impl_->mapped == nullptr) {
    return Status::error(StatusCode::invalid_argument, "vulkan: read of a device-local buffer (copy to staging)");
  }
  if (offset > bytes_ || out.size() > bytes_ - offset) {
    return Status::error(StatusCode::invalid_argument, "vulkan: read of " + std::to_string(out.size()) + " bytes at " +
                                                           std::to_string(offset) + " past a buffer of " +
                                                           std::to_string(bytes_));
  }
  if (!out.empty()) std::memcpy(out.data(), static_cast<const std::byte*>(impl_->mapped) + offset, out.size());
  return Status::success();
}

}  // namespace zkmsm::vulkan
