// Square roots in a prime field by Tonelli–Shanks (variable time), with the p ≡ 3 (mod 4)
// shortcut a^((p+1)/4). Used to make random curve points; not on any MSM hot path.
#pragma once

#include <optional>

#include "core/bigint.hpp"

namespace zkmsm {

// (p − 1) = 2^two_adicity · odd_part, and a quadratic non-residue.
template <class Field>
struct SqrtConstants {
  using Integer = typename Field::Integer;
  unsigned two_adicity = 0;
  Integer odd_part{};
  Integer odd_part_minus_one_half{};  // (odd_part − 1) / 2
  Field non_residue_power{};          // z^odd_part for a non-residue z

  static const SqrtConstants& get() {
    static const SqrtConstants constants = make();
    return constants;
  }

 private:
  static Integer shift_right(Integer x, unsigned bits) {
    for (unsigned b = 0; b < bits; ++b) {
      for (std::size_t i = 0; i < Field::limbs; ++i) {
        x.limb[i] = (x.limb[i] >> 1) | (i + 1 < Field::limbs ? x.limb[i + 1] << 63 : 0);
      }
    }
    return x;
  }
  static SqrtConstants make() {
    SqrtConstants c;
    Integer p_minus_one = Field::modulus();
    p_minus_one.limb[0] -= 1;  // p is odd
    while (!p_minus_one.bit(c.two_adicity)) ++c.two_adicity;
    c.odd_part = shift_right(p_minus_one, c.two_adicity);
    c.odd_part_minus_one_half = shift_right(c.odd_part, 1);  // odd_part is odd: (q − 1)/2 = q >> 1
    const Integer half_p_minus_one = shift_right(p_minus_one, 1);
    const Field minus_one = -Field::one();
    for (std::uint64_t z = 2;; ++z) {
      const Field candidate = Field::from_u64(z);
      if (candidate.pow_vartime(half_p_minus_one) == minus_one) {
        c.non_residue_power = candidate.pow_vartime(c.odd_part);
        break;
      }
    }
    return c;
  }
};

// A square root of a, or nothing when a is not a square.
template <class Field>
std::optional<Field> sqrt_vartime(const Field& a) {
  if (a.is_zero()) return Field::zero();
  const auto& c = SqrtConstants<Field>::get();
  // One exponentiation: w = a^((q−1)/2), root = a·w = a^((q+1)/2), t = root·w = a^q.
  // Invariants: root² = a·t, t has order dividing 2^m, z has order exactly 2^m.
  const Field w = a.pow_vartime(c.odd_part_minus_one_half);
  Field root = a * w;
  Field t = root * w;
  Field z = c.non_residue_power;
  unsigned m = c.two_adicity;
  while (t != Field::one()) {
    unsigned i = 0;
    Field t_power = t;
    while (t_power != Field::one()) {
      t_power = t_power.squared();
      if (++i == m) return std::nullopt;  // t has order 2^m: a is a non-residue
    }
    Field b = z;
    for (unsigned j = 0; j + i + 1 < m; ++j) b = b.squared();
    root = root * b;
    z = b.squared();
    t = t * z;
    m = i;
  }
  return root;
}

}  // namespace zkmsm
