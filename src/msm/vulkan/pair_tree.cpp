#include "msm/vulkan/pair_tree.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <string>

#include "msm/vulkan/dispatch_arguments.hpp"

namespace zkmsm::vulkan {
namespace {

// The push-constant block of pair_tree_scan.comp.
struct ScanArguments {
  std::uint32_t phase;
  std::uint32_t source;
  std::uint32_t count;
  std::uint32_t level;
  std::uint32_t data;
  std::uint32_t sums;
};

// The push-constant block of pair_tree_prepare.comp.
struct PrepareArguments {
  std::uint32_t entries;
  std::uint32_t sentinel;
  std::uint32_t keys0;
  std::uint32_t offsets0;
};

// The push-constant block of pair_tree_level.comp.
struct LevelArguments {
  std::uint32_t threads;
  std::uint32_t level;
  std::uint32_t keys_in;
  std::uint32_t offsets_in;
  std::uint32_t keys_out;
  std::uint32_t offsets_out;
  std::uint32_t total;
};

}  // namespace

PairTree::PairTree(Context& context, const PairTreeShape& shape)
    : context_(context), shape_(shape), layout_(state_layout(shape)) {}

std::uint64_t PairTree::device_bytes(const PairTreeShape& shape) {
  const std::uint64_t entries = shape.max_entries;
  return (shape.max_buckets + entries + std::max<std::uint64_t>(1, entries / 2)) * affine_point_bytes(shape.curve) +
         state_layout(shape).words * 4;
}

std::uint64_t PairTree::largest_buffer_bytes(const PairTreeShape& shape) {
  return std::max({std::max<std::uint64_t>(shape.max_buckets, shape.max_entries) * affine_point_bytes(shape.curve),
                   state_layout(shape).words * 4});
}

Status PairTree::create(std::unique_ptr<PairTree>& out, Context& context, const PairTreeShape& shape) {
  if (shape.slots == 0 || shape.slots > kMaxSlots) {
    return Status::error(StatusCode::invalid_argument,
                         "pair tree: slots must be in [1, " + std::to_string(kMaxSlots) + "]");
  }
  if (shape.workgroup_size == 0 || shape.workgroup_size > context.info().max_workgroup_invocations) {
    return Status::error(StatusCode::invalid_argument, "pair tree: workgroup size must be in [1, " +
                                                           std::to_string(context.info().max_workgroup_invocations) +
                                                           "] on this device");
  }
  if (shape.grid_width == 0 || shape.grid_width > kMaxGridWidth) {
    return Status::error(StatusCode::invalid_argument, "pair tree: grid width must be in [1, 65535]");
  }
  if (shape.max_entries == 0) return Status::error(StatusCode::invalid_argument, "pair tree: no entries");
  if (shape.max_buckets == 0 || shape.max_buckets >= (std::uint64_t{1} << 32)) {
    return Status::error(StatusCode::invalid_argument, "pair tree: buckets must be in [1, 2^32)");
  }
  const StateLayout layout = state_layout(shape);
  if (layout.words >= (std::uint64_t{1} << 32)) {
    return Status::error(StatusCode::invalid_argument, "pair tree: the state does not fit 32-bit word offsets");
  }
  std::unique_ptr<PairTree> tree(new PairTree(context, shape));
  const std::uint64_t point_bytes = affine_point_bytes(shape.curve);
  if (Status s = StorageBuffer::create(tree->bucket_sums_, context, shape.max_buckets * point_bytes, shape.memory);
      !s.ok())
    return s;
  const std::uint64_t entries = shape.max_entries;
  if (Status s = StorageBuffer::create(tree->active_[0], context, std::max<std::uint64_t>(1, entries / 2) * point_bytes,
                                       shape.memory);
      !s.ok())
    return s;
  if (Status s = StorageBuffer::create(tree->active_[1], context, entries * point_bytes, shape.memory); !s.ok())
    return s;
  if (Status s = StorageBuffer::create(tree->state_, context, layout.words * 4, shape.memory); !s.ok()) return s;
  out = std::move(tree);
  return Status::success();
}

Status PairTree::dispatch_grid(CommandBatch& batch,
                               const Pipeline& pipeline,
                               std::initializer_list<StorageBuffer*> buffers,
                               std::span<const std::byte> push_constants,
                               std::uint64_t groups) {
  if (groups == 0) return Status::success();
  const std::uint64_t x = std::min<std::uint64_t>(groups, shape_.grid_width);
  const std::uint64_t y = (groups + x - 1) / x;
  if (y > kMaxGridWidth) {
    return Status::error(StatusCode::invalid_argument, "pair tree: a dispatch needs more than 65,535² workgroups");
  }
  return batch.dispatch(pipeline, buffers, push_constants, static_cast<std::uint32_t>(x),
                        static_cast<std::uint32_t>(y));
}

Status PairTree::record_scan(CommandBatch& batch, BucketStages& stages, std::uint32_t level) {
  const Pipeline* scan = nullptr;
  if (Status s = context_.pipeline(scan, ShaderId::pair_tree_scan); !s.ok()) return s;
  // The scan's levels: the buckets, then their block sums, … until one block is left; each
  // level's block sums are the next level's words, the top block's total is the level's total.
  struct ScanLevel {
    std::uint32_t data;
    std::uint32_t count;
    std::uint32_t sums;
  };
  std::vector<ScanLevel> chain;
  std::uint64_t count = stages.sentinel_key();
  std::uint64_t data = layout_.offsets[level & 1];
  for (std::size_t i = 0;; ++i) {
    const bool top = count <= kScanBlock;
    const std::uint64_t sums = top ? layout_.totals + level : layout_.scan_sums[i];
    chain.push_back(
        {static_cast<std::uint32_t>(data), static_cast<std::uint32_t>(count), static_cast<std::uint32_t>(sums)});
    if (top) break;
    data = sums;
    count = pair_tree_scan_blocks(count);
  }
  StorageBuffer* const start = &stages.bucket_start();
  StorageBuffer* const end = &stages.bucket_end();
  for (std::size_t i = 0; i < chain.size(); ++i) {
    const ScanArguments arguments{0, i == 0 ? 0u : 1u, chain[i].count, level, chain[i].data, chain[i].sums};
    if (Status s = dispatch_grid(batch, *scan, {start, end, state_.get()}, bytes_of(arguments),
                                 pair_tree_scan_blocks(chain[i].count));
        !s.ok())
      return s;
  }
  for (std::size_t i = chain.size() - 1; i-- > 0;) {
    const ScanArguments arguments{1, 0, chain[i].count, level, chain[i].data, chain[i].sums};
    if (Status s = dispatch_grid(batch, *scan, {start, end, state_.get()}, bytes_of(arguments),
                                 pair_tree_scan_blocks(chain[i].count));
        !s.ok())
      return s;
  }
  return Status::success();
}

Status PairTree::record(CommandBatch& batch, StorageBuffer& points, BucketStages& stages) {
  if (stages.entries() > shape_.max_entries) {
    return Status::error(StatusCode::invalid_argument, "pair tree: the batch has more entries than the tree");
  }
  if (std::uint64_t{stages.sentinel_key()} > shape_.max_buckets) {
    return Status::error(StatusCode::invalid_argument, "pair tree: the batch has more buckets than the tree");
  }
  const CurveShaders shaders = curve_shaders(shape_.curve);
  const Pipeline* prepare = nullptr;
  const std::array<std::uint32_t, 1> prepare_specialization = {kPrepareWorkgroupSize};
  if (Status s = context_.pipeline(prepare, shaders.pair_tree_prepare, prepare_specialization); !s.ok()) return s;
  const Pipeline* level_pipeline = nullptr;
  const std::array<std::uint32_t, 3> level_specialization = {shape_.workgroup_size, shape_.slots,
                                                             shape_.dx_cache ? 1u : 0u};
  if (Status s = context_.pipeline(level_pipeline, shaders.pair_tree_level, level_specialization); !s.ok()) return s;

  if (Status s = record_scan(batch, stages, 0); !s.ok()) return s;
  const PrepareArguments prepare_arguments{stages.entries(), stages.sentinel_key(),
                                           static_cast<std::uint32_t>(layout_.keys[0]),
                                           static_cast<std::uint32_t>(layout_.offsets[0])};
  if (Status s = dispatch_grid(batch, *prepare,
                               {&points, &stages.sorted_keys(), &stages.sorted_values(), &stages.bucket_start(),
                                &stages.bucket_end(), state_.get(), bucket_sums_.get()},
                               bytes_of(prepare_arguments), groups_for(stages.entries(), kPrepareWorkgroupSize));
      !s.ok())
    return s;

  const std::uint32_t depth = levels(stages.shape().n);
  for (std::uint32_t level = 0; level < depth; ++level) {
    // The next level's offsets first: the level writes its sums there.
    if (level + 1 < depth) {
      if (Status s = record_scan(batch, stages, level + 1); !s.ok()) return s;
    }
    const std::uint32_t in = level & 1;
    const std::uint32_t out = 1 - in;
    const std::uint64_t threads =
        (positions_bound(stages.entries(), level) + 2 * shape_.slots - 1) / (2 * shape_.slots);
    const LevelArguments arguments{static_cast<std::uint32_t>(threads),
                                   level,
                                   static_cast<std::uint32_t>(layout_.keys[in]),
                                   static_cast<std::uint32_t>(layout_.offsets[in]),
                                   static_cast<std::uint32_t>(layout_.keys[out]),
                                   static_cast<std::uint32_t>(layout_.offsets[out]),
                                   static_cast<std::uint32_t>(layout_.totals + level)};
    if (Status s = dispatch_grid(batch, *level_pipeline,
                                 {&points, &stages.sorted_values(), &stages.bucket_start(), &stages.bucket_end(),
                                  state_.get(), active_[in].get(), active_[out].get(), bucket_sums_.get()},
                                 bytes_of(arguments), groups_for(threads, shape_.workgroup_size));
        !s.ok())
      return s;
  }
  return Status::success();
}

std::uint64_t PairTree::allocated_bytes() const {
  return bucket_sums_->size() + active_[0]->size() + active_[1]->size() + state_->size();
}

Status PairTree::read_level_totals(std::vector<std::uint32_t>& totals, std::uint32_t count) const {
  if (count > kMaxLevels) return Status::error(StatusCode::invalid_argument, "pair tree: at most 32 levels");
  totals.assign(count, 0);
  if (count == 0) return Status::success();
  return state_->read(std::as_writable_bytes(std::span(totals)), layout_.totals * 4);
}

}  // namespace zkmsm::vulkan
