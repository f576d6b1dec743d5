// The WebAssembly module's WebGPU entry points, called by web/zkmsm.mjs. They wait for the GPU
// (Asyncify): JavaScript calls them with ccall(…, { async: true }).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "msm/webgpu/bucket_bounds.hpp"
#include "msm/webgpu/bucket_reduction.hpp"
#include "msm/webgpu/decompose_scalars.hpp"
#include "msm/webgpu/msm_workspace.hpp"
#include "msm/webgpu/radix_sort.hpp"
#include "msm/webgpu/test_kernels.hpp"
#include "msm/webgpu/webgpu_curve.hpp"

namespace {

using zkmsm::CurveId;
using zkmsm::webgpu::FieldId;

std::string last_error;

// JavaScript's curve numbers (web/zkmsm.mjs CURVES, zkmsm.h's zkmsm_curve): 0 BN254, 1 Grumpkin,
// 2 BLS12-381. False, with last_error set, for any other.
bool curve_of(int number, CurveId& curve) {
  switch (number) {
    case 0:
      curve = CurveId::bn254;
      return true;
    case 1:
      curve = CurveId::grumpkin;
      return true;
    case 2:
      curve = CurveId::bls12_381;
      return true;
    default:
      last_error = "curve must be 0 (BN254), 1 (Grumpkin) or 2 (BLS12-381)";
      return false;
  }
}

// JavaScript's field numbers (web/zkmsm.mjs FIELDS): 0 BN254 Fq, 1 BN254 Fr, 2 BLS12-381 Fq,
// 3 BLS12-381 Fr.
bool field_of(int number, FieldId& field) {
  switch (number) {
    case 0:
      field = FieldId::bn254_fq;
      return true;
    case 1:
      field = FieldId::bn254_fr;
      return true;
    case 2:
      field = FieldId::bls12_381_fq;
      return true;
    case 3:
      field = FieldId::bls12_381_fr;
      return true;
    default:
      last_error = "field must be 0 (BN254 Fq), 1 (BN254 Fr), 2 (BLS12-381 Fq) or 3 (BLS12-381 Fr)";
      return false;
  }
}

// Runs `set(context)` on the module's WebGPU context (a test hook's setting). 0, or 1 with
// last_error set when JavaScript handed the module no device.
template <class Set>
int on_context(Set&& set) {
  zkmsm::webgpu::Context* context = nullptr;
  if (const zkmsm::webgpu::Status got = zkmsm::webgpu::Context::get(&context); !got.ok) {
    last_error = got.message;
    return 1;
  }
  set(*context);
  return 0;
}

}  // namespace

extern "C" {

// The message of the last failed call here ("" after a success).
const char* zkmsm_wasm_webgpu_last_error() { return last_error.c_str(); }

// The test hook of the shaders' field arithmetic (msm/webgpu/test_kernels.hpp): field as field_of;
// a and b n elements of W = field_words(field) words (Montgomery form, reduced), results 6n
// elements. Returns 0, or 1 with zkmsm_wasm_webgpu_last_error() saying why.
int zkmsm_wasm_webgpu_field_ops(
    int field_number, const std::uint32_t* a, const std::uint32_t* b, std::size_t n, std::uint32_t* results) {
  last_error.clear();
  FieldId field;
  if (!field_of(field_number, field)) return 1;
  const std::size_t words = zkmsm::webgpu::field_words(field) * n;
  const zkmsm::webgpu::Status status = zkmsm::webgpu::run_field_ops(field, std::span<const std::uint32_t>(a, words),
                                                                    std::span<const std::uint32_t>(b, words),
                                                                    std::span<std::uint32_t>(results, 6 * words));
  if (!status.ok) {
    last_error = status.message;
    return 1;
  }
  return 0;
}

// The test hook of the shaders' curve arithmetic (msm/webgpu/test_kernels.hpp): curve as curve_of;
// points 2n affine points (Montgomery form), results 8n. Returns 0, or 1 with
// zkmsm_wasm_webgpu_last_error() saying why.
int zkmsm_wasm_webgpu_curve_ops(int curve_number, const std::uint32_t* points, std::size_t n, std::uint32_t* results) {
  last_error.clear();
  CurveId curve;
  if (!curve_of(curve_number, curve)) return 1;
  const std::size_t point_words = zkmsm::webgpu::affine_point_words(curve);
  const zkmsm::webgpu::Status status =
      zkmsm::webgpu::run_curve_ops(curve, std::span<const std::uint32_t>(points, 2 * point_words * n),
                                   std::span<std::uint32_t>(results, 8 * point_words * n));
  if (!status.ok) {
    last_error = status.message;
    return 1;
  }
  return 0;
}

// The decompose_scalars stage for its tests (msm/webgpu/decompose_scalars.hpp): curve as curve_of;
// scalars n × 8 words; keys and values batch_windows · n words each. Returns 0, or 1 with
// zkmsm_wasm_webgpu_last_error() saying why.
int zkmsm_wasm_webgpu_decompose_scalars(int curve_number,
                                        const std::uint32_t* scalars,
                                        std::uint32_t n,
                                        std::uint32_t window_bits,
                                        std::uint32_t first_window,
                                        std::uint32_t batch_windows,
                                        std::uint32_t* keys,
                                        std::uint32_t* values) {
  last_error.clear();
  CurveId curve;
  if (!curve_of(curve_number, curve)) return 1;
  const zkmsm::webgpu::DecomposeShape shape{n, window_bits, first_window, batch_windows};
  const std::size_t entries = std::size_t{batch_windows} * n;
  const zkmsm::webgpu::Status status = zkmsm::webgpu::run_decompose_scalars(
      curve, std::span<const std::uint32_t>(scalars, zkmsm::webgpu::kScalarWords * n), shape,
      std::span<std::uint32_t>(keys, entries), std::span<std::uint32_t>(values, entries));
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

// The reduction for its tests (msm/webgpu/bucket_reduction.hpp): curve as curve_of; `windows`
// windows of 2^(c − 1) buckets: bucket sums (affine points), bounds; the windows·c bit sums out
// (XYZZ points, window w's bit p at w·c + p). Returns 0, or 1 with the error.
int zkmsm_wasm_webgpu_bucket_reduction(int curve_number,
                                       std::uint32_t window_bits,
                                       std::uint32_t windows,
                                       const std::uint32_t* bucket_sums,
                                       const std::uint32_t* bucket_start,
                                       const std::uint32_t* bucket_end,
                                       std::uint32_t* bit_sums) {
  last_error.clear();
  CurveId curve;
  if (!curve_of(curve_number, curve)) return 1;
  if (window_bits < 2 || window_bits > 22) {
    last_error = "window_bits must be in [2, 22]";
    return 1;
  }
  const std::size_t buckets = std::size_t{windows} << (window_bits - 1);
  const zkmsm::webgpu::Status status = zkmsm::webgpu::run_bucket_reduction(
      curve, window_bits, windows,
      std::span<const std::uint32_t>(bucket_sums, zkmsm::webgpu::affine_point_words(curve) * buckets),
      std::span<const std::uint32_t>(bucket_start, buckets), std::span<const std::uint32_t>(bucket_end, buckets),
      std::span<std::uint32_t>(bit_sums, zkmsm::webgpu::xyzz_point_words(curve) * windows * window_bits));
  if (!status.ok) {
    last_error = status.message;
    return 1;
  }
  return 0;
}

// The batched affine addition for its tests (msm/webgpu/test_kernels.hpp): curve as curve_of; n
// pairs of affine points, `slots` pairs per shared inversion.
int zkmsm_wasm_webgpu_batch_affine_add(int curve_number,
                                       std::uint32_t slots,
                                       const std::uint32_t* lhs,
                                       const std::uint32_t* rhs,
                                       std::uint32_t n,
                                       std::uint32_t* sums) {
  last_error.clear();
  CurveId curve;
  if (!curve_of(curve_number, curve)) return 1;
  const std::size_t words = zkmsm::webgpu::affine_point_words(curve) * n;
  const zkmsm::webgpu::Status status = zkmsm::webgpu::run_batch_affine_add(
      curve, slots, std::span<const std::uint32_t>(lhs, words), std::span<const std::uint32_t>(rhs, words),
      std::span<std::uint32_t>(sums, words));
  if (!status.ok) {
    last_error = status.message;
    return 1;
  }
  return 0;
}

// Test hook: dispatches of more than `workgroups` workgroups go in rows of that many (0 = the
// default 65,535; webgpu_context.hpp). Returns 0, or 1 without a device.
int zkmsm_wasm_webgpu_set_max_workgroups_per_dimension(std::uint32_t workgroups) {
  return on_context([&](zkmsm::webgpu::Context& context) { context.set_max_workgroups_per_dimension(workgroups); });
}

// Frees the device buffers the webgpu backend keeps for the next MSM of the same shape
// (msm/webgpu/msm_workspace.hpp; JavaScript's releaseDeviceMemory()).
void zkmsm_wasm_webgpu_release_workspace() { zkmsm::webgpu::release_kept_workspace(); }

}  // extern "C"
