// The shaders' test kernels on the device (test_kernels.hpp).
#include "msm/webgpu/test_kernels.hpp"

#include <string>
#include <vector>

#include "msm/webgpu/shader_sources.hpp"
#include "msm/webgpu/wgsl_constants.hpp"

namespace zkmsm::webgpu {

namespace {

constexpr std::uint32_t kWorkgroupSize = 64;  // the test kernels' @workgroup_size

// A test kernel of `source` over `count` inputs, items_per_invocation per invocation: `inputs`
// bound as read-only storage 0 … k − 1, the results next, then a uniform holding count. The field
// and curve operations are tested with their word loops unrolled, as the hot shaders compile them.
Status run_test_kernel(const std::string& source,
                       std::span<const std::span<const std::uint32_t>> inputs,
                       std::uint32_t count,
                       std::span<std::uint32_t> results,
                       std::uint32_t items_per_invocation = 1,
                       WordLoops word_loops = WordLoops::kept) {
  if (count == 0) return {};
  Context* context = nullptr;
  if (Status got = Context::get(&context); !got.ok) return got;
  std::vector<BindingKind> kinds(inputs.size(), BindingKind::read_only_storage);
  kinds.push_back(BindingKind::storage);
  kinds.push_back(BindingKind::uniform);
  const Pipeline* pipeline = nullptr;
  if (Status made = context->pipeline(source, kinds, pipeline, word_loops); !made.ok) return made;
  std::vector<Buffer> buffers(inputs.size() + 2);
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (Status made = context->storage_buffer(inputs[i].size_bytes(), buffers[i]); !made.ok) return made;
    context->write(buffers[i], inputs[i].data(), inputs[i].size_bytes());
  }
  Buffer& result_buffer = buffers[inputs.size()];
  Buffer& arguments = buffers[inputs.size() + 1];
  if (Status made = context->storage_buffer(results.size_bytes(), result_buffer); !made.ok) return made;
  if (Status made = context->uniform_buffer(16, arguments); !made.ok) return made;
  const std::uint32_t argument_words[4] = {count, 0, 0, 0};
  context->write(arguments, argument_words, sizeof argument_words);
  std::vector<const Buffer*> bound;
  for (const Buffer& buffer : buffers) bound.push_back(&buffer);
  const std::uint32_t invocations = (count + items_per_invocation - 1) / items_per_invocation;
  if (Status ran = context->dispatch(*pipeline, bound, (invocations + kWorkgroupSize - 1) / kWorkgroupSize); !ran.ok)
    return ran;
  return context->read(result_buffer, results.data(), results.size_bytes());
}

}  // namespace

Status run_field_ops(FieldId field,
                     std::span<const std::uint32_t> a,
                     std::span<const std::uint32_t> b,
                     std::span<std::uint32_t> results) {
  const std::size_t words = field_words(field);
  const std::size_t n = a.size() / words;
  if (a.size() != words * n || b.size() != a.size() || results.size() != 6 * a.size())
    return Status::error("field ops: a, b and results must hold n, n and 6n elements of the field");
  const std::span<const std::uint32_t> inputs[] = {a, b};
  return run_test_kernel(
      wgsl_field_constants(field) + kDispatchSource + kFieldSource + kSafegcdInverseSource + kFieldOpsSource, inputs,
      static_cast<std::uint32_t>(n), results, 1, WordLoops::unrolled);
}

Status run_curve_ops(CurveId curve, std::span<const std::uint32_t> points, std::span<std::uint32_t> results) {
  const std::size_t pair_words = 2 * affine_point_words(curve);
  const std::size_t n = points.size() / pair_words;
  if (points.size() != pair_words * n || results.size() != 4 * points.size())
    return Status::error("curve ops: points and results must hold 2n and 8n affine points of the curve");
  const std::span<const std::uint32_t> inputs[] = {points};
  return run_test_kernel(wgsl_curve_constants(curve) + kDispatchSource + kFieldSource + kSafegcdInverseSource +
                             kCurveSource + kCurveOpsSource,
                         inputs, static_cast<std::uint32_t>(n), results, 1, WordLoops::unrolled);
}

Status run_batch_affine_add(CurveId curve,
                            std::uint32_t slots,
                            std::span<const std::uint32_t> lhs,
                            std::span<const std::uint32_t> rhs,
                            std::span<std::uint32_t> sums) {
  const std::size_t point_words = affine_point_words(curve);
  const std::size_t n = lhs.size() / point_words;
  if (lhs.size() != point_words * n || rhs.size() != lhs.size() || sums.size() != lhs.size())
    return Status::error("batch affine add: lhs, rhs and sums must hold n affine points of the curve");
  if (slots == 0 || slots > 64) return Status::error("batch affine add: slots must be in [1, 64]");
  const std::span<const std::uint32_t> inputs[] = {lhs, rhs};
  const std::string source = wgsl_curve_constants(curve) + wgsl_batch_constants(slots, false) + kDispatchSource +
                             kFieldSource + kSafegcdInverseSource + kCurveSource + kAffinePairSource +
                             kBatchAffineAddSource + kBatchAffineAddOpsSource;
  // One invocation per `slots` pairs: the kernel sees count = n and numbers its batches itself.
  return run_test_kernel(source, inputs, static_cast<std::uint32_t>(n), sums, slots);
}

}  // namespace zkmsm::webgpu
