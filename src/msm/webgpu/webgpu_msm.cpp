// The MSM on WebGPU (webgpu_msm.hpp).
#include "msm/webgpu/webgpu_msm.hpp"

#include <algorithm>
#include <bit>
#include <memory>
#include <string>
#include <vector>

#include "core/uninitialized_buffer.hpp"
#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "curve/xyzz_point.hpp"
#include "host/host_inputs.hpp"
#include "msm/common/combine_windows.hpp"
#include "msm/common/signed_digits.hpp"
#include "msm/common/window_cost_model.hpp"
#include "msm/webgpu/bucket_bounds.hpp"
#include "msm/webgpu/bucket_reduction.hpp"
#include "msm/webgpu/decompose_scalars.hpp"
#include "msm/webgpu/pair_tree.hpp"
#include "msm/webgpu/radix_sort.hpp"
#include "msm/webgpu/stream_walker.hpp"

namespace zkmsm::webgpu {

namespace {

// The window cost model's weights: the Vulkan backend's (the CPU backend's 9 per entry, 26 per
// bucket), not fitted on WebGPU.
constexpr WindowCostWeights kWindowCostWeights{9.0, 26.0, 0, kMinWindowBits, kMaxWindowBits};
// The seeds' S = 8 (their mobile knee), as the Vulkan backend; not measured through WebGPU.
constexpr unsigned kDefaultSlots = 8;
// The pair tree's level invocations per workgroup (the Vulkan backend's default; not tuned).
constexpr std::uint32_t kPairTreeWorkgroupSize = 64;
// Automatic walker size: about this many sorted entries per slot, at most kMaxThreads invocations.
constexpr std::uint64_t kEntriesPerSlot = 16;
constexpr std::uint64_t kMaxThreads = std::uint64_t{1} << 16;
// WebGPU's default maxStorageBufferBindingSize, 128 MiB: at most 2^25 four-byte entries per
// buffer (keys, values) and 2^21 points of 64 bytes.
constexpr std::uint64_t kMaxBindingBytes = std::uint64_t{1} << 27;

template <class Curve>
constexpr CurveId curve_id() {
  return std::is_same_v<Curve, Bn254G1> ? CurveId::bn254 : CurveId::grumpkin;
}

}  // namespace

template <class Curve>
Status webgpu_msm(const void* points,
                  const void* scalars,
                  std::size_t n,
                  const WebGpuMsmOptions& options,
                  AffinePoint<Curve>& result,
                  WebGpuMsmReport& report) {
  using Affine = AffinePoint<Curve>;
  if (!window_bits_allowed(options.window_bits)) return Status::error("window_bits must be 0 (auto) or in [2, 22]");
  if (options.slots > StreamWalker::kMaxSlots) return Status::error("walker_slots must be in [0, 64]");
  if (n * sizeof(Affine) > kMaxBindingBytes)
    return Status::error("at most " + std::to_string(kMaxBindingBytes / sizeof(Affine)) +
                         " points on WebGPU (128 MiB per binding)");
  // The points in Montgomery form, validated on the host as the other backends do.
  UninitializedBuffer<Affine> converted;
  host::RejectedPoint rejected;
  const std::span<const Affine> internal = host::convert_host_points<Curve>(
      points, n, backend::InputForm{false, true, false}, 1, false, converted, rejected);
  if (rejected.any()) return Status::error(rejected.message);

  const unsigned scalar_bits = static_cast<unsigned>(Curve::ScalarField::Constants::modulus_bits);
  const unsigned c = effective_window_bits(n, options.window_bits, scalar_bits, kWindowCostWeights);
  const unsigned windows = signed_window_count(scalar_bits, c);
  const std::uint32_t buckets = std::uint32_t{1} << (c - 1);
  const unsigned slots = options.slots != 0 ? options.slots : kDefaultSlots;
  report = {c, windows, 0, slots, 0};
  if (n == 0) {
    result = Affine::infinity();
    return {};
  }
  const auto count = static_cast<std::uint32_t>(n);
  const unsigned batch_windows = static_cast<unsigned>(std::clamp<std::uint64_t>(kMaxBindingBytes / 4 / n, 1, windows));
  const std::uint32_t entries = batch_windows * count;
  const std::uint32_t sentinel = batch_windows * buckets;
  const std::uint64_t wanted_threads =
      (std::uint64_t{entries} + slots * kEntriesPerSlot - 1) / (slots * kEntriesPerSlot);
  const auto threads = static_cast<std::uint32_t>(
      options.threads != 0 ? options.threads : std::clamp<std::uint64_t>(wanted_threads, 1, kMaxThreads));
  const bool pair_tree = options.accumulator == WebGpuAccumulator::pair_tree;
  report.threads = pair_tree ? 0 : threads;
  report.batches = (windows + batch_windows - 1) / batch_windows;

  Context* context = nullptr;
  if (Status got = Context::get(&context); !got.ok) return got;
  const CurveId curve = curve_id<Curve>();
  Buffer point_buffer, scalar_buffer, keys[2], values[2], bucket_start, bucket_end, valid, decompose_arguments,
      bounds_arguments;
  if (Status s = context->storage_buffer(n * sizeof(Affine), point_buffer); !s.ok) return s;
  if (Status s = context->storage_buffer(n * 32, scalar_buffer); !s.ok) return s;
  for (int b = 0; b < 2; ++b) {
    if (Status s = context->storage_buffer(std::size_t{entries} * 4, keys[b]); !s.ok) return s;
    if (Status s = context->storage_buffer(std::size_t{entries} * 4, values[b]); !s.ok) return s;
  }
  if (Status s = context->storage_buffer(std::size_t{sentinel} * 4, bucket_start); !s.ok) return s;
  if (Status s = context->storage_buffer(std::size_t{sentinel} * 4, bucket_end); !s.ok) return s;
  if (Status s = context->storage_buffer(4, valid); !s.ok) return s;
  if (Status s = context->uniform_buffer(32, decompose_arguments); !s.ok) return s;
  if (Status s = context->uniform_buffer(16, bounds_arguments); !s.ok) return s;
  context->write(point_buffer, internal.data(), n * sizeof(Affine));
  context->write(scalar_buffer, scalars, n * 32);

  std::unique_ptr<RadixSort> sort;
  if (Status s = RadixSort::create(*context, entries, sort); !s.ok) return s;
  BucketBounds bounds;
  if (Status s = BucketBounds::create(*context, bounds); !s.ok) return s;
  std::unique_ptr<StreamWalker> walker;
  std::unique_ptr<PairTree> tree;
  if (pair_tree) {
    const PairTreeShape tree_shape{curve, slots, kPairTreeWorkgroupSize, options.dx_cache, entries, sentinel};
    if (Status s = PairTree::create(*context, tree_shape, tree); !s.ok) return s;
  } else if (Status s = StreamWalker::create(*context, {curve, slots, threads, sentinel}, walker); !s.ok) {
    return s;
  }
  std::unique_ptr<BucketReduction> reduction;
  if (Status s = BucketReduction::create(*context, {curve, c, windows, batch_windows}, reduction); !s.ok) return s;

  for (unsigned first = 0; first < windows; first += batch_windows) {
    const unsigned batch = std::min(batch_windows, windows - first);
    const DecomposeShape shape{count, c, first, batch};
    if (Status s =
            record_decompose_scalars(*context, curve, scalar_buffer, shape, keys[0], values[0], decompose_arguments);
        !s.ok)
      return s;
    Buffer* const key_pair[2] = {&keys[0], &keys[1]};
    Buffer* const value_pair[2] = {&values[0], &values[1]};
    std::uint32_t sorted_in = 0;
    const std::uint32_t batch_entries = batch * count;
    const auto batch_key_bits = static_cast<std::uint32_t>(std::bit_width(shape.sentinel()));
    if (Status s = sort->sort(key_pair, value_pair, batch_entries, batch_key_bits, sorted_in); !s.ok) return s;
    if (Status s = bounds.record(keys[sorted_in], batch_entries, shape.sentinel(), bucket_start, bucket_end, valid,
                                 bounds_arguments);
        !s.ok)
      return s;
    if (pair_tree) {
      if (Status s = tree->accumulate(point_buffer, keys[sorted_in], values[sorted_in], bucket_start, bucket_end,
                                      batch_entries, shape.sentinel(), count);
          !s.ok)
        return s;
    } else if (Status s = walker->accumulate(point_buffer, keys[sorted_in], values[sorted_in], valid, batch_entries);
               !s.ok) {
      return s;
    }
    const Buffer& bucket_sums = pair_tree ? tree->bucket_sums() : walker->bucket_sums();
    if (Status s = reduction->reduce_batch(bucket_sums, bucket_start, bucket_end, first, batch); !s.ok) return s;
  }
  std::vector<XyzzPoint<Curve>> window_sums(windows);
  if (Status s = context->read(reduction->window_sums(), window_sums.data(), windows * sizeof(XyzzPoint<Curve>)); !s.ok)
    return s;
  result = combine_windows<Curve>(window_sums, c);
  return {};
}

template Status webgpu_msm<Bn254G1>(
    const void*, const void*, std::size_t, const WebGpuMsmOptions&, AffinePoint<Bn254G1>&, WebGpuMsmReport&);
template Status webgpu_msm<GrumpkinG1>(
    const void*, const void*, std::size_t, const WebGpuMsmOptions&, AffinePoint<GrumpkinG1>&, WebGpuMsmReport&);

}  // namespace zkmsm::webgpu
