// decompose_scalars on the device (decompose_scalars.hpp).
#include "msm/webgpu/decompose_scalars.hpp"

#include "msm/common/window_cost_model.hpp"
#include "msm/webgpu/shader_sources.hpp"

namespace zkmsm::webgpu {

namespace {

constexpr std::uint32_t kWorkgroupSize = 64;  // decompose_scalars.wgsl's @workgroup_size

}  // namespace

std::string decompose_scalars_source(CurveId curve) {
  return wgsl_curve_constants(curve) + kDispatchSource + kFieldSource + kDecomposeScalarsSource;
}

Status record_decompose_scalars(Context& context,
                                CurveId curve,
                                const Buffer& scalars,
                                const DecomposeShape& shape,
                                Buffer& keys,
                                Buffer& values,
                                Buffer& arguments) {
  if (shape.window_bits < kMinWindowBits || shape.window_bits > kMaxWindowBits)
    return Status::error("decompose_scalars: window_bits must be in [2, 22]");
  constexpr BindingKind kinds[] = {BindingKind::read_only_storage, BindingKind::storage, BindingKind::storage,
                                   BindingKind::uniform};
  const Pipeline* pipeline = nullptr;
  if (Status made = context.pipeline(decompose_scalars_source(curve), kinds, pipeline); !made.ok) return made;
  const std::uint32_t argument_words[8] = {
      shape.n, shape.window_bits, shape.first_window, shape.batch_windows, shape.buckets(), shape.sentinel(), 0, 0};
  context.write(arguments, argument_words, sizeof argument_words);
  const Buffer* bound[] = {&scalars, &keys, &values, &arguments};
  return context.dispatch(*pipeline, bound, (shape.n + kWorkgroupSize - 1) / kWorkgroupSize);
}

Status run_decompose_scalars(CurveId curve,
                             std::span<const std::uint32_t> scalars,
                             const DecomposeShape& shape,
                             std::span<std::uint32_t> keys,
                             std::span<std::uint32_t> values) {
  const std::uint64_t entries = std::uint64_t{shape.batch_windows} * shape.n;
  if (shape.window_bits < kMinWindowBits || shape.window_bits > kMaxWindowBits)
    return Status::error("decompose_scalars: window_bits must be in [2, 22]");
  if (scalars.size() != 8 * std::size_t{shape.n} || keys.size() != entries || values.size() != entries)
    return Status::error("decompose_scalars: n scalars of 8 words, batch_windows · n keys and values");
  if (entries == 0) return {};
  Context* context = nullptr;
  if (Status got = Context::get(&context); !got.ok) return got;
  Buffer scalar_buffer, key_buffer, value_buffer, arguments;
  if (Status made = context->storage_buffer(scalars.size_bytes(), scalar_buffer); !made.ok) return made;
  if (Status made = context->storage_buffer(keys.size_bytes(), key_buffer); !made.ok) return made;
  if (Status made = context->storage_buffer(values.size_bytes(), value_buffer); !made.ok) return made;
  if (Status made = context->uniform_buffer(32, arguments); !made.ok) return made;
  context->write(scalar_buffer, scalars.data(), scalars.size_bytes());
  if (Status ran = record_decompose_scalars(*context, curve, scalar_buffer, shape, key_buffer, value_buffer, arguments);
      !ran.ok)
    return ran;
  if (Status read = context->read(key_buffer, keys.data(), keys.size_bytes()); !read.ok) return read;
  return context->read(value_buffer, values.data(), values.size_bytes());
}

}  // namespace zkmsm::webgpu
