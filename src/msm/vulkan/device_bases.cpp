// Prepared bases kept on the Vulkan device (device_bases.hpp).
#include "msm/vulkan/device_bases.hpp"

#include <span>
#include <string>

namespace zkmsm::vulkan {

Status prepare_device_bases(Context& context,
                            CurveId curve,
                            std::size_t n,
                            const std::uint32_t* point_words,
                            const DevicePointForm& form,
                            DeviceBases& out,
                            std::optional<std::uint32_t>& rejected) {
  rejected.reset();
  out.n = 0;
  out.points.reset();
  if (n == 0) return Status::success();
  const std::uint64_t bytes = std::uint64_t{n} * affine_point_bytes(curve);
  if (n >= kNoneRejected || bytes > context.info().max_storage_buffer_range) {
    return Status::error(StatusCode::invalid_argument,
                         "vulkan prepare_bases: " + std::to_string(n) + " points (" + std::to_string(bytes) +
                             " bytes) exceed one storage buffer of " + context.info().name + " (" +
                             std::to_string(context.info().max_storage_buffer_range) + " bytes)");
  }
  // As for an MSM (vulkan_msm.cpp): a discrete GPU keeps the points in device-local memory and
  // gets them through a staging buffer in host memory; elsewhere host-visible memory is the device's.
  const bool staged = context.info().kind == DeviceKind::discrete_gpu;
  std::unique_ptr<StorageBuffer> host_points;
  if (Status s = StorageBuffer::create(host_points, context, bytes,
                                       staged ? BufferMemory::host_staging : BufferMemory::host_visible);
      !s.ok())
    return s;
  if (Status s = host_points->write(0, std::as_bytes(std::span(point_words, bytes / 4))); !s.ok()) return s;
  std::unique_ptr<StorageBuffer> device_points;
  if (staged) {
    if (Status s = StorageBuffer::create(device_points, context, bytes, BufferMemory::device_local); !s.ok()) return s;
  }
  StorageBuffer& points = staged ? *device_points : *host_points;
  if (staged || form.converts()) {
    std::unique_ptr<StorageBuffer> first_rejected;
    if (Status s = StorageBuffer::create(first_rejected, context, sizeof(std::uint32_t)); !s.ok()) return s;
    const std::uint32_t none = kNoneRejected;
    if (Status s = first_rejected->write(0, std::as_bytes(std::span(&none, 1))); !s.ok()) return s;
    std::unique_ptr<CommandBatch> batch;
    if (Status s = CommandBatch::create(batch, context); !s.ok()) return s;
    if (staged) {
      if (Status s = batch->begin_stage("upload_to_device"); !s.ok()) return s;
      if (Status s = batch->copy(*host_points, points, bytes); !s.ok()) return s;
    }
    if (form.converts()) {
      if (Status s = batch->begin_stage("convert_inputs"); !s.ok()) return s;
      if (Status s = record_convert_points(context, *batch, curve, points, *first_rejected,
                                           static_cast<std::uint32_t>(n), form);
          !s.ok())
        return s;
    }
    if (Status s = batch->submit_and_wait(); !s.ok()) return s;
    std::uint32_t first = kNoneRejected;
    if (Status s = first_rejected->read(std::as_writable_bytes(std::span(&first, 1)), 0); !s.ok()) return s;
    if (first != kNoneRejected) {
      rejected = first;
      return Status::success();
    }
  }
  out.n = n;
  out.points = staged ? std::move(device_points) : std::move(host_points);
  return Status::success();
}

}  // namespace zkmsm::vulkan
