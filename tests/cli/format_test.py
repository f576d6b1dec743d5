#!/usr/bin/env python3
"""eip196 and le describe the same inputs: `zkmsm gen --format le` writes the byte-reversed
32-byte integers of `--format eip196`, and `zkmsm msm` gives the same result on both, also on
files converted here, independently of gen, and on the same bytes through a pipe (the stream
path). At 77 points one thread decodes; at 40,000 (80,000 integers) the decoding is parallel.

  format_test.py --zkmsm BIN --curve C --workdir DIR
"""
import argparse
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import cli_files  # noqa: E402


def run(command):
    proc = subprocess.run(command, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"FAIL: {' '.join(command)} exited {proc.returncode}: {proc.stderr}")
    return proc.stdout


def reverse_chunks(data):
    return b"".join(data[i:i + 32][::-1] for i in range(0, len(data), 32))


def check_formats(args, path, n):
    results = {}
    for fmt in ("eip196", "le"):
        run([args.zkmsm, "gen", "--curve", args.curve, "--n", str(n), "--seed", "99", "--format", fmt,
             "--points", path(f"{fmt}_p.bin"), "--scalars", path(f"{fmt}_k.bin")])
        results[fmt] = run([args.zkmsm, "msm", "--curve", args.curve, "--format", fmt,
                            "--points", path(f"{fmt}_p.bin"), "--scalars", path(f"{fmt}_k.bin")])
    for kind in ("p", "k"):
        big = open(path(f"eip196_{kind}.bin"), "rb").read()
        little = open(path(f"le_{kind}.bin"), "rb").read()
        if reverse_chunks(big) != little:
            sys.exit(f"FAIL: le_{kind}.bin is not eip196_{kind}.bin with each 32-byte integer reversed")

    # Convert the eip196 files here and compute again.
    cli_files.write(path("converted_p.bin"), reverse_chunks(open(path("eip196_p.bin"), "rb").read()))
    cli_files.write(path("converted_k.bin"), reverse_chunks(open(path("eip196_k.bin"), "rb").read()))
    results["converted"] = run([args.zkmsm, "msm", "--curve", args.curve, "--format", "le",
                                "--points", path("converted_p.bin"), "--scalars", path("converted_k.bin")])
    # The default format is eip196.
    results["default"] = run([args.zkmsm, "msm", "--curve", args.curve,
                              "--points", path("eip196_p.bin"), "--scalars", path("eip196_k.bin")])
    # The same eip196 bytes through pipes: read as streams, decoded from a byte buffer.
    results["stream"] = run(["bash", "-c", 'exec "$0" msm --curve "$1" --points <(cat "$2") --scalars <(cat "$3")',
                             args.zkmsm, args.curve, path("eip196_p.bin"), path("eip196_k.bin")])
    print(n, results)
    if len(set(results.values())) != 1 or '"x":"0x' not in results["eip196"]:
        sys.exit(f"FAIL: results differ between formats: {results}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--zkmsm", required=True)
    parser.add_argument("--curve", required=True)
    parser.add_argument("--workdir", required=True)
    args = parser.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    path = lambda name: os.path.join(args.workdir, name)

    for n in (77, 40000):
        check_formats(args, path, n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
