// Command-line flags for MsmConfig, shared by `msm`, `bench`, `sweep` and `run`.
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <zkmsm/zkmsm.hpp>

#include "cli_common.hpp"
#include "number_options.hpp"

namespace zkmsm::cli {

// JSON objects keep their keys in insertion order (stage order, row layout).
using Json = nlohmann::ordered_json;

// A transformer that accepts the keys of `names` (case-insensitive) and rewrites the value to the
// mapped enum's integer, which CLI11 then stores; anything else is a usage error listing the keys.
template <class Enum>
CLI::Validator enum_transformer(const std::map<std::string, Enum>& names) {
  std::string keys;
  for (const auto& entry : names) keys += (keys.empty() ? "" : ", ") + entry.first;
  return CLI::Validator(
      [&names, keys](std::string& input) -> std::string {
        const auto found = names.find(CLI::detail::to_lower(input));
        if (found == names.end()) return "'" + input + "' is not one of: " + keys;
        input = std::to_string(static_cast<int>(found->second));
        return {};
      },
      "", "enum");
}

// The key of `names` that maps to `value`.
template <class Enum>
std::string enum_key(const std::map<std::string, Enum>& names, Enum value) {
  for (const auto& [key, mapped] : names)
    if (mapped == value) return key;
  return {};
}

// Adds an option whose value must be a key of `names` and stores the mapped enum value; the help
// text lists the keys and shows the current value as the default.
template <class Enum>
CLI::Option* add_enum_option(CLI::App& app,
                             const std::string& flag,
                             Enum& value,
                             const std::map<std::string, Enum>& names,
                             const std::string& help) {
  std::string keys;
  for (const auto& entry : names) keys += (keys.empty() ? "" : "|") + entry.first;
  return app.add_option(flag, value, help)
      ->transform(enum_transformer(names))
      ->type_name("{" + keys + "}")
      ->default_str(enum_key(names, value));
}

// --curve (bn254|grumpkin).
CLI::Option* add_curve_option(CLI::App& app, CurveId& curve);
// --backend (auto|cpu|cuda|vulkan).
CLI::Option* add_backend_option(CLI::App& app, Backend& backend);

// What bench and sweep share: --repeats (timed runs per row or configuration), --warmups, --seed.
void add_timing_options(
    CLI::App& app, unsigned& repeats, unsigned& warmups, std::uint64_t& seed, const std::string& repeats_help);

// The knobs of MsmConfig other than the backend: --window-bits, --threads, --accumulator,
// --walker-slots, --walker-threads-per-block, --walker-max-blocks, --walker-state,
// --pair-tree-dx-cache, --memory-budget, --no-validate.
void add_knob_options(CLI::App& app, MsmConfig& config);
// The subset `sweep` does not sweep: --pair-tree-dx-cache, --memory-budget, --no-validate.
void add_fixed_knob_options(CLI::App& app, MsmConfig& config);

// A one-line summary of the knobs that matter for the backend, e.g. "c=12 threads=all" (cpu) or
// "accumulator=auto c=auto slots=8 threads/block=128 max-blocks=auto state=registers" (GPUs).
std::string describe_config(const MsmConfig& config, bool gpu);

// The configuration as JSON (enum values by name), for reports.
Json config_json(const MsmConfig& config);
// MsmStats as JSON: backend, accumulator, window bits, windows, stages (name → ms, in order),
// total_ms, estimated/measured peak bytes.
Json stats_json(const MsmStats& stats);

}  // namespace zkmsm::cli
