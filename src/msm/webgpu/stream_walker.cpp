// The stream walker on WebGPU (stream_walker.hpp).
#include "msm/webgpu/stream_walker.hpp"

#include <algorithm>
#include <string>

#include "msm/webgpu/shader_sources.hpp"

namespace zkmsm::webgpu {

namespace {

constexpr std::uint32_t kCombineWorkgroupSize = 64;  // walker_combine.wgsl's @workgroup_size
constexpr std::uint64_t kMetaWordsPerUnit = 4;

std::uint32_t groups_for(std::uint64_t invocations, std::uint32_t workgroup_size) {
  return static_cast<std::uint32_t>((invocations + workgroup_size - 1) / workgroup_size);
}

// The buffers' sizes in bytes: bucket sums, records and record meta of both combine levels, slot
// state, arguments.
struct WalkerBufferBytes {
  std::uint64_t bucket_sums, records[2], record_meta[2], slot_state, arguments;
};

WalkerBufferBytes buffer_bytes(const StreamWalkerShape& shape) {
  const std::uint64_t slots = std::uint64_t{shape.threads} * shape.slots;
  const std::uint64_t level_units = (slots + StreamWalker::kCombineBlock - 1) / StreamWalker::kCombineBlock;
  // Per slot: two XYZZ records; the state is cursor, run start, bucket, busy and the running sum.
  const std::uint64_t record_words_per_unit = 2 * xyzz_point_words(shape.curve);
  const std::uint64_t slot_state_words =
      4 + (shape.xyzz ? xyzz_point_words(shape.curve) : affine_point_words(shape.curve));
  return {shape.max_buckets * (shape.xyzz ? xyzz_point_bytes(shape.curve) : affine_point_bytes(shape.curve)),
          {slots * record_words_per_unit * 4, level_units * record_words_per_unit * 4},
          {slots * kMetaWordsPerUnit * 4, level_units * kMetaWordsPerUnit * 4},
          slots * slot_state_words * 4,
          16};
}

}  // namespace

Status StreamWalker::create(Context& context, const StreamWalkerShape& shape, std::unique_ptr<StreamWalker>& out) {
  if (shape.slots == 0 || shape.slots > kMaxSlots)
    return Status::error("stream walker: slots must be in [1, " + std::to_string(kMaxSlots) + "]");
  if (shape.threads == 0 || std::uint64_t{shape.threads} * shape.slots >= (std::uint64_t{1} << 31))
    return Status::error("stream walker: threads · slots must be in [1, 2^31)");
  if (shape.max_buckets == 0) return Status::error("stream walker: no buckets");
  if (shape.xyzz && shape.slots != 1) return Status::error("xyzz walker: one slot per invocation");
  if (shape.workgroup_size == 0 || shape.workgroup_size > kMaxWorkgroupSize)
    return Status::error("stream walker: workgroup size must be in [1, " + std::to_string(kMaxWorkgroupSize) + "]");
  std::unique_ptr<StreamWalker> walker(new StreamWalker(context, shape));
  const std::string common = wgsl_curve_constants(shape.curve) + wgsl_batch_constants(shape.slots, false) +
                             "const WALKER_WORKGROUP_SIZE = " + std::to_string(shape.workgroup_size) + "u;\n" +
                             kDispatchSource + kFieldSource + kSafegcdInverseSource + kCurveSource +
                             kWalkerRecordsSource;
  constexpr BindingKind walker_kinds[] = {
      BindingKind::read_only_storage, BindingKind::read_only_storage, BindingKind::read_only_storage,
      BindingKind::read_only_storage, BindingKind::storage,           BindingKind::storage,
      BindingKind::storage,           BindingKind::storage,           BindingKind::uniform};
  constexpr BindingKind combine_kinds[] = {BindingKind::read_only_storage, BindingKind::read_only_storage,
                                           BindingKind::storage,           BindingKind::storage,
                                           BindingKind::storage,           BindingKind::uniform};
  const std::string walker_source =
      common + kWalkerPiecesSource +
      (shape.xyzz ? std::string(kXyzzWalkerSource)
                  : std::string(kAffinePairSource) + kBatchAffineAddSource + kStreamWalkerSource);
  const WordLoops walker_loops = shape.xyzz ? WordLoops::unrolled : WordLoops::kept;
  if (Status s = context.pipeline(walker_source, walker_kinds, walker->walker_, walker_loops); !s.ok) return s;
  if (Status s = context.pipeline(wgsl_bucket_sum_form(shape.xyzz) + common + kWalkerCombineSource, combine_kinds,
                                  walker->combine_, WordLoops::unrolled);
      !s.ok)
    return s;
  const WalkerBufferBytes bytes = buffer_bytes(shape);
  if (Status s = context.storage_buffer(bytes.bucket_sums, walker->bucket_sums_); !s.ok) return s;
  for (int k = 0; k < 2; ++k) {
    if (Status s = context.storage_buffer(bytes.records[k], walker->records_[k]); !s.ok) return s;
    if (Status s = context.storage_buffer(bytes.record_meta[k], walker->record_meta_[k]); !s.ok) return s;
  }
  if (Status s = context.storage_buffer(bytes.slot_state, walker->slot_state_); !s.ok) return s;
  for (Buffer& arguments : walker->round_arguments_)
    if (Status s = context.uniform_buffer(bytes.arguments, arguments); !s.ok) return s;
  for (Buffer& arguments : walker->combine_arguments_)
    if (Status s = context.uniform_buffer(bytes.arguments, arguments); !s.ok) return s;
  out = std::move(walker);
  return {};
}

std::uint64_t StreamWalker::device_bytes(const StreamWalkerShape& shape) {
  const WalkerBufferBytes bytes = buffer_bytes(shape);
  return allocation_bytes(bytes.bucket_sums) + allocation_bytes(bytes.records[0]) + allocation_bytes(bytes.records[1]) +
         allocation_bytes(bytes.record_meta[0]) + allocation_bytes(bytes.record_meta[1]) +
         allocation_bytes(bytes.slot_state) + (2 + kMaxCombineLevels) * allocation_bytes(bytes.arguments);
}

Status StreamWalker::accumulate(const Buffer& points,
                                const Buffer& sorted_keys,
                                const Buffer& sorted_values,
                                const Buffer& valid,
                                std::uint32_t entries) {
  // Each stream walker round consumes at least one entry of every busy slot, each xyzz step one
  // entry: the longest piece, ⌈E / U⌉ entries, needs at most that many.
  const std::uint64_t longest_piece = (std::uint64_t{entries} + slot_count() - 1) / slot_count();
  const std::uint32_t per_dispatch = shape_.xyzz ? kXyzzEntriesPerDispatch : kRoundsPerDispatch;
  const std::uint64_t dispatches = std::max<std::uint64_t>(1, (longest_piece + per_dispatch - 1) / per_dispatch);
  // Every uniform first (see kMaxCombineLevels), then the dispatches.
  for (std::uint32_t first = 0; first < 2; ++first) {
    const std::uint32_t arguments[4] = {shape_.threads, static_cast<std::uint32_t>(slot_count()), 1u - first,
                                        per_dispatch};
    context_.write(round_arguments_[first], arguments, sizeof arguments);
  }
  // Level ℓ combines `units` units into ⌈units / 16⌉, until one is left (at least one level).
  std::uint32_t levels = 0;
  for (std::uint64_t units = slot_count(); levels == 0 || units > 1;
       units = (units + kCombineBlock - 1) / kCombineBlock) {
    if (levels == kMaxCombineLevels) return Status::error("stream walker: more combine levels than kMaxCombineLevels");
    const std::uint32_t arguments[4] = {static_cast<std::uint32_t>(units), kCombineBlock, 0, 0};
    context_.write(combine_arguments_[levels++], arguments, sizeof arguments);
  }
  for (std::uint64_t d = 0; d < dispatches; ++d) {
    const Buffer& arguments = round_arguments_[d == 0 ? 0 : 1];
    const Buffer* bound[] = {&points,      &sorted_keys,     &sorted_values, &valid,    &bucket_sums_,
                             &records_[0], &record_meta_[0], &slot_state_,   &arguments};
    if (Status s = context_.dispatch(*walker_, bound, groups_for(shape_.threads, shape_.workgroup_size)); !s.ok)
      return s;
  }
  // Combine levels until one unit is left, ping-ponging between the record buffers.
  std::uint64_t units = slot_count();
  int in = 0;
  for (std::uint32_t level = 0; level < levels; ++level) {
    const std::uint64_t blocks = (units + kCombineBlock - 1) / kCombineBlock;
    const Buffer* bound[] = {&records_[in],         &record_meta_[in], &records_[1 - in],
                             &record_meta_[1 - in], &bucket_sums_,     &combine_arguments_[level]};
    if (Status s = context_.dispatch(*combine_, bound, groups_for(blocks, kCombineWorkgroupSize)); !s.ok) return s;
    units = blocks;
    in = 1 - in;
  }
  return {};
}

}  // namespace zkmsm::webgpu
