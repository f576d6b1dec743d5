#!/usr/bin/env bash
# Build, test and time the CUDA backend on a GPU machine, in one go (device time is scarce).
#
#   tests/cuda/run_device.sh OUT_DIR [BENCH_SIZES...]
#
# Expects the GoogleTest sources in .deps/googletest (copy /usr/src/googletest there; .deps/ is
# git-ignored through .git/info/exclude). Logs: OUT_DIR/{build,ptxas,tests,bench}.log; the
# last lines printed are a summary.
set -u -o pipefail
out=${1:?usage: run_device.sh OUT_DIR [log2 sizes]}
shift
sizes=${*:-16 20 22}
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$root/build/device
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu --format=csv >"$out/gpu.txt" 2>&1

start=$(date +%s)
cmake -S "$root/tests/cuda" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
  -DZKMSM_CUDA_TESTS_GTEST_SOURCE="$root/.deps/googletest" -DZKMSM_CUDA_PTXAS_VERBOSE=ON >"$out/build.log" 2>&1 &&
  ninja -C "$build" cuda_field_test cuda_emulation_test cuda_msm_test cuda_bench >>"$out/build.log" 2>&1
build_rc=$?
grep -A2 "Function properties for .*StreamWalker\|Function properties for .*Reduce\|Function properties for .*Combine\|Function properties for .*Decompose" \
  "$out/build.log" >"$out/ptxas.log" 2>/dev/null
echo "build rc=$build_rc in $(( $(date +%s) - start )) s"
[ $build_rc -eq 0 ] || { tail -40 "$out/build.log"; exit 1; }

start=$(date +%s)
: >"$out/tests.log"
for t in cuda_field_test cuda_emulation_test cuda_msm_test; do
  timeout 300 "$build/$t" --gtest_brief=1 >>"$out/tests.log" 2>&1
  echo "$t rc=$?" | tee -a "$out/tests.log"
done
echo "tests in $(( $(date +%s) - start )) s"

start=$(date +%s)
# shellcheck disable=SC2086
timeout 300 "$build/cuda_bench" $sizes >"$out/bench.log" 2>&1
echo "bench rc=$? in $(( $(date +%s) - start )) s"
grep -E "FAILED|Failure|failed" "$out/tests.log" | head -20
cat "$out/bench.log"
