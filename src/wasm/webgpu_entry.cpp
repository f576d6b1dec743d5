// The WebAssembly module's WebGPU entry points, called by web/zkmsm.mjs. They wait for the GPU
// (Asyncify): JavaScript calls them with ccall(…, { async: true }).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "curve/bn254.hpp"
#include "curve/grumpkin.hpp"
#include "msm/webgpu/bucket_bounds.hpp"
#include "msm/webgpu/bucket_reduction.hpp"
#include "msm/webgpu/decompose_scalars.hpp"
#include "msm/webgpu/radix_sort.hpp"
#include "msm/webgpu/test_kernels.hpp"
#include "msm/webgpu/webgpu_msm.hpp"

namespace {

std::string last_error;

template <class Curve>
int run_webgpu_msm(const void* points,
                   const void* scalars,
                   std::size_t n,
                   const zkmsm::webgpu::WebGpuMsmOptions& options,
                   std::uint64_t* out,
                   std::uint32_t* out_report) {
  zkmsm::AffinePoint<Curve> sum;
  zkmsm::webgpu::WebGpuMsmReport report;
  const zkmsm::webgpu::Status status = zkmsm::webgpu::webgpu_msm<Curve>(points, scalars, n, options, sum, report);
  if (!status.ok) {
    last_error = status.message;
    return 1;
  }
  const auto x = sum.x.to_canonical();
  const auto y = sum.y.to_canonical();
  for (int l = 0; l < 4; ++l) {
    out[l] = x.limb[l];
    out[4 + l] = y.limb[l];
  }
  const std::uint32_t words[5] = {report.window_bits, report.windows, report.batches, report.slots, report.threads};
  for (int k = 0; k < 5; ++k) out_report[k] = words[k];
  return 0;
}

}  // namespace

extern "C" {

// The message of the last failed call here ("" after a success).
const char* zkmsm_wasm_webgpu_last_error() { return last_error.c_str(); }

// The test hook of the shaders' field arithmetic (msm/webgpu/test_kernels.hpp): field 0 = BN254 Fq,
// 1 = BN254 Fr; a and b n × 8 words (Montgomery form, reduced), results 6n × 8 words. Returns 0,
// or 1 with zkmsm_wasm_webgpu_last_error() saying why.
int zkmsm_wasm_webgpu_field_ops(
    int field, const std::uint32_t* a, const std::uint32_t* b, std::size_t n, std::uint32_t* results) {
  last_error.clear();
  if (field != 0 && field != 1) {
    last_error = "field must be 0 (BN254 Fq) or 1 (BN254 Fr)";
    return 1;
  }
  const zkmsm::webgpu::Status status =
      zkmsm::webgpu::run_field_ops(field == 0 ? zkmsm::webgpu::FieldId::bn254_fq : zkmsm::webgpu::FieldId::bn254_fr,
                                   std::span<const std::uint32_t>(a, 8 * n), std::span<const std::uint32_t>(b, 8 * n),
                                   std::span<std::uint32_t>(results, 48 * n));
  if (!status.ok) {
    last_error = status.message;
    return 1;
  }
  return 0;
}

// The test hook of the shaders' curve arithmetic (msm/webgpu/test_kernels.hpp): curve 0 = BN254,
// 1 = Grumpkin; points 2n × 16 words (Montgomery form), results 8n × 16 words. Returns 0, or 1
// with zkmsm_wasm_webgpu_last_error() saying why.
int zkmsm_wasm_webgpu_curve_ops(int curve, const std::uint32_t* points, std::size_t n, std::uint32_t* results) {
  last_error.clear();
  if (curve != 0 && curve != 1) {
    last_error = "curve must be 0 (BN254) or 1 (Grumpkin)";
    return 1;
  }
  const zkmsm::webgpu::Status status = zkmsm::webgpu::run_curve_ops(
      curve == 0 ? zkmsm::webgpu::CurveId::bn254 : zkmsm::webgpu::CurveId::grumpkin,
      std::span<const std::uint32_t>(points, 32 * n), std::span<std::uint32_t>(results, 128 * n));
  if (!status.ok) {
    last_error = status.message;
    return 1;
  }
  return 0;
}

// The decompose_scalars stage for its tests (msm/webgpu/decompose_scalars.hpp): curve 0 = BN254,
// 1 = Grumpkin; scalars n × 8 words; keys and values batch_windows · n words each. Returns 0, or 1
// with zkmsm_wasm_webgpu_last_error() saying why.
int zkmsm_wasm_webgpu_decompose_scalars(int curve,
                                        const std::uint32_t* scalars,
                                        std::uint32_t n,
                                        std::uint32_t window_bits,
                                        std::uint32_t first_window,
                                        std::uint32_t batch_windows,
                                        std::uint32_t* keys,
                                        std::uint32_t* values) {
  last_error.clear();
  if (curve != 0 && curve != 1) {
    last_error = "curve must be 0 (BN254) or 1 (Grumpkin)";
    return 1;
  }
  const zkmsm::webgpu::DecomposeShape shape{n, window_bits, first_window, batch_windows};
  const std::size_t entries = std::size_t{batch_windows} * n;
  const zkmsm::webgpu::Status status = zkmsm::webgpu::run_decompose_scalars(
      curve == 0 ? zkmsm::webgpu::CurveId::bn254 : zkmsm::webgpu::CurveId::grumpkin,
      std::span<const std::uint32_t>(scalars, 8 * std::size_t{n}), shape, std::span<std::uint32_t>(keys, entries),
      std::span<std::uint32_t>(values, entries));
  if (!status.ok) {
    last_error = status.message;
    return 1;
  }
  return 0;
}

// The radix sort for its tests (msm/webgpu/radix_sort.hpp): sorts n (key, value) pairs in place
// by the keys' low key_bits, stably. Returns 0, or 1 with zkmsm_wasm_webgpu_last_error().
int zkmsm_wasm_webgpu_radix_sort(std::uint32_t* keys, std::uint32_t* values, std::uint32_t n, std::uint32_t key_bits) {
  last_error.clear();
  const zkmsm::webgpu::Status status =
      zkmsm::webgpu::run_radix_sort(std::span<std::uint32_t>(keys, n), std::span<std::uint32_t>(values, n), key_bits);
  if (!status.ok) {
    last_error = status.message;
    return 1;
  }
  return 0;
}

// The plan stage for its tests (msm/webgpu/bucket_bounds.hpp): count sorted keys ≤ sentinel →
// bucket_start, bucket_end (sentinel words each) and *valid. Returns 0, or 1 with the error.
int zkmsm_wasm_webgpu_bucket_bounds(const std::uint32_t* sorted_keys,
                                    std::uint32_t count,
                                    std::uint32_t sentinel,
                                    std::uint32_t* bucket_start,
                                    std::uint32_t* bucket_end,
                                    std::uint32_t* valid) {
  last_error.clear();
  const zkmsm::webgpu::Status status = zkmsm::webgpu::run_bucket_bounds(
      std::span<const std::uint32_t>(sorted_keys, count), sentinel, std::span<std::uint32_t>(bucket_start, sentinel),
      std::span<std::uint32_t>(bucket_end, sentinel), *valid);
  if (!status.ok) {
    last_error = status.message;
    return 1;
  }
  return 0;
}

// The reduction for its tests (msm/webgpu/bucket_reduction.hpp): curve 0 = BN254, 1 = Grumpkin;
// `windows` windows of 2^(c − 1) buckets: bucket sums (16 words each), bounds; window sums out
// (32 words each, XYZZ). Returns 0, or 1 with the error.
int zkmsm_wasm_webgpu_bucket_reduction(int curve,
                                       std::uint32_t window_bits,
                                       std::uint32_t windows,
                                       const std::uint32_t* bucket_sums,
                                       const std::uint32_t* bucket_start,
                                       const std::uint32_t* bucket_end,
                                       std::uint32_t* window_sums) {
  last_error.clear();
  if ((curve != 0 && curve != 1) || window_bits < 2 || window_bits > 22) {
    last_error = "curve must be 0 or 1 and window_bits in [2, 22]";
    return 1;
  }
  const std::size_t buckets = std::size_t{windows} << (window_bits - 1);
  const zkmsm::webgpu::Status status = zkmsm::webgpu::run_bucket_reduction(
      curve == 0 ? zkmsm::webgpu::CurveId::bn254 : zkmsm::webgpu::CurveId::grumpkin, window_bits, windows,
      std::span<const std::uint32_t>(bucket_sums, 16 * buckets), std::span<const std::uint32_t>(bucket_start, buckets),
      std::span<const std::uint32_t>(bucket_end, buckets),
      std::span<std::uint32_t>(window_sums, 32 * std::size_t{windows}));
  if (!status.ok) {
    last_error = status.message;
    return 1;
  }
  return 0;
}

// The batched affine addition for its tests (msm/webgpu/test_kernels.hpp): curve 0 = BN254,
// 1 = Grumpkin; n pairs of affine points (16 words each), `slots` pairs per shared inversion.
int zkmsm_wasm_webgpu_batch_affine_add(int curve,
                                       std::uint32_t slots,
                                       const std::uint32_t* lhs,
                                       const std::uint32_t* rhs,
                                       std::uint32_t n,
                                       std::uint32_t* sums) {
  last_error.clear();
  if (curve != 0 && curve != 1) {
    last_error = "curve must be 0 (BN254) or 1 (Grumpkin)";
    return 1;
  }
  const std::size_t words = 16 * std::size_t{n};
  const zkmsm::webgpu::Status status = zkmsm::webgpu::run_batch_affine_add(
      curve == 0 ? zkmsm::webgpu::CurveId::bn254 : zkmsm::webgpu::CurveId::grumpkin, slots,
      std::span<const std::uint32_t>(lhs, words), std::span<const std::uint32_t>(rhs, words),
      std::span<std::uint32_t>(sums, words));
  if (!status.ok) {
    last_error = status.message;
    return 1;
  }
  return 0;
}

// Σ scalars[i]·points[i] on WebGPU (msm/webgpu/webgpu_msm.hpp; the C ABI's layouts: n × 8 limbs
// of canonical coordinates, n × 4 limbs of scalars): curve 0 = BN254, 1 = Grumpkin; window_bits,
// slots, threads 0 = automatic; accumulator 0 = the stream walker, 1 = the pair tree; dx_cache
// nonzero = the pair tree's denominator cache. out: x[4], y[4] canonical ((0, 0) = infinity);
// report: c, windows, batches, S, threads. Returns 0, or 1 with zkmsm_wasm_webgpu_last_error().
int zkmsm_wasm_webgpu_msm(int curve,
                          const std::uint64_t* points,
                          const std::uint64_t* scalars,
                          std::size_t n,
                          std::uint32_t window_bits,
                          std::uint32_t slots,
                          std::uint32_t threads,
                          std::uint32_t accumulator,
                          std::uint32_t dx_cache,
                          std::uint64_t* out,
                          std::uint32_t* report) {
  last_error.clear();
  if (accumulator > 1) {
    last_error = "accumulator must be 0 (stream walker) or 1 (pair tree)";
    return 1;
  }
  const zkmsm::webgpu::WebGpuMsmOptions options{
      window_bits, slots, threads,
      accumulator == 1 ? zkmsm::webgpu::WebGpuAccumulator::pair_tree : zkmsm::webgpu::WebGpuAccumulator::stream_walker,
      dx_cache != 0};
  if (curve == 0) return run_webgpu_msm<zkmsm::Bn254G1>(points, scalars, n, options, out, report);
  if (curve == 1) return run_webgpu_msm<zkmsm::GrumpkinG1>(points, scalars, n, options, out, report);
  last_error = "curve must be 0 (BN254) or 1 (Grumpkin)";
  return 1;
}

// Test hook: dispatches of more than `workgroups` workgroups go in rows of that many (0 = the
// default 65,535; webgpu_context.hpp). Returns 0, or 1 without a device.
int zkmsm_wasm_webgpu_set_max_workgroups_per_dimension(std::uint32_t workgroups) {
  zkmsm::webgpu::Context* context = nullptr;
  if (const zkmsm::webgpu::Status got = zkmsm::webgpu::Context::get(&context); !got.ok) {
    last_error = got.message;
    return 1;
  }
  context->set_max_workgroups_per_dimension(workgroups);
  return 0;
}

}  // extern "C"
