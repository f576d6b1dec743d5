#!/usr/bin/env python3
"""Binary point/scalar files for the zkmsm CLI tests (README.md, "File formats").

As a module: curve constants, encoders, small affine arithmetic and the edge-case inputs of the
oracle test. As a script: `cli_files.py errors DIR` writes the fixture files of the error tests.

Formats: a scalar is 32 bytes, little-endian in le, else big-endian. A point of bn254 or
grumpkin is x || y, each a 32-byte integer (eip196 big-endian, le little-endian); of bls12_381,
eip2537 x || y each 16 zero bytes then 48 big-endian, le x || y each 48 bytes little-endian, zcash
the 48-byte compressed form (x big-endian, flags 0x80 compressed, 0x40 infinity, 0x20 larger y).
(0, 0) is the point at infinity.
"""
import os
import random
import sys

BN254_P = 0x30644E72E131A029B85045B68181585D97816A916871CA8D3C208C16D87CFD47
BN254_R = 0x30644E72E131A029B85045B68181585D2833E84879B9709143E1F593F0000001

BLS12_381_P = 0x1A0111EA397FE69A4B1BA7B6434BACD764774B84F38512BF6730D2A0F6B0F6241EABFFFEB153FFFFB9FEFFFFFFFFAAAB
BLS12_381_R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001

# name: (base field modulus p, group order r, b of y^2 = x^3 + b, generator)
CURVES = {
    "bls12_381": (BLS12_381_P, BLS12_381_R, 4,
                  (0x17F1D3A73197D7942695638C4FA9AC0FC3688C4F9774B905A14E3A3F171BAC586C55E83FF97A1AEFFB3AF00ADB22C6BB,
                   0x08B3F481E3AAA0F1A09E30ED741D8AE4FCF5E095D5D00AF600DB18CB2C04B3EDD03CC744A2888AE40CAA232946C5E7E1)),
    "bn254": (BN254_P, BN254_R, 3, (1, 2)),
    "grumpkin": (BN254_R, BN254_P, BN254_R - 17,
                 (1, 17631683881184975370165255887551781615748388533673675138860)),
}

INFINITY = None  # the point at infinity, stored as (0, 0)


def modulus(curve):
    return CURVES[curve][0]


def order(curve):
    return CURVES[curve][1]


def generator(curve):
    return CURVES[curve][3]


def on_curve(curve, point):
    if point is INFINITY:
        return True
    p, _, b, _ = CURVES[curve]
    x, y = point
    return (y * y - x * x * x - b) % p == 0


def add(curve, a, b):
    """Affine addition (chord and tangent), handling infinity, doubling and P + (-P)."""
    p = modulus(curve)
    if a is INFINITY:
        return b
    if b is INFINITY:
        return a
    (x1, y1), (x2, y2) = a, b
    if x1 == x2:
        if (y1 + y2) % p == 0:
            return INFINITY
        slope = 3 * x1 * x1 * pow(2 * y1, -1, p) % p
    else:
        slope = (y2 - y1) * pow(x2 - x1, -1, p) % p
    x3 = (slope * slope - x1 - x2) % p
    return x3, (slope * (x1 - x3) - y1) % p


def negate(curve, point):
    if point is INFINITY:
        return INFINITY
    x, y = point
    return x, (modulus(curve) - y) % modulus(curve)


def encode_integer(value, fmt):
    assert 0 <= value < 1 << 256
    return value.to_bytes(32, "little" if fmt == "le" else "big")


def decode_integer(data, fmt):
    return int.from_bytes(data, "little" if fmt == "le" else "big")


def point_size(fmt):
    return {"eip196": 64, "le": 64, "eip2537": 128, "zcash": 48, "le48": 96}[fmt]


def layout(curve, fmt):
    """The format's name for a point's bytes: bls12_381's le is 48-byte coordinates ("le48")."""
    return "le48" if curve == "bls12_381" and fmt == "le" else fmt


def encode_point(point, fmt, p=BLS12_381_P):
    x, y = (0, 0) if point is INFINITY else point
    if fmt == "eip2537":
        return bytes(16) + x.to_bytes(48, "big") + bytes(16) + y.to_bytes(48, "big")
    if fmt == "le48":
        return x.to_bytes(48, "little") + y.to_bytes(48, "little")
    if fmt == "zcash":
        if point is INFINITY:
            return bytes([0xC0]) + bytes(47)
        data = bytearray(x.to_bytes(48, "big"))
        data[0] |= 0x80 | (0x20 if 2 * y > p else 0)
        return bytes(data)
    return encode_integer(x, fmt) + encode_integer(y, fmt)


def decode_point(data, fmt, p=BLS12_381_P):
    if fmt == "eip2537":
        x, y = int.from_bytes(data[16:64], "big"), int.from_bytes(data[80:128], "big")
    elif fmt == "le48":
        x, y = int.from_bytes(data[:48], "little"), int.from_bytes(data[48:], "little")
    elif fmt == "zcash":
        if data[0] & 0x40:
            return INFINITY
        x = int.from_bytes(bytes([data[0] & 0x1F]) + data[1:], "big")
        y = pow(x ** 3 + 4, (p + 1) // 4, p)
        if (2 * y > p) != bool(data[0] & 0x20):
            y = p - y
    else:
        x, y = decode_integer(data[:32], fmt), decode_integer(data[32:], fmt)
    return INFINITY if (x, y) == (0, 0) else (x, y)


def encode_points(points, fmt, curve="bn254"):
    """points: (x, y) tuples or INFINITY; raw integers are written as given (even if >= p)."""
    return b"".join(encode_point(point, layout(curve, fmt)) for point in points)


def encode_scalars(scalars, fmt):
    return b"".join(encode_integer(s, fmt) for s in scalars)


def read_points(path, fmt, curve="bn254"):
    data = open(path, "rb").read()
    size = point_size(layout(curve, fmt))
    assert len(data) % size == 0, path
    return [decode_point(data[i:i + size], layout(curve, fmt)) for i in range(0, len(data), size)]


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def edge_cases(curve, base, rng):
    """Named (points, scalars) inputs with the hard cases of ARCHITECTURE.md, "Correctness contract".

    base: a list of at least 16 valid, distinct, finite points (from `zkmsm gen`).
    """
    r = order(curve)
    top = (1 << 256) - 1
    edge_scalars = [0, 1, 2, r - 2, r - 1, r, r + 1, 2 * r, top, top - 1, 1 << 255, (1 << 254) - 1]
    cases = {}

    # Each edge scalar against its own point, and all of them against one point.
    cases["edge_scalars"] = (base[:len(edge_scalars)], edge_scalars)
    cases["edge_scalars_one_point"] = ([base[0]] * len(edge_scalars), edge_scalars)
    # A single point: n = 1 with extreme scalars.
    cases["single_r_minus_1"] = ([base[1]], [r - 1])
    cases["single_top"] = ([base[2]], [top])
    cases["single_r"] = ([base[3]], [r])  # r*P = infinity
    # Repeated points: the same point 40 times with random scalars, and with one repeated scalar.
    cases["repeated_point"] = ([base[4]] * 40, [rng.randrange(r) for _ in range(40)])
    s = rng.randrange(r)
    cases["repeated_point_and_scalar"] = ([base[5]] * 33, [s] * 33)
    # P and -P: equal scalars cancel exactly; different scalars leave (s1 - s2)P.
    pairs, pair_scalars = [], []
    for i in range(8):
        s1 = rng.randrange(r)
        pairs += [base[i], negate(curve, base[i])]
        pair_scalars += [s1, s1]
    cases["p_minus_p_cancel"] = (pairs, pair_scalars)  # result: infinity
    cases["p_minus_p_mixed"] = ([base[6], negate(curve, base[6]), base[7], negate(curve, base[7])],
                                [rng.randrange(r), rng.randrange(r), 5, 3])
    cases["p_and_scalar_r_minus_1"] = ([base[8], base[8]], [1, r - 1])  # P + (r-1)P = infinity
    cases["double_via_sum"] = ([base[9], base[9]], [7, 7])  # 14P through an affine doubling
    # Points at infinity with nonzero scalars, alone and mixed in.
    cases["all_infinity"] = ([INFINITY] * 5, [rng.randrange(r) for _ in range(5)])
    mixed = [INFINITY if i % 3 == 0 else base[i % 16] for i in range(30)]
    cases["infinity_mixed"] = (mixed, [rng.randrange(r) for _ in range(30)])
    # All-zero scalars and an all-cancelling sum give infinity.
    cases["zero_scalars"] = (base[:10], [0] * 10)
    # Small and mixed-width scalars put many points in the same low buckets.
    cases["small_scalars"] = ([base[i % 16] for i in range(64)], [rng.randrange(1, 9) for _ in range(64)])
    widths = [1, 8, 31, 64, 127, 128, 200, 253, 254, 256]
    cases["mixed_widths"] = (base[:len(widths)], [rng.getrandbits(w) | (1 << (w - 1)) for w in widths])
    # Everything at once, shuffled: collisions inside buckets of every window.
    pool = []
    for name in ("edge_scalars", "repeated_point", "p_minus_p_cancel", "p_minus_p_mixed", "infinity_mixed",
                 "small_scalars", "mixed_widths"):
        pool += list(zip(*cases[name]))
    pool *= 3
    rng.shuffle(pool)
    cases["everything_shuffled"] = ([p for p, _ in pool], [s for _, s in pool])
    return cases


def write_error_fixtures(directory):
    """The files of the error tests (tests/cli/CMakeLists.txt), all eip196 unless named _le."""
    os.makedirs(directory, exist_ok=True)
    p = modulus("bn254")
    g = generator("bn254")
    g2 = add("bn254", g, g)
    g3 = add("bn254", g2, g)
    valid = [g, g2, INFINITY, g3]
    scalars = [1, 2, 3, 4]
    files = {
        "valid_points.bin": encode_points(valid, "eip196"),
        "valid_scalars.bin": encode_scalars(scalars, "eip196"),
        "truncated_points.bin": encode_points(valid, "eip196")[:-1],
        "truncated_scalars.bin": encode_scalars(scalars, "eip196") + b"\x01" * 5,
        "three_scalars.bin": encode_scalars(scalars[:3], "eip196"),
        "x_ge_p.bin": encode_points([g, g2, (p, 2), g3], "eip196"),
        "y_ge_p.bin": encode_points([g, (1, p + 2), g2, g3], "eip196"),
        "x_max.bin": encode_points([g, g2, g3, ((1 << 256) - 1, 2)], "eip196"),
        "x_ge_p_le.bin": encode_points([g, g2, (p, 2), g3], "le"),
        "valid_scalars_le.bin": encode_scalars(scalars, "le"),
        "off_curve.bin": encode_points([g, g2, g3, (1, 3)], "eip196"),
        # x = BN254's r is canonical for bn254 but not below grumpkin's modulus (also r).
        "grumpkin_x_ge_p.bin": encode_points([generator("grumpkin"), (BN254_R, 2), INFINITY, INFINITY], "eip196"),
        "empty.bin": b"",
    }
    assert all(on_curve("bn254", q) for q in valid) and not on_curve("bn254", (1, 3))
    for name, data in files.items():
        write(os.path.join(directory, name), data)
    os.makedirs(os.path.join(directory, "a_directory"), exist_ok=True)


def main(argv):
    if len(argv) != 3 or argv[1] != "errors":
        sys.stderr.write("usage: cli_files.py errors DIR\n")
        return 2
    write_error_fixtures(argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
