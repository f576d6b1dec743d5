// The MSM on WebGPU, stage by stage as the Vulkan backend runs it: per window batch
// decompose_scalars, sort_by_bucket (radix sort), plan (bucket bounds), accumulate_buckets (the
// stream walker and its combine, or the pair tree), reduce_buckets; then combine_windows on the host. Not yet
// behind the common backend interface (the public Backend enum has no webgpu): the WebAssembly
// module exposes it to JavaScript for its tests.
#pragma once

#include <cstddef>
#include <cstdint>

#include "curve/affine_point.hpp"
#include "msm/webgpu/webgpu_context.hpp"

namespace zkmsm::webgpu {

// accumulate_buckets' algorithm: the stream walker (stream_walker.hpp) or the pair tree
// (pair_tree.hpp); both leave the bucket sums reduce_buckets reads.
enum class WebGpuAccumulator { stream_walker, pair_tree };

struct WebGpuMsmOptions {
  unsigned window_bits = 0;  // c; 0 = the cost model
  unsigned slots = 0;        // S, additions per inversion of the accumulator; 0 = kDefaultSlots
  unsigned threads = 0;      // walker invocations; 0 = about kEntriesPerSlot entries per slot (the
                             // pair tree sizes its own dispatches and ignores it)
  WebGpuAccumulator accumulator = WebGpuAccumulator::stream_walker;
  bool dx_cache = false;  // the pair tree keeps each pair's denominator for the backward pass
};

// threads: the walker's invocations (0 with the pair tree).
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
