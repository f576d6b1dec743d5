// The device buffers of one WebGPU MSM shape, and the one workspace the module keeps between MSMs:
// a prover calls MSMs of the same size again and again, and making ~0.6 GB of buffers (2^20
// points) on every call cost the upload stage ~17 ms on the H100 machine (probe, BENCHMARKS.md).
//
// A workspace holds, for n points and the plan's sizes:
//   staged_scalars, staged_points   MapWrite | CopySrc: the inputs as the caller holds them, filled
//                          by the host (Context::upload), one buffer each so that the points are
//                          filled while the GPU already works on the scalars, and copied to:
//   points, scalars        what the stages read (convert_inputs converts the points in place);
//                          on prepared bases (points_on_device) neither points nor their staging:
//                          the stages read the bases' buffer (device_bases.hpp)
//   keys[2], values[2]     the entries of one window batch and the radix sort's second buffers
//   bucket_start, bucket_end, valid   the plan's bucket bounds and M
//   first_rejected         convert_inputs' lowest rejected index (4 bytes)
//   the stages' uniforms and objects: RadixSort, BucketBounds, StreamWalker or PairTree,
//   BucketReduction
// Contents left by one MSM are never read by the next: every stage writes what it reads first, as
// it does for the window batches of one MSM, which share these buffers too.
//
// The kept workspace: lease_workspace() hands out the kept one when the shape is equal, else
// frees it and makes one for the new shape, which is then kept. The module's calls run one at a
// time (web/zkmsm.mjs serializes them), so a lease needs no lock. release_kept_workspace() frees
// the kept buffers (JavaScript: zkmsm.releaseDeviceMemory()); an MSM that fails frees them too.
#pragma once

#include <cstdint>
#include <memory>

#include "msm/webgpu/bucket_bounds.hpp"
#include "msm/webgpu/bucket_reduction.hpp"
#include "msm/webgpu/pair_tree.hpp"
#include "msm/webgpu/radix_sort.hpp"
#include "msm/webgpu/stream_walker.hpp"
#include "msm/webgpu/webgpu_context.hpp"
#include "msm/webgpu/wgsl_constants.hpp"

namespace zkmsm::webgpu {

struct MsmWorkspaceShape {
  CurveId curve = CurveId::bn254;
  std::uint32_t n = 0;            // points, ≥ 1
  std::uint32_t entries = 0;      // E = batch windows · n
  std::uint32_t sentinel = 0;     // batch windows · B
  bool pair_tree = false;         // the accumulator: PairTree (tree), else StreamWalker (walker)
  bool points_on_device = false;  // the points are prepared bases: no points buffer, scalars staged alone
  StreamWalkerShape walker;
  PairTreeShape tree;
  BucketReductionShape reduction;

  bool operator==(const MsmWorkspaceShape&) const = default;
};

class MsmWorkspace {
 public:
  static Status create(Context& context, const MsmWorkspaceShape& shape, std::unique_ptr<MsmWorkspace>& out);
  // The bytes create() allocates for `shape` (its closed form, allocation sizes).
  static std::uint64_t device_bytes(const MsmWorkspaceShape& shape);

  const MsmWorkspaceShape& shape() const { return shape_; }
  Buffer staged_scalars, staged_points, points, scalars, keys[2], values[2], bucket_start, bucket_end, valid,
      first_rejected;
  Buffer convert_arguments, decompose_arguments, bounds_arguments;  // uniforms, rewritten by each use
  std::unique_ptr<RadixSort> sort;
  BucketBounds bounds;
  std::unique_ptr<StreamWalker> walker;  // the accumulator of the shape (the other is null)
  std::unique_ptr<PairTree> tree;
  std::unique_ptr<BucketReduction> reduction;

 private:
  explicit MsmWorkspace(const MsmWorkspaceShape& shape) : shape_(shape) {}
  MsmWorkspaceShape shape_;
};

// The kept workspace for `shape` (made when the kept one has another shape or there is none);
// reused: whether the kept one had this shape.
Status lease_workspace(Context& context, const MsmWorkspaceShape& shape, MsmWorkspace*& out, bool& reused);
// Frees the kept workspace, if any.
void release_kept_workspace();

}  // namespace zkmsm::webgpu
