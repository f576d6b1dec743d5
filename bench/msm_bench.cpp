// Google Benchmark of the public msm() on random independent inputs (seed 1), n = 2^10 … 2^20.
// Points are generated once for the largest size and prefixes reused; the timed call includes
// the conversion of canonical points to Montgomery form but not their validation.
//
//   build/release/bench/zkmsm_msm_bench --benchmark_filter=Bn254Cpu
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "zkmsm/random_inputs.hpp"
#include "zkmsm/zkmsm.hpp"

namespace {

constexpr std::uint64_t kSeed = 1;
constexpr int kMaxLogN = 20;

template <class Curve>
const std::vector<zkmsm::Point<Curve>>& canonical_points() {
  static const auto points = zkmsm::random_points<Curve>(std::size_t{1} << kMaxLogN, kSeed);
  return points;
}

template <class Curve>
void BM_Msm(benchmark::State& state, zkmsm::Backend backend) {
  const std::size_t n = std::size_t{1} << state.range(0);
  const auto& all_points = canonical_points<Curve>();
  const std::vector<zkmsm::Point<Curve>> points(all_points.begin(), all_points.begin() + n);
  const auto scalars = zkmsm::random_scalars<Curve>(n, kSeed + 1);
  zkmsm::MsmConfig config;
  config.backend = backend;
  config.validate_points = false;
  if (!zkmsm::backend_available(backend)) {
    state.SkipWithError("backend not available");
    return;
  }
  zkmsm::MsmStats stats;
  for (auto _ : state) {
    auto result = zkmsm::msm<Curve>(points, scalars, config, &stats);
    if (!result) {
      state.SkipWithError(result.error().message.c_str());
      return;
    }
    benchmark::DoNotOptimize(result.value());
  }
  state.counters["window_bits"] = stats.window_bits;
  for (const auto& stage : stats.stages) state.counters[stage.name + "_ms"] = stage.milliseconds;
}

void BM_Bn254Cpu(benchmark::State& state) { BM_Msm<zkmsm::Bn254>(state, zkmsm::Backend::cpu); }
void BM_GrumpkinCpu(benchmark::State& state) { BM_Msm<zkmsm::Grumpkin>(state, zkmsm::Backend::cpu); }

BENCHMARK(BM_Bn254Cpu)->DenseRange(10, kMaxLogN, 2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_GrumpkinCpu)->DenseRange(10, 16, 2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
