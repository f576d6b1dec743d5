// Modular inversion by Bernstein–Yang "safegcd" divsteps (https://eprint.iacr.org/2019/266),
// variable-time: the loop ends as soon as g reaches zero. Inputs are not secret in an MSM.
//
// Numbers are held in signed radix 2^62 ("signed62"): L limbs, each in [0, 2^62) except the
// top one, which is signed. Each outer round runs 62 divsteps on the low 64 bits of (f, g),
// collecting them in a 2×2 transition matrix (entries bounded by 2^62), then applies the matrix
// to the full (f, g) and to the Bézout coefficients (d, e) mod p.
//
// Invariants: d·x ≡ seed·f and e·x ≡ seed·g (mod p). When g = 0, f = ±gcd = ±1, so
// x⁻¹·seed = ±d. With seed = 1 this is the plain inverse; with seed = R² mod p and x = aR it
// is the Montgomery-form inverse a⁻¹R directly.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/bigint.hpp"
#include "core/host_device.hpp"

namespace zkmsm {

namespace safegcd_detail {

using i64 = std::int64_t;
using u64 = std::uint64_t;
using i128 = __int128;
constexpr u64 kMask62 = (u64{1} << 62) - 1;

// Limbs needed for a value of 64·N bits plus sign and headroom in radix 2^62.
template <std::size_t N>
constexpr std::size_t signed62_limbs = (64 * N + 2) / 62 + 1;

template <std::size_t N>
struct Signed62 {
  i64 v[signed62_limbs<N>];
};

template <std::size_t N>
ZKMSM_HOST_DEVICE constexpr Signed62<N> to_signed62(const BigInt<N>& x) {
  constexpr std::size_t L = signed62_limbs<N>;
  Signed62<N> out{};
  for (std::size_t i = 0; i < L; ++i) {
    const std::size_t bit = 62 * i;
    u64 word = 0;
    if (bit / 64 < N) word = x.limb[bit / 64] >> (bit % 64);
    if (bit % 64 > 2 && bit / 64 + 1 < N) word |= x.limb[bit / 64 + 1] << (64 - bit % 64);
    out.v[i] = static_cast<i64>(word & kMask62);
  }
  return out;
}

// Converts a value in [0, 2^(64N)) held in normalized signed62 back to limbs.
template <std::size_t N>
ZKMSM_HOST_DEVICE constexpr BigInt<N> from_signed62(const Signed62<N>& x) {
  constexpr std::size_t L = signed62_limbs<N>;
  BigInt<N> out{};
  for (std::size_t i = 0; i < L; ++i) {
    const std::size_t bit = 62 * i;
    const u64 word = static_cast<u64>(x.v[i]);
    if (bit / 64 < N) out.limb[bit / 64] |= word << (bit % 64);
    if (bit % 64 > 2 && bit / 64 + 1 < N) out.limb[bit / 64 + 1] |= word >> (64 - bit % 64);
  }
  return out;
}

// p⁻¹ mod 2^62.
constexpr u64 inverse_mod_2_62(u64 p0) {
  u64 inverse = p0;
  for (int i = 0; i < 5; ++i) inverse *= 2 - p0 * inverse;
  return inverse & kMask62;
}

struct Matrix {
  i64 u, v, q, r;
};

// 62 divsteps on the low bits of f (odd) and g. Returns the transition matrix scaled by 2^62:
// 2^62·f' = u·f + v·g and 2^62·g' = q·f + r·g.
ZKMSM_HOST_DEVICE inline Matrix divsteps_62(i64& delta, u64 f, u64 g) {
  i64 u = 1, v = 0, q = 0, r = 1;
  for (int i = 0; i < 62; ++i) {
    if (g & 1) {
      if (delta > 0) {
        // (f, g) ← (g, (g − f)/2)
        const u64 f_old = f;
        const i64 u_old = u, v_old = v;
        f = g;
        g = (g - f_old) >> 1;
        u = q << 1;
        v = r << 1;
        q = q - u_old;
        r = r - v_old;
        delta = 1 - delta;
        continue;
      }
      // (f, g) ← (f, (g + f)/2)
      g = (g + f) >> 1;
      q = q + u;
      r = r + v;
    } else {
      g >>= 1;
    }
    u <<= 1;
    v <<= 1;
    delta = 1 + delta;
  }
  return {u, v, q, r};
}

// (f, g) ← ((u·f + v·g)/2^62, (q·f + r·g)/2^62); both divisions are exact.
template <std::size_t N>
ZKMSM_HOST_DEVICE inline void update_fg(Signed62<N>& f, Signed62<N>& g, const Matrix& t) {
  constexpr std::size_t L = signed62_limbs<N>;
  i128 cf = static_cast<i128>(t.u) * f.v[0] + static_cast<i128>(t.v) * g.v[0];
  i128 cg = static_cast<i128>(t.q) * f.v[0] + static_cast<i128>(t.r) * g.v[0];
  cf >>= 62;
  cg >>= 62;
  for (std::size_t i = 1; i < L; ++i) {
    cf += static_cast<i128>(t.u) * f.v[i] + static_cast<i128>(t.v) * g.v[i];
    cg += static_cast<i128>(t.q) * f.v[i] + static_cast<i128>(t.r) * g.v[i];
    f.v[i - 1] = static_cast<i64>(static_cast<u64>(cf) & kMask62);
    g.v[i - 1] = static_cast<i64>(static_cast<u64>(cg) & kMask62);
    cf >>= 62;
    cg >>= 62;
  }
  f.v[L - 1] = static_cast<i64>(cf);
  g.v[L - 1] = static_cast<i64>(cg);
}

// Brings x ∈ (−p, 2p) into [0, p); x is normalized signed62 on return.
template <std::size_t N>
ZKMSM_HOST_DEVICE inline void normalize_mod(Signed62<N>& x, const Signed62<N>& p) {
  constexpr std::size_t L = signed62_limbs<N>;
  auto is_negative = [&] { return x.v[L - 1] < 0; };
  auto add_times = [&](i64 k) {
    i64 carry = 0;
    for (std::size_t i = 0; i < L; ++i) {
      const i64 s = x.v[i] + k * p.v[i] + carry;
      if (i + 1 < L) {
        x.v[i] = s & static_cast<i64>(kMask62);
        carry = s >> 62;
      } else {
        x.v[i] = s;
      }
    }
  };
  auto greater_equal_p = [&] {
    for (std::size_t i = L; i-- > 0;) {
      if (x.v[i] != p.v[i]) return x.v[i] > p.v[i];
    }
    return true;
  };
  if (is_negative()) {
    add_times(1);
  } else if (greater_equal_p()) {
    add_times(-1);
  }
}

// (d, e) ← ((u·d + v·e)/2^62, (q·d + r·e)/2^62) mod p, with d, e ∈ [0, p) before and after.
// Adding md·p (resp. me·p) makes the low 62 bits vanish so the division is exact.
template <std::size_t N>
ZKMSM_HOST_DEVICE inline void update_de(
    Signed62<N>& d, Signed62<N>& e, const Matrix& t, const Signed62<N>& p, u64 p_inv62) {
  constexpr std::size_t L = signed62_limbs<N>;
  const u64 low_d = static_cast<u64>(t.u) * static_cast<u64>(d.v[0]) + static_cast<u64>(t.v) * static_cast<u64>(e.v[0]);
  const u64 low_e = static_cast<u64>(t.q) * static_cast<u64>(d.v[0]) + static_cast<u64>(t.r) * static_cast<u64>(e.v[0]);
  const i64 md = static_cast<i64>((0 - low_d * p_inv62) & kMask62);
  const i64 me = static_cast<i64>((0 - low_e * p_inv62) & kMask62);
  i128 cd = static_cast<i128>(t.u) * d.v[0] + static_cast<i128>(t.v) * e.v[0] + static_cast<i128>(md) * p.v[0];
  i128 ce = static_cast<i128>(t.q) * d.v[0] + static_cast<i128>(t.r) * e.v[0] + static_cast<i128>(me) * p.v[0];
  cd >>= 62;
  ce >>= 62;
  for (std::size_t i = 1; i < L; ++i) {
    cd += static_cast<i128>(t.u) * d.v[i] + static_cast<i128>(t.v) * e.v[i] + static_cast<i128>(md) * p.v[i];
    ce += static_cast<i128>(t.q) * d.v[i] + static_cast<i128>(t.r) * e.v[i] + static_cast<i128>(me) * p.v[i];
    d.v[i - 1] = static_cast<i64>(static_cast<u64>(cd) & kMask62);
    e.v[i - 1] = static_cast<i64>(static_cast<u64>(ce) & kMask62);
    cd >>= 62;
    ce >>= 62;
  }
  d.v[L - 1] = static_cast<i64>(cd);
  e.v[L - 1] = static_cast<i64>(ce);
  normalize_mod(d, p);
  normalize_mod(e, p);
}

template <std::size_t N>
ZKMSM_HOST_DEVICE inline bool is_zero(const Signed62<N>& x) {
  for (std::size_t i = 0; i < signed62_limbs<N>; ++i) {
    if (x.v[i] != 0) return false;
  }
  return true;
}

}  // namespace safegcd_detail

// Precomputed modulus data for safegcd_inverse_vartime.
template <std::size_t N>
struct SafegcdModulus {
  safegcd_detail::Signed62<N> p;
  std::uint64_t p_inv62;  // p⁻¹ mod 2^62

  static constexpr SafegcdModulus make(const BigInt<N>& modulus) {
    return {safegcd_detail::to_signed62(modulus), safegcd_detail::inverse_mod_2_62(modulus.limb[0])};
  }
};

// Returns seed·x⁻¹ mod p for x ∈ [1, p) and seed ∈ [0, p); returns 0 for x = 0.
template <std::size_t N>
ZKMSM_HOST_DEVICE inline BigInt<N> safegcd_inverse_vartime(const BigInt<N>& x,
                                                           const BigInt<N>& seed,
                                                           const SafegcdModulus<N>& modulus) {
  using namespace safegcd_detail;
  constexpr std::size_t L = signed62_limbs<N>;
  Signed62<N> f = modulus.p;
  Signed62<N> g = to_signed62(x);
  Signed62<N> d{};
  Signed62<N> e = to_signed62(seed);
  i64 delta = 1;
  while (!is_zero(g)) {
    const Matrix t = divsteps_62(delta, static_cast<u64>(f.v[0]) | (static_cast<u64>(f.v[1]) << 62),
                                 static_cast<u64>(g.v[0]) | (static_cast<u64>(g.v[1]) << 62));
    update_de(d, e, t, modulus.p, modulus.p_inv62);
    update_fg(f, g, t);
  }
  // f = ±1: negate d when f = −1.
  if (f.v[L - 1] < 0) {
    Signed62<N> negated{};
    for (std::size_t i = 0; i < L; ++i) negated.v[i] = -d.v[i];
    // −d ∈ (−p, 0]: renormalize limbs, then add p.
    i64 carry = 0;
    for (std::size_t i = 0; i < L; ++i) {
      const i64 s = negated.v[i] + carry;
      if (i + 1 < L) {
        negated.v[i] = s & static_cast<i64>(kMask62);
        carry = s >> 62;
      } else {
        negated.v[i] = s;
      }
    }
    normalize_mod(negated, modulus.p);
    d = negated;
  }
  return from_signed62(d);
}

}  // namespace zkmsm
