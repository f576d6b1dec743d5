#!/usr/bin/env python3
"""Known answers for tests/curve/curve_known_answer_test.cpp, computed with Python integers.

Textbook affine arithmetic on y^2 = x^3 + b, independent of the C++ code. Run it and compare
with the hex literals in the test (they were pasted from this output).
"""

BN254_P = 0x30644E72E131A029B85045B68181585D97816A916871CA8D3C208C16D87CFD47
BN254_R = 0x30644E72E131A029B85045B68181585D2833E84879B9709143E1F593F0000001

BLS12_381_Z = -0xD201000000010000
BLS12_381_P = 0x1A0111EA397FE69A4B1BA7B6434BACD764774B84F38512BF6730D2A0F6B0F6241EABFFFEB153FFFFB9FEFFFFFFFFAAAB
BLS12_381_R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
BLS12_381_G = (
    0x17F1D3A73197D7942695638C4FA9AC0FC3688C4F9774B905A14E3A3F171BAC586C55E83FF97A1AEFFB3AF00ADB22C6BB,
    0x08B3F481E3AAA0F1A09E30ED741D8AE4FCF5E095D5D00AF600DB18CB2C04B3EDD03CC744A2888AE40CAA232946C5E7E1,
)
assert (BLS12_381_Z - 1) ** 2 * (BLS12_381_Z**4 - BLS12_381_Z**2 + 1) // 3 + BLS12_381_Z == BLS12_381_P
assert BLS12_381_Z**4 - BLS12_381_Z**2 + 1 == BLS12_381_R

CURVES = {
    # name: (base field modulus, group order, b, generator)
    "Bn254G1": (BN254_P, BN254_R, 3, (1, 2)),
    "GrumpkinG1": (BN254_R, BN254_P, -17, (1, 0x2CF135E7506A45D632D270D45F1181294833FC48D823F272C)),
    "Bls12381G1": (BLS12_381_P, BLS12_381_R, 4, BLS12_381_G),
}


def add(P, Q, p):
    """P + Q in affine coordinates; None is the point at infinity."""
    if P is None:
        return Q
    if Q is None:
        return P
    if P[0] == Q[0]:
        if (P[1] + Q[1]) % p == 0:
            return None
        slope = 3 * P[0] * P[0] * pow(2 * P[1], -1, p)
    else:
        slope = (Q[1] - P[1]) * pow(Q[0] - P[0], -1, p)
    x = (slope * slope - P[0] - Q[0]) % p
    return (x, (slope * (P[0] - x) - P[1]) % p)


def mul(k, P, p):
    """[k]P by double-and-add, most significant bit first."""
    result = None
    for bit in bin(k)[2:]:
        result = add(result, result, p)
        if bit == "1":
            result = add(result, P, p)
    return result


def hx(value):
    return f'"{value:#x}"'


for name, (p, r, b, G) in CURVES.items():
    assert (G[1] ** 2 - G[0] ** 3 - b) % p == 0
    assert mul(r, G, p) is None
    k = pow(7, 90, r)  # a fixed full-size scalar (253 bits)
    print(f"// {name}")
    for label, scalar in (("2", 2), ("3", 3), ("k = 7^90 mod r = " + hex(k), k)):
        x, y = mul(scalar, G, p)
        print(f"  [{label}]G:\n    x = {hx(x)}\n    y = {hx(y)}")


def bls12_381_subgroup_cases():
    """On-curve BLS12-381 points outside G1 (the first x = 1, 2, ... whose point has a cofactor
    component; y the root of p = 3 mod 4) and one point of G1 that is not a multiple of G by a small
    known scalar ([h]Q for the first such Q), for the subgroup test."""
    p, r = BLS12_381_P, BLS12_381_R
    h = (BLS12_381_Z - 1) ** 2 // 3
    assert h * r == p + 1 - (BLS12_381_Z + 1)  # the curve's order: p + 1 - t with trace t = z + 1
    outside = []
    x = 0
    while len(outside) < 3:
        x += 1
        rhs = (x**3 + 4) % p
        y = pow(rhs, (p + 1) // 4, p)
        if y * y % p != rhs:
            continue
        if mul(r, (x, y), p) is not None:
            outside.append((x, y))
    inside = mul(h, outside[1], p)  # [h] of the first point is the standard generator itself
    assert mul(r, inside, p) is None
    # A point of order 3: [r·h/3]Q for the first listed Q with a component of order 3 (3 ∥ h).
    order3 = next(t for t in (mul(r * (h // 3), q, p) for q in outside) if t is not None)
    assert mul(3, order3, p) is None
    g_plus_order3 = add(BLS12_381_G, order3, p)  # G1 plus a small-order component
    print("// Bls12381G1 subgroup test: on the curve, not in G1 (x = 4, 5, 6; order 3; G + order 3)")
    for x, y in outside + [order3, g_plus_order3]:
        print(f"  x = {hx(x)}\n  y = {hx(y)}")
    print(f"// in G1: [h]Q, Q the point with x = 5\n  x = {hx(inside[0])}\n  y = {hx(inside[1])}")


bls12_381_subgroup_cases()
