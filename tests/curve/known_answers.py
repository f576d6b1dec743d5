#!/usr/bin/env python3
"""Known answers for tests/curve/curve_known_answer_test.cpp, computed with Python integers.

Textbook affine arithmetic on y^2 = x^3 + b, independent of the C++ code. Run it and compare
with the hex literals in the test (they were pasted from this output).
"""

BN254_P = 0x30644E72E131A029B85045B68181585D97816A916871CA8D3C208C16D87CFD47
BN254_R = 0x30644E72E131A029B85045B68181585D2833E84879B9709143E1F593F0000001

CURVES = {
    # name: (base field modulus, group order, b, generator)
    "Bn254G1": (BN254_P, BN254_R, 3, (1, 2)),
    "GrumpkinG1": (BN254_R, BN254_P, -17, (1, 0x2CF135E7506A45D632D270D45F1181294833FC48D823F272C)),
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
