#!/usr/bin/env python3
"""bls12_381's file formats through the CLI (README.md, "File formats"): eip2537, zcash and le
describe the same inputs (the same result on each, and on eip2537 bytes converted here with
cli_files, independently of `zkmsm gen`, also through a pipe); each malformed encoding is refused
with exit status 1 and a message naming the point; a point on the curve outside G1 is refused by
the library's validation; a format of the other curves is refused for bls12_381 and the reverse.

  bls12_381_format_test.py --zkmsm BIN --workdir DIR
"""
import argparse
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import cli_files  # noqa: E402

P = cli_files.BLS12_381_P


def run(command, stdin=None):
    proc = subprocess.run(command, capture_output=True, text=True, stdin=stdin)
    if proc.returncode != 0:
        sys.exit(f"FAIL: {' '.join(command)} exited {proc.returncode}: {proc.stderr}")
    return proc.stdout


def expect_refused(command, needles, what):
    proc = subprocess.run(command, capture_output=True, text=True)
    if proc.returncode != 1 or proc.stdout:
        sys.exit(f"FAIL: {what}: exit {proc.returncode}, stdout {proc.stdout!r}, stderr {proc.stderr!r}")
    for needle in needles:
        if needle not in proc.stderr:
            sys.exit(f"FAIL: {what}: {needle!r} not in the message {proc.stderr.strip()!r}")
    print(f"ok - {what}: {proc.stderr.strip()}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--zkmsm", required=True)
    parser.add_argument("--workdir", required=True)
    args = parser.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    path = lambda name: os.path.join(args.workdir, name)  # noqa: E731
    zk = args.zkmsm
    n = 70

    results = {}
    for fmt in ("eip2537", "zcash", "le"):
        run([zk, "gen", "--curve", "bls12_381", "--n", str(n), "--seed", "5", "--format", fmt,
             "--points", path(f"{fmt}_p.bin"), "--scalars", path(f"{fmt}_k.bin")])
        results[fmt] = run([zk, "msm", "--curve", "bls12_381", "--format", fmt,
                            "--points", path(f"{fmt}_p.bin"), "--scalars", path(f"{fmt}_k.bin")])
    default = run([zk, "msm", "--curve", "bls12_381", "--points", path("eip2537_p.bin"),
                   "--scalars", path("eip2537_k.bin")])
    if len(set(results.values())) != 1 or default != results["eip2537"]:
        sys.exit(f"FAIL: the formats give different results: {results}, default {default}")
    print(f"ok - eip2537, zcash, le and the default agree: {default.strip()}")

    # The files agree with cli_files' independent encoders.
    points = cli_files.read_points(path("eip2537_p.bin"), "eip2537", "bls12_381")
    for fmt in ("zcash", "le"):
        if cli_files.encode_points(points, fmt, "bls12_381") != open(path(f"{fmt}_p.bin"), "rb").read():
            sys.exit(f"FAIL: {fmt}_p.bin differs from cli_files' encoding of the eip2537 points")
    print("ok - zcash and le files equal cli_files' encodings")

    # Through a pipe (the stream path).
    with open(path("zcash_p.bin"), "rb") as stream:
        piped = run([zk, "msm", "--curve", "bls12_381", "--format", "zcash", "--points", "/dev/stdin",
                     "--scalars", path("zcash_k.bin")], stdin=stream)
    if piped != default:
        sys.exit(f"FAIL: zcash through a pipe gives {piped}")
    print("ok - zcash points through a pipe")

    def refused(fmt, edit, needles, what):
        data = bytearray(open(path(f"{fmt}_p.bin"), "rb").read())
        edit(data)
        cli_files.write(path("bad.bin"), bytes(data))
        expect_refused([zk, "msm", "--curve", "bls12_381", "--format", fmt, "--points", path("bad.bin"),
                        "--scalars", path(f"{fmt}_k.bin")], needles, what)

    def set_byte(offset, value):
        def edit(data):
            data[offset] = value
        return edit

    def put(index, encoded, size):
        def edit(data):
            data[index * size:(index + 1) * size] = encoded
        return edit

    refused("eip2537", set_byte(7 * 128 + 3, 1), ["point 7", "padding"], "eip2537: x's padding not zero")
    refused("eip2537", set_byte(9 * 128 + 64 + 15, 1), ["point 9", "padding", "y"], "eip2537: y's padding not zero")
    refused("eip2537", put(4, bytes(16) + P.to_bytes(48, "big") + bytes(64), 128), ["point 4", "not below"],
            "eip2537: x = p")
    order_three = cli_files.encode_point((0, P - 2), "eip2537")
    refused("eip2537", put(11, order_three, 128), ["point 11", "subgroup"], "eip2537: a point of order 3 (not in G1)")
    refused("zcash", set_byte(3 * 48, 0x17), ["point 3", "compression flag"], "zcash: compression flag clear")
    refused("zcash", put(5, bytes([0xC0]) + bytes(46) + bytes([1]), 48), ["point 5", "infinity"],
            "zcash: infinity with a non-zero bit")
    refused("zcash", put(6, bytes([0xE0]) + bytes(47), 48), ["point 6", "infinity"], "zcash: infinity with 0x20")
    x_ge_p = bytearray(P.to_bytes(48, "big"))
    x_ge_p[0] |= 0x80
    refused("zcash", put(8, bytes(x_ge_p), 48), ["point 8", "not below"], "zcash: x = p")
    x = next(x for x in range(1, 100) if pow(x ** 3 + 4, (P - 1) // 2, P) != 1)
    no_point = bytearray(x.to_bytes(48, "big"))
    no_point[0] |= 0x80
    refused("zcash", put(2, bytes(no_point), 48), ["point 2", "not a square"], f"zcash: x = {x}, no point")
    refused("zcash", put(10, cli_files.encode_point((0, P - 2), "zcash"), 48), ["point 10", "subgroup"],
            "zcash: a point of order 3 (not in G1)")
    expect_refused([zk, "msm", "--curve", "bls12_381", "--format", "eip196", "--points", path("eip2537_p.bin"),
                    "--scalars", path("eip2537_k.bin")], ["eip196"], "bls12_381 refuses eip196")
    expect_refused([zk, "gen", "--curve", "bn254", "--n", "4", "--format", "zcash", "--points", path("x_p.bin"),
                    "--scalars", path("x_k.bin")], ["zcash", "bn254"], "bn254 refuses zcash")
    if os.path.exists(path("x_p.bin")):
        sys.exit("FAIL: a refused gen left its output")
    print("all bls12_381 format checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
