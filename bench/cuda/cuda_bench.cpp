// Per-stage timing of the CUDA backend (not a test). For each n: random independent BN254 points
// and uniform scalars generated on the host, converted to Montgomery form and uploaded once;
// then msm on device-resident inputs, 2 warm-ups, median of 5 (per stage: CUDA events; total:
// host wall clock around the whole call, allocation from the pool and result download
// included). The result is checked against the CPU backend once per configuration.
//
//   cuda_bench [log2 n ...]                       default 16 20 22
//   cuda_bench additions [log2 pairs]             the addition probe (cuda_addition_probe.cu), default 22
//   env ZKMSM_BENCH_CONFIGS="c:S:state:blocks:tpb[:mb],..."   e.g. "0:8:r:0:128,16:16:g:0:256:3"
//        (c 0 = auto; state r = registers, g = global, G = global_warp, w = warp, a = auto; blocks 0 = auto; mb =
//        walker register cap as min resident 256-thread blocks, see detail::set_walker_min_blocks)
//   env ZKMSM_BENCH_REPS=5
//   env ZKMSM_BENCH_POINT_TPB=128   threads per block of combine_partials and reduce_buckets
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "api/curve_map.hpp"
#include "check_cuda.hpp"
#include "cuda_addition_probe.hpp"
#include "cuda_bench_probes.hpp"
#include "curve/bn254.hpp"
#include "host/host_inputs.hpp"
#include "msm/cpu/cpu_msm.hpp"
#include "msm/cuda/cuda_msm.hpp"
#include "msm/cuda/cuda_msm_internal.hpp"
#include "zkmsm/random_inputs.hpp"

using namespace zkmsm;
using Curve = Bn254G1;
using Affine = AffinePoint<Curve>;
using Integer = Curve::ScalarField::Integer;

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

// Independent random points (canonical, from random_points) in the internal form: Montgomery,
// fully reduced.
std::vector<Affine> random_montgomery_points(std::size_t n, std::uint64_t seed) {
  const auto canonical = random_points<Bn254>(n, seed);
  UninitializedBuffer<Affine> storage;
  host::RejectedPoint rejected;
  const auto internal =
      host::convert_host_points<Curve>(canonical.data(), n, {.validate_points = false}, 0, false, storage, rejected);
  return {internal.begin(), internal.end()};
}

struct Config {
  cuda::CudaMsmOptions options;
  unsigned walker_min_blocks = 0;  // detail::set_walker_min_blocks
};

std::vector<Config> parse_configs(const char* text) {
  std::vector<Config> out;
  if (text == nullptr || *text == '\0') {
    out.push_back({});
    return out;
  }
  std::stringstream list(text);
  std::string item;
  while (std::getline(list, item, ',')) {
    cuda::CudaMsmOptions o;
    unsigned c = 0, s = 8, blocks = 0, tpb = 128, min_blocks = 0;
    char state = 'r';
    if (std::sscanf(item.c_str(), "%u:%u:%c:%u:%u:%u", &c, &s, &state, &blocks, &tpb, &min_blocks) < 2) {
      std::fprintf(stderr, "bad config '%s'\n", item.c_str());
      std::exit(2);
    }
    o.window_bits = c;
    o.walker_slots = s;
    o.walker_state = state == 'g'   ? backend::WalkerState::global
                     : state == 'G' ? backend::WalkerState::global_warp
                     : state == 'w' ? backend::WalkerState::warp
                     : state == 'a' ? backend::WalkerState::automatic
                                    : backend::WalkerState::registers;
    o.walker_max_blocks = blocks;
    o.walker_threads_per_block = tpb;
    out.push_back({o, min_blocks});
  }
  return out;
}

std::string describe(const Config& config) {
  const cuda::CudaMsmOptions& o = config.options;
  char text[96];
  std::snprintf(text, sizeof text, "c=%u S=%u %s blocks=%u tpb=%u mb=%u", o.window_bits, o.walker_slots,
                o.walker_state == backend::WalkerState::global        ? "global"
                : o.walker_state == backend::WalkerState::global_warp ? "gwarp"
                : o.walker_state == backend::WalkerState::warp        ? "warp"
                : o.walker_state == backend::WalkerState::automatic   ? "auto"
                                                                      : "regs",
                o.walker_max_blocks, o.walker_threads_per_block, config.walker_min_blocks);
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]) == "additions") {
    const std::size_t pairs = std::size_t{1} << (argc >= 3 ? std::atoi(argv[2]) : 22);
    const std::vector<Affine> p = random_montgomery_points(pairs, 0xadd0000);
    const std::vector<Affine> q = random_montgomery_points(pairs, 0xadd0001);
    bench::addition_rates(p.data(), q.data(), pairs);
    return 0;
  }
  std::vector<unsigned> log_sizes;
  for (int i = 1; i < argc; ++i) log_sizes.push_back(static_cast<unsigned>(std::atoi(argv[i])));
  if (log_sizes.empty()) log_sizes = {16, 20, 22};
  const auto configs = parse_configs(std::getenv("ZKMSM_BENCH_CONFIGS"));
  const int reps = std::getenv("ZKMSM_BENCH_REPS") ? std::atoi(std::getenv("ZKMSM_BENCH_REPS")) : 5;
  if (const char* tpb = std::getenv("ZKMSM_BENCH_POINT_TPB"))
    cuda::detail::set_point_kernel_threads_per_block(static_cast<unsigned>(std::atoi(tpb)));
  if (!cuda::device_available()) {
    std::fprintf(stderr, "no CUDA device\n");
    return 1;
  }
  cudaDeviceProp prop{};
  CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  int driver = 0;
  CHECK_CUDA(cudaDriverGetVersion(&driver));
  std::printf("device %s, %d SMs, driver %d\n", prop.name, prop.multiProcessorCount, driver);
  {
    const auto rates = bench::field_rates();
    const double muls = rates.multiplications_per_second, invs = rates.inversions_per_second;
    std::printf("field: %.3g mul/s (%.2f ns/mul GPU-wide), %.3g inversions/s (= %.0f muls each)\n", muls, 1e9 / muls,
                invs, muls / invs);
  }

  std::printf("%-6s %-41s %3s %9s %9s | %s\n", "log_n", "config", "c", "total_ms", "stages_ms",
              "decompose sort plan accumulate reduce combine download (ms) [of accumulate: combine_partials] | peak "
              "MiB est/meas | check");
  for (unsigned log_n : log_sizes) {
    const std::size_t n = std::size_t{1} << log_n;
    const auto t0 = std::chrono::steady_clock::now();
    const std::vector<Affine> points = random_montgomery_points(n, 0x5eed0000 + log_n);
    const auto canonical_scalars = random_scalars<Bn254>(n, 0x5ca1a000 + log_n);
    std::vector<Integer> scalars(n);
    for (std::size_t i = 0; i < n; ++i) {
      for (int l = 0; l < 4; ++l) scalars[i].limb[l] = canonical_scalars[i][l];
    }
    const Affine expected = cpu::msm<Curve>(points, scalars, {}, nullptr);
    const double setup_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("# 2^%u: inputs + CPU check in %.1f s\n", log_n, setup_s);

    void* device_points = nullptr;
    void* device_scalars = nullptr;
    CHECK_CUDA(cudaMalloc(&device_points, n * sizeof(Affine)));
    CHECK_CUDA(cudaMalloc(&device_scalars, n * sizeof(Integer)));
    CHECK_CUDA(cudaMemcpy(device_points, points.data(), n * sizeof(Affine), cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(device_scalars, scalars.data(), n * sizeof(Integer), cudaMemcpyHostToDevice));

    for (const Config& config : configs) {
      const cuda::CudaMsmOptions& options = config.options;
      cuda::detail::set_walker_min_blocks(config.walker_min_blocks);
      std::vector<double> total;
      std::vector<std::vector<double>> stage(9);
      cuda::CudaMsmReport report;
      bool correct = true;
      bool ok = true;
      for (int rep = -2; rep < reps; ++rep) {
        Affine result{};
        const auto start = std::chrono::steady_clock::now();
        const auto status =
            cuda::detail::msm_device_inputs<Curve>(&result, device_points, device_scalars, n, options, &report);
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        if (!status.ok) {
          std::printf("%-6u %-41s FAILED: %s\n", log_n, describe(config).c_str(), status.message.c_str());
          ok = false;
          break;
        }
        correct = correct && result == expected;
        if (rep < 0) continue;
        total.push_back(ms);
        for (std::size_t s = 0; s < report.stages.size() && s < 9; ++s)
          stage[s].push_back(report.stages[s].milliseconds);
      }
      if (!ok) continue;
      double stages_sum = 0;
      for (std::size_t s = 1; s < 8; ++s) stages_sum += median(stage[s]);
      std::printf("%-6u %-41s %3u %9.3f %9.3f |", log_n, describe(config).c_str(), report.window_bits, median(total),
                  stages_sum);
      for (std::size_t s = 1; s < 9; ++s) std::printf(" %.3f", median(stage[s]));
      std::printf(" | %.1f/%.1f | %s\n", report.estimated_peak_bytes / 1048576.0,
                  report.measured_peak_bytes / 1048576.0, correct ? "ok" : "WRONG");
      std::fflush(stdout);
    }
    CHECK_CUDA(cudaFree(device_points));
    CHECK_CUDA(cudaFree(device_scalars));
  }
  return 0;
}
