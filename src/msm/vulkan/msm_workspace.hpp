// The device buffers of one MSM shape (n, curve, plan), and the one workspace the process keeps
// between MSMs: a prover calls MSMs of the same size again and again, and creating ~0.7 GB of
// buffers (2^20 points) took ~46 ms per call on the H200 — more than the GPU stages of the MSM
// together (BENCHMARKS.md, Vulkan).
//
// A workspace holds, for n points:
//   staged_points, staged_scalars   host-visible: the inputs as the host writes them (16 and 8
//                                   words per point / scalar)
//   points, scalars                 what the stages read: device-local copies of the staged
//                                   inputs on a discrete GPU (CommandBatch::copy), else the
//                                   staged buffers themselves
//   first_rejected                  host-visible, one word: convert_points' lowest rejected index
//   stages, accumulator, reduction  BucketStages, StreamWalker or PairTree, BucketReduction of the
//                                   plan
// An MSM on prepared bases kept on the device (points_on_device, device_bases.hpp) reads the
// bases' buffer: its workspace has no staged_points and no points.
// Contents left by one MSM are never read by the next: every stage writes what it reads first
// (as for the window batches of one MSM, which share the buffers too). So the command batches an
// MSM recorded run the next MSM of the same shape, points buffer and point form unchanged: the
// workspace keeps them (recording), and the driver records again only when the key differs.
//
// The kept workspace: lease_workspace() hands out the kept one when the shape is equal (or equal
// but for the point buffers an MSM on prepared bases leaves unused), else frees it and creates one
// for the new shape, which is then kept. A lease holds the process-wide
// workspace lock until it is destroyed, so MSMs through the shared context run one at a time
// (they would share its one queue anyway). The kept workspace is one context's (its buffers are
// that VkDevice's): an MSM on another context frees it and makes its own. release_kept_workspace()
// frees the kept buffers; a context other than the library's shared one calls it before it is
// destroyed if MSMs ran on it.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "msm/vulkan/bucket_stages.hpp"
#include "msm/vulkan/command_batch.hpp"
#include "msm/vulkan/pair_tree.hpp"
#include "msm/vulkan/reduce_buckets.hpp"
#include "msm/vulkan/storage_buffer.hpp"
#include "msm/vulkan/stream_walker.hpp"
#include "msm/vulkan/vulkan_context.hpp"

namespace zkmsm::vulkan {

struct MsmWorkspaceShape {
  std::uint32_t n = 0;            // points, ≥ 1
  bool staged = false;            // device-local inputs and working buffers (a discrete GPU)
  bool points_on_device = false;  // the points are prepared bases' buffer: none here
  bool pair_tree = false;         // the accumulator: PairTree (pair_tree_shape), else StreamWalker (walker)
  BucketStagesShape stages;
  StreamWalkerShape walker;
  PairTreeShape pair_tree_shape;
  BucketReductionShape reduction;

  bool operator==(const MsmWorkspaceShape&) const = default;
};

// What an MSM's recorded command batches depend on besides the workspace's shape.
struct MsmRecordingKey {
  std::uint64_t points_serial = 0;  // StorageBuffer::serial() of the buffer the stages read points from
  bool to_montgomery = false;       // convert_points' form (DevicePointForm)
  bool validate = false;
  unsigned upload_chunks = 0;  // the staged inputs' copies (0 where the inputs are not staged)

  bool operator==(const MsmRecordingKey&) const = default;
};

// The command batches of the last MSM on a workspace and their key: the staged inputs' copies,
// one batch per chunk (uploads, submitted as the host fills the chunks), then the stages' batches
// in submission order.
struct MsmRecording {
  MsmRecordingKey key;
  std::vector<std::unique_ptr<CommandBatch>> uploads;
  std::vector<std::unique_ptr<CommandBatch>> batches;
};

class MsmWorkspace {
 public:
  static Status create(std::unique_ptr<MsmWorkspace>& out, Context& context, const MsmWorkspaceShape& shape);
  // Device bytes create() allocates for `shape` (the inputs twice when staged; the points not at
  // all when they are on the device already).
  static std::uint64_t device_bytes(const MsmWorkspaceShape& shape);

  const MsmWorkspaceShape& shape() const { return shape_; }
  // staged_points() and points(): only when !shape().points_on_device.
  StorageBuffer& staged_points() { return *staged_points_; }
  StorageBuffer& staged_scalars() { return *staged_scalars_; }
  StorageBuffer& points() { return shape_.staged ? *device_points_ : *staged_points_; }
  StorageBuffer& scalars() { return shape_.staged ? *device_scalars_ : *staged_scalars_; }
  StorageBuffer& first_rejected() { return *first_rejected_; }
  BucketStages& stages() { return *stages_; }
  // The accumulator of the shape (the other is null).
  StreamWalker* walker() { return walker_.get(); }
  PairTree* pair_tree() { return pair_tree_.get(); }
  BucketReduction& reduction() { return *reduction_; }
  // The kept recording (empty batches: none yet); the driver replaces it.
  MsmRecording& recording() { return recording_; }

 private:
  explicit MsmWorkspace(const MsmWorkspaceShape& shape) : shape_(shape) {}
  MsmWorkspaceShape shape_;
  std::unique_ptr<StorageBuffer> staged_points_;
  std::unique_ptr<StorageBuffer> staged_scalars_;
  std::unique_ptr<StorageBuffer> device_points_;
  std::unique_ptr<StorageBuffer> device_scalars_;
  std::unique_ptr<StorageBuffer> first_rejected_;
  std::unique_ptr<BucketStages> stages_;
  std::unique_ptr<StreamWalker> walker_;
  std::unique_ptr<PairTree> pair_tree_;
  std::unique_ptr<BucketReduction> reduction_;
  // Last: destroyed first, before the buffers its command buffers bind.
  MsmRecording recording_;
};

// A workspace in use: the process-wide workspace lock and the workspace.
struct WorkspaceLease {
  std::unique_lock<std::mutex> lock;
  MsmWorkspace* workspace = nullptr;
  bool reused = false;  // the kept workspace had this shape
};

// The kept workspace for `shape` (created when the kept one has another shape or context, or there
// is none).
Status lease_workspace(WorkspaceLease& out, Context& context, const MsmWorkspaceShape& shape);
// Frees the kept workspace (waits for a lease in use to end).
void release_kept_workspace();

}  // namespace zkmsm::vulkan
