// plan on the device (bucket_bounds.hpp).
#include "msm/webgpu/bucket_bounds.hpp"

#include <string>

#include "msm/webgpu/shader_sources.hpp"

namespace zkmsm::webgpu {

namespace {

constexpr std::uint32_t kWorkgroupSize = 64;  // bucket_bounds.wgsl's @workgroup_size

}  // namespace

Status BucketBounds::create(Context& context, BucketBounds& out) {
  constexpr BindingKind kinds[] = {BindingKind::read_only_storage, BindingKind::storage, BindingKind::storage,
                                   BindingKind::storage, BindingKind::uniform};
  out.context_ = &context;
  return context.pipeline(std::string(kDispatchSource) + kBucketBoundsSource, kinds, out.pipeline_);
}

Status BucketBounds::record(const Buffer& sorted_keys,
                            std::uint32_t count,
                            std::uint32_t sentinel,
                            Buffer& bucket_start,
                            Buffer& bucket_end,
                            Buffer& valid,
                            Buffer& arguments) {
  const std::uint32_t words[4] = {count, sentinel, 0, 0};
  context_->write(arguments, words, sizeof words);
  const Buffer* bound[] = {&sorted_keys, &bucket_start, &bucket_end, &valid, &arguments};
  const std::uint64_t invocations = std::uint64_t{sentinel} + 1;
  return context_->dispatch(*pipeline_, bound,
                            static_cast<std::uint32_t>((invocations + kWorkgroupSize - 1) / kWorkgroupSize));
}

Status run_bucket_bounds(std::span<const std::uint32_t> sorted_keys,
                         std::uint32_t sentinel,
                         std::span<std::uint32_t> bucket_start,
                         std::span<std::uint32_t> bucket_end,
                         std::uint32_t& valid) {
  if (bucket_start.size() != sentinel || bucket_end.size() != sentinel)
    return Status::error("plan: bucket_start and bucket_end must hold `sentinel` words each");
  if (sorted_keys.size() > 0xffffffffu) return Status::error("plan: more than 2^32 - 1 entries");
  Context* context = nullptr;
  if (Status got = Context::get(&context); !got.ok) return got;
  BucketBounds bounds;
  if (Status made = BucketBounds::create(*context, bounds); !made.ok) return made;
  Buffer keys, starts, ends, valid_buffer, arguments;
  if (Status s = context->storage_buffer(sorted_keys.size_bytes(), keys); !s.ok) return s;
  if (Status s = context->storage_buffer(bucket_start.size_bytes(), starts); !s.ok) return s;
  if (Status s = context->storage_buffer(bucket_end.size_bytes(), ends); !s.ok) return s;
  if (Status s = context->storage_buffer(sizeof(std::uint32_t), valid_buffer); !s.ok) return s;
  if (Status s = context->uniform_buffer(16, arguments); !s.ok) return s;
  if (!sorted_keys.empty()) context->write(keys, sorted_keys.data(), sorted_keys.size_bytes());
  if (Status s = bounds.record(keys, static_cast<std::uint32_t>(sorted_keys.size()), sentinel, starts, ends,
                               valid_buffer, arguments);
      !s.ok)
    return s;
  if (Status s = context->read(starts, bucket_start.data(), bucket_start.size_bytes()); !s.ok) return s;
  if (Status s = context->read(ends, bucket_end.data(), bucket_end.size_bytes()); !s.ok) return s;
  return context->read(valid_buffer, &valid, sizeof valid);
}

}  // namespace zkmsm::webgpu
