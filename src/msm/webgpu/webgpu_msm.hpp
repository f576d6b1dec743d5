// The MSM on WebGPU, stage by stage as the Vulkan backend runs it: per window batch
// decompose_scalars, sort_by_bucket (radix sort), plan (bucket bounds), accumulate_buckets (the
// stream walker and its combine, or the pair tree), reduce_buckets; then combine_windows on the
// host. The backend
// adapter (webgpu_backend.cpp) converts and validates the caller's inputs and calls it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "curve/affine_point.hpp"
#include "msm/webgpu/webgpu_context.hpp"

namespace zkmsm::webgpu {

// accumulate_buckets' algorithm: the stream walker or the xyzz walker (stream_walker.hpp), or the
// pair tree (pair_tree.hpp); each leaves the bucket sums reduce_buckets reads.
enum class WebGpuAccumulator { stream_walker, pair_tree, xyzz };

struct WebGpuMsmOptions {
  unsigned window_bits = 0;  // c; 0 = the cost model
  WebGpuAccumulator accumulator = WebGpuAccumulator::stream_walker;
  unsigned slots = 0;                     // S, additions per inversion of the accumulator; 0 = by n (webgpu_msm.cpp)
  unsigned workgroup_size = 0;            // walker (pair tree: level kernel) invocations per workgroup; 0 = 128
  unsigned max_workgroups = 0;            // walker workgroups at most; 0 = no cap (the pair tree ignores it)
  bool dx_cache = false;                  // the pair tree keeps each pair's denominator for the backward pass
  std::uint64_t memory_budget_bytes = 0;  // device bytes at most (fewer windows per batch); 0 = none
  bool points_on_device = false;          // the points are prepared bases (device_bases.hpp): no points buffer
                                          // or upload of them (set by webgpu_msm_on_device_points)
};

// The sizes of one MSM, from n and the options alone (plan_webgpu_msm).
struct WebGpuMsmSizes {
  unsigned window_bits = 0;    // c
  unsigned windows = 0;        // T signed-digit windows
  unsigned batch_windows = 0;  // windows sorted and walked together (128 MiB per binding, the budget)
  unsigned batches = 0;        // ⌈T / batch_windows⌉
  std::uint32_t slots = 0;     // S
  std::uint32_t threads = 0;   // walker invocations (0 with the pair tree)
  std::uint32_t workgroup_size = 0;
  std::uint64_t device_bytes = 0;  // every buffer the MSM allocates at once (closed form)
};

struct WebGpuStageTime {
  std::string name;  // decompose_scalars … reduce_buckets, summed over the batches; combine_windows
  double milliseconds = 0;
};

struct WebGpuMsmReport {
  WebGpuMsmSizes sizes;
  // upload_inputs first; it includes the first window batch's decompose_scalars, sort_by_bucket
  // and plan, which run while the points are uploaded (their own stages count the later batches).
  std::vector<WebGpuStageTime> stages;
  std::uint64_t measured_peak_bytes = 0;  // the most buffer bytes alive at once during the call
                                          // (a reused workspace counted as if made by it)
  bool workspace_reused = false;          // the kept buffers of an earlier MSM were used (msm_workspace.hpp)
  // The lowest index convert_inputs rejected (WebGpuPointForm): no other stage ran and the result
  // is untouched; the caller says why (host/host_inputs.hpp's check_host_point on that point).
  std::optional<std::uint32_t> rejected_point;
};

// How webgpu_msm finds the points: in the pipeline's form (Montgomery, validated by the host), or
// as the caller holds them, converted and validated on the device first (convert_points.hpp).
struct WebGpuPointForm {
  bool canonical = false;  // canonical coordinates: multiplied by R² on the device
  bool validate = false;   // coordinates < p, y² = x³ + b, G1 membership where the curve has a cofactor
};

// The sizes the MSM of n points runs with; an error for knobs out of range, more points than a
// 128 MiB binding holds, or a memory budget below one window's bytes.
template <class Curve>
Status plan_webgpu_msm(std::size_t n, const WebGpuMsmOptions& options, WebGpuMsmSizes& sizes);

// result = Σ scalars[i]·points[i]: points ((0, 0) = infinity) in Montgomery form and validated,
// or in the form `form` says (converted and checked on the device: a rejected point sets
// report.rejected_point); scalars canonical 256-bit integers, any value (reduced mod r by the
// shaders). Curve: Bn254G1, GrumpkinG1 or Bls12381G1. The buffers are kept for the next MSM of
// the same shape (msm_workspace.hpp); a call that fails frees them.
template <class Curve>
Status webgpu_msm(std::span<const AffinePoint<Curve>> points,
                  const void* scalars,
                  const WebGpuMsmOptions& options,
                  AffinePoint<Curve>& result,
                  WebGpuMsmReport& report,
                  const WebGpuPointForm& form = {});

// result = Σ scalars[i]·points[i] for i < n, the points kept on the device (prepared bases,
// device_bases.hpp: at least n points, Montgomery form, validated), read there in place: only the
// scalars are uploaded, nothing is converted. Scalars, curves and the kept workspace as for
// webgpu_msm (options.points_on_device is set here).
template <class Curve>
Status webgpu_msm_on_device_points(const Buffer& points,
                                   std::size_t n,
                                   const void* scalars,
                                   WebGpuMsmOptions options,
                                   AffinePoint<Curve>& result,
                                   WebGpuMsmReport& report);

}  // namespace zkmsm::webgpu
