// Field inversion by Bernstein–Yang safegcd divsteps ("Fast constant-time gcd computation and
// modular inversion", https://eprint.iacr.org/2019/266) with 32-bit words only: the algorithm of
// the host's src/field/safegcd.hpp (signed radix 2^62, 62 divsteps per transition matrix)
// carried over to signed radix 2^30 with 30 divsteps per matrix, so that every matrix entry fits
// an int (|entry| ≤ 2^30) and every limb product fits the (msb, lsb) pair of imulExtended.
//
// Variable time: the loop ends as soon as g reaches zero (an MSM's inputs are public). About
// 25 rounds of 30 divsteps for 254-bit moduli (at most 736 divsteps, Bernstein–Yang §11).
//
// Representation "signed30": int[9], value Σ v[i]·2^(30i); limbs 0 … 7 in [0, 2^30), limb 8
// signed (270 bits, enough for every intermediate, |f|, |g| ≤ p < 2^254). Field values enter and
// leave as field.glsl's reduced 8 × 32-bit Montgomery words.
//
// Invariants (as on the host): d·x ≡ seed·f and e·x ≡ seed·g (mod p), with f = p, g = x, d = 0,
// e = seed at the start. When g = 0, f = ±1, so seed·x⁻¹ = ±d. With x = a·R (Montgomery form)
// and seed = R² mod p, seed·x⁻¹ = a⁻¹·R: the Montgomery-form inverse, no conversion needed.
//
// Requires field.glsl's parameters (FIELD_MODULUS, FIELD_R2, FIELD_NEG_INV32).
#ifndef ZKMSM_SAFEGCD_INVERSE_GLSL
#define ZKMSM_SAFEGCD_INVERSE_GLSL

const uint kSafegcdLimbMask = 0x3fffffffu;  // 2^30 − 1

// A signed 64-bit accumulator as two 32-bit words: value = hi·2^32 + lo.
struct SafegcdWide {
  uint lo;
  int hi;
};

// w += a·b (signed 32 × 32 → 64 bits).
void safegcd_wide_add_product(inout SafegcdWide w, int a, int b) {
  int product_hi;
  int product_lo;
  imulExtended(a, b, product_hi, product_lo);
  uint carry;
  w.lo = uaddCarry(w.lo, uint(product_lo), carry);
  w.hi += product_hi + int(carry);
}

// w >> 30, arithmetic (rounds towards −∞).
SafegcdWide safegcd_wide_shift_30(SafegcdWide w) {
  return SafegcdWide((w.lo >> 30) | (uint(w.hi) << 2), w.hi >> 30);
}

int safegcd_wide_low_30(SafegcdWide w) { return int(w.lo & kSafegcdLimbMask); }

// Reduced 8 × 32-bit words → signed30 (all limbs non-negative).
int[9] signed30_from_words(uint a[8]) {
  int limbs[9];
  for (int i = 0; i < 9; ++i) {
    const int bit = 30 * i;
    const int word = bit >> 5;
    const int shift = bit & 31;
    uint limb = a[word] >> shift;
    if (shift > 2 && word + 1 < 8) limb |= a[word + 1] << (32 - shift);
    limbs[i] = int(limb & kSafegcdLimbMask);
  }
  return limbs;
}

// Normalized signed30 in [0, 2^256) → 8 × 32-bit words.
uint[8] signed30_to_words(int limbs[9]) {
  uint words[8] = uint[8](0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u);
  for (int i = 0; i < 9; ++i) {
    const int bit = 30 * i;
    const int word = bit >> 5;
    const int shift = bit & 31;
    const uint limb = uint(limbs[i]);
    words[word] |= limb << shift;
    if (shift > 2 && word + 1 < 8) words[word + 1] |= limb >> (32 - shift);
  }
  return words;
}

bool signed30_is_zero(int limbs[9]) {
  int any = 0;
  for (int i = 0; i < 9; ++i) any |= limbs[i];
  return any == 0;
}

// x += k·p for k ∈ {−1, 0, 1}, limbs renormalized (carries of the low limbs into the top one).
void signed30_add_multiple(inout int x[9], int p[9], int k) {
  int carry = 0;
  for (int i = 0; i < 8; ++i) {
    const int sum = x[i] + k * p[i] + carry;
    x[i] = sum & int(kSafegcdLimbMask);
    carry = sum >> 30;
  }
  x[8] += k * p[8] + carry;
}

// Brings a normalized x ∈ (−p, 2p) into [0, p).
void signed30_normalize_mod(inout int x[9], int p[9]) {
  if (x[8] < 0) {
    signed30_add_multiple(x, p, 1);
    return;
  }
  for (int i = 8; i >= 0; --i) {
    if (x[i] != p[i]) {
      if (x[i] > p[i]) signed30_add_multiple(x, p, -1);
      return;
    }
  }
  signed30_add_multiple(x, p, -1);  // x = p
}

// 30 divsteps on the low 30 bits of f (odd) and g. Returns the transition matrix (u, v, q, r)
// scaled by 2^30: 2^30·f' = u·f + v·g and 2^30·g' = q·f + r·g. Only the low 30 − i bits of the
// words are meaningful after step i, so 32-bit wrap-around and logical shifts are harmless.
ivec4 safegcd_divsteps_30(inout int delta, uint f, uint g) {
  int u = 1;
  int v = 0;
  int q = 0;
  int r = 1;
  for (int i = 0; i < 30; ++i) {
    if ((g & 1u) != 0u) {
      if (delta > 0) {
        // (f, g) ← (g, (g − f)/2)
        const uint f_old = f;
        const int u_old = u;
        const int v_old = v;
        f = g;
        g = (g - f_old) >> 1;
        u = q << 1;
        v = r << 1;
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
    u <<= 1;
    v <<= 1;
    delta += 1;
  }
  return ivec4(u, v, q, r);
}

// (f, g) ← ((u·f + v·g)/2^30, (q·f + r·g)/2^30); both divisions are exact. Each accumulator stays
// below 2^61 in magnitude (|u| + |v| ≤ 2^30, limbs < 2^30).
void safegcd_update_fg(inout int f[9], inout int g[9], ivec4 t) {
  SafegcdWide cf = SafegcdWide(0u, 0);
  SafegcdWide cg = SafegcdWide(0u, 0);
  safegcd_wide_add_product(cf, t.x, f[0]);
  safegcd_wide_add_product(cf, t.y, g[0]);
  safegcd_wide_add_product(cg, t.z, f[0]);
  safegcd_wide_add_product(cg, t.w, g[0]);
  cf = safegcd_wide_shift_30(cf);
  cg = safegcd_wide_shift_30(cg);
  for (int i = 1; i < 9; ++i) {
    safegcd_wide_add_product(cf, t.x, f[i]);
    safegcd_wide_add_product(cf, t.y, g[i]);
    safegcd_wide_add_product(cg, t.z, f[i]);
    safegcd_wide_add_product(cg, t.w, g[i]);
    f[i - 1] = safegcd_wide_low_30(cf);
    g[i - 1] = safegcd_wide_low_30(cg);
    cf = safegcd_wide_shift_30(cf);
    cg = safegcd_wide_shift_30(cg);
  }
  // |f|, |g| < 2^255, so what is left is below 2^15 in magnitude.
  f[8] = int(cf.lo);
  g[8] = int(cg.lo);
}

// (d, e) ← ((u·d + v·e)/2^30, (q·d + r·e)/2^30) mod p, with d, e ∈ [0, p) before and after.
// Adding md·p (resp. me·p), md ≡ −(u·d + v·e)·p⁻¹ (mod 2^30), makes the division exact; the
// quotient lies in (−p, 2p) and one normalization brings it back.
void safegcd_update_de(inout int d[9], inout int e[9], ivec4 t, int p[9], uint p_inv30) {
  const uint low_d = uint(t.x) * uint(d[0]) + uint(t.y) * uint(e[0]);
  const uint low_e = uint(t.z) * uint(d[0]) + uint(t.w) * uint(e[0]);
  const int md = int((0u - low_d * p_inv30) & kSafegcdLimbMask);
  const int me = int((0u - low_e * p_inv30) & kSafegcdLimbMask);
  SafegcdWide cd = SafegcdWide(0u, 0);
  SafegcdWide ce = SafegcdWide(0u, 0);
  safegcd_wide_add_product(cd, t.x, d[0]);
  safegcd_wide_add_product(cd, t.y, e[0]);
  safegcd_wide_add_product(cd, md, p[0]);
  safegcd_wide_add_product(ce, t.z, d[0]);
  safegcd_wide_add_product(ce, t.w, e[0]);
  safegcd_wide_add_product(ce, me, p[0]);
  cd = safegcd_wide_shift_30(cd);
  ce = safegcd_wide_shift_30(ce);
  for (int i = 1; i < 9; ++i) {
    safegcd_wide_add_product(cd, t.x, d[i]);
    safegcd_wide_add_product(cd, t.y, e[i]);
    safegcd_wide_add_product(cd, md, p[i]);
    safegcd_wide_add_product(ce, t.z, d[i]);
    safegcd_wide_add_product(ce, t.w, e[i]);
    safegcd_wide_add_product(ce, me, p[i]);
    d[i - 1] = safegcd_wide_low_30(cd);
    e[i - 1] = safegcd_wide_low_30(ce);
    cd = safegcd_wide_shift_30(cd);
    ce = safegcd_wide_shift_30(ce);
  }
  d[8] = int(cd.lo);
  e[8] = int(ce.lo);
  signed30_normalize_mod(d, p);
  signed30_normalize_mod(e, p);
}

// a⁻¹ in Montgomery form for a reduced Montgomery-form a (a·R ↦ a⁻¹·R); 0 ↦ 0, as the host's
// PrimeField::inverse_vartime.
uint[8] field_inverse_safegcd(uint a[8]) {
  const int p[9] = signed30_from_words(FIELD_MODULUS);
  // p⁻¹ mod 2^30, from −p⁻¹ mod 2^32.
  const uint p_inv30 = (0u - FIELD_NEG_INV32) & kSafegcdLimbMask;
  int f[9] = p;
  int g[9] = signed30_from_words(a);
  int d[9] = int[9](0, 0, 0, 0, 0, 0, 0, 0, 0);
  int e[9] = signed30_from_words(FIELD_R2);
  int delta = 1;
  while (!signed30_is_zero(g)) {
    const ivec4 t = safegcd_divsteps_30(delta, uint(f[0]), uint(g[0]));
    safegcd_update_de(d, e, t, p, p_inv30);
    safegcd_update_fg(f, g, t);
  }
  // f = −1: d ← −d mod p (−d ∈ (−p, 0], renormalized, then p added if negative).
  if (f[8] < 0) {
    int negated[9];
    for (int i = 0; i < 9; ++i) negated[i] = -d[i];
    signed30_add_multiple(negated, p, 0);
    signed30_normalize_mod(negated, p);
    d = negated;
  }
  return signed30_to_words(d);
}

#endif
