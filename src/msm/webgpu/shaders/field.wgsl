// Prime-field arithmetic in WGSL: FIELD_WORDS × 32-bit words (8 for the BN254 fields, 12 for
// BLS12-381's base field), word 0 least significant, in Montgomery form a·R mod p (R = 2^(32W)),
// FULLY REDUCED to [0, p): bit for bit the host's PrimeField (W/2 × 64-bit little-endian limbs),
// the CUDA DeviceField and the Vulkan shaders' uint[FIELD_WORDS], so host arrays are uploaded as
// they are. Every function takes and returns reduced values.
//
// WGSL has neither 64-bit integers nor a multiply-high, so a 32 × 32-bit product is four
// 16 × 16-bit ones (mul_wide). The field is selected by the constants the host prepends
// (wgsl_constants.hpp, from FieldConstants): FIELD_WORDS, FIELD_MODULUS, FIELD_R, FIELD_R2
// (array<u32, FIELD_WORDS>) and FIELD_NEG_INV32 (−p⁻¹ mod 2^32). Inversion is
// safegcd_inverse.wgsl's field_inverse.
//
// Bounds: 2p < R for every field the host prepends (its generator asserts it), so a + b < 2p
// never carries out of the top word, and a Montgomery product of reduced inputs is < 2p before
// its one conditional subtraction.

alias Field = array<u32, FIELD_WORDS>;

// a·b = hi·2^32 + lo. With a = a1·2^16 + a0, b = b1·2^16 + b0: mid = a0·b1 + (a0·b0 >> 16) +
// (a1·b0 mod 2^16) ≤ (2^16 − 1)² + 2(2^16 − 1) < 2^32 never overflows.
fn mul_wide(a: u32, b: u32) -> vec2<u32> {
  let a0 = a & 0xffffu;
  let a1 = a >> 16u;
  let b0 = b & 0xffffu;
  let b1 = b >> 16u;
  let p00 = a0 * b0;
  let p10 = a1 * b0;
  let mid = a0 * b1 + (p00 >> 16u) + (p10 & 0xffffu);
  return vec2<u32>((mid << 16u) | (p00 & 0xffffu), a1 * b1 + (mid >> 16u) + (p10 >> 16u));
}

// a + b + carry (carry ≤ 2): (sum mod 2^32, carry out ≤ 2).
fn add_carry(a: u32, b: u32, carry: u32) -> vec2<u32> {
  let s = a + b;
  let t = s + carry;
  return vec2<u32>(t, select(0u, 1u, s < a) + select(0u, 1u, t < s));
}

// a − b − borrow (borrow ≤ 1): (difference mod 2^32, borrow out ≤ 1).
fn sub_borrow(a: u32, b: u32, borrow: u32) -> vec2<u32> {
  let d = a - b;
  return vec2<u32>(d - borrow, select(0u, 1u, a < b) | select(0u, 1u, d < borrow));
}

fn field_zero() -> Field { return Field(); }

fn field_one() -> Field { return FIELD_R; }

fn field_is_zero(a: Field) -> bool {
  var any = 0u;
  /* word loop */ for (var i = 0u; i < FIELD_WORDS; i++) { any |= a[i]; }
  return any == 0u;
}

fn field_equal(a: Field, b: Field) -> bool {
  var diff = 0u;
  /* word loop */ for (var i = 0u; i < FIELD_WORDS; i++) { diff |= a[i] ^ b[i]; }
  return diff == 0u;
}

// For a < 2p: a − p when a ≥ p, else a (a word-wise select, no divergent branch).
fn field_reduce_once(a: Field) -> Field {
  let p = FIELD_MODULUS;
  var reduced: Field;
  var borrow = 0u;
  /* word loop */ for (var i = 0u; i < FIELD_WORDS; i++) {
    let d = sub_borrow(a[i], p[i], borrow);
    reduced[i] = d.x;
    borrow = d.y;
  }
  var out: Field;
  /* word loop */ for (var i = 0u; i < FIELD_WORDS; i++) { out[i] = select(reduced[i], a[i], borrow != 0u); }
  return out;
}

fn field_add(a: Field, b: Field) -> Field {
  var sum: Field;
  var carry = 0u;
  /* word loop */ for (var i = 0u; i < FIELD_WORDS; i++) {
    let s = add_carry(a[i], b[i], carry);
    sum[i] = s.x;
    carry = s.y;
  }
  return field_reduce_once(sum);
}

fn field_sub(a: Field, b: Field) -> Field {
  var diff: Field;
  var borrow = 0u;
  /* word loop */ for (var i = 0u; i < FIELD_WORDS; i++) {
    let d = sub_borrow(a[i], b[i], borrow);
    diff[i] = d.x;
    borrow = d.y;
  }
  // a < b: add p back (p masked to zero otherwise).
  let p = FIELD_MODULUS;
  let mask = 0u - borrow;
  var carry = 0u;
  /* word loop */ for (var i = 0u; i < FIELD_WORDS; i++) {
    let s = add_carry(diff[i], p[i] & mask, carry);
    diff[i] = s.x;
    carry = s.y;
  }
  return diff;
}

fn field_neg(a: Field) -> Field { return field_sub(field_zero(), a); }

fn field_double(a: Field) -> Field { return field_add(a, a); }

// field_mul(a, b) = a·b·R⁻¹ mod p comes with the field's generated constants, in the form the
// module was set up with (field_multiplication.hpp, both written out per field): CIOS on 32-bit
// words from 16-bit products, or 13-bit limbs with lazy columns.

fn field_sqr(a: Field) -> Field { return field_mul(a, a); }
