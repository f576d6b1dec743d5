#!/usr/bin/env bash
# zkmsm's cpu backend beside herumi/mcl's G1 MSM (mulVec, one thread, and mulVecMT, OpenMP on all
# cores) on the same BN254 inputs, in one run on this machine.
#
#   bench/mcl/side_by_side.sh ZKMSM_CLI MCL_SRC OUT_DIR [LOG_MIN LOG_MAX]    (defaults 16 20)
#
# MCL_SRC: a checkout of the public mcl repository, in an ignored folder (never vendored); its
# library is built with its own Makefile (`make lib/libmcl.a MCL_USE_OMP=1`, no GMP). Inputs:
# `zkmsm gen --curve bn254 --format le --seed 1`. zkmsm runs `bench` (warm calls, median of 5 after
# one warm-up) with all cores and with --threads 1, without point validation (mcl's mulVec
# validates nothing; its on-curve check happens when the inputs are converted, untimed); every
# size's results must be equal.
set -eu -o pipefail
zk=${1:?zkmsm CLI}; mcl=${2:?mcl source}; out=${3:?output dir}
lo=${4:-16}; hi=${5:-20}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"; work=$(mktemp -d)
threads=$(nproc)
(cd "$mcl" && [ -f lib/libmcl.a ] || make -j"$threads" lib/libmcl.a MCL_USE_OMP=1 MCL_USE_GMP=0 >/dev/null)
c++ -O2 -std=c++17 -fopenmp -DMCL_USE_OMP -I"$mcl/include" "$here/mcl_msm.cpp" "$mcl/lib/libmcl.a" -o "$work/mcl_msm"
"$zk" gen --curve bn254 --n $((1 << hi)) --seed 1 --format le --points "$work/p.bin" --scalars "$work/s.bin"
sizes=$(seq -s, "$lo" 2 "$hi")
"$work/mcl_msm" "$work/p.bin" "$work/s.bin" "$sizes" 5 1 | tee "$out/mcl_threads_1.log"
"$work/mcl_msm" "$work/p.bin" "$work/s.bin" "$sizes" 5 "$threads" | tee "$out/mcl_threads_0.log"
for t in 0 1; do
  "$zk" bench --curve bn254 --backend cpu --log-n-min "$lo" --log-n-max "$hi" --repeats 5 --warmups 1 \
    --threads "$t" --no-validate --json "$out/zkmsm_threads_$t.json" > "$out/zkmsm_threads_$t.log"
done
python3 - "$out" "$lo" "$hi" <<'PY'
import json, re, sys
out, lo, hi = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def point(text):
    value = json.loads(text)
    return None if value.get("infinity") else (int(value["x"], 16), int(value["y"], 16))
mcl = {}
for t in (0, 1):
    for line in open(f"{out}/mcl_threads_{t}.log"):
        m = re.match(r"2\^(\d+) ([\d.]+) ([\d.]+)$", line)
        if m: mcl.setdefault(int(m[1]), {})[f"ms_{t}"] = float(m[2])
        m = re.match(r"result 2\^(\d+) (.*)$", line)
        if m: mcl.setdefault(int(m[1]), {})[f"result_{t}"] = point(m[2])
rows = {t: {r["log_n"]: r for r in json.load(open(f"{out}/zkmsm_threads_{t}.json"))["rows"]} for t in (0, 1)}
table = []
print("n      mcl all cores ms  zkmsm all cores ms  ratio  mcl 1 thread ms  zkmsm 1 thread ms  ratio  same result")
for log_n in range(lo, hi + 1, 2):
    m, z0, z1 = mcl[log_n], rows[0][log_n], rows[1][log_n]
    results = {m["result_0"], m["result_1"], point(json.dumps(z0["result"])), point(json.dumps(z1["result"]))}
    row = {"log_n": log_n, "mcl_ms": m["ms_0"], "zkmsm_ms": z0["median_ms"], "ratio": round(z0["median_ms"] / m["ms_0"], 3),
           "mcl_one_thread_ms": m["ms_1"], "zkmsm_one_thread_ms": z1["median_ms"],
           "ratio_one_thread": round(z1["median_ms"] / m["ms_1"], 3), "same_result": len(results) == 1}
    table.append(row)
    print(f"2^{log_n:<4} {row['mcl_ms']:16.1f} {row['zkmsm_ms']:19.1f} {row['ratio']:6.2f} {row['mcl_one_thread_ms']:16.1f} "
          f"{row['zkmsm_one_thread_ms']:18.1f} {row['ratio_one_thread']:6.2f}  {row['same_result']}")
json.dump(table, open(f"{out}/side_by_side.json", "w"), indent=1)
PY
rm -rf "$work"
