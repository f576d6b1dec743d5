// zkmsm msm: one MSM from a points file and a scalars file; the result as one JSON line on stdout.
#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <span>
#include <string>

#include "commands.hpp"
#include "file_formats.hpp"
#include "knobs.hpp"
#include "msm_inputs.hpp"

namespace zkmsm::cli {
namespace {

struct MsmOptions {
  CurveId curve = CurveId::bn254;
  std::string points_path;
  std::string scalars_path;
  Format format = Format::automatic;
  MsmConfig config;
  bool stats = false;
  std::string stats_path;  // empty: stats go to stderr
};

int run_msm(const MsmOptions& options) {
  require_backend(options.config.backend);
  return with_curve(options.curve, [&](auto curve_tag) {
    using Curve = decltype(curve_tag);
    auto start = std::chrono::steady_clock::now();
    const MsmInputs<Curve> inputs = read_msm_inputs<Curve>(options.points_path, options.scalars_path, options.format);
    const std::span<const Point<Curve>> points = inputs.points;
    const std::span<const Scalar<Curve>> scalars = inputs.scalars;
    const double read_ms = elapsed_ms(start);

    // Open the stats file first: a bad path must fail before anything is printed.
    std::ofstream stats_file;
    if (!options.stats_path.empty()) {
      stats_file.open(options.stats_path, std::ios::trunc);
      if (!stats_file) throw CliError("cannot create stats file '" + options.stats_path + "'");
    }

    MsmStats stats;
    start = std::chrono::steady_clock::now();
    Result<Point<Curve>> result =
        msm<Curve>(points, scalars, options.config, options.stats || !options.stats_path.empty() ? &stats : nullptr);
    const double msm_ms = elapsed_ms(start);
    if (!result) throw CliError(describe_msm_error(result.error(), options.points_path));

    std::cout << point_json(result.value()) << std::endl;
    if (options.stats || !options.stats_path.empty()) {
      Json json{{"curve", Curve::name}, {"n", points.size()}, {"read_ms", read_ms}, {"msm_wall_ms", msm_ms}};
      json.update(stats_json(stats));
      json["config"] = config_json(options.config);
      if (options.stats_path.empty()) {
        std::cerr << json.dump() << std::endl;
      } else {
        stats_file << json.dump() << '\n';
        stats_file.close();
        if (!stats_file) throw CliError("cannot write stats file '" + options.stats_path + "'");
      }
    }
    return 0;
  });
}

}  // namespace

Command add_msm_command(CLI::App& app) {
  auto options = std::make_shared<MsmOptions>();
  CLI::App* msm_app = app.add_subcommand("msm", "Compute one MSM from files; print the result as JSON");
  msm_app->footer(
      "Compute sum_i s_i*P_i from a points file and a scalars file and print the canonical affine result as one "
      "JSON line: {\"x\":\"0x<64 hex>\",\"y\":\"0x<64 hex>\"} or {\"infinity\":true}. Scalars may be any 256-bit "
      "value (taken mod r); points must be on the curve with coordinates < p; (0,0) is the point at infinity. "
      "Inputs are regular files or pipes (a FIFO, /dev/stdin); devices such as /dev/zero are refused.");
  add_curve_option(*msm_app, options->curve)->required()->default_str("");
  msm_app->add_option("--points", options->points_path, "Points file or pipe, e.g. /dev/stdin (n x 64 bytes)")
      ->required();
  msm_app->add_option("--scalars", options->scalars_path, "Scalars file or pipe (n x 32 bytes)")->required();
  add_backend_option(*msm_app, options->config.backend);
  add_enum_option(*msm_app, "--format", options->format, format_names(),
                  "File format: auto (eip196 for bn254 and grumpkin, eip2537 for bls12_381), eip196 or le (bn254, "
                  "grumpkin), eip2537, zcash or le (bls12_381); see README.md, File formats");
  add_knob_options(*msm_app, options->config);
  msm_app->add_flag("--stats", options->stats,
                    "Also print backend, window size, per-stage times and peak memory as one JSON line to stderr");
  msm_app->add_option("--stats-json", options->stats_path, "Write the --stats JSON line to this file instead");
  return {msm_app, [options] { return run_msm(*options); }};
}

}  // namespace zkmsm::cli
