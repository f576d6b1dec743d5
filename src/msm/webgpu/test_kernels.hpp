// The WGSL arithmetic run on the device for its tests: shaders/field_ops.wgsl (field.wgsl) and
// shaders/curve_ops.wgsl (curve.wgsl), each over n inputs with a fixed set of results per input.
// The tests compare them with BigInt arithmetic and @noble/curves (tests/wasm).
#pragma once

#include <cstdint>
#include <span>

#include "msm/webgpu/webgpu_context.hpp"
#include "msm/webgpu/wgsl_constants.hpp"

namespace zkmsm::webgpu {

// For each i < n (a and b: n elements of W = field_words(field) words, Montgomery form, reduced),
// results[6Wi … 6Wi + 6W − 1]: the six values a + b, a − b, a·b, a², −a, a⁻¹ (0 for 0).
Status run_field_ops(FieldId field,
                     std::span<const std::uint32_t> a,
                     std::span<const std::uint32_t> b,
                     std::span<std::uint32_t> results);

// For each pair i < n of affine points (points: 2n points of A = affine_point_words(curve) words,
// Montgomery form; p = point 2i, q = point 2i + 1), results[8Ai … 8Ai + 8A − 1]: the affine p + q by
// madd, p + q by add, 2p, p + 2q by two madds, then with s = p + q and t = p + 2q in XYZZ form
// (ZZ ≠ 1): 2s by doubling, s + s and s + t by add, s + s by madd ((0, 0) for infinity).
Status run_curve_ops(CurveId curve, std::span<const std::uint32_t> points, std::span<std::uint32_t> results);

// For each k < n: sums[k] = lhs[k] + rhs[k] (affine points of the curve, Montgomery form), by
// batch_affine_add.wgsl with `slots` pairs per invocation sharing one inversion (1 … 64).
Status run_batch_affine_add(CurveId curve,
                            std::uint32_t slots,
                            std::span<const std::uint32_t> lhs,
                            std::span<const std::uint32_t> rhs,
                            std::span<std::uint32_t> sums);

}  // namespace zkmsm::webgpu
