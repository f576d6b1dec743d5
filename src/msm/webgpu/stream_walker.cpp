// The stream walker on WebGPU (stream_walker.hpp).
#include "msm/webgpu/stream_walker.hpp"

#include <algorithm>
#include <string>

#include "msm/webgpu/shader_sources.hpp"

namespace zkmsm::webgpu {

namespace {

constexpr std::uint32_t kWorkgroupSize = 64;  // the walker's and the combine's @workgroup_size
constexpr std::uint64_t kSlotStateWords = 20;
constexpr std::uint64_t kRecordWordsPerUnit = 2 * 32;
constexpr std::uint64_t kMetaWordsPerUnit = 4;

std::uint32_t groups_for(std::uint64_t invocations) {
  return static_cast<std::uint32_t>((invocations + kWorkgroupSize - 1) / kWorkgroupSize);
}

}  // namespace

Status StreamWalker::create(Context& context, const StreamWalkerShape& shape, std::unique_ptr<StreamWalker>& out) {
  if (shape.slots == 0 || shape.slots > kMaxSlots)
    return Status::error("stream walker: slots must be in [1, " + std::to_string(kMaxSlots) + "]");
  if (shape.threads == 0 || std::uint64_t{shape.threads} * shape.slots >= (std::uint64_t{1} << 31))
    return Status::error("stream walker: threads · slots must be in [1, 2^31)");
  if (shape.max_buckets == 0) return Status::error("stream walker: no buckets");
  std::unique_ptr<StreamWalker> walker(new StreamWalker(context, shape));
  const std::string common = wgsl_curve_constants(shape.curve) + wgsl_batch_constants(shape.slots, false) +
                             kDispatchSource + kFieldSource + kCurveSource + kWalkerRecordsSource;
  constexpr BindingKind walker_kinds[] = {
      BindingKind::read_only_storage, BindingKind::read_only_storage, BindingKind::read_only_storage,
      BindingKind::read_only_storage, BindingKind::storage,           BindingKind::storage,
      BindingKind::storage,           BindingKind::storage,           BindingKind::uniform};
  constexpr BindingKind combine_kinds[] = {BindingKind::read_only_storage, BindingKind::read_only_storage,
                                           BindingKind::storage,           BindingKind::storage,
                                           BindingKind::storage,           BindingKind::uniform};
  if (Status s = context.pipeline(common + kAffinePairSource + kBatchAffineAddSource + kStreamWalkerSource,
                                  walker_kinds, walker->walker_);
      !s.ok)
    return s;
  if (Status s = context.pipeline(common + kWalkerCombineSource, combine_kinds, walker->combine_); !s.ok) return s;
  const std::uint64_t slots = walker->slot_count();
  const std::uint64_t level_units = (slots + kCombineBlock - 1) / kCombineBlock;
  if (Status s = context.storage_buffer(shape.max_buckets * 16 * sizeof(std::uint32_t), walker->bucket_sums_); !s.ok)
    return s;
  for (int k = 0; k < 2; ++k) {
    const std::uint64_t units = k == 0 ? slots : level_units;
    if (Status s = context.storage_buffer(units * kRecordWordsPerUnit * sizeof(std::uint32_t), walker->records_[k]);
        !s.ok)
      return s;
    if (Status s = context.storage_buffer(units * kMetaWordsPerUnit * sizeof(std::uint32_t), walker->record_meta_[k]);
        !s.ok)
      return s;
  }
  if (Status s = context.storage_buffer(slots * kSlotStateWords * sizeof(std::uint32_t), walker->slot_state_); !s.ok)
    return s;
  if (Status s = context.uniform_buffer(16, walker->arguments_); !s.ok) return s;
  out = std::move(walker);
  return {};
}

Status StreamWalker::accumulate(const Buffer& points,
                                const Buffer& sorted_keys,
                                const Buffer& sorted_values,
                                const Buffer& valid,
                                std::uint32_t entries) {
  // Each round consumes at least one entry of every busy slot: the longest piece, ⌈E / U⌉
  // entries, needs at most that many rounds.
  const std::uint64_t longest_piece = (std::uint64_t{entries} + slot_count() - 1) / slot_count();
  const std::uint64_t dispatches =
      std::max<std::uint64_t>(1, (longest_piece + kRoundsPerDispatch - 1) / kRoundsPerDispatch);
  for (std::uint64_t d = 0; d < dispatches; ++d) {
    const std::uint32_t arguments[4] = {shape_.threads, static_cast<std::uint32_t>(slot_count()), d == 0 ? 1u : 0u,
                                        kRoundsPerDispatch};
    context_.write(arguments_, arguments, sizeof arguments);
    const Buffer* bound[] = {&points,      &sorted_keys,     &sorted_values, &valid,     &bucket_sums_,
                             &records_[0], &record_meta_[0], &slot_state_,   &arguments_};
    if (Status s = context_.dispatch(*walker_, bound, groups_for(shape_.threads)); !s.ok) return s;
  }
  // Combine levels until one unit is left, ping-ponging between the record buffers.
  std::uint64_t units = slot_count();
  int in = 0;
  do {
    const std::uint64_t blocks = (units + kCombineBlock - 1) / kCombineBlock;
    const std::uint32_t arguments[4] = {static_cast<std::uint32_t>(units), kCombineBlock, 0, 0};
    context_.write(arguments_, arguments, sizeof arguments);
    const Buffer* bound[] = {&records_[in],         &record_meta_[in], &records_[1 - in],
                             &record_meta_[1 - in], &bucket_sums_,     &arguments_};
    if (Status s = context_.dispatch(*combine_, bound, groups_for(blocks)); !s.ok) return s;
    units = blocks;
    in = 1 - in;
  } while (units > 1);
  return {};
}

}  // namespace zkmsm::webgpu
