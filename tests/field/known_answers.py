#!/usr/bin/env python3
"""Known answers for tests/field/field_known_answer_test.cpp, computed with Python integers.

Independent of the C++ code: plain modular arithmetic on int. Run it and compare with the
hex literals in the test (they were pasted from this output).
"""

FIELDS = {
    "Bn254Fq": 0x30644E72E131A029B85045B68181585D97816A916871CA8D3C208C16D87CFD47,
    "Bn254Fr": 0x30644E72E131A029B85045B68181585D2833E84879B9709143E1F593F0000001,
}
LIMBS = 4
R = 1 << (64 * LIMBS)
EXPONENT = (1 << 255) - 19  # an arbitrary 255-bit exponent for pow_vartime


def hx(value):
    return f'"{value:#x}"'


for name, p in FIELDS.items():
    a = pow(3, 160, p)  # fixed, full-size canonical operands
    b = pow(5, 109, p)
    print(f"// {name}: p = {p:#x}")
    print(f"  r_mod_p = {hx(R % p)}")
    print(f"  r2_mod_p = {hx(R * R % p)}")
    print(f"  r3_mod_p = {hx(R * R * R % p)}")
    neg_inv64 = (-pow(p, -1, 1 << 64)) % (1 << 64)
    print(f"  neg_inv64 = {neg_inv64:#x}")
    print(f"  neg_inv32 = {neg_inv64 & 0xFFFFFFFF:#x}")
    print(f"  a = 3^160 = {hx(a)}")
    print(f"  b = 5^109 = {hx(b)}")
    print(f"  a_montgomery (a*R) = {hx(a * R % p)}")
    print(f"  a + b = {hx((a + b) % p)}")
    print(f"  a - b = {hx((a - b) % p)}")
    print(f"  b - a = {hx((b - a) % p)}")
    print(f"  a * b = {hx(a * b % p)}")
    print(f"  a^2 = {hx(a * a % p)}")
    print(f"  -a = {hx(-a % p)}")
    print(f"  a^-1 = {hx(pow(a, -1, p))}")
    print(f"  2^-1 = {hx(pow(2, -1, p))}")
    print(f"  a^(2^255-19) = {hx(pow(a, EXPONENT, p))}")
    print(f"  from_i64(-17) = {hx(-17 % p)}")
    print(f"  from_i64(INT64_MIN) = {hx(-(1 << 63) % p)}")
