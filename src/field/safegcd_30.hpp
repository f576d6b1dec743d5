// Field inversion by Bernstein–Yang safegcd divsteps ("Fast constant-time gcd computation and
// modular inversion", https://eprint.iacr.org/2019/266) with 32-bit words: the algorithm of
// safegcd.hpp (signed radix 2^62, 62 divsteps per transition matrix) in signed radix 2^30 with
// 30 divsteps per matrix, so every matrix entry fits an int32 and every limb product an int64.
// For GPUs, whose integer units are 32 bits wide (the CUDA device field uses it; the Vulkan
// shader src/msm/vulkan/shaders/safegcd_inverse.glsl is the same algorithm in GLSL). It is plain
// C++, so the host tests check it against PrimeField::inverse_vartime.
//
// Variable time: the loop ends when g reaches zero (an MSM's inputs are public). About 25 rounds
// of 30 divsteps for 254-bit moduli (at most 736 divsteps, Bernstein–Yang §11), about 37 for
// 381-bit ones (at most 1,106).
//
// Representation Signed30<kWords>: int32[32·kWords/30 + 1], value Σ v[i]·2^(30i); every limb but
// the top one in [0, 2^30), the top one signed: 9 limbs (270 bits) for fields of 8 words (|f|,
// |g| ≤ p < 2^254), 13 (390 bits) for 12 words (p < 2^382), enough for every intermediate. Field
// values enter and leave as kWords little-endian 32-bit words of a reduced value.
//
// Invariants (as in safegcd.hpp): d·x ≡ seed·f and e·x ≡ seed·g (mod p), with f = p, g = x,
// d = 0, e = seed at the start. When g = 0, f = ±1, so seed·x⁻¹ = ±d. With x = a·R (Montgomery
// form) and seed = R² mod p, seed·x⁻¹ = a⁻¹·R: the Montgomery-form inverse directly.
#pragma once

#include <cstdint>

#include "core/bigint.hpp"
#include "core/host_device.hpp"

namespace zkmsm {

template <int kWords>
struct Signed30 {
  static constexpr int kLimbs = 32 * kWords / 30 + 1;
  std::int32_t v[kLimbs];
};

inline constexpr std::int32_t kSigned30Mask = 0x3fffffff;  // 2^30 − 1

// kWords little-endian 32-bit words of a value < 2^(32·kWords) → Signed30 (all limbs non-negative).
template <int kWords>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE constexpr Signed30<kWords> signed30_from_words(const std::uint32_t (&a)[kWords]) {
  Signed30<kWords> x{};
  for (int i = 0; i < Signed30<kWords>::kLimbs; ++i) {
    const int bit = 30 * i;
    const int word = bit >> 5;
    const int shift = bit & 31;
    std::uint32_t limb = a[word] >> shift;
    if (shift > 2 && word + 1 < kWords) limb |= a[word + 1] << (32 - shift);
    x.v[i] = static_cast<std::int32_t>(limb & kSigned30Mask);
  }
  return x;
}

template <std::size_t kLimbs64>
ZKMSM_HOST_DEVICE constexpr Signed30<2 * kLimbs64> signed30_from_bigint(const BigInt<kLimbs64>& value) {
  std::uint32_t words[2 * kLimbs64] = {};
  for (std::size_t i = 0; i < 2 * kLimbs64; ++i)
    words[i] = static_cast<std::uint32_t>(value.limb[i / 2] >> (32 * (i % 2)));
  return signed30_from_words<2 * kLimbs64>(words);
}

// The modulus as the inversion needs it.
template <int kWords>
struct Safegcd30Modulus {
  Signed30<kWords> p;
  std::uint32_t p_inv30;  // p⁻¹ mod 2^30

  // modulus odd, < 2^(32·kWords − 2); neg_inv32 = −p⁻¹ mod 2^32 (FieldConstants::neg_inv32).
  static constexpr Safegcd30Modulus make(const BigInt<kWords / 2>& modulus, std::uint32_t neg_inv32) {
    return {signed30_from_bigint(modulus), (0u - neg_inv32) & static_cast<std::uint32_t>(kSigned30Mask)};
  }
};

namespace safegcd30 {

// The transition matrix of 30 divsteps, scaled by 2^30: 2^30·f' = u·f + v·g, 2^30·g' = q·f + r·g.
struct Matrix {
  std::int32_t u, v, q, r;
};

// 30 divsteps on the low 30 bits of f (odd) and g. Only the low 30 − i bits of the words are
// meaningful after step i, so 32-bit wrap-around and logical shifts are harmless.
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE Matrix divsteps(std::int32_t& delta, std::uint32_t f, std::uint32_t g) {
  std::int32_t u = 1, v = 0, q = 0, r = 1;
  for (int i = 0; i < 30; ++i) {
    if ((g & 1u) != 0) {
      if (delta > 0) {
        // (f, g) ← (g, (g − f)/2)
        const std::uint32_t f_old = f;
        const std::int32_t u_old = u, v_old = v;
        f = g;
        g = (g - f_old) >> 1;
        u = q * 2;
        v = r * 2;
        q -= u_old;
        r -= v_old;
        delta = 1 - delta;
        continue;
      }
      // (f, g) ← (f, (g + f)/2)
      g = (g + f) >> 1;
      q += u;
      r += v;
    } else {
      g >>= 1;
    }
    u *= 2;
    v *= 2;
    delta += 1;
  }
  return {u, v, q, r};
}

template <int kWords>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE bool is_zero(const Signed30<kWords>& x) {
  std::int32_t any = 0;
  for (int i = 0; i < Signed30<kWords>::kLimbs; ++i) any |= x.v[i];
  return any == 0;
}

// x += k·p for k ∈ {−1, 0, 1}, limbs renormalised (carries of the low limbs into the top one).
template <int kWords>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void add_multiple(Signed30<kWords>& x, const Signed30<kWords>& p, std::int32_t k) {
  constexpr int top = Signed30<kWords>::kLimbs - 1;
  std::int32_t carry = 0;
  for (int i = 0; i < top; ++i) {
    const std::int32_t sum = x.v[i] + k * p.v[i] + carry;
    x.v[i] = sum & kSigned30Mask;
    carry = sum >> 30;
  }
  x.v[top] += k * p.v[top] + carry;
}

// A normalised x ∈ (−p, 2p) → [0, p).
template <int kWords>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void normalize_mod(Signed30<kWords>& x, const Signed30<kWords>& p) {
  constexpr int top = Signed30<kWords>::kLimbs - 1;
  if (x.v[top] < 0) {
    add_multiple(x, p, 1);
    return;
  }
  for (int i = top; i >= 0; --i) {
    if (x.v[i] != p.v[i]) {
      if (x.v[i] > p.v[i]) add_multiple(x, p, -1);
      return;
    }
  }
  add_multiple(x, p, -1);  // x = p
}

// (f, g) ← ((u·f + v·g)/2^30, (q·f + r·g)/2^30); both divisions are exact. Each accumulator stays
// below 2^61 in magnitude (|u| + |v| ≤ 2^30, limbs < 2^30).
template <int kWords>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void update_fg(Signed30<kWords>& f, Signed30<kWords>& g, const Matrix& t) {
  constexpr int top = Signed30<kWords>::kLimbs - 1;
  std::int64_t cf = std::int64_t{t.u} * f.v[0] + std::int64_t{t.v} * g.v[0];
  std::int64_t cg = std::int64_t{t.q} * f.v[0] + std::int64_t{t.r} * g.v[0];
  cf >>= 30;
  cg >>= 30;
  for (int i = 1; i <= top; ++i) {
    cf += std::int64_t{t.u} * f.v[i] + std::int64_t{t.v} * g.v[i];
    cg += std::int64_t{t.q} * f.v[i] + std::int64_t{t.r} * g.v[i];
    f.v[i - 1] = static_cast<std::int32_t>(cf & kSigned30Mask);
    g.v[i - 1] = static_cast<std::int32_t>(cg & kSigned30Mask);
    cf >>= 30;
    cg >>= 30;
  }
  f.v[top] = static_cast<std::int32_t>(cf);
  g.v[top] = static_cast<std::int32_t>(cg);
}

// (d, e) ← ((u·d + v·e)/2^30, (q·d + r·e)/2^30) mod p, with d, e ∈ [0, p) before and after.
// Adding md·p (resp. me·p), md ≡ −(u·d + v·e)·p⁻¹ (mod 2^30), makes the division exact; the
// quotient lies in (−p, 2p) and one normalisation brings it back.
template <int kWords>
ZKMSM_HOST_DEVICE ZKMSM_FORCE_INLINE void update_de(Signed30<kWords>& d,
                                                    Signed30<kWords>& e,
                                                    const Matrix& t,
                                                    const Safegcd30Modulus<kWords>& m) {
  constexpr int top = Signed30<kWords>::kLimbs - 1;
  const std::uint32_t low_d = static_cast<std::uint32_t>(t.u) * static_cast<std::uint32_t>(d.v[0]) +
                              static_cast<std::uint32_t>(t.v) * static_cast<std::uint32_t>(e.v[0]);
  const std::uint32_t low_e = static_cast<std::uint32_t>(t.q) * static_cast<std::uint32_t>(d.v[0]) +
                              static_cast<std::uint32_t>(t.r) * static_cast<std::uint32_t>(e.v[0]);
  const std::int32_t md = static_cast<std::int32_t>((0u - low_d * m.p_inv30) & kSigned30Mask);
  const std::int32_t me = static_cast<std::int32_t>((0u - low_e * m.p_inv30) & kSigned30Mask);
  std::int64_t cd = std::int64_t{t.u} * d.v[0] + std::int64_t{t.v} * e.v[0] + std::int64_t{md} * m.p.v[0];
  std::int64_t ce = std::int64_t{t.q} * d.v[0] + std::int64_t{t.r} * e.v[0] + std::int64_t{me} * m.p.v[0];
  cd >>= 30;
  ce >>= 30;
  for (int i = 1; i <= top; ++i) {
    cd += std::int64_t{t.u} * d.v[i] + std::int64_t{t.v} * e.v[i] + std::int64_t{md} * m.p.v[i];
    ce += std::int64_t{t.q} * d.v[i] + std::int64_t{t.r} * e.v[i] + std::int64_t{me} * m.p.v[i];
    d.v[i - 1] = static_cast<std::int32_t>(cd & kSigned30Mask);
    e.v[i - 1] = static_cast<std::int32_t>(ce & kSigned30Mask);
    cd >>= 30;
    ce >>= 30;
  }
  d.v[top] = static_cast<std::int32_t>(cd);
  e.v[top] = static_cast<std::int32_t>(ce);
  normalize_mod(d, m.p);
  normalize_mod(e, m.p);
}

}  // namespace safegcd30

// out = seed·a⁻¹ mod p for a reduced a (kWords little-endian 32-bit words); 0 ↦ 0. With a = x·R
// and seed = R² mod p this is the Montgomery-form inverse.
template <int kWords>
ZKMSM_HOST_DEVICE inline void safegcd30_inverse_vartime(std::uint32_t (&out)[kWords],
                                                        const std::uint32_t (&a)[kWords],
                                                        const Signed30<kWords>& seed,
                                                        const Safegcd30Modulus<kWords>& m) {
  constexpr int kLimbs = Signed30<kWords>::kLimbs;
  Signed30<kWords> f = m.p;
  Signed30<kWords> g = signed30_from_words<kWords>(a);
  Signed30<kWords> d{};
  Signed30<kWords> e = seed;
  std::int32_t delta = 1;
  while (!safegcd30::is_zero(g)) {
    const safegcd30::Matrix t =
        safegcd30::divsteps(delta, static_cast<std::uint32_t>(f.v[0]), static_cast<std::uint32_t>(g.v[0]));
    safegcd30::update_de(d, e, t, m);
    safegcd30::update_fg(f, g, t);
  }
  // f = −1: d ← −d mod p (−d ∈ (−p, 0], renormalised, then p added if negative).
  if (f.v[kLimbs - 1] < 0) {
    for (int i = 0; i < kLimbs; ++i) d.v[i] = -d.v[i];
    safegcd30::add_multiple(d, m.p, 0);
    safegcd30::normalize_mod(d, m.p);
  }
  for (int i = 0; i < kWords; ++i) out[i] = 0;
  for (int i = 0; i < kLimbs; ++i) {
    const int bit = 30 * i;
    const int word = bit >> 5;
    const int shift = bit & 31;
    const std::uint32_t limb = static_cast<std::uint32_t>(d.v[i]);
    out[word] |= limb << shift;
    if (shift > 2 && word + 1 < kWords) out[word + 1] |= limb >> (32 - shift);
  }
}

}  // namespace zkmsm
