// accumulate_buckets on WebGPU with a walker over the sorted entries, then the sum of the buckets
// it split (shaders/walker_combine.wgsl in levels), as the Vulkan backend's StreamWalker: the
// stream walker (shaders/stream_walker.wgsl, its slots in private memory; every non-empty
// bucket's affine sum in bucket_sums()) or the xyzz walker (shaders/xyzz_walker.wgsl, one running
// XYZZ sum per invocation, S = 1; the bucket sums XYZZ).
#pragma once

#include <cstdint>
#include <memory>

#include "msm/webgpu/webgpu_context.hpp"
#include "msm/webgpu/wgsl_constants.hpp"

namespace zkmsm::webgpu {

// The walker's invocations per workgroup unless asked otherwise: MsmConfig's default
// walker_threads_per_block, as on Vulkan; not tuned for WebGPU.
inline constexpr std::uint32_t kDefaultWalkerWorkgroupSize = 128;
// WebGPU's default maxComputeInvocationsPerWorkgroup.
inline constexpr std::uint32_t kMaxWorkgroupSize = 256;

struct StreamWalkerShape {
  CurveId curve = CurveId::bn254;
  std::uint32_t slots = 8;    // S: additions per invocation and round, one inversion each round
  std::uint32_t threads = 0;  // invocations; U = threads · S pieces of the sorted entries
  std::uint32_t workgroup_size = kDefaultWalkerWorkgroupSize;  // walker invocations per workgroup, [1, 256]
  std::uint64_t max_buckets = 0;                               // bucket sums the batch may hold (batch windows · B)
  bool xyzz = false;                                           // the xyzz walker (slots must be 1)

  bool operator==(const StreamWalkerShape&) const = default;
};

class StreamWalker {
 public:
  static constexpr std::uint32_t kMaxSlots = 64;
  // Rounds per dispatch, then the slots' state is saved for the next dispatch (the Vulkan
  // backend's constant: short dispatches for GPU watchdogs; not tuned for WebGPU).
  static constexpr std::uint32_t kRoundsPerDispatch = 32;
  // Entries per invocation of one xyzz walker dispatch (the Vulkan backend's constant).
  static constexpr std::uint32_t kXyzzEntriesPerDispatch = 512;
  static constexpr std::uint32_t kCombineBlock = 16;  // units per combine invocation
  // Combine levels for U < 2^31 units: ⌈31 / log₂ 16⌉. Every dispatch's uniform is written before
  // the first dispatch (the walker's first and later rounds, each combine level), so accumulate
  // is recorded into one command encoder (a write between dispatches submits them).
  static constexpr std::uint32_t kMaxCombineLevels = 8;

  static Status create(Context& context, const StreamWalkerShape& shape, std::unique_ptr<StreamWalker>& out);
  // The bytes create() allocates for `shape` (BN254's sizes): per bucket 64 (affine bucket sums;
  // 128 XYZZ); per slot (U = threads · S) 4·(2·32 + 4) for the first level's records and meta and
  // 4·20 for the saved state (4·36 for the xyzz walker); per combine unit of the second level
  // (⌈U / 16⌉) 4·(2·32 + 4); 2 + kMaxCombineLevels 16-byte uniforms.
  static std::uint64_t device_bytes(const StreamWalkerShape& shape);

  // One batch: `entries` sorted entries at most (their valid count M in valid[0]), their keys
  // and values, the points they index. Writes bucket_sums() for every non-empty bucket.
  Status accumulate(const Buffer& points,
                    const Buffer& sorted_keys,
                    const Buffer& sorted_values,
                    const Buffer& valid,
                    std::uint32_t entries);
  const Buffer& bucket_sums() const { return bucket_sums_; }

 private:
  StreamWalker(Context& context, const StreamWalkerShape& shape) : context_(context), shape_(shape) {}
  std::uint64_t slot_count() const { return std::uint64_t{shape_.threads} * shape_.slots; }
  Context& context_;
  StreamWalkerShape shape_;
  const Pipeline* walker_ = nullptr;
  const Pipeline* combine_ = nullptr;
  Buffer bucket_sums_, records_[2], record_meta_[2], slot_state_;
  Buffer round_arguments_[2];  // the first dispatch of rounds, the later ones
  Buffer combine_arguments_[kMaxCombineLevels];
};

}  // namespace zkmsm::webgpu
