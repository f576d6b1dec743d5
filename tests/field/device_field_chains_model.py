#!/usr/bin/env python3
"""Word-level model of the CUDA field's Montgomery carry chains (src/msm/cuda/device_field.cuh).

Every chain is modelled as the PTX executes it: 32-bit words, one carry flag, a chain's carry out
of its last word (word 8 of a 9-word accumulator) dropped. The model raises if any chain would
lose a carry, and checks each result against exact integers: montgomery_rows (even/odd rows, the
division by 2^32 as renaming, the leftover word w entering the next row's first odd chain in
front) for one product a·b with a, b < 2p (product_below_2p: result < 2p) and for two, a·b + c·d
with a, b, c < 2p and d ≤ 4p (mul_sub_mul_lazy's a·b + c·(4p − d): < 4p, then one subtraction of
2p). Fields: BN254's base field (BN254 G1 coordinates) and scalar field (Grumpkin's base field).

    device_field_chains_model.py [--random N] [--seed S]
"""
import argparse
import random

WORD = (1 << 32) - 1
FIELDS = {
    "bn254_fq": 0x30644E72E131A029B85045B68181585D97816A916871CA8D3C208C16D87CFD47,
    "bn254_fr": 0x30644E72E131A029B85045B68181585D2833E84879B9709143E1F593F0000001,
}


def words(x, n):
    return [(x >> (32 * i)) & WORD for i in range(n)]


def value(w, shift=0):
    return sum(v << (32 * (i + shift)) for i, v in enumerate(w))


def mad_word_pairs(acc, xs, b, carry_in=0):
    """acc[0..8] += carry_in + x0·b + x1·b·2^64 + x2·b·2^128 + x3·b·2^192 (lo/hi word pairs)."""
    carry = carry_in
    for k, x in enumerate(xs):
        product = x * b
        for h, part in enumerate((product & WORD, product >> 32)):
            t = acc[2 * k + h] + part + carry
            acc[2 * k + h] = t & WORD
            carry = t >> 32
    t = acc[8] + carry
    acc[8] = t & WORD
    if t >> 32:
        raise OverflowError("carry out of word 8")


def add_then_mad_word_pairs(acc, even, w, xs, b):
    """even[0] += w; its carry enters the chain on acc (one word above even[0])."""
    t = even[0] + w
    even[0] = t & WORD
    mad_word_pairs(acc, xs, b, t >> 32)


def divide_by_word(even, odd):
    """T/2^32 for T = even + 2^32·odd with even[0] = 0: returns (even', odd', w)."""
    assert even[0] == 0
    return odd[:], [even[k + 2] for k in range(7)] + [0, 0], even[1]


def final_sum(even, w, odd):
    """even + w + 2^32·odd over 8 words (montgomery_rows' closing add8); the sum must fit."""
    assert even[8] == 0 and odd[7] == 0 and odd[8] == 0
    out, carry = [], 0
    for i, addend in enumerate([w] + odd[:7]):
        t = even[i] + addend + carry
        out.append(t & WORD)
        carry = t >> 32
    assert carry == 0
    return value(out)


def montgomery_rows(xs, ys, p, neg_inv):
    """Σ_k xs[k]·ys[k]·R⁻¹ + M·p/R as device_field.cuh's montgomery_rows<len(xs)> computes it."""
    xv, yv, pv = [words(x, 8) for x in xs], [words(y, 8) for y in ys], words(p, 8)
    even, odd, w = [0] * 9, [0] * 9, 0
    for i in range(8):
        for k in range(len(xs)):
            if i > 0 and k == 0:
                add_then_mad_word_pairs(odd, even, w, xv[k][1::2], yv[k][i])
            else:
                mad_word_pairs(odd, xv[k][1::2], yv[k][i])
            mad_word_pairs(even, xv[k][0::2], yv[k][i])
        m = (even[0] * neg_inv) & WORD
        mad_word_pairs(even, pv[0::2], m)
        mad_word_pairs(odd, pv[1::2], m)
        even, odd, w = divide_by_word(even, odd)
    return final_sum(even, w, odd)


def mul_sub_mul_lazy(a, b, c, d, p, neg_inv):
    r = montgomery_rows([a, c], [b, 4 * p - d], p, neg_inv)
    assert r < 4 * p
    return r - 2 * p if r >= 2 * p else r


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=5000, help="random operands per field and routine")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"seed {args.seed}, {args.random} random operands per field and routine")
    rng = random.Random(args.seed)
    for name, p in FIELDS.items():
        neg_inv = (-pow(p, -1, 1 << 32)) % (1 << 32)
        r_inv = pow(1 << 256, -1, p)
        extremes = [0, 1, 2, WORD, p - 1, p, p + 1, 2 * p - 2, 2 * p - 1, (1 << 254) % (2 * p)]
        pairs = [(x, y) for x in extremes for y in extremes]
        pairs += [(rng.randrange(2 * p), rng.randrange(2 * p)) for _ in range(args.random)]
        for a, b in pairs:
            r = montgomery_rows([a], [b], p, neg_inv)
            assert r < 2 * p and r % p == a * b * r_inv % p, (name, a, b)
        quads = [(a, b, c, d) for a in extremes[4:] for b in extremes[4:] for c in extremes[4:] for d in extremes]
        quads += [(rng.randrange(2 * p), rng.randrange(2 * p), rng.randrange(2 * p), rng.randrange(2 * p))
                  for _ in range(args.random)]
        for a, b, c, d in quads:
            r = mul_sub_mul_lazy(a, b, c, d, p, neg_inv)
            assert r < 2 * p and r % p == (a * b - c * d) * r_inv % p, (name, a, b, c, d)
        print(f"{name}: {len(pairs)} products, {len(quads)} a·b − c·d: every chain fits, every result < 2p and correct")


if __name__ == "__main__":
    main()
