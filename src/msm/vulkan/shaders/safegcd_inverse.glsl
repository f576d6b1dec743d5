// Field inversion by Bernstein–Yang safegcd divsteps ("Fast constant-time gcd computation and
// modular inversion", https://eprint.iacr.org/2019/266) with 32-bit words only: the algorithm of
// the host's src/field/safegcd.hpp (signed radix 2^62, 62 divsteps per transition matrix)
// carried over to signed radix 2^30 with 30 divsteps per matrix, so that every matrix entry fits
// an int (|entry| ≤ 2^30) and every limb product fits the (msb, lsb) pair of imulExtended.
//
// Variable time: the loop ends as soon as g reaches zero (an MSM's inputs are public). About
// 25 rounds of 30 divsteps for 254-bit moduli (at most 736 divsteps, Bernstein–Yang §11), about
// 37 for BLS12-381's 381-bit base field.
//
// Representation "signed30": int[L] with L = kSigned30Limbs = ⌊32W/30⌋ + 1 (9 for W = 8 words,
// 13 for W = 12), value Σ v[i]·2^(30i); limbs 0 … L − 2 in [0, 2^30), limb L − 1 signed (30L bits:
// 270 or 390, enough for every intermediate, |f|, |g| ≤ p < 2^(32W − 2)). Field values enter and
// leave as field.glsl's reduced W × 32-bit Montgomery words.
//
// Invariants (as on the host): d·x ≡ seed·f and e·x ≡ seed·g (mod p), with f = p, g = x, d = 0,
// e = seed at the start. When g = 0, f = ±1, so seed·x⁻¹ = ±d. With x = a·R (Montgomery form)
// and seed = R² mod p, seed·x⁻¹ = a⁻¹·R: the Montgomery-form inverse, no conversion needed.
//
// Requires field.glsl's parameters (FIELD_MODULUS, FIELD_R2, FIELD_NEG_INV32).
#ifndef ZKMSM_SAFEGCD_INVERSE_GLSL
#define ZKMSM_SAFEGCD_INVERSE_GLSL

const uint kSafegcdLimbMask = 0x3fffffffu;  // 2^30 − 1
const int kSigned30Limbs = (32 * FIELD_WORDS) / 30 + 1;
const int kSigned30Top = kSigned30Limbs - 1;  // the signed limb

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

// Reduced W × 32-bit words → signed30 (all limbs non-negative).
int[kSigned30Limbs] signed30_from_words(uint a[FIELD_WORDS]) {
  int limbs[kSigned30Limbs];
  for (int i = 0; i < kSigned30Limbs; ++i) {
    const int bit = 30 * i;
    const int word = bit >> 5;
    const int shift = bit & 31;
    uint limb = a[word] >> shift;
    if (shift > 2 && word + 1 < FIELD_WORDS) limb |= a[word + 1] << (32 - shift);
    limbs[i] = int(limb & kSafegcdLimbMask);
  }
  return limbs;
}

// Normalized signed30 in [0, 2^(32W)) → W × 32-bit words.
uint[FIELD_WORDS] signed30_to_words(int limbs[kSigned30Limbs]) {
  uint words[FIELD_WORDS] = field_zero();
  for (int i = 0; i < kSigned30Limbs; ++i) {
    const int bit = 30 * i;
    const int word = bit >> 5;
    const int shift = bit & 31;
    const uint limb = uint(limbs[i]);
    words[word] |= limb << shift;
    if (shift > 2 && word + 1 < FIELD_WORDS) words[word + 1] |= limb >> (32 - shift);
  }
  return words;
}

bool signed30_is_zero(int limbs[kSigned30Limbs]) {
  int any = 0;
  for (int i = 0; i < kSigned30Limbs; ++i) any |= limbs[i];
  return any == 0;
}

// x += k·p for k ∈ {−1, 0, 1}, limbs renormalized (carries of the low limbs into the top one).
void signed30_add_multiple(inout int x[kSigned30Limbs], int p[kSigned30Limbs], int k) {
  int carry = 0;
  for (int i = 0; i < kSigned30Top; ++i) {
    const int sum = x[i] + k * p[i] + carry;
    x[i] = sum & int(kSafegcdLimbMask);
    carry = sum >> 30;
  }
  x[kSigned30Top] += k * p[kSigned30Top] + carry;
}

// Brings a normalized x ∈ (−p, 2p) into [0, p).
void signed30_normalize_mod(inout int x[kSigned30Limbs], int p[kSigned30Limbs]) {
  if (x[kSigned30Top] < 0) {
    signed30_add_multiple(x, p, 1);
    return;
  }
  for (int i = kSigned30Top; i >= 0; --i) {
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
void safegcd_update_fg(inout int f[kSigned30Limbs], inout int g[kSigned30Limbs], ivec4 t) {
  SafegcdWide cf = SafegcdWide(0u, 0);
  SafegcdWide cg = SafegcdWide(0u, 0);
  safegcd_wide_add_product(cf, t.x, f[0]);
  safegcd_wide_add_product(cf, t.y, g[0]);
  safegcd_wide_add_product(cg, t.z, f[0]);
  safegcd_wide_add_product(cg, t.w, g[0]);
  cf = safegcd_wide_shift_30(cf);
  cg = safegcd_wide_shift_30(cg);
  for (int i = 1; i < kSigned30Limbs; ++i) {
    safegcd_wide_add_product(cf, t.x, f[i]);
    safegcd_wide_add_product(cf, t.y, g[i]);
    safegcd_wide_add_product(cg, t.z, f[i]);
    safegcd_wide_add_product(cg, t.w, g[i]);
    f[i - 1] = safegcd_wide_low_30(cf);
    g[i - 1] = safegcd_wide_low_30(cg);
    cf = safegcd_wide_shift_30(cf);
    cg = safegcd_wide_shift_30(cg);
  }
  // |f|, |g| < 2^(32W − 1), so what is left fits the top limb with room to spare.
  f[kSigned30Top] = int(cf.lo);
  g[kSigned30Top] = int(cg.lo);
}

// (d, e) ← ((u·d + v·e)/2^30, (q·d + r·e)/2^30) mod p, with d, e ∈ [0, p) before and after.
// Adding md·p (resp. me·p), md ≡ −(u·d + v·e)·p⁻¹ (mod 2^30), makes the division exact; the
// quotient lies in (−p, 2p) and one normalization brings it back.
void safegcd_update_de(inout int d[kSigned30Limbs], inout int e[kSigned30Limbs], ivec4 t, int p[kSigned30Limbs], uint p_inv30) {
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
  for (int i = 1; i < kSigned30Limbs; ++i) {
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
  d[kSigned30Top] = int(cd.lo);
  e[kSigned30Top] = int(ce.lo);
  signed30_normalize_mod(d, p);
  signed30_normalize_mod(e, p);
}

// a⁻¹ in Montgomery form for a reduced Montgomery-form a (a·R ↦ a⁻¹·R); 0 ↦ 0, as the host's
// PrimeField::inverse_vartime.
uint[FIELD_WORDS] field_inverse_safegcd(uint a[FIELD_WORDS]) {
  const int p[kSigned30Limbs] = signed30_from_words(FIELD_MODULUS);
  // p⁻¹ mod 2^30, from −p⁻¹ mod 2^32.
  const uint p_inv30 = (0u - FIELD_NEG_INV32) & kSafegcdLimbMask;
  int f[kSigned30Limbs] = p;
  int g[kSigned30Limbs] = signed30_from_words(a);
  int d[kSigned30Limbs];
  for (int i = 0; i < kSigned30Limbs; ++i) d[i] = 0;
  int e[kSigned30Limbs] = signed30_from_words(FIELD_R2);
  int delta = 1;
  while (!signed30_is_zero(g)) {
    const ivec4 t = safegcd_divsteps_30(delta, uint(f[0]), uint(g[0]));
    safegcd_update_de(d, e, t, p, p_inv30);
    safegcd_update_fg(f, g, t);
  }
  // f = −1: d ← −d mod p (−d ∈ (−p, 0], renormalized, then p added if negative).
  if (f[kSigned30Top] < 0) {
    int negated[kSigned30Limbs];
    for (int i = 0; i < kSigned30Limbs; ++i) negated[i] = -d[i];
    signed30_add_multiple(negated, p, 0);
    signed30_normalize_mod(negated, p);
    d = negated;
  }
  return signed30_to_words(d);
}

#endif
