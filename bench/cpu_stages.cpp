// Per-stage times of the CPU backend: BN254, random independent points (seed 1) and uniformly
// random scalars (seed 2). For each size it prints the minimum over the repeats of
//   - the public zkmsm::msm (points converted from canonical form, validation off): wall time,
//     process CPU time, and the wall time of convert_inputs;
//   - every stage of cpu::msm called directly on Montgomery-form points: wall and CPU time
//     (CPU time summed over the worker threads: robust when other processes share the cores).
//
//   build/perf/bench/zkmsm_cpu_stages [log_n_min [log_n_max [repeats [threads [window_bits]]]]]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <string>
#include <vector>

#include "api/curve_map.hpp"
#include "msm/cpu/cpu_msm.hpp"
#include "zkmsm/random_inputs.hpp"
#include "zkmsm/zkmsm.hpp"

namespace {

double process_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

}  // namespace

int main(int argc, char** argv) {
  using Internal = zkmsm::api::InternalCurve<zkmsm::Bn254>;
  using BaseField = Internal::BaseField;
  const unsigned log_min = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 16;
  const unsigned log_max = argc > 2 ? static_cast<unsigned>(std::atoi(argv[2])) : log_min;
  const int repeats = argc > 3 ? std::atoi(argv[3]) : 5;
  const unsigned threads = argc > 4 ? static_cast<unsigned>(std::atoi(argv[4])) : 0;
  const unsigned window_bits_option = argc > 5 ? static_cast<unsigned>(std::atoi(argv[5])) : 0;
  const std::size_t max_n = std::size_t{1} << log_max;
  const auto all_points = zkmsm::random_points<zkmsm::Bn254>(max_n, 1);
  const auto all_scalars = zkmsm::random_scalars<zkmsm::Bn254>(max_n, 2);
  std::vector<zkmsm::AffinePoint<Internal>> mont_points(max_n);
  std::vector<Internal::ScalarField::Integer> int_scalars(max_n);
  for (std::size_t i = 0; i < max_n; ++i) {
    BaseField::Integer x{}, y{};
    for (int l = 0; l < 4; ++l) {
      x.limb[l] = all_points[i].x[l];
      y.limb[l] = all_points[i].y[l];
      int_scalars[i].limb[l] = all_scalars[i][l];
    }
    mont_points[i] = {BaseField::from_canonical(x), BaseField::from_canonical(y)};
  }
  for (unsigned log_n = log_min; log_n <= log_max; ++log_n) {
    const std::size_t n = std::size_t{1} << log_n;
    zkmsm::MsmConfig config;
    config.backend = zkmsm::Backend::cpu;
    config.validate_points = false;
    config.cpu_threads = threads;
    config.window_bits = window_bits_option;
    zkmsm::cpu::CpuMsmOptions options;
    options.threads = threads;
    options.window_bits = window_bits_option;
    double best_wall = 1e300, best_cpu = 1e300, best_convert = 1e300;
    std::vector<std::string> order;
    std::map<std::string, std::pair<double, double>> best;
    unsigned window_bits = 0;
    std::uint64_t first_x = 0;
    for (int r = 0; r < repeats; ++r) {
      zkmsm::MsmStats stats;
      const double cpu_start = process_cpu_ms();
      const auto result =
          zkmsm::msm<zkmsm::Bn254>(std::span(all_points.data(), n), std::span(all_scalars.data(), n), config, &stats);
      const double cpu = process_cpu_ms() - cpu_start;
      if (!result) {
        std::fprintf(stderr, "error: %s\n", result.error().message.c_str());
        return 1;
      }
      if (r == 0) first_x = result.value().x[0];
      if (first_x != result.value().x[0]) {
        std::fprintf(stderr, "error: results differ between runs\n");
        return 1;
      }
      best_wall = std::min(best_wall, stats.total_milliseconds);
      best_cpu = std::min(best_cpu, cpu);
      for (const auto& s : stats.stages)
        if (s.name == "convert_inputs") best_convert = std::min(best_convert, s.milliseconds);

      zkmsm::cpu::CpuMsmReport report;
      const auto direct = zkmsm::cpu::msm<Internal>(std::span(mont_points.data(), n), std::span(int_scalars.data(), n),
                                                    options, &report);
      if (direct.x.to_canonical().limb[0] != first_x) {
        std::fprintf(stderr, "error: cpu::msm and zkmsm::msm disagree\n");
        return 1;
      }
      window_bits = report.window_bits;
      for (const auto& s : report.stages) {
        if (!best.count(s.name)) {
          order.push_back(s.name);
          best[s.name] = {s.milliseconds, s.cpu_milliseconds};
        }
        best[s.name].first = std::min(best[s.name].first, s.milliseconds);
        best[s.name].second = std::min(best[s.name].second, s.cpu_milliseconds);
      }
    }
    std::printf("n=2^%u c=%u | zkmsm::msm wall %.1f ms, cpu %.1f ms, convert_inputs wall %.1f\n", log_n, window_bits,
                best_wall, best_cpu, best_convert);
    std::printf("  stage (wall / cpu ms):");
    for (const auto& name : order) std::printf(" %s %.1f / %.1f", name.c_str(), best[name].first, best[name].second);
    std::printf("\n");
  }
  return 0;
}
