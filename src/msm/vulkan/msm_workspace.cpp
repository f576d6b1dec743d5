#include "msm/vulkan/msm_workspace.hpp"

namespace zkmsm::vulkan {
namespace {

constexpr std::uint64_t kScalarBytes = kScalarWords * 4;
constexpr std::uint64_t kFirstRejectedBytes = 4;

struct KeptWorkspace {
  std::mutex mutex;
  std::unique_ptr<MsmWorkspace> workspace;
  const Context* context = nullptr;  // the context the workspace's buffers belong to
};

KeptWorkspace& kept() {
  // Never destroyed, as the shared context (vulkan_msm.cpp): buffers freed by a static
  // destructor after the driver tore itself down crash at exit.
  static KeptWorkspace* workspace = new KeptWorkspace;
  return *workspace;
}

// Whether a workspace of shape `held` serves an MSM of shape `wanted`: the same shape, or the same
// but for point buffers an MSM on prepared bases does not use (a prover alternating MSMs on host
// points and on bases of one size keeps one workspace).
bool serves(const MsmWorkspaceShape& held, const MsmWorkspaceShape& wanted) {
  if (held == wanted) return true;
  MsmWorkspaceShape with_points = wanted;
  with_points.points_on_device = false;
  return wanted.points_on_device && held == with_points;
}

}  // namespace

std::uint64_t MsmWorkspace::device_bytes(const MsmWorkspaceShape& shape) {
  const std::uint64_t point_bytes = shape.points_on_device ? 0 : affine_point_bytes(shape.stages.curve);
  return std::uint64_t{shape.n} * (point_bytes + kScalarBytes) * (shape.staged ? 2 : 1) + kFirstRejectedBytes +
         BucketStages::device_bytes(shape.stages) +
         (shape.pair_tree ? PairTree::device_bytes(shape.pair_tree_shape) : StreamWalker::device_bytes(shape.walker)) +
         BucketReduction::device_bytes(shape.reduction);
}

Status MsmWorkspace::create(std::unique_ptr<MsmWorkspace>& out, Context& context, const MsmWorkspaceShape& shape) {
  out.reset();
  std::unique_ptr<MsmWorkspace> workspace(new MsmWorkspace(shape));
  const std::uint64_t point_bytes = std::uint64_t{shape.n} * affine_point_bytes(shape.stages.curve);
  const std::uint64_t scalar_bytes = std::uint64_t{shape.n} * kScalarBytes;
  const BufferMemory device = BufferMemory::device_local;
  // Staged: the inputs' buffers in host memory, copied to device-local ones by the first command;
  // else the device reads them where they are (integrated GPUs, lavapipe).
  const BufferMemory inputs = shape.staged ? BufferMemory::host_staging : BufferMemory::host_visible;
  if (!shape.points_on_device) {
    if (Status s = StorageBuffer::create(workspace->staged_points_, context, point_bytes, inputs); !s.ok()) return s;
    if (shape.staged) {
      if (Status s = StorageBuffer::create(workspace->device_points_, context, point_bytes, device); !s.ok()) return s;
    }
  }
  if (Status s = StorageBuffer::create(workspace->staged_scalars_, context, scalar_bytes, inputs); !s.ok()) return s;
  if (shape.staged) {
    if (Status s = StorageBuffer::create(workspace->device_scalars_, context, scalar_bytes, device); !s.ok()) return s;
  }
  if (Status s = StorageBuffer::create(workspace->first_rejected_, context, kFirstRejectedBytes); !s.ok()) return s;
  if (Status s = BucketStages::create(workspace->stages_, context, shape.stages); !s.ok()) return s;
  if (shape.pair_tree) {
    if (Status s = PairTree::create(workspace->pair_tree_, context, shape.pair_tree_shape); !s.ok()) return s;
  } else {
    if (Status s = StreamWalker::create(workspace->walker_, context, shape.walker); !s.ok()) return s;
  }
  if (Status s = BucketReduction::create(workspace->reduction_, context, shape.reduction); !s.ok()) return s;
  out = std::move(workspace);
  return Status::success();
}

Status lease_workspace(WorkspaceLease& out, Context& context, const MsmWorkspaceShape& shape) {
  KeptWorkspace& k = kept();
  out = WorkspaceLease{std::unique_lock<std::mutex>(k.mutex), nullptr, false};
  if (k.workspace && k.context == &context && serves(k.workspace->shape(), shape)) {
    out.workspace = k.workspace.get();
    out.reused = true;
    return Status::success();
  }
  k.workspace.reset();  // free the old shape's memory before asking for the new one
  k.context = nullptr;
  if (Status s = MsmWorkspace::create(k.workspace, context, shape); !s.ok()) return s;
  k.context = &context;
  out.workspace = k.workspace.get();
  return Status::success();
}

void release_kept_workspace() {
  KeptWorkspace& k = kept();
  std::lock_guard<std::mutex> lock(k.mutex);
  k.workspace.reset();
}

}  // namespace zkmsm::vulkan
