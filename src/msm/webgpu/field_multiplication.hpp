// How the WebGPU shaders multiply field elements: the one choice the module is set up with
// (web/zkmsm.mjs init({ fieldMultiplication })), since WGSL has no 32 × 32 → 64-bit product.
//
//   words16  CIOS on 32-bit words: each word product is four 16 × 16-bit products (field.wgsl's
//            mul_wide) and a carry chain. The default: measured on every GPU so far. Written
//            out per field (wgsl_field_mul_words): the words of a and of the running value t
//            are scalars, each row's two passes over them straight-line with the modulus'
//            words as literals; only the rows stay a loop, taking b's words from scalars that
//            move down one per row. An array indexed by a loop counter cannot live in
//            registers: the looped form (until 2026-12-07) left NVIDIA's compiler arrays in
//            local memory, as the Vulkan shaders' rolled loops did (BENCHMARKS.md).
//   limbs13  the seeds' choice: 13-bit limbs, so a limb product is < 2^26 and a column of the
//            2L-limb product sums all its a_i·b_j and m_i·p_j terms and the carries without
//            overflow (≤ 2L·2^26 + 2^20 < 2^32 for L ≤ 30), with no carry per product. Written
//            out per field as straight-line WGSL (no loops, no arrays: the limbs and columns are
//            scalars, the modulus' limbs literals). About 2L² + L multiply-adds (L = 20 for the
//            BN254 fields, 30 for BLS12-381's base field) against the words' 4·2W² products, each
//            with a carry chain. On an H100 (Dawn, Vulkan) it ran BN254 MSMs 9–16 % slower than
//            words16; on llvmpipe (2 cores) a BN254 2^12 MSM 7 % faster, and its pipelines
//            compiled cold in less time than the words' (BENCHMARKS.md); a looped version over
//            arrays had taken 529 s to compile there.
//
// Both return a·b·R⁻¹ mod p fully reduced for reduced a, b (R = 2^(32W)): the limbs13 reduction
// takes L − 1 Montgomery digits of 13 bits and a last one of 32W − 13(L − 1) bits (9 for W = 8,
// 7 for W = 12), so it divides by exactly R and the rest of the shaders is unchanged.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "field/field_constants.hpp"
#include "msm/webgpu/shader_sources.hpp"

namespace zkmsm::webgpu {

enum class FieldMultiplication : std::uint32_t { words16 = 0, limbs13 = 1 };

// The module's choice (set by JavaScript before any shader is built; default words16).
void set_field_multiplication(FieldMultiplication multiplication);
FieldMultiplication field_multiplication();

// The WGSL text of field_mul for the field of Params in the module's form (appended to the
// field's constants by wgsl_constants.hpp).
template <class Params>
std::string wgsl_field_mul();

// ---- implementation ----------------------------------------------------------------------------

inline std::atomic<FieldMultiplication>& field_multiplication_setting() {
  static std::atomic<FieldMultiplication> setting{FieldMultiplication::words16};
  return setting;
}
inline void set_field_multiplication(FieldMultiplication multiplication) {
  field_multiplication_setting().store(multiplication);
}
inline FieldMultiplication field_multiplication() { return field_multiplication_setting().load(); }

// limbs13's field_mul, written out for Params: x_i, y_i the operands' 13-bit limbs, t_k the
// product's columns, m_i the Montgomery digits; the result low + 2^(13L − 32W)·V, V the upper L
// columns carried to 13 bits (low: the last digit's carry, of weight 2^(32W)), then one
// conditional subtraction (field_reduce_once: the sum is < 2p).
template <class Params>
std::string wgsl_field_mul13() {
  using C = FieldConstants<Params>;
  constexpr unsigned W = 2 * C::limbs;        // 32-bit words
  constexpr unsigned L = (32 * W + 12) / 13;  // 13-bit limbs
  constexpr unsigned last_bits = 32 * W - 13 * (L - 1);
  constexpr unsigned shift = 13 * L - 32 * W;
  static_assert(L <= 30, "a column of 2L products of 26 bits must stay below 2^32");
  std::uint32_t p[L] = {};
  for (unsigned bit = 0; bit < 64 * C::limbs; ++bit)
    if ((C::modulus.limb[bit / 64] >> (bit % 64)) & 1) p[bit / 13] |= 1u << (bit % 13);
  const auto n = [](unsigned v) { return std::to_string(v); };
  const auto u = [](std::uint64_t v) { return std::to_string(v) + "u"; };
  // Limb i of a Field, as a WGSL expression.
  const auto limb = [&](const char* word, unsigned i) {
    const unsigned bit = 13 * i, w = bit / 32, s = bit % 32;
    std::string v = std::string(word) + "[" + n(w) + "] >> " + u(s);
    if (s > 19 && w + 1 < W) v = "(" + v + ") | (" + word + "[" + n(w + 1) + "] << " + u(32 - s) + ")";
    return "(" + v + ") & 0x1fffu";
  };
  std::string t =
      "// field_mul on 13-bit limbs (FieldMultiplication::limbs13, generated: field_multiplication.hpp)\n"
      "fn field_mul(a: Field, b: Field) -> Field {\n";
  for (unsigned i = 0; i < L; ++i) t += "  let x" + n(i) + " = " + limb("a", i) + ";\n";
  for (unsigned i = 0; i < L; ++i) t += "  let y" + n(i) + " = " + limb("b", i) + ";\n";
  for (unsigned k = 0; k + 1 < 2 * L; ++k) {
    std::string sum;
    for (unsigned i = (k >= L ? k - L + 1 : 0); i <= k && i < L; ++i)
      sum += (sum.empty() ? "" : " + ") + ("x" + n(i) + " * y" + n(k - i));
    t += "  var t" + n(k) + " = " + sum + ";\n";
  }
  t += "  var t" + n(2 * L - 1) + " = 0u;\n";
  const std::uint32_t neg_inv13 = C::neg_inv32 & 0x1fffu;  // −p⁻¹ mod 2^13 (mod 2^width masked)
  for (unsigned i = 0; i < L; ++i) {
    const bool last = i + 1 == L;
    const unsigned width = last ? last_bits : 13;
    t += "  let m" + n(i) + " = (t" + n(i) + " * " + u(neg_inv13) + ") & " + u((1u << width) - 1) + ";\n";
    for (unsigned j = 0; j < L; ++j)
      if (p[j] != 0) t += "  t" + n(i + j) + " += m" + n(i) + " * " + u(p[j]) + ";\n";
    t += last ? "  let low = t" + n(i) + " >> " + u(width) + ";\n" : "  t" + n(i + 1) + " += t" + n(i) + " >> 13u;\n";
  }
  t += "  var out: Field;\n  var carry = 0u;\n";
  for (unsigned k = 0; k < L; ++k) {
    const unsigned bit = shift + 13 * k, w = bit / 32, s = bit % 32;
    t += "  { let column = t" + n(L + k) + " + carry;\n    carry = column >> 13u;\n    let limb = column & 0x1fffu;\n";
    if (w < W) t += "    out[" + n(w) + "] |= limb << " + u(s) + ";\n";
    if (s > 19 && w + 1 < W) t += "    out[" + n(w + 1) + "] |= limb >> " + u(32 - s) + ";\n";
    t += "  }\n";
  }
  t += "  var add = low;\n";
  for (unsigned w = 0; w < W; ++w)
    t += "  { let sum = add_carry(out[" + n(w) + "], add, 0u);\n    out[" + n(w) + "] = sum.x;\n    add = sum.y; }\n";
  t += "  return field_reduce_once(out);\n}\n";
  return t;
}

// words16's field_mul, written out for Params: CIOS (Koç, Acar, Kaliski 1996) on 32-bit words:
// per row t += a·b_i, then t = (t + m·p) / 2^32 with m = t_0·(−p⁻¹) mod 2^32. t < 2p < R between
// rows (t_W is the row's transient top word); each step x·y + t + carry ≤ 2^64 − 1 fits a
// (low, high) pair. a_j and t_k are scalars; b_0 … b_(W−1) move down one word per row, so the
// row's word is always b_0.
template <class Params>
std::string wgsl_field_mul_words() {
  using C = FieldConstants<Params>;
  constexpr unsigned W = 2 * C::limbs;
  const auto n = [](unsigned v) { return std::to_string(v); };
  const auto p = [&](unsigned j) {
    return std::to_string(static_cast<std::uint32_t>(C::modulus.limb[j / 2] >> (32 * (j % 2)))) + "u";
  };
  std::string t =
      "// field_mul on 32-bit words (FieldMultiplication::words16, generated: field_multiplication.hpp)\n"
      "fn field_mul(a: Field, b: Field) -> Field {\n";
  for (unsigned j = 0; j < W; ++j) t += "  let a" + n(j) + " = a[" + n(j) + "];\n";
  for (unsigned j = 0; j < W; ++j) t += "  var b" + n(j) + " = b[" + n(j) + "];\n";
  for (unsigned k = 0; k <= W; ++k) t += "  var t" + n(k) + " = 0u;\n";
  t += "  for (var i = 0u; i < " + n(W) + "u; i++) {\n    let word = b0;\n";
  for (unsigned j = 0; j + 1 < W; ++j) t += "    b" + n(j) + " = b" + n(j + 1) + ";\n";
  t += "    var carry = 0u;\n";
  for (unsigned j = 0; j < W; ++j) {
    t += "    { let product = mul_wide(a" + n(j) + ", word);\n      let low = add_carry(product.x, t" + n(j) +
         ", carry);\n      t" + n(j) + " = low.x;\n      carry = product.y + low.y; }\n";
  }
  t += "    let top = add_carry(t" + n(W) + ", carry, 0u);\n    t" + n(W) + " = top.x;\n";
  t += "    let m = t0 * FIELD_NEG_INV32;\n    let first = mul_wide(m, " + p(0) +
       ");\n    var reduction = first.y + add_carry(first.x, t0, 0u).y;\n";
  for (unsigned j = 1; j < W; ++j) {
    t += "    { let product = mul_wide(m, " + p(j) + ");\n      let low = add_carry(product.x, t" + n(j) +
         ", reduction);\n      t" + n(j - 1) + " = low.x;\n      reduction = product.y + low.y; }\n";
  }
  t += "    let last = add_carry(t" + n(W) + ", reduction, 0u);\n    t" + n(W - 1) + " = last.x;\n    t" + n(W) +
       " = last.y + top.y;\n  }\n  return field_reduce_once(Field(";
  for (unsigned k = 0; k < W; ++k) t += (k == 0 ? "t" : ", t") + n(k);
  t += "));\n}\n";
  return t;
}

template <class Params>
std::string wgsl_field_mul() {
  if (field_multiplication() == FieldMultiplication::limbs13) return wgsl_field_mul13<Params>();
  return wgsl_field_mul_words<Params>();
}

}  // namespace zkmsm::webgpu
