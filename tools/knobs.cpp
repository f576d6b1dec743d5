#include "knobs.hpp"

#include <algorithm>
#include <exception>
#include <string>

namespace zkmsm::cli {

CLI::Option* add_curve_option(CLI::App& app, CurveId& curve) {
  return add_enum_option(app, "--curve", curve, curve_names(),
                         "Curve: bn254 (BN254 G1, y^2 = x^3 + 3), grumpkin (y^2 = x^3 - 17 over BN254's Fr) or "
                         "bls12_381 (BLS12-381 G1, y^2 = x^3 + 4)");
}

CLI::Option* add_backend_option(CLI::App& app, Backend& backend) {
  return add_enum_option(app, "--backend", backend, backend_names(),
                         "Backend; auto picks the fastest present: cuda, then vulkan, then cpu");
}

void add_timing_options(
    CLI::App& app, unsigned& repeats, unsigned& warmups, std::uint64_t& seed, const std::string& repeats_help) {
  app.add_option("--repeats", repeats, repeats_help)->transform(integer_in(1, 1000))->capture_default_str();
  app.add_option("--warmups", warmups, "Untimed runs before the timed ones")
      ->transform(integer_in(0, 1000))
      ->capture_default_str();
  app.add_option("--seed", seed, "Seed of the random inputs")
      ->transform(integer_in(0, std::numeric_limits<std::uint64_t>::max()))
      ->capture_default_str();
}

void add_fixed_knob_options(CLI::App& app, MsmConfig& config) {
  app.add_flag("--pair-tree-dx-cache", config.pair_tree_dx_cache,
               "pair_tree accumulator: cache dx between the forward and backward pass");
  CLI::Option* glv_on = app.add_flag_callback(
      "--glv", [&config] { config.glv = Glv::on; },
      "cuda backend: split each scalar by the curve's GLV endomorphism (twice the points, half the windows); "
      "default: where measured faster (n <= 2^20; bls12_381 n <= 2^19); other backends ignore it");
  app.add_flag_callback(
         "--no-glv", [&config] { config.glv = Glv::off; }, "cuda backend: never split by GLV")
      ->excludes(glv_on);
  app.add_option("--precompute-factor", config.precompute_factor,
                 "cuda prepared bases (bench --inputs device): keep this many shifted copies of each point so "
                 "that the windows share buckets (k times the bases' memory); 0 and 1 = none")
      ->transform(integer_in(0, kMaxPrecomputeFactor))
      ->capture_default_str();
  app.add_option("--memory-budget", config.memory_budget_bytes,
                 "Device bytes the backend may use (suffixes kb, mb, gb: powers of 1024); 0 = no limit beyond free "
                 "memory")
      ->transform(byte_count())
      ->capture_default_str();
  app.add_flag_callback(
      "--no-validate", [&config] { config.validate_points = false; },
      "Skip the on-curve check of the input points (~4 field multiplications per point) and, on bls12_381, "
      "the G1 membership test (~1,000 per point)");
  app.add_option_function<std::string>(
      "--devices",
      [&config](const std::string& list) {
        config.devices.clear();
        if (CLI::detail::to_lower(list) == "all") {
          config.devices.push_back(kAllDevices);
          return;
        }
        std::size_t start = 0;
        while (start <= list.size()) {
          const std::size_t comma = std::min(list.find(',', start), list.size());
          const std::string item = list.substr(start, comma - start);
          std::size_t used = 0;
          int device = -1;
          try {
            device = std::stoi(item, &used);
          } catch (const std::exception&) {
            used = 0;
          }
          if (used == 0 || used != item.size() || device < 0) {
            throw CLI::ValidationError("--devices",
                                       "'" + item + "' is not a CUDA device ordinal (use e.g. 0,1 or all)");
          }
          config.devices.push_back(device);
          start = comma + 1;
        }
      },
      "cuda: CUDA devices to spread each MSM over, e.g. 0,1,2,3 or all; default: the current device");
}

void add_knob_options(CLI::App& app, MsmConfig& config) {
  app.add_option("--window-bits,-c", config.window_bits,
                 "Signed-digit window size c in bits; 0 lets the backend's cost model choose")
      ->transform(integer_in(0, kMaxUnsigned))
      ->capture_default_str();
  app.add_option("--threads", config.cpu_threads, "CPU backend worker threads; 0 = all hardware threads")
      ->transform(integer_in(0, kMaxThreads, "0 = all hardware threads"))
      ->capture_default_str();
  add_enum_option(app, "--accumulator", config.accumulator, accumulator_names(),
                  "Bucket accumulation algorithm; auto lets the backend choose");
  app.add_option("--walker-slots", config.walker_slots,
                 "stream_walker and pair_tree: S, affine additions per batched inversion per thread "
                 "(cuda's pair_tree: 8, 16 or 32); 0 = by size")
      ->transform(integer_in(0, kMaxUnsigned))
      ->capture_default_str();
  app.add_option("--walker-threads-per-block", config.walker_threads_per_block, "stream_walker: threads per block")
      ->transform(integer_in(0, kMaxUnsigned))
      ->capture_default_str();
  app.add_option("--walker-max-blocks", config.walker_max_blocks, "stream_walker: thread cap in blocks; 0 = auto")
      ->transform(integer_in(0, kMaxUnsigned))
      ->capture_default_str();
  add_enum_option(app, "--walker-state", config.walker_state, walker_state_names(),
                  "stream_walker: slot accumulators in registers, global memory, registers with one "
                  "inversion per warp (warp) or global memory with one inversion per warp (global_warp); "
                  "auto = by size");
  add_fixed_knob_options(app, config);
}

std::string describe_config(const MsmConfig& config, bool gpu) {
  auto number = [](unsigned value, const char* zero) { return value ? std::to_string(value) : std::string(zero); };
  std::string text =
      std::string("accumulator=") + zkmsm::to_string(config.accumulator) + " c=" + number(config.window_bits, "auto");
  if (!gpu) return text + " threads=" + number(config.cpu_threads, "all");
  return text + " slots=" + number(config.walker_slots, "auto") +
         " threads/block=" + std::to_string(config.walker_threads_per_block) +
         " max-blocks=" + number(config.walker_max_blocks, "auto") + " state=" + to_string(config.walker_state) +
         " glv=" + to_string(config.glv);
}

Json config_json(const MsmConfig& config) {
  return {
      {"backend", backend_name(config.backend)},
      {"window_bits", config.window_bits},
      {"accumulator", zkmsm::to_string(config.accumulator)},
      {"walker_slots", config.walker_slots},
      {"walker_threads_per_block", config.walker_threads_per_block},
      {"walker_max_blocks", config.walker_max_blocks},
      {"walker_state", to_string(config.walker_state)},
      {"pair_tree_dx_cache", config.pair_tree_dx_cache},
      {"memory_budget_bytes", config.memory_budget_bytes},
      {"validate_points", config.validate_points},
      {"cpu_threads", config.cpu_threads},
      {"devices", config.devices},
      {"glv", to_string(config.glv)},
      {"precompute_factor", config.precompute_factor},
  };
}

Json stats_json(const MsmStats& stats) {
  Json stages = Json::object();
  for (const StageTime& stage : stats.stages) stages[stage.name] = stage.milliseconds;
  return {
      {"backend", stats.backend},
      {"accumulator", stats.accumulator},
      {"window_bits", stats.window_bits},
      {"windows", stats.windows},
      {"glv", stats.glv},
      {"stages_ms", stages},
      {"total_ms", stats.total_milliseconds},
      {"estimated_peak_bytes", stats.estimated_peak_bytes},
      {"measured_peak_bytes", stats.measured_peak_bytes},
      {"devices", stats.devices},
  };
}

}  // namespace zkmsm::cli
