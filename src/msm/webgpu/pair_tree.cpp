// The pair tree on WebGPU (pair_tree.hpp).
#include "msm/webgpu/pair_tree.hpp"

#include <algorithm>
#include <string>

#include "msm/webgpu/shader_sources.hpp"

namespace zkmsm::webgpu {

namespace {

// pair_tree_prepare.wgsl's @workgroup_size (not tuned).
constexpr std::uint32_t kPrepareWorkgroupSize = 64;
// Bytes of every argument buffer: the largest argument struct (the level's 7 words) rounded up to
// WebGPU's 16-byte uniform alignment.
constexpr std::uint64_t kArgumentBytes = 32;

std::uint32_t groups_for(std::uint64_t invocations, std::uint32_t workgroup_size) {
  return static_cast<std::uint32_t>((invocations + workgroup_size - 1) / workgroup_size);
}

}  // namespace

std::uint32_t PairTree::scan_levels(std::uint64_t words) {
  std::uint32_t levels = 1;
  for (; words > kScanBlock; words = pair_tree_scan_blocks(words)) ++levels;
  return levels;
}

std::uint32_t PairTree::scanned_levels(const PairTreeShape& shape) { return std::max(1u, levels(shape.max_entries)); }

std::uint64_t PairTree::device_bytes(const PairTreeShape& shape) {
  const std::uint64_t entries = shape.max_entries;
  const std::uint64_t point_bytes = affine_point_bytes(shape.curve);
  const std::uint64_t arguments =
      std::uint64_t{2 * scan_levels(shape.max_buckets) - 1} * scanned_levels(shape) + levels(shape.max_entries) + 1;
  return shape.max_buckets * point_bytes + entries * point_bytes +
         std::max<std::uint64_t>(1, entries / 2) * point_bytes + state_layout(shape).words * 4 +
         arguments * kArgumentBytes;
}

std::uint64_t PairTree::largest_binding_bytes(const PairTreeShape& shape) {
  const std::uint64_t point_bytes = affine_point_bytes(shape.curve);
  return std::max(
      {shape.max_buckets * point_bytes, std::uint64_t{shape.max_entries} * point_bytes, state_layout(shape).words * 4});
}

Status PairTree::create(Context& context, const PairTreeShape& shape, std::unique_ptr<PairTree>& out) {
  if (shape.slots == 0 || shape.slots > kMaxSlots)
    return Status::error("pair tree: slots must be in [1, " + std::to_string(kMaxSlots) + "]");
  if (shape.workgroup_size == 0 || shape.workgroup_size > kMaxWorkgroupSize)
    return Status::error("pair tree: workgroup size must be in [1, " + std::to_string(kMaxWorkgroupSize) + "]");
  if (shape.max_entries == 0) return Status::error("pair tree: no entries");
  if (shape.max_buckets == 0 || shape.max_buckets >= (std::uint64_t{1} << 32))
    return Status::error("pair tree: buckets must be in [1, 2^32)");
  const StateLayout layout = state_layout(shape);
  if (layout.words >= (std::uint64_t{1} << 32)) return Status::error("pair tree: the state exceeds 32-bit offsets");
  const std::uint64_t largest = largest_binding_bytes(shape);
  if (largest > kMaxBindingBytes)
    return Status::error("pair tree: a buffer of " + std::to_string(largest) +
                         " bytes exceeds WebGPU's 128 MiB binding");

  std::unique_ptr<PairTree> tree(new PairTree(context, shape));
  const std::string common = wgsl_curve_constants(shape.curve) + kDispatchSource + kPairTreeSource;
  constexpr BindingKind scan_kinds[] = {BindingKind::read_only_storage, BindingKind::read_only_storage,
                                        BindingKind::storage, BindingKind::uniform};
  constexpr BindingKind prepare_kinds[] = {BindingKind::read_only_storage, BindingKind::read_only_storage,
                                           BindingKind::read_only_storage, BindingKind::read_only_storage,
                                           BindingKind::read_only_storage, BindingKind::storage,
                                           BindingKind::storage,           BindingKind::uniform};
  constexpr BindingKind level_kinds[] = {
      BindingKind::read_only_storage, BindingKind::read_only_storage, BindingKind::read_only_storage,
      BindingKind::read_only_storage, BindingKind::storage,           BindingKind::read_only_storage,
      BindingKind::storage,           BindingKind::storage,           BindingKind::uniform};
  // The scan uses no curve constants: its text is the same for both curves (one compile).
  if (Status s =
          context.pipeline(std::string(kDispatchSource) + kPairTreeSource + kWorkgroupScanSource + kPairTreeScanSource,
                           scan_kinds, tree->scan_);
      !s.ok)
    return s;
  if (Status s = context.pipeline(common + kFieldSource + kSafegcdInverseSource + kCurveSource + kPairTreePrepareSource,
                                  prepare_kinds, tree->prepare_);
      !s.ok)
    return s;
  const std::string level_constants = wgsl_batch_constants(shape.slots, shape.dx_cache) +
                                      "const PAIR_TREE_WORKGROUP_SIZE = " + std::to_string(shape.workgroup_size) +
                                      "u;\n";
  if (Status s = context.pipeline(level_constants + common + kFieldSource + kSafegcdInverseSource + kCurveSource +
                                      kAffinePairSource + kBatchAffineAddSource + kPairTreeLevelSource,
                                  level_kinds, tree->level_);
      !s.ok)
    return s;

  const std::uint64_t entries = shape.max_entries;
  const std::uint64_t point_bytes = affine_point_bytes(shape.curve);
  if (Status s = context.storage_buffer(shape.max_buckets * point_bytes, tree->bucket_sums_); !s.ok) return s;
  if (Status s = context.storage_buffer(std::max<std::uint64_t>(1, entries / 2) * point_bytes, tree->active_[0]); !s.ok)
    return s;
  if (Status s = context.storage_buffer(entries * point_bytes, tree->active_[1]); !s.ok) return s;
  if (Status s = context.storage_buffer(layout.words * 4, tree->state_); !s.ok) return s;
  if (Status s = context.uniform_buffer(kArgumentBytes, tree->prepare_arguments_); !s.ok) return s;
  tree->scan_arguments_.resize(std::size_t{scanned_levels(shape)} * (2 * scan_levels(shape.max_buckets) - 1));
  tree->level_arguments_.resize(levels(shape.max_entries));
  for (Buffer& arguments : tree->scan_arguments_) {
    if (Status s = context.uniform_buffer(kArgumentBytes, arguments); !s.ok) return s;
  }
  for (Buffer& arguments : tree->level_arguments_) {
    if (Status s = context.uniform_buffer(kArgumentBytes, arguments); !s.ok) return s;
  }
  out = std::move(tree);
  return {};
}

Status PairTree::scan(const Buffer& bucket_start,
                      const Buffer& bucket_end,
                      std::uint32_t buckets,
                      std::uint32_t level) {
  // The scan's levels: the buckets, then their block sums, … until one block is left; each level's
  // block sums are the next level's words, the top block's total is the level's total.
  std::vector<ScanStep> chain;
  std::uint64_t count = buckets;
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
  // Phase 0 up the chain, then phase 1 back down, each dispatch with its own argument buffer.
  const std::size_t first = std::size_t{level} * (2 * scan_levels(shape_.max_buckets) - 1);
  std::size_t step = 0;
  const auto dispatch = [&](std::uint32_t phase, std::uint32_t source, const ScanStep& words) -> Status {
    const Buffer& arguments = scan_arguments_[first + step++];
    const std::uint32_t values[8] = {phase, source, words.count, level, words.data, words.sums, 0, 0};
    context_.write(arguments, values, sizeof values);
    const Buffer* bound[] = {&bucket_start, &bucket_end, &state_, &arguments};
    return context_.dispatch(*scan_, bound, static_cast<std::uint32_t>(pair_tree_scan_blocks(words.count)));
  };
  for (std::size_t i = 0; i < chain.size(); ++i) {
    if (Status s = dispatch(0, i == 0 ? 0u : 1u, chain[i]); !s.ok) return s;
  }
  for (std::size_t i = chain.size() - 1; i-- > 0;) {
    if (Status s = dispatch(1, 0, chain[i]); !s.ok) return s;
  }
  return {};
}

Status PairTree::accumulate(const Buffer& points,
                            const Buffer& sorted_keys,
                            const Buffer& sorted_values,
                            const Buffer& bucket_start,
                            const Buffer& bucket_end,
                            std::uint32_t entries,
                            std::uint32_t buckets,
                            std::uint32_t max_bucket_entries) {
  if (entries > shape_.max_entries) return Status::error("pair tree: the batch has more entries than the tree");
  if (buckets == 0 || buckets > shape_.max_buckets)
    return Status::error("pair tree: the batch's buckets must be in [1, max_buckets]");
  // A bucket holds at most every entry of the batch.
  const std::uint32_t depth = levels(std::min(max_bucket_entries, entries));

  if (Status s = scan(bucket_start, bucket_end, buckets, 0); !s.ok) return s;
  const std::uint32_t prepare_values[8] = {entries, buckets, static_cast<std::uint32_t>(layout_.keys[0]),
                                           static_cast<std::uint32_t>(layout_.offsets[0])};
  context_.write(prepare_arguments_, prepare_values, sizeof prepare_values);
  const Buffer* prepare_bound[] = {&points,     &sorted_keys, &sorted_values, &bucket_start,
                                   &bucket_end, &state_,      &bucket_sums_,  &prepare_arguments_};
  if (Status s = context_.dispatch(*prepare_, prepare_bound, groups_for(entries, kPrepareWorkgroupSize)); !s.ok)
    return s;

  for (std::uint32_t level = 0; level < depth; ++level) {
    // The next level's offsets first: the level writes its sums there.
    if (level + 1 < depth) {
      if (Status s = scan(bucket_start, bucket_end, buckets, level + 1); !s.ok) return s;
    }
    const std::uint32_t in = level & 1;
    const std::uint32_t out = 1 - in;
    const std::uint64_t threads = (positions_bound(entries, level) + 2 * shape_.slots - 1) / (2 * shape_.slots);
    const std::uint32_t values[8] = {static_cast<std::uint32_t>(threads),
                                     level,
                                     static_cast<std::uint32_t>(layout_.keys[in]),
                                     static_cast<std::uint32_t>(layout_.offsets[in]),
                                     static_cast<std::uint32_t>(layout_.keys[out]),
                                     static_cast<std::uint32_t>(layout_.offsets[out]),
                                     static_cast<std::uint32_t>(layout_.totals + level),
                                     0};
    context_.write(level_arguments_[level], values, sizeof values);
    const Buffer* bound[] = {&points,       &sorted_values, &bucket_start,           &bucket_end, &state_, &active_[in],
                             &active_[out], &bucket_sums_,  &level_arguments_[level]};
    if (Status s = context_.dispatch(*level_, bound, groups_for(threads, shape_.workgroup_size)); !s.ok) return s;
  }
  return {};
}

}  // namespace zkmsm::webgpu
