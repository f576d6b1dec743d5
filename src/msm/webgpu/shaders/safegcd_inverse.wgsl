// Field inversion by Bernstein–Yang safegcd divsteps ("Fast constant-time gcd computation and
// modular inversion", https://eprint.iacr.org/2019/266): the Vulkan shaders' safegcd_inverse.glsl
// in WGSL, signed radix 2^30 with 30 divsteps per transition matrix, so that every matrix entry
// fits an i32 (|entry| ≤ 2^30) and every limb product fits a 64-bit (hi, lo) pair. WGSL has no
// 64-bit integers and no multiply-high: a signed 32 × 32-bit product is field.wgsl's unsigned
// mul_wide of the two bit patterns, its high word corrected for the operands' signs.
//
// Variable time: the loop ends as soon as g reaches zero (an MSM's inputs are public). About 25
// rounds of 30 divsteps for 254-bit moduli (at most 736 divsteps, Bernstein–Yang §11), about 37
// for BLS12-381's 381-bit one, against Fermat's 253 squarings and ~128 multiplications (the
// inversion this replaced, 254-bit).
//
// Representation "signed30": array<i32, kSigned30Limbs>, L = kSigned30Limbs = ⌊32W/30⌋ + 1 limbs
// for W = FIELD_WORDS (9 for 8 words: 270 bits; 13 for 12 words: 390 bits), value Σ v[i]·2^(30i);
// limbs 0 … L − 2 in [0, 2^30), limb L − 1 (kSigned30Top) signed: enough for every intermediate,
// |f|, |g| ≤ p < 2^(32W − 1). Field values enter and leave as field.wgsl's reduced FIELD_WORDS ×
// 32-bit Montgomery words.
//
// Invariants: d·x ≡ seed·f and e·x ≡ seed·g (mod p), with f = p, g = x, d = 0, e = seed at the
// start. When g = 0, f = ±1, so seed·x⁻¹ = ±d. With x = a·R (Montgomery form) and seed = R² mod
// p, seed·x⁻¹ = a⁻¹·R: the Montgomery-form inverse, no conversion needed.
//
// Requires field.wgsl and its constants FIELD_MODULUS, FIELD_R2, FIELD_NEG_INV32.

const kSigned30Limbs = (32u * FIELD_WORDS) / 30u + 1u;
const kSigned30Top = kSigned30Limbs - 1u;  // the signed limb
alias Signed30 = array<i32, kSigned30Limbs>;

const kSafegcdLimbMask = 0x3fffffffu;  // 2^30 − 1

// A signed 64-bit accumulator: value = hi·2^32 + lo, hi as a two's-complement word.
struct SafegcdWide {
  lo: u32,
  hi: u32,
}

// w + a·b, a and b signed 32-bit. The unsigned product of the bit patterns differs from the
// signed one by 2^32·(b if a < 0) + 2^32·(a if b < 0) (mod 2^64).
fn safegcd_wide_add_product(w: SafegcdWide, a: i32, b: i32) -> SafegcdWide {
  let product = mul_wide(bitcast<u32>(a), bitcast<u32>(b));
  let high = product.y - select(0u, bitcast<u32>(b), a < 0i) - select(0u, bitcast<u32>(a), b < 0i);
  let lo = w.lo + product.x;
  return SafegcdWide(lo, w.hi + high + select(0u, 1u, lo < w.lo));
}

// w >> 30, arithmetic (rounds towards −∞).
fn safegcd_wide_shift_30(w: SafegcdWide) -> SafegcdWide {
  return SafegcdWide((w.lo >> 30u) | (w.hi << 2u), bitcast<u32>(bitcast<i32>(w.hi) >> 30u));
}

fn safegcd_wide_low_30(w: SafegcdWide) -> i32 { return bitcast<i32>(w.lo & kSafegcdLimbMask); }

// Reduced FIELD_WORDS × 32-bit words → signed30 (all limbs non-negative).
fn signed30_from_words(a: Field) -> Signed30 {
  var limbs: Signed30;
  for (var i = 0u; i < kSigned30Limbs; i++) {
    let bit = 30u * i;
    let word = bit >> 5u;
    let shift = bit & 31u;
    var limb = a[word] >> shift;
    if (shift > 2u && word + 1u < FIELD_WORDS) { limb |= a[word + 1u] << (32u - shift); }
    limbs[i] = bitcast<i32>(limb & kSafegcdLimbMask);
  }
  return limbs;
}

// Normalized signed30 in [0, R) → FIELD_WORDS × 32-bit words.
fn signed30_to_words(limbs: Signed30) -> Field {
  var words = field_zero();
  for (var i = 0u; i < kSigned30Limbs; i++) {
    let bit = 30u * i;
    let word = bit >> 5u;
    let shift = bit & 31u;
    let limb = bitcast<u32>(limbs[i]);
    words[word] |= limb << shift;
    if (shift > 2u && word + 1u < FIELD_WORDS) { words[word + 1u] |= limb >> (32u - shift); }
  }
  return words;
}

fn signed30_is_zero(limbs: Signed30) -> bool {
  var any = 0i;
  for (var i = 0u; i < kSigned30Limbs; i++) { any |= limbs[i]; }
  return any == 0i;
}

// x + k·p for k ∈ {−1, 0, 1}, limbs renormalized (carries of the low limbs into the top one).
fn signed30_add_multiple(x: Signed30, p: Signed30, k: i32) -> Signed30 {
  var out = x;
  var carry = 0i;
  for (var i = 0u; i < kSigned30Top; i++) {
    let sum = x[i] + k * p[i] + carry;
    out[i] = sum & i32(kSafegcdLimbMask);
    carry = sum >> 30u;
  }
  out[kSigned30Top] = x[kSigned30Top] + k * p[kSigned30Top] + carry;
  return out;
}

// A normalized x ∈ (−p, 2p) brought into [0, p).
fn signed30_normalize_mod(x: Signed30, p: Signed30) -> Signed30 {
  if (x[kSigned30Top] < 0i) { return signed30_add_multiple(x, p, 1i); }
  for (var i = i32(kSigned30Top); i >= 0i; i--) {
    if (x[i] != p[i]) {
      if (x[i] > p[i]) { return signed30_add_multiple(x, p, -1i); }
      return x;
    }
  }
  return signed30_add_multiple(x, p, -1i);  // x = p
}

// 30 divsteps on the low 30 bits of f (odd) and g, δ updated. Returns the transition matrix
// (u, v, q, r) scaled by 2^30: 2^30·f' = u·f + v·g and 2^30·g' = q·f + r·g. Only the low 30 − i
// bits of the words are meaningful after step i, so 32-bit wrap-around and logical shifts are
// harmless.
struct SafegcdStep {
  matrix: vec4<i32>,
  delta: i32,
}

fn safegcd_divsteps_30(delta_in: i32, f_in: u32, g_in: u32) -> SafegcdStep {
  var f = f_in;
  var g = g_in;
  var delta = delta_in;
  var u = 1i;
  var v = 0i;
  var q = 0i;
  var r = 1i;
  for (var i = 0u; i < 30u; i++) {
    if ((g & 1u) != 0u) {
      if (delta > 0i) {
        // (f, g) ← (g, (g − f)/2)
        let f_old = f;
        let u_old = u;
        let v_old = v;
        f = g;
        g = (g - f_old) >> 1u;
        u = q << 1u;
        v = r << 1u;
        q -= u_old;
        r -= v_old;
        delta = 1i - delta;
        continue;
      }
      // (f, g) ← (f, (g + f)/2)
      g = (g + f) >> 1u;
      q += u;
      r += v;
    } else {
      g >>= 1u;
    }
    u <<= 1u;
    v <<= 1u;
    delta += 1i;
  }
  return SafegcdStep(vec4<i32>(u, v, q, r), delta);
}

// One of (u·f + v·g)/2^30 or (q·f + r·g)/2^30 (a, b the matrix row; exact division), each
// accumulator below 2^61 in magnitude (|u| + |v| ≤ 2^30, limbs < 2^30).
fn safegcd_combine(f: Signed30, g: Signed30, a: i32, b: i32) -> Signed30 {
  var out: Signed30;
  var c = safegcd_wide_add_product(safegcd_wide_add_product(SafegcdWide(0u, 0u), a, f[0]), b, g[0]);
  c = safegcd_wide_shift_30(c);
  for (var i = 1u; i < kSigned30Limbs; i++) {
    c = safegcd_wide_add_product(safegcd_wide_add_product(c, a, f[i]), b, g[i]);
    out[i - 1u] = safegcd_wide_low_30(c);
    c = safegcd_wide_shift_30(c);
  }
  // |f|, |g| < 2^(32W − 1) ≤ 2^(30(L − 1) + 30), so what is left fits the signed top limb.
  out[kSigned30Top] = bitcast<i32>(c.lo);
  return out;
}

// One of (u·d + v·e)/2^30 or (q·d + r·e)/2^30 mod p, d, e ∈ [0, p) before and after: adding
// m·p, m ≡ −(a·d + b·e)·p⁻¹ (mod 2^30), makes the division exact; the quotient lies in (−p, 2p)
// and one normalization brings it back.
fn safegcd_combine_mod(d: Signed30, e: Signed30, a: i32, b: i32, p: Signed30, p_inv30: u32) -> Signed30 {
  let low = bitcast<u32>(a) * bitcast<u32>(d[0]) + bitcast<u32>(b) * bitcast<u32>(e[0]);
  let m = bitcast<i32>((0u - low * p_inv30) & kSafegcdLimbMask);
  var out: Signed30;
  var c = safegcd_wide_add_product(
      safegcd_wide_add_product(safegcd_wide_add_product(SafegcdWide(0u, 0u), a, d[0]), b, e[0]), m, p[0]);
  c = safegcd_wide_shift_30(c);
  for (var i = 1u; i < kSigned30Limbs; i++) {
    c = safegcd_wide_add_product(safegcd_wide_add_product(safegcd_wide_add_product(c, a, d[i]), b, e[i]), m, p[i]);
    out[i - 1u] = safegcd_wide_low_30(c);
    c = safegcd_wide_shift_30(c);
  }
  out[kSigned30Top] = bitcast<i32>(c.lo);
  return signed30_normalize_mod(out, p);
}

// a⁻¹ in Montgomery form for a reduced Montgomery-form a (a·R ↦ a⁻¹·R); 0 ↦ 0, as the host's
// PrimeField::inverse_vartime.
fn field_inverse(a: Field) -> Field {
  let p = signed30_from_words(FIELD_MODULUS);
  // p⁻¹ mod 2^30, from −p⁻¹ mod 2^32.
  let p_inv30 = (0u - FIELD_NEG_INV32) & kSafegcdLimbMask;
  var f = p;
  var g = signed30_from_words(a);
  var d = Signed30();
  var e = signed30_from_words(FIELD_R2);
  var delta = 1i;
  while (!signed30_is_zero(g)) {
    let step = safegcd_divsteps_30(delta, bitcast<u32>(f[0]), bitcast<u32>(g[0]));
    delta = step.delta;
    // Rows (u, v) then (q, r) of the matrix, each operation from one call site (compile time on
    // software adapters).
    var next_de: array<Signed30, 2>;
    var next_fg: array<Signed30, 2>;
    for (var row = 0u; row < 2u; row++) {
      let a = select(step.matrix.x, step.matrix.z, row == 1u);
      let b = select(step.matrix.y, step.matrix.w, row == 1u);
      next_de[row] = safegcd_combine_mod(d, e, a, b, p, p_inv30);
      next_fg[row] = safegcd_combine(f, g, a, b);
    }
    d = next_de[0];
    e = next_de[1];
    f = next_fg[0];
    g = next_fg[1];
  }
  // f = −1: d ← −d mod p (−d ∈ (−p, 0], renormalized, then p added if negative).
  if (f[kSigned30Top] < 0i) {
    var negated: Signed30;
    for (var i = 0u; i < kSigned30Limbs; i++) { negated[i] = -d[i]; }
    d = signed30_normalize_mod(signed30_add_multiple(negated, p, 0i), p);
  }
  return signed30_to_words(d);
}
