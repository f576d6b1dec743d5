// The MSM on WebGPU, stage by stage as the Vulkan backend runs it: per window batch
// decompose_scalars, sort_by_bucket (radix sort), plan (bucket bounds), accumulate_buckets (the
// stream walker and its combine), reduce_buckets; then combine_windows on the host. Not yet
// behind the common backend interface (the public Backend enum has no webgpu): the WebAssembly
// module exposes it to JavaScript for its tests.
#pragma once

#include <cstddef>
#include <cstdint>

#include "curve/affine_point.hpp"
#include "msm/webgpu/webgpu_context.hpp"

namespace zkmsm::webgpu {

struct WebGpuMsmOptions {
  unsigned window_bits = 0;  // c; 0 = the cost model
  unsigned slots = 0;        // S of the stream walker; 0 = kDefaultSlots
  unsigned threads = 0;      // walker invocations; 0 = about kEntriesPerSlot entries per slot
};

struct WebGpuMsmReport {
  unsigned window_bits = 0, windows = 0, batches = 0, slots = 0, threads = 0;
};

// *result = Σ scalars[i]·points[i] for the C ABI's layouts: n points of 8 limbs (canonical
// affine coordinates, (0, 0) = infinity; validated: a coordinate ≥ p or a point off the curve is
// an error) and n scalars of 4 limbs (any 256-bit value). Curve: Bn254G1 or GrumpkinG1.
template <class Curve>
Status webgpu_msm(const void* points,
                  const void* scalars,
                  std::size_t n,
                  const WebGpuMsmOptions& options,
                  AffinePoint<Curve>& result,
                  WebGpuMsmReport& report);

}  // namespace zkmsm::webgpu
