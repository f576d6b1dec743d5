// field_ops.wgsl on the device (field_ops.hpp).
#include "msm/webgpu/field_ops.hpp"

#include <string>

#include "field/bn254_fields.hpp"
#include "msm/webgpu/shader_sources.hpp"
#include "msm/webgpu/wgsl_constants.hpp"

namespace zkmsm::webgpu {

namespace {

constexpr std::uint32_t kWorkgroupSize = 64;  // field_ops.wgsl's @workgroup_size
constexpr std::size_t kResultsPerElement = 6;

std::string field_ops_source(FieldId field) {
  const std::string constants = field == FieldId::bn254_fq ? wgsl_field_constants<Bn254FqParams>("BN254 Fq")
                                                           : wgsl_field_constants<Bn254FrParams>("BN254 Fr");
  return constants + kFieldSource + kFieldOpsSource;
}

}  // namespace

Status run_field_ops(FieldId field,
                     std::span<const std::uint32_t> a,
                     std::span<const std::uint32_t> b,
                     std::span<std::uint32_t> results) {
  const std::size_t n = a.size() / 8;
  if (a.size() != 8 * n || b.size() != a.size() || results.size() != kResultsPerElement * a.size())
    return Status::error("field ops: a, b and results must hold n, n and 6n elements of 8 words");
  if (n == 0) return {};
  Context* context = nullptr;
  if (Status got = Context::get(&context); !got.ok) return got;
  constexpr BindingKind kinds[] = {BindingKind::read_only_storage, BindingKind::read_only_storage, BindingKind::storage,
                                   BindingKind::uniform};
  Pipeline pipeline;
  if (Status made = context->pipeline(field_ops_source(field), kinds, pipeline); !made.ok) return made;
  Buffer a_buffer, b_buffer, result_buffer, arguments;
  for (Status made :
       {context->storage_buffer(a.size_bytes(), a_buffer), context->storage_buffer(b.size_bytes(), b_buffer),
        context->storage_buffer(results.size_bytes(), result_buffer), context->uniform_buffer(16, arguments)}) {
    if (!made.ok) return made;
  }
  context->write(a_buffer, a.data(), a.size_bytes());
  context->write(b_buffer, b.data(), b.size_bytes());
  const std::uint32_t count[4] = {static_cast<std::uint32_t>(n), 0, 0, 0};
  context->write(arguments, count, sizeof count);
  const Buffer* bound[] = {&a_buffer, &b_buffer, &result_buffer, &arguments};
  const auto workgroups = static_cast<std::uint32_t>((n + kWorkgroupSize - 1) / kWorkgroupSize);
  if (Status ran = context->dispatch(pipeline, bound, workgroups); !ran.ok) return ran;
  return context->read(result_buffer, results.data(), results.size_bytes());
}

}  // namespace zkmsm::webgpu
