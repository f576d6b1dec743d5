#!/usr/bin/env python3
"""Small runs of `zkmsm bench`, `sweep`, `run` and `msm --stats`: exit status, stdout/stderr
separation, and the fields of their JSON.

  tools_smoke_test.py --zkmsm BIN --case bench|sweep|run|stats --workdir DIR
"""
import argparse
import json
import os
import subprocess
import sys


def run(command, expect_status=0):
    proc = subprocess.run(command, capture_output=True, text=True)
    if proc.returncode != expect_status:
        sys.exit(f"FAIL: {' '.join(command)} exited {proc.returncode} (expected {expect_status})\n"
                 f"stdout:\n{proc.stdout}\nstderr:\n{proc.stderr}")
    return proc


def check(condition, message):
    if not condition:
        sys.exit(f"FAIL: {message}")


def check_rows(report, expected_rows):
    rows = report["rows"]
    check(len(rows) == expected_rows, f"expected {expected_rows} rows, got {len(rows)}")
    for row in rows:
        check(row.get("verified") is True, f"row not verified: {row}")
        check(row["median_ms"] > 0 and row["min_ms"] <= row["median_ms"], f"bad times: {row}")
        check(row["window_bits"] >= 2 and row["stages_median_ms"], f"missing window/stages: {row}")
        check("x" in row["result"] or row["result"] == {"infinity": True}, f"bad result: {row}")
    env = report["environment"]
    for key in ("date", "command", "cpu_model", "zkmsm_version", "git_commit", "backends_available"):
        check(key in env, f"environment lacks {key}: {env}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--zkmsm", required=True)
    parser.add_argument("--case", required=True, choices=["bench", "sweep", "run", "stats"])
    parser.add_argument("--workdir", required=True)
    args = parser.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    zkmsm = args.zkmsm
    info = json.loads(run([zkmsm, "info"]).stdout)
    backends = [name for name, usable in info["backends"].items() if usable]

    if args.case == "bench":
        out = os.path.join(args.workdir, "bench.json")
        proc = run([zkmsm, "bench", "--curve", "grumpkin", "--backend", "all", "--log-n-min", "3", "--log-n-max", "6",
                    "--repeats", "2", "--warmups", "1", "--seed", "5", "--json", out])
        check("verified" in proc.stdout and "2^6" in proc.stdout, f"no table on stdout:\n{proc.stdout}")
        check("[zkmsm bench]" in proc.stderr, "no progress on stderr")
        report = json.load(open(out))
        check_rows(report, 4 * len(backends))
        check(report["parameters"]["curve"] == "grumpkin", "parameters not recorded")
        check(report["parameters"]["inputs"] == "host", "the input location is not recorded")
        check(all(row["inputs"] == "host" for row in report["rows"]), "rows do not say where their inputs were")
        check(all(row["cold"] is False for row in report["rows"]), "warm rows are not marked warm")
        # --cold: no warm-up, fresh arrays before each run; the same results.
        cold_out = os.path.join(args.workdir, "bench_cold.json")
        proc = run([zkmsm, "bench", "--curve", "grumpkin", "--backend", "cpu", "--log-n-min", "3", "--log-n-max", "6",
                    "--repeats", "2", "--cold", "--seed", "5", "--json", cold_out])
        check("cold timed runs after 0 warm-up" in proc.stdout, f"the table does not say cold:\n{proc.stdout}")
        cold_report = json.load(open(cold_out))
        check_rows(cold_report, 4)
        check(cold_report["parameters"]["cold"] is True and cold_report["parameters"]["warmups"] == 0,
              "cold parameters not recorded")
        warm_cpu = [row["result"] for row in report["rows"] if row["backend"] == "cpu"]
        check([row["result"] for row in cold_report["rows"]] == warm_cpu, "cold and warm rows disagree")
        # --inputs bases on every usable backend: bases prepared once per backend, the same results.
        bases_out = os.path.join(args.workdir, "bench_bases.json")
        proc = run([zkmsm, "bench", "--curve", "grumpkin", "--backend", "all", "--inputs", "bases", "--log-n-min",
                    "3", "--log-n-max", "6", "--repeats", "2", "--warmups", "1", "--seed", "5", "--json", bases_out])
        check("bases prepared in" in proc.stderr, f"no preparation on stderr:\n{proc.stderr}")
        bases_report = json.load(open(bases_out))
        check_rows(bases_report, 4 * len(backends))
        check(all(row["inputs"] == "bases" for row in bases_report["rows"]), "rows not marked as bases inputs")
        check([row["result"] for row in bases_report["rows"]] == [row["result"] for row in report["rows"]],
              "rows on bases disagree with rows from host memory")
        if "cuda" in backends:
            # Inputs moved to the device once (bases handle, device scalars), then timed.
            device_out = os.path.join(args.workdir, "bench_device.json")
            proc = run([zkmsm, "bench", "--curve", "bn254", "--backend", "cuda", "--inputs", "device", "--log-n-min",
                        "3", "--log-n-max", "6", "--repeats", "2", "--seed", "5", "--json", device_out])
            check("device" in proc.stdout, f"the table does not show the input location:\n{proc.stdout}")
            device_report = json.load(open(device_out))
            check_rows(device_report, 4)
            check(all(row["inputs"] == "device" for row in device_report["rows"]), "rows not marked as device inputs")
    elif args.case == "sweep":
        out = os.path.join(args.workdir, "sweep.json")
        proc = run([zkmsm, "sweep", "--backend", "cpu", "--log-n", "7", "--repeats", "1", "--window-bits", "3,5",
                    "--threads", "1,2", "--json", out])
        check("fastest verified" in proc.stdout, f"no summary on stdout:\n{proc.stdout}")
        report = json.load(open(out))
        check_rows(report, 4)
        windows = sorted({row["window_bits"] for row in report["rows"]})
        check(windows == [3, 5], f"the swept window sizes were not used: {windows}")
        check(len({json.dumps(row["result"]) for row in report["rows"]}) == 1, "rows disagree")
    elif args.case == "run":
        proc = run([zkmsm, "run", "--log-n", "10", "--repeats", "1"])
        lines = proc.stdout.strip().splitlines()
        check(any(line.startswith("verified  yes") for line in lines), f"not verified:\n{proc.stdout}")
        result = lines[-1]
        # run uses random_points/random_scalars(n, seed), like gen: msm on gen's files must agree.
        p, k = os.path.join(args.workdir, "run_p.bin"), os.path.join(args.workdir, "run_k.bin")
        run([zkmsm, "gen", "--curve", "bn254", "--n", "1024", "--seed", "1", "--points", p, "--scalars", k])
        expected = run([zkmsm, "msm", "--curve", "bn254", "--points", p, "--scalars", k]).stdout.strip()
        check(result == expected, f"run printed {result}, msm on the same inputs {expected}")
    elif args.case == "stats":
        p, k = os.path.join(args.workdir, "stats_p.bin"), os.path.join(args.workdir, "stats_k.bin")
        run([zkmsm, "gen", "--curve", "bn254", "--n", "200", "--seed", "3", "--points", p, "--scalars", k])
        plain = run([zkmsm, "msm", "--curve", "bn254", "--points", p, "--scalars", k])
        check(plain.stderr == "", f"msm wrote to stderr without --stats: {plain.stderr}")
        with_stats = run([zkmsm, "msm", "--curve", "bn254", "--points", p, "--scalars", k, "--stats", "-c", "6"])
        check(with_stats.stdout == plain.stdout and with_stats.stdout.count("\n") == 1,
              f"--stats changed stdout: {with_stats.stdout!r}")
        stats = json.loads(with_stats.stderr)
        check(stats["n"] == 200 and stats["window_bits"] == 6 and stats["stages_ms"], f"bad stats: {stats}")
        stats_file = os.path.join(args.workdir, "stats.json")
        to_file = run([zkmsm, "msm", "--curve", "bn254", "--points", p, "--scalars", k, "--stats-json", stats_file])
        check(to_file.stdout == plain.stdout and to_file.stderr == "", "--stats-json polluted stdout/stderr")
        check(json.load(open(stats_file))["n"] == 200, "bad --stats-json file")
    print(f"{args.case}: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
