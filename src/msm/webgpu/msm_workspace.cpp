// The kept workspace of the WebGPU MSM (msm_workspace.hpp).
#include "msm/webgpu/msm_workspace.hpp"

#include "msm/webgpu/webgpu_curve.hpp"

namespace zkmsm::webgpu {
namespace {

constexpr std::uint64_t kFirstRejectedBytes = 4;
// The uniforms: convert_inputs' (16 bytes), decompose_scalars' (32), the plan's (16).
constexpr std::uint64_t kConvertArgumentBytes = 16;
constexpr std::uint64_t kDecomposeArgumentBytes = 32;
constexpr std::uint64_t kBoundsArgumentBytes = 16;

// The module's one kept workspace (its calls run one at a time).
std::unique_ptr<MsmWorkspace> kept;

}  // namespace

std::uint64_t MsmWorkspace::device_bytes(const MsmWorkspaceShape& shape) {
  const std::uint64_t point_bytes = shape.points_on_device ? 0 : affine_point_bytes(shape.curve) * shape.n;
  const std::uint64_t scalar_bytes = kScalarBytes * shape.n;
  return 2 * allocation_bytes(scalar_bytes) + (shape.points_on_device ? 0 : 2 * allocation_bytes(point_bytes)) +
         4 * allocation_bytes(std::uint64_t{shape.entries} * 4) +
         2 * allocation_bytes(std::uint64_t{shape.sentinel} * 4) + allocation_bytes(4) +
         allocation_bytes(kFirstRejectedBytes) + allocation_bytes(kConvertArgumentBytes) +
         allocation_bytes(kDecomposeArgumentBytes) + allocation_bytes(kBoundsArgumentBytes) +
         RadixSort::device_bytes(shape.entries) +
         (shape.pair_tree ? PairTree::device_bytes(shape.tree) : StreamWalker::device_bytes(shape.walker)) +
         BucketReduction::device_bytes(shape.reduction);
}

Status MsmWorkspace::create(Context& context, const MsmWorkspaceShape& shape, std::unique_ptr<MsmWorkspace>& out) {
  out.reset();
  std::unique_ptr<MsmWorkspace> w(new MsmWorkspace(shape));
  const std::size_t point_bytes = shape.points_on_device ? 0 : affine_point_bytes(shape.curve) * shape.n;
  const std::size_t scalar_bytes = kScalarBytes * shape.n;
  const std::size_t entry_bytes = std::size_t{shape.entries} * 4;
  const std::size_t bucket_bytes = std::size_t{shape.sentinel} * 4;
  // Every buffer under one pair of error scopes: a failure to allocate is known once, after them all.
  Context::AllocationScope allocations(context);
  if (Status s = context.staging_buffer(scalar_bytes, w->staged_scalars); !s.ok) return s;
  if (!shape.points_on_device) {
    if (Status s = context.staging_buffer(point_bytes, w->staged_points); !s.ok) return s;
    if (Status s = context.storage_buffer(point_bytes, w->points); !s.ok) return s;
  }
  if (Status s = context.storage_buffer(scalar_bytes, w->scalars); !s.ok) return s;
  for (int b = 0; b < 2; ++b) {
    if (Status s = context.storage_buffer(entry_bytes, w->keys[b]); !s.ok) return s;
    if (Status s = context.storage_buffer(entry_bytes, w->values[b]); !s.ok) return s;
  }
  if (Status s = context.storage_buffer(bucket_bytes, w->bucket_start); !s.ok) return s;
  if (Status s = context.storage_buffer(bucket_bytes, w->bucket_end); !s.ok) return s;
  if (Status s = context.storage_buffer(4, w->valid); !s.ok) return s;
  if (Status s = context.storage_buffer(kFirstRejectedBytes, w->first_rejected); !s.ok) return s;
  if (Status s = context.uniform_buffer(kConvertArgumentBytes, w->convert_arguments); !s.ok) return s;
  if (Status s = context.uniform_buffer(kDecomposeArgumentBytes, w->decompose_arguments); !s.ok) return s;
  if (Status s = context.uniform_buffer(kBoundsArgumentBytes, w->bounds_arguments); !s.ok) return s;
  if (Status s = RadixSort::create(context, shape.entries, w->sort); !s.ok) return s;
  if (Status s = BucketBounds::create(context, w->bounds); !s.ok) return s;
  if (shape.pair_tree) {
    if (Status s = PairTree::create(context, shape.tree, w->tree); !s.ok) return s;
  } else if (Status s = StreamWalker::create(context, shape.walker, w->walker); !s.ok) {
    return s;
  }
  if (Status s = BucketReduction::create(context, shape.reduction, w->reduction); !s.ok) return s;
  if (Status s = allocations.close(); !s.ok) return s;
  out = std::move(w);
  return {};
}

Status lease_workspace(Context& context, const MsmWorkspaceShape& shape, MsmWorkspace*& out, bool& reused) {
  out = nullptr;
  reused = kept != nullptr && kept->shape() == shape;
  if (!reused) {
    kept.reset();  // free the old shape's memory before asking for the new one
    if (Status s = MsmWorkspace::create(context, shape, kept); !s.ok) return s;
  }
  out = kept.get();
  return {};
}

void release_kept_workspace() { kept.reset(); }

}  // namespace zkmsm::webgpu
