// zkmsm run: the main job. Generate the default inputs (bn254, n = 2^16, seed 1), compute the MSM
// on the best backend present (Backend::automatic), verify it against the CPU backend with a
// different window size, print backend, time and result. The last stdout line is the result JSON.
#include <iostream>
#include <limits>
#include <memory>
#include <string>

#include <zkmsm/random_inputs.hpp>

#include "bench_rows.hpp"
#include "commands.hpp"
#include "file_formats.hpp"
#include "knobs.hpp"
#include "reference.hpp"
#include "report.hpp"

namespace zkmsm::cli {
namespace {

struct RunOptions {
  CurveId curve = CurveId::bn254;
  unsigned log_n = 16;
  std::uint64_t seed = 1;
  unsigned repeats = 3;
  unsigned warmups = 1;
  MsmConfig config;
};

int run_run(const RunOptions& options) {
  require_backend(options.config.backend);
  return with_curve(options.curve, [&](auto curve_tag) {
    using Curve = decltype(curve_tag);
    const std::size_t n = std::size_t{1} << options.log_n;
    progress("run", "generating " + format_log2(n) + " " + Curve::name + " points and scalars (seed " +
                        std::to_string(options.seed) + ")...");
    const std::vector<Point<Curve>> points = random_points<Curve>(n, options.seed);
    const std::vector<Scalar<Curve>> scalars = random_scalars<Curve>(n, options.seed);

    progress("run", "computing on backend " + backend_name(resolve_backend(options.config.backend, Curve::id)) + "...");
    const Measurement<Curve> measurement =
        measure<Curve>(points, scalars, options.config, options.warmups, options.repeats);
    if (measurement.error) throw CliError(describe_msm_error(*measurement.error, "(generated)"));
    const MsmStats& stats = measurement.last_stats;

    progress("run", "verifying against the cpu backend...");
    Verifier<Curve> verifier(points, scalars);
    Verification verification = verifier.check(*measurement.result, stats.window_bits);
    if (!measurement.consistent) {
      verification.verified = false;
      verification.detail = "the repeated runs returned different points";
    }

    std::cout << "inputs    " << Curve::name << ", n = " << format_log2(n) << " = " << n << ", seed " << options.seed
              << '\n'
              << "backend   " << stats.backend << " (accumulator " << stats.accumulator << ", window "
              << stats.window_bits << " bits, " << stats.windows << " windows)\n"
              << "time      " << format_ms(median(measurement.wall_ms)) << " ms median of " << options.repeats
              << " after " << options.warmups << " warm-up(s); min " << format_ms(minimum(measurement.wall_ms))
              << " ms\n"
              << "memory    estimated " << format_mib(stats.estimated_peak_bytes) << " MiB, measured "
              << format_mib(measurement.measured_peak_bytes) << " MiB\n"
              << "verified  "
              << (verification.verified ? "yes, equal to " + verification.method : "NO: " + verification.detail) << '\n'
              << point_json(*measurement.result) << std::endl;
    if (!verification.verified) {
      std::cerr << "zkmsm: error: verification failed: " << verification.detail << std::endl;
      return 1;
    }
    return 0;
  });
}

}  // namespace

Command add_run_command(CLI::App& app) {
  auto options = std::make_shared<RunOptions>();
  CLI::App* run = app.add_subcommand("run", "The main job: default inputs on the best backend, verified");
  run->footer(
      "The main job: generate random inputs (default bn254, n = 2^16, seed 1), compute the MSM on the best "
      "available backend, verify it against the CPU backend with a different window size, and print backend, "
      "time and the result (the last line of stdout is the result JSON). Exit status 1 if verification fails.");
  add_curve_option(*run, options->curve);
  run->add_option("--log-n", options->log_n, "Size n = 2^log-n")->transform(integer_in(0, 30))->capture_default_str();
  run->add_option("--seed", options->seed, "Seed of the random inputs")
      ->transform(integer_in(0, std::numeric_limits<std::uint64_t>::max()))
      ->capture_default_str();
  run->add_option("--repeats", options->repeats, "Timed runs")->transform(integer_in(1, 1000))->capture_default_str();
  run->add_option("--warmups", options->warmups, "Untimed runs first")
      ->transform(integer_in(0, 1000))
      ->capture_default_str();
  add_backend_option(*run, options->config.backend);
  add_knob_options(*run, options->config);
  return {run, [options] { return run_run(*options); }};
}

}  // namespace zkmsm::cli
