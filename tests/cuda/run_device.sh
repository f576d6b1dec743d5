#!/usr/bin/env bash
# Build, test and time the CUDA backend on a GPU machine, in one go (device time is scarce).
#
#   tests/cuda/run_device.sh OUT_DIR [BENCH_SIZES... | none]
#   env ZKMSM_DEVICE_CLI=1          also build the zkmsm CLI (CLI11 and nlohmann_json configs in
#                                   .deps/prefix) and run `zkmsm bench --backend cuda` with inputs
#                                   on the device and from the host, ZKMSM_DEVICE_CLI_RANGE="16 24"
#   env ZKMSM_DEVICE_SANITIZE=1     with the CLI: compute-sanitizer memcheck and racecheck at 2^16
#   env ZKMSM_TEST_LOG_N=20         the large tier of the device tests (random, copies of one
#                                   point, P/−P pairs, arithmetic progression at 2^20; default 16),
#                                   and of the conformance suite's cuda cases (tests/conformance)
#
# Expects the GoogleTest sources in .deps/googletest (copy /usr/src/googletest there; .deps/ is
# git-ignored through .git/info/exclude). Logs: OUT_DIR/{build,ptxas,tests,bench,cli_bench_*,sanitizer_*}.log; the
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
with_cli=${ZKMSM_DEVICE_CLI:-}
cli_targets=""
cli_flags=()
if [ -n "$with_cli" ]; then
  cli_targets="zkmsm_cli"
  cli_flags=(-DZKMSM_CUDA_TESTS_WITH_TOOLS=ON "-DCMAKE_PREFIX_PATH=$root/.deps/prefix")
fi
cmake -S "$root/tests/cuda" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
  -DZKMSM_CUDA_TESTS_GTEST_SOURCE="$root/.deps/googletest" -DZKMSM_CUDA_PTXAS_VERBOSE=ON "${cli_flags[@]}" \
  >"$out/build.log" 2>&1 &&
  ninja -C "$build" cuda_field_test cuda_emulation_test cuda_msm_test conformance_test cuda_bench $cli_targets \
    >>"$out/build.log" 2>&1
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
# The conformance suite on the cuda backend's three configurations (stream walker, xyzz, xyzz with
# glv; the cpu cases run in CI), at the large tier.
ZKMSM_TEST_LOG_N=${ZKMSM_TEST_LOG_N:-16} timeout 600 "$build/conformance_test" \
  --gtest_filter='*_cuda.*:*_cuda_xyzz.*:*_cuda_pair_tree.*:*_cuda_glv.*:*_cuda_precomputed.*' --gtest_brief=1 >>"$out/tests.log" 2>&1
echo "conformance_test (cuda, cuda_xyzz, cuda_pair_tree, cuda_glv, cuda_precomputed) rc=$?" | tee -a "$out/tests.log"
echo "tests in $(( $(date +%s) - start )) s"

grep -E "FAILED|Failure|failed" "$out/tests.log" | head -20
# BENCH_SIZES "none" skips the per-stage bench.
if [ "$sizes" != "none" ]; then
  start=$(date +%s)
  # shellcheck disable=SC2086
  timeout 300 "$build/bench_cuda/cuda_bench" $sizes >"$out/bench.log" 2>&1
  echo "bench rc=$? in $(( $(date +%s) - start )) s"
  cat "$out/bench.log"
fi

# With ZKMSM_DEVICE_CLI=1: the CLI's own benchmark (inputs on the device, then from host memory)
# over 2^MIN … 2^MAX (ZKMSM_DEVICE_CLI_RANGE="16 24"), and compute-sanitizer at 2^16.
if [ -n "$with_cli" ]; then
  cli=$build/zkmsm/tools/zkmsm
  read -r lo hi <<<"${ZKMSM_DEVICE_CLI_RANGE:-16 24}"
  cli_bench() {
    local mode=$1 start
    start=$(date +%s)
    timeout 400 "$cli" bench --backend cuda --inputs "$mode" --log-n-min "$lo" --log-n-max "$hi" --repeats 5 \
      --warmups 2 --json "$out/cli_bench_$mode.json" >"$out/cli_bench_$mode.log" 2>&1
    echo "cli bench --inputs $mode rc=$? in $(( $(date +%s) - start )) s"
    cat "$out/cli_bench_$mode.log"
  }
  sanitize() {
    local tool=$1 tmp
    tmp=$(mktemp -d)
    "$cli" gen --curve bn254 --n 65536 --seed 5 --points "$tmp/p.bin" --scalars "$tmp/s.bin" >/dev/null
    timeout 300 compute-sanitizer --tool "$tool" "$cli" msm --curve bn254 --backend cuda --points "$tmp/p.bin" --scalars "$tmp/s.bin" \
      >"$out/sanitizer_$tool.log" 2>&1
    echo "compute-sanitizer $tool (auto walker = warp at 2^16) rc=$?: $(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$out/sanitizer_$tool.log")"
  }
  cli_bench device
  [ -n "${ZKMSM_DEVICE_SANITIZE:-}" ] && sanitize memcheck
  cli_bench host
  [ -n "${ZKMSM_DEVICE_SANITIZE:-}" ] && sanitize racecheck
fi
