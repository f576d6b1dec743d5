#!/usr/bin/env python3
"""Writes the committed seed inputs of zkmsm_fuzz_inputs (fuzz_inputs.cpp says how an input is
read) to corpus/: one or two per case, curve and format, with valid and invalid points, edge
scalars and the knobs at both ends. Run from anywhere: python3 tests/fuzz/write_seeds.py"""
import os

P_BN254 = 0x30644E72E131A029B85045B68181585D97816A916871CA8D3C208C16D87CFD47
R_BN254 = 0x30644E72E131A029B85045B68181585D2833E84879B9709143E1F593F0000001
P_GRUMPKIN = R_BN254  # Grumpkin's base field is BN254's scalar field
GRUMPKIN_G_Y = 0x2CF135E7506A45D632D270D45F1181294833FC48D823F272C

P_BLS = 0x1A0111EA397FE69A4B1BA7B6434BACD764774B84F38512BF6730D2A0F6B0F6241EABFFFEB153FFFFB9FEFFFFFFFFAAAB
BLS_G_X = 0x17F1D3A73197D7942695638C4FA9AC0FC3688C4F9774B905A14E3A3F171BAC586C55E83FF97A1AEFFB3AF00ADB22C6BB
BLS_G_Y = 0x08B3F481E3AAA0F1A09E30ED741D8AE4FCF5E095D5D00AF600DB18CB2C04B3EDD03CC744A2888AE40CAA232946C5E7E1

POINTS, SCALARS, BUILT_MSM, RAW_MSM = 0, 1, 2, 3
GRUMPKIN, LE = 4, 8
# A BLS12-381 points file (bit 4) and its format (bits 5-6).
BLS_EIP2537, BLS_LE, BLS_ZCASH = 16, 16 | 32, 16 | 64


def integer(value, le=False):
    data = value.to_bytes(32, "big")
    return data[::-1] if le else data


def bls_eip2537(value):
    return bytes(16) + value.to_bytes(48, "big")


def bls_le(value):
    return value.to_bytes(48, "little")


def bls_zcash(x, flags):
    data = bytearray(x.to_bytes(48, "big"))
    data[0] |= flags
    return bytes(data)


def word_limbs(value):
    return value.to_bytes(32, "little")  # four little-endian 64-bit limbs


SEEDS = {
    # case 0: points files
    "points_bn254_eip196_generator_and_infinity":
        bytes([POINTS]) + integer(1) + integer(2) + integer(0) + integer(0),
    "points_bn254_eip196_off_curve_then_x_equal_p":
        bytes([POINTS]) + integer(1) + integer(2) + integer(1) + integer(3) + integer(P_BN254) + integer(2),
    "points_grumpkin_le_generator":
        bytes([POINTS | GRUMPKIN | LE]) + integer(1, True) + integer(GRUMPKIN_G_Y, True),
    "points_grumpkin_le_truncated": bytes([POINTS | GRUMPKIN | LE]) + bytes(range(63)),
    # BLS12-381 points files: G and infinity; a padding byte; (0, 2), on the curve of order 3
    # (outside G1); zcash's G (its y is the smaller root: 0x20 clear), infinity, a clear compression
    # flag, x = p, x = 1 (1 + 4 = 5 is not a square mod p)
    "points_bls12_381_eip2537_generator_and_infinity":
        bytes([BLS_EIP2537]) + bls_eip2537(BLS_G_X) + bls_eip2537(BLS_G_Y) + bytes(128),
    "points_bls12_381_eip2537_padding": bytes([BLS_EIP2537]) + bytes(15) + b"\x01" + bytes(112),
    "points_bls12_381_le_generator_then_outside_g1":
        bytes([BLS_LE]) + bls_le(BLS_G_X) + bls_le(BLS_G_Y) + bls_le(0) + bls_le(2),
    "points_bls12_381_zcash_generator_and_infinity":
        bytes([BLS_ZCASH]) + bls_zcash(BLS_G_X, 0x80) + bls_zcash(0, 0xC0),
    "points_bls12_381_zcash_refused":
        bytes([BLS_ZCASH]) + bls_zcash(BLS_G_X, 0x80) + bls_zcash(BLS_G_X, 0x00) + bls_zcash(P_BLS, 0x80)
        + bls_zcash(1, 0x80),
    # case 1: scalars files
    "scalars_bn254_le_edges":
        bytes([SCALARS | LE]) + integer(0, True) + integer(1, True) + integer(R_BN254 - 1, True)
        + integer(R_BN254, True) + integer(2**256 - 1, True),
    "scalars_grumpkin_eip196_truncated": bytes([SCALARS | GRUMPKIN]) + bytes(33),
    # case 2: MSMs of built points: n, window, flags, a kind per point, then the scalars
    # (kind % 4 == 0: an edge value (kind >> 2) % 6, else 32 raw bytes)
    "msm_built_bn254_c22_copies_negations":
        bytes([BUILT_MSM, 8, 22, 0]) + bytes([1, 5, 2, 3, 0, 7, 6, 11])
        + bytes([0 << 2, 1 << 2, 2 << 2, 3 << 2, 4 << 2, 5 << 2]) + bytes([1]) + bytes(range(32)) + bytes([1])
        + bytes(range(32, 64)),
    "msm_built_grumpkin_montgomery_bases":
        bytes([BUILT_MSM | GRUMPKIN, 5, 0, 1 | 2 | 8 | 16]) + bytes([9, 2, 3, 13, 0])
        + b"".join(bytes([1]) + bytes([i] * 32) for i in range(1, 6)),
    "msm_built_bn254_refused_window": bytes([BUILT_MSM, 2, 23, 0, 1, 1, 1]) + bytes(32) + bytes([4]),
    # case 3: MSMs of raw points: n, window, flags, then per point x, y (limbs) and a scalar
    "msm_raw_bn254_generator_and_off_curve":
        bytes([RAW_MSM, 2, 13, 0]) + word_limbs(1) + word_limbs(2) + bytes([1]) + bytes([7] * 32)
        + word_limbs(1) + word_limbs(3) + bytes([1]) + bytes([9] * 32),
    "msm_raw_grumpkin_unvalidated_montgomery":
        bytes([RAW_MSM | GRUMPKIN, 1, 4, 1 | 4]) + word_limbs(P_GRUMPKIN) + word_limbs(5) + bytes([1])
        + bytes([3] * 32),
}


def main():
    directory = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
    os.makedirs(directory, exist_ok=True)
    for name, data in SEEDS.items():
        with open(os.path.join(directory, name), "wb") as f:
            f.write(data)
    print(f"wrote {len(SEEDS)} seeds to {directory}")


if __name__ == "__main__":
    main()
