// The subcommands of the zkmsm CLI. Each add_*_command registers its options on `app` and
// returns the subcommand and the action main() runs when that subcommand was given. Actions
// return the exit status and throw CliError for failures.
#pragma once

#include <functional>
#include <utility>

#include <CLI/CLI.hpp>

namespace zkmsm::cli {

using Action = std::function<int()>;
using Command = std::pair<CLI::App*, Action>;

Command add_gen_command(CLI::App& app);    // write random points and scalars files
Command add_msm_command(CLI::App& app);    // compute one MSM from files, print the JSON result
Command add_bench_command(CLI::App& app);  // time sizes × backends, verify, table + JSON
Command add_sweep_command(CLI::App& app);  // time knob configurations at one size, verify, table + JSON
Command add_run_command(CLI::App& app);    // the main job: default inputs, best backend, verified
Command add_info_command(CLI::App& app);   // version and available backends as JSON

}  // namespace zkmsm::cli
