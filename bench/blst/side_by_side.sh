#!/usr/bin/env bash
# zkmsm's cpu backend beside blst's G1 MSM (supranational/blst, blst_p1s_mult_pippenger: its C API,
# single-threaded) on the same BLS12-381 inputs, in one run on this machine.
#
#   bench/blst/side_by_side.sh ZKMSM_CLI BLST_SRC OUT_DIR [LOG_MIN LOG_MAX]    (defaults 16 20)
#
# BLST_SRC: a checkout of the public blst repository, in an ignored folder (never vendored); it is
# built with its own build.sh. Inputs: `zkmsm gen --curve bls12_381 --format le --seed 1`. zkmsm
# runs `bench` with all cores and with --threads 1, without point validation (blst's MSM validates
# nothing; zkmsm's G1 membership test costs more than the MSM, README.md); every size's results must be equal.
set -eu -o pipefail
zk=${1:?zkmsm CLI}; blst=${2:?blst source}; out=${3:?output dir}
lo=${4:-16}; hi=${5:-20}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"; work=$(mktemp -d)
(cd "$blst" && [ -f libblst.a ] || ./build.sh >/dev/null)
cc -O2 -I"$blst/bindings" "$here/blst_msm.c" "$blst/libblst.a" -o "$work/blst_msm"
"$zk" gen --curve bls12_381 --n $((1 << hi)) --seed 1 --format le --points "$work/p.bin" --scalars "$work/s.bin"
sizes=$(seq -s, "$lo" 2 "$hi")
"$work/blst_msm" "$work/p.bin" "$work/s.bin" "$sizes" 5 | tee "$out/blst.log"
for threads in 0 1; do
  "$zk" bench --curve bls12_381 --backend cpu --log-n-min "$lo" --log-n-max "$hi" --repeats 5 --warmups 1 \
    --threads "$threads" --no-validate --json "$out/zkmsm_threads_$threads.json" > "$out/zkmsm_threads_$threads.log"
done
python3 - "$out" <<'PY'
import json, re, sys
out = sys.argv[1]
blst = {}
for line in open(f"{out}/blst.log"):
    m = re.match(r"2\^(\d+) ([\d.]+) ([\d.]+)$", line)
    if m: blst.setdefault(int(m[1]), {})["ms"] = float(m[2])
    m = re.match(r"result 2\^(\d+) (.*)$", line)
    if m: blst.setdefault(int(m[1]), {})["result"] = json.loads(m[2])
rows = {t: {r["log_n"]: r for r in json.load(open(f"{out}/zkmsm_threads_{t}.json"))["rows"]} for t in (0, 1)}
table = []
print("n      blst 1 thread ms  zkmsm all cores ms  ratio  zkmsm 1 thread ms  ratio  same result")
for log_n in sorted(blst):
    z0, z1 = rows[0][log_n], rows[1][log_n]
    same = z0.get("result") == blst[log_n]["result"] == z1.get("result")
    row = {"log_n": log_n, "blst_ms": blst[log_n]["ms"], "zkmsm_ms": z0["median_ms"], "zkmsm_one_thread_ms": z1["median_ms"],
           "ratio": round(z0["median_ms"] / blst[log_n]["ms"], 3), "ratio_one_thread": round(z1["median_ms"] / blst[log_n]["ms"], 3),
           "same_result": same}
    table.append(row)
    print(f"2^{log_n:<4} {row['blst_ms']:16.1f} {row['zkmsm_ms']:19.1f} {row['ratio']:6.2f} {row['zkmsm_one_thread_ms']:18.1f} {row['ratio_one_thread']:6.2f}  {same}")
json.dump(table, open(f"{out}/side_by_side.json", "w"), indent=1)
PY
rm -rf "$work"
