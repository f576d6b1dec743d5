// field_mul on 32-bit words (FieldMultiplication::words16, field_multiplication.hpp), appended
// to the field's generated constants; it uses field.wgsl's mul_wide, add_carry and
// field_reduce_once.
//
// Montgomery product a·b·R⁻¹ mod p by CIOS (Koç, Acar, Kaliski 1996) on 32-bit words: per row
// t += a·b[i], then t = (t + m·p) / 2^32 with m = t[0]·(−p⁻¹) mod 2^32. t < 2p < R between
// rows (t[FIELD_WORDS] is the row's transient top word); each step x·y + t + carry ≤ 2^64 − 1.
fn field_mul(a: Field, b: Field) -> Field {
  let p = FIELD_MODULUS;
  var t = array<u32, FIELD_WORDS + 1u>();
  for (var i = 0u; i < FIELD_WORDS; i++) {
    // t += a·b[i]
    var carry = 0u;
    for (var j = 0u; j < FIELD_WORDS; j++) {
      let product = mul_wide(a[j], b[i]);
      let low = add_carry(product.x, t[j], carry);
      t[j] = low.x;
      carry = product.y + low.y;
    }
    let top = add_carry(t[FIELD_WORDS], carry, 0u);
    t[FIELD_WORDS] = top.x;
    // t = (t + m·p) / 2^32
    let m = t[0] * FIELD_NEG_INV32;
    let first = mul_wide(m, p[0]);  // first.x + t[0] ≡ 0 mod 2^32: only its carry is kept
    var reduction = first.y + add_carry(first.x, t[0], 0u).y;
    for (var j = 1u; j < FIELD_WORDS; j++) {
      let product = mul_wide(m, p[j]);
      let low = add_carry(product.x, t[j], reduction);
      t[j - 1u] = low.x;
      reduction = product.y + low.y;
    }
    let last = add_carry(t[FIELD_WORDS], reduction, 0u);
    t[FIELD_WORDS - 1u] = last.x;
    t[FIELD_WORDS] = last.y + top.y;
  }
  var product: Field;
  for (var i = 0u; i < FIELD_WORDS; i++) { product[i] = t[i]; }
  return field_reduce_once(product);
}
