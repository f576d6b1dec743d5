// Runs shaders/field_ops.comp (one of the field_ops_* shader variants) on pairs of field
// elements and returns its six results per pair: a + b, a − b, a·b, a², −a, a⁻¹.
#pragma once

#include <array>
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

inline constexpr std::size_t kFieldOpsResults = 6;

// Field: a PrimeField of 4 limbs, uploaded as it is (the shaders' 8 × 32-bit layout).
template <class Field>
Status run_field_ops(std::vector<std::array<Field, kFieldOpsResults>>& out, Context& context, ShaderId shader,
                     std::uint32_t workgroup_size, std::span<const Field> a, std::span<const Field> b) {
  static_assert(sizeof(Field) == 32);
  const std::uint32_t count = static_cast<std::uint32_t>(a.size());
  std::unique_ptr<StorageBuffer> a_buffer, b_buffer, results;
  if (Status s = StorageBuffer::create(a_buffer, context, a.size_bytes()); !s.ok()) return s;
  if (Status s = StorageBuffer::create(b_buffer, context, b.size_bytes()); !s.ok()) return s;
  if (Status s = StorageBuffer::create(results, context, a.size_bytes() * kFieldOpsResults); !s.ok()) return s;
  if (Status s = a_buffer->write(0, std::as_bytes(a)); !s.ok()) return s;
  if (Status s = b_buffer->write(0, std::as_bytes(b)); !s.ok()) return s;

  const Pipeline* pipeline = nullptr;
  const std::uint32_t specialization[] = {workgroup_size};
  if (Status s = context.pipeline(pipeline, shader, specialization); !s.ok()) return s;
  std::unique_ptr<CommandBatch> batch;
  if (Status s = CommandBatch::create(batch, context); !s.ok()) return s;
  if (Status s = batch->begin_stage("field_ops"); !s.ok()) return s;
  if (Status s = batch->dispatch(*pipeline, {a_buffer.get(), b_buffer.get(), results.get()},
                                 std::as_bytes(std::span<const std::uint32_t, 1>(&count, 1)),
                                 (count + workgroup_size - 1) / workgroup_size);
      !s.ok())
    return s;
  if (Status s = batch->submit_and_wait(); !s.ok()) return s;
  out.assign(a.size(), {});
  return results->read(std::as_writable_bytes(std::span(out)), 0);
}

}  // namespace zkmsm::vulkan::test
