// zkmsm sweep: time every combination of knob values at one size (the seeds' knob sweep), one row
// per configuration with time, peak memory and verification; a table and optional JSON.
//
// GPU backends sweep accumulator × window bits × walker slots × threads per block × max blocks ×
// walker state. The walker knobs do not apply to the CPU backend, which sweeps window bits ×
// threads instead; without --window-bits it tries the cost model's choice and its neighbours.
#include <algorithm>
#include <iostream>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <zkmsm/random_inputs.hpp>

#include "bench_rows.hpp"
#include "commands.hpp"
#include "file_formats.hpp"
#include "knobs.hpp"
#include "reference.hpp"
#include "report.hpp"

namespace zkmsm::cli {
namespace {

struct SweepOptions {
  CurveId curve = CurveId::bn254;
  Backend backend = Backend::automatic;
  unsigned log_n = 16;
  unsigned repeats = 5;
  unsigned warmups = 1;
  std::uint64_t seed = 1;
  std::string json_path;
  unsigned gen_threads = 0;
  MsmConfig base;  // the knobs not swept
  std::vector<Accumulator> accumulators{Accumulator::automatic};
  std::vector<unsigned> window_bits;
  std::vector<unsigned> slots{2, 4, 6, 8, 12, 16, 24, 32};
  std::vector<unsigned> threads_per_block{64, 128, 256};
  std::vector<unsigned> max_blocks{MsmConfig{}.walker_max_blocks};
  std::vector<WalkerState> walker_states{WalkerState::global};
  std::vector<unsigned> cpu_threads{0};
  bool walker_flags_given = false;
};

std::vector<MsmConfig> gpu_configurations(const SweepOptions& options, Backend backend) {
  std::vector<MsmConfig> configs;
  const std::vector<unsigned> windows = options.window_bits.empty() ? std::vector<unsigned>{0} : options.window_bits;
  for (Accumulator accumulator : options.accumulators)
    for (unsigned c : windows)
      for (unsigned slots : options.slots)
        for (unsigned threads : options.threads_per_block)
          for (unsigned blocks : options.max_blocks)
            for (WalkerState state : options.walker_states) {
              MsmConfig config = options.base;
              config.backend = backend;
              config.accumulator = accumulator;
              config.window_bits = c;
              config.walker_slots = slots;
              config.walker_threads_per_block = threads;
              config.walker_max_blocks = blocks;
              config.walker_state = state;
              configs.push_back(config);
            }
  return configs;
}

std::vector<MsmConfig> cpu_configurations(const SweepOptions& options, const std::vector<unsigned>& windows) {
  std::vector<MsmConfig> configs;
  for (Accumulator accumulator : options.accumulators)
    for (unsigned c : windows)
      for (unsigned threads : options.cpu_threads) {
        MsmConfig config = options.base;
        config.backend = Backend::cpu;
        config.accumulator = accumulator;
        config.window_bits = c;
        config.cpu_threads = threads;
        configs.push_back(config);
      }
  return configs;
}

int run_sweep(const SweepOptions& options) {
  require_backend(options.backend);
  const Backend backend = resolve_backend(options.backend, options.curve);
  const bool gpu = backend != Backend::cpu;
  if (!gpu && options.walker_flags_given)
    progress("sweep", "note: the walker knobs do not apply to the cpu backend; sweeping window bits and threads");

  return with_curve(options.curve, [&](auto curve_tag) {
    using Curve = decltype(curve_tag);
    const std::size_t n = std::size_t{1} << options.log_n;
    progress("sweep", "generating " + format_log2(n) + " " + Curve::name + " points and scalars (seed " +
                          std::to_string(options.seed) + ")...");
    const std::vector<Point<Curve>> points = random_points<Curve>(n, options.seed, options.gen_threads);
    const std::vector<Scalar<Curve>> scalars = random_scalars<Curve>(n, options.seed);
    Verifier<Curve> verifier(points, scalars);

    std::vector<MsmConfig> configs;
    if (gpu) {
      configs = gpu_configurations(options, backend);
    } else {
      std::vector<unsigned> windows = options.window_bits;
      if (windows.empty()) {
        // The cost model's choice and its neighbours c-2 … c+2.
        MsmStats stats;
        MsmConfig probe = options.base;
        probe.backend = Backend::cpu;
        Result<Point<Curve>> result = msm<Curve>(points, scalars, probe, &stats);
        if (!result) throw CliError(describe_msm_error(result.error(), "(generated)"));
        windows.push_back(0);
        for (int delta : {-2, -1, 1, 2}) {
          const int c = static_cast<int>(stats.window_bits) + delta;
          if (c >= 1) windows.push_back(static_cast<unsigned>(c));
        }
      }
      configs = cpu_configurations(options, windows);
    }

    Json rows = Json::array();
    std::vector<std::string> stage_names;
    std::optional<Point<Curve>> first;
    std::size_t failures = 0;
    for (std::size_t index = 0; index < configs.size(); ++index) {
      const MsmConfig& config = configs[index];
      Json row{{"index", index}, {"backend", backend_name(backend)}, {"n", n}, {"config", config_json(config)}};
      progress("sweep", "configuration " + std::to_string(index + 1) + "/" + std::to_string(configs.size()) + ": " +
                            describe_config(config, gpu));
      const Measurement<Curve> measurement = measure<Curve>(points, scalars, config, options.warmups, options.repeats);
      row.update(measurement_json(measurement));
      if (measurement.error) {
        // A combination the backend rejects is reported, not counted as a failure.
        const bool rejected = measurement.error->code == ErrorCode::invalid_argument;
        row["skipped"] = rejected;
        if (!rejected) ++failures;
        rows.push_back(row);
        continue;
      }
      if (!first) first = measurement.result;
      Verification verification = verifier.check(*measurement.result, measurement.last_stats.window_bits);
      if (*first != *measurement.result) {
        verification.verified = false;
        verification.detail += (verification.detail.empty() ? "" : "; ") + std::string("differs from the first row");
      }
      if (!measurement.consistent) {
        verification.verified = false;
        verification.detail += (verification.detail.empty() ? "" : "; ") + std::string("runs disagree");
      }
      add_verification(row, verification);
      if (!verification.verified) ++failures;
      merge_stage_names(stage_names, measurement.stage_names);
      rows.push_back(row);
    }

    std::vector<std::string> headers{"#", "accumulator", "c"};
    if (gpu)
      headers.insert(headers.end(), {"slots", "thr/blk", "max blk", "state"});
    else
      headers.push_back("threads");
    headers.insert(headers.end(), {"median ms", "min ms"});
    const std::vector<std::string> stage_columns = stage_headers(stage_names);
    headers.insert(headers.end(), stage_columns.begin(), stage_columns.end());
    headers.insert(headers.end(), {"est MiB", "peak MiB", "verified"});
    Table table(headers);
    std::optional<std::size_t> fastest;
    for (std::size_t index = 0; index < rows.size(); ++index) {
      const Json& row = rows[index];
      const MsmConfig& config = configs[index];
      const bool ok = !row.contains("error");
      std::vector<std::string> cells{
          std::to_string(index), ok ? row["accumulator_ran"].get<std::string>() : zkmsm::to_string(config.accumulator),
          ok ? std::to_string(row["window_bits"].get<unsigned>())
             : (config.window_bits ? std::to_string(config.window_bits) : "auto")};
      if (gpu) {
        cells.insert(cells.end(), {std::to_string(config.walker_slots), std::to_string(config.walker_threads_per_block),
                                   config.walker_max_blocks ? std::to_string(config.walker_max_blocks) : "auto",
                                   to_string(config.walker_state)});
      } else {
        cells.push_back(config.cpu_threads ? std::to_string(config.cpu_threads) : "all");
      }
      if (!ok) {
        cells.push_back((row["skipped"].get<bool>() ? "skipped: " : "error: ") + row["error"].get<std::string>());
        table.add_row(cells);
        continue;
      }
      cells.push_back(format_ms(row["median_ms"].get<double>()));
      cells.push_back(format_ms(row["min_ms"].get<double>()));
      for (const std::string& name : stage_names) cells.push_back(stage_cell(row, name));
      cells.push_back(format_mib(row["estimated_peak_bytes"].get<std::size_t>()));
      cells.push_back(format_mib(row["measured_peak_bytes"].get<std::size_t>()));
      const bool verified = row["verified"].get<bool>();
      cells.push_back(verified ? "yes" : "NO");
      table.add_row(cells);
      if (verified && (!fastest || row["median_ms"].get<double>() < rows[*fastest]["median_ms"].get<double>()))
        fastest = index;
    }
    std::cout << Curve::name << ", n = " << format_log2(n) << ", backend " << backend_name(backend) << ", "
              << options.repeats << " timed runs after " << options.warmups << " warm-up(s), wall-clock ms\n"
              << table.render();
    if (fastest)
      std::cout << "fastest verified: #" << *fastest << " " << describe_config(configs[*fastest], gpu) << '\n';

    if (!options.json_path.empty()) {
      Json parameters{{"curve", Curve::name},       {"backend", backend_name(options.backend)},
                      {"log_n", options.log_n},     {"repeats", options.repeats},
                      {"warmups", options.warmups}, {"seed", options.seed}};
      write_json_file(options.json_path, Json{{"tool", "zkmsm sweep"},
                                              {"environment", environment_json()},
                                              {"parameters", parameters},
                                              {"fastest_verified", fastest ? Json(*fastest) : Json(nullptr)},
                                              {"rows", rows}});
      progress("sweep", "wrote " + options.json_path);
    }
    if (failures) {
      std::cerr << "zkmsm: error: " << failures << " configuration(s) failed verification or errored" << std::endl;
      return 1;
    }
    return 0;
  });
}

}  // namespace

Command add_sweep_command(CLI::App& app) {
  auto options = std::make_shared<SweepOptions>();
  CLI::App* sweep = app.add_subcommand("sweep", "Time knob configurations at one size, verify, table + JSON");
  sweep->footer(
      "Time every combination of the listed knob values at n = 2^log-n, one row per configuration (median and min "
      "time, per-stage medians, peak memory), each verified against the first row and the CPU backend with a "
      "different window size. GPU backends sweep --accumulator x --window-bits x --slots x --threads-per-block x "
      "--max-blocks x --walker-state; the CPU backend sweeps --window-bits x --threads. Lists are comma-separated.");
  add_curve_option(*sweep, options->curve);
  add_backend_option(*sweep, options->backend);
  sweep->add_option("--log-n", options->log_n, "Size n = 2^log-n")->transform(integer_in(0, 30))->capture_default_str();
  add_timing_options(*sweep, options->repeats, options->warmups, options->seed, "Timed runs per configuration");
  sweep->add_option("--json", options->json_path, "Write the report as JSON to this file");
  sweep->add_option("--gen-threads", options->gen_threads, "Input generation threads; 0 = all hardware threads")
      ->transform(integer_in(0, kMaxThreads, "0 = all hardware threads"))
      ->capture_default_str();

  sweep
      ->add_option("--window-bits,-c", options->window_bits,
                   "Window sizes (0 = the cost model's choice); default 0 on GPUs, the choice and c-2..c+2 on the CPU")
      ->transform(integer_in(0, kMaxUnsigned))
      ->delimiter(',');
  std::string accumulator_keys;
  for (const auto& [key, value] : accumulator_names()) accumulator_keys += (accumulator_keys.empty() ? "" : ",") + key;
  sweep->add_option("--accumulator", options->accumulators, "Accumulators {" + accumulator_keys + "}")
      ->transform(enum_transformer(accumulator_names()))
      ->delimiter(',')
      ->default_str("auto");
  auto walker_flag = [options](CLI::Option* option) {
    return option->delimiter(',')->capture_default_str()->each(
        [options](const std::string&) { options->walker_flags_given = true; });
  };
  walker_flag(
      sweep->add_option("--slots", options->slots, "stream_walker slots S")->transform(integer_in(0, kMaxUnsigned)));
  walker_flag(sweep->add_option("--threads-per-block", options->threads_per_block, "stream_walker threads per block")
                  ->transform(integer_in(0, kMaxUnsigned)));
  walker_flag(sweep->add_option("--max-blocks", options->max_blocks, "stream_walker block caps (0 = auto)")
                  ->transform(integer_in(0, kMaxUnsigned)));
  walker_flag(sweep
                  ->add_option("--walker-state", options->walker_states,
                               "Walker state {registers,global,warp,global_warp,auto} (vulkan: registers or auto)")
                  ->transform(enum_transformer(walker_state_names())))
      ->default_str("global");
  sweep->add_option("--threads", options->cpu_threads, "CPU backend thread counts (0 = all hardware threads)")
      ->transform(integer_in(0, kMaxThreads, "0 = all hardware threads"))
      ->delimiter(',')
      ->capture_default_str();
  add_fixed_knob_options(*sweep, options->base);
  return {sweep, [options] { return run_sweep(*options); }};
}

}  // namespace zkmsm::cli
