#!/usr/bin/env python3
"""Known answers from an independent source: EIP-2537's G1 MSM test vectors
(tests/cli/eip2537_g1msm_vectors.json, a selection of the EIP's published file, with its origin).
Each vector's input is split into an eip2537 points file and a scalars file, `zkmsm msm --curve
bls12_381` runs on them, and its result must be the vector's expected point.

  eip2537_vectors_test.py --zkmsm BIN --workdir DIR [--backend B]
"""
import argparse
import json
import os
import subprocess
import sys

VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "eip2537_g1msm_vectors.json")
PAIR_BYTES = 160  # a 128-byte point and a 32-byte scalar


def expected_json(hex_point):
    data = bytes.fromhex(hex_point)
    x, y = int.from_bytes(data[16:64], "big"), int.from_bytes(data[80:128], "big")
    if (x, y) == (0, 0):
        return '{"infinity":true}'
    return json.dumps({"x": f"0x{x:096x}", "y": f"0x{y:096x}"}, separators=(",", ":"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--zkmsm", required=True)
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--backend", default="cpu")
    args = parser.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    vectors = json.load(open(VECTORS))["vectors"]
    failures = 0
    for vector in vectors:
        data = bytes.fromhex(vector["input"])
        pairs = [data[i:i + PAIR_BYTES] for i in range(0, len(data), PAIR_BYTES)]
        points = os.path.join(args.workdir, "points.bin")
        scalars = os.path.join(args.workdir, "scalars.bin")
        with open(points, "wb") as f:
            f.write(b"".join(pair[:128] for pair in pairs))
        with open(scalars, "wb") as f:
            f.write(b"".join(pair[128:] for pair in pairs))
        proc = subprocess.run([args.zkmsm, "msm", "--curve", "bls12_381", "--format", "eip2537", "--backend",
                               args.backend, "--points", points, "--scalars", scalars], capture_output=True, text=True)
        got = proc.stdout.strip()
        want = expected_json(vector["expected"])
        if proc.returncode != 0 or got != want:
            failures += 1
            print(f"FAIL {vector['name']}: exit {proc.returncode} {proc.stderr.strip()}\n  got  {got}\n  want {want}")
        else:
            print(f"ok - {vector['name']} ({len(pairs)} pairs)")
    print(f"{len(vectors) - failures} of {len(vectors)} EIP-2537 vectors")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
