// Runs one test kernel once: uploads the input arrays to storage buffers at bindings 0 … k − 1,
// allocates zero-filled output buffers at bindings k …, pushes the element count (the 4-byte
// push-constant block every test kernel declares), dispatches, and reads the outputs back.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <vector>

#include "msm/vulkan/command_batch.hpp"
#include "msm/vulkan/storage_buffer.hpp"
#include "msm/vulkan/vulkan_context.hpp"

namespace zkmsm::vulkan::test {

struct KernelLaunch {
  ShaderId shader;
  // constant_id i = specialization[i]; by convention constant 0 is the workgroup size.
  std::vector<std::uint32_t> specialization;
  std::vector<std::span<const std::byte>> inputs;
  std::vector<std::size_t> output_bytes;
  std::uint32_t count = 0;   // the push constant
  std::uint32_t groups = 1;  // workgroups along x
};

// outputs[j] holds output buffer j; milliseconds (when not null) the dispatch's GPU time, or a
// negative value when the queue has no timestamps.
inline Status run_kernel(std::vector<std::vector<std::byte>>& outputs,
                         double* milliseconds,
                         Context& context,
                         const KernelLaunch& launch) {
  std::vector<std::unique_ptr<StorageBuffer>> owned;
  std::vector<StorageBuffer*> bindings;
  for (std::span<const std::byte> input : launch.inputs) {
    std::unique_ptr<StorageBuffer> buffer;
    // A buffer may not be empty; an empty input still gets one word.
    if (Status s = StorageBuffer::create(buffer, context, input.empty() ? 4 : input.size()); !s.ok()) return s;
    if (Status s = buffer->write(0, input); !s.ok()) return s;
    bindings.push_back(buffer.get());
    owned.push_back(std::move(buffer));
  }
  for (std::size_t bytes : launch.output_bytes) {
    std::unique_ptr<StorageBuffer> buffer;
    if (Status s = StorageBuffer::create(buffer, context, bytes == 0 ? 4 : bytes); !s.ok()) return s;
    const std::vector<std::byte> zeros(bytes);
    if (Status s = buffer->write(0, zeros); !s.ok()) return s;
    bindings.push_back(buffer.get());
    owned.push_back(std::move(buffer));
  }
  const Pipeline* pipeline = nullptr;
  if (Status s = context.pipeline(pipeline, launch.shader, launch.specialization); !s.ok()) return s;
  std::unique_ptr<CommandBatch> batch;
  if (Status s = CommandBatch::create(batch, context); !s.ok()) return s;
  if (Status s = batch->begin_stage("kernel"); !s.ok()) return s;
  const std::uint32_t count = launch.count;
  if (Status s = batch->dispatch(*pipeline, std::span<StorageBuffer* const>(bindings),
                                 std::as_bytes(std::span<const std::uint32_t, 1>(&count, 1)), launch.groups);
      !s.ok())
    return s;
  if (Status s = batch->submit_and_wait(); !s.ok()) return s;
  if (milliseconds != nullptr)
    *milliseconds = batch->stage_times().empty() ? -1.0 : batch->stage_times()[0].milliseconds;
  outputs.assign(launch.output_bytes.size(), {});
  for (std::size_t j = 0; j < launch.output_bytes.size(); ++j) {
    outputs[j].resize(launch.output_bytes[j]);
    if (Status s = owned[launch.inputs.size() + j]->read(outputs[j], 0); !s.ok()) return s;
  }
  return Status::success();
}

// Reinterprets a byte array read back from the device as `T`s (T trivially copyable, e.g. a
// PrimeField or a point of them, laid out as the shaders' words).
template <class T>
std::vector<T> from_bytes(const std::vector<std::byte>& bytes) {
  std::vector<T> values(bytes.size() / sizeof(T));
  std::memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
  return values;
}

}  // namespace zkmsm::vulkan::test
