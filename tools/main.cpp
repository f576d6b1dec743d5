// zkmsm: the command-line tool of the zkmsm library (README.md).
//
// Exit status: 0 success, 1 an error (message on stderr; stdout stays empty), 2 a usage error.
// What a command prints on stdout is written when it ends (standard_output.hpp); output that
// cannot be written is an error (exit status 1).
#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include <zkmsm/zkmsm.hpp>

#include "build_commit.hpp"
#include "cli_common.hpp"
#include "commands.hpp"
#include "report.hpp"
#include "standard_output.hpp"

namespace {

// Parses the command line and runs the command; returns the exit status. A command that throws
// prints nothing on stdout (`output` drops what it had printed).
int run_command_line(int argc, char** argv, zkmsm::cli::StandardOutput& output) {
  using namespace zkmsm::cli;
  set_command_line(argc, argv);

  CLI::App app{
      "zkmsm: multi-scalar multiplication sum_i s_i*P_i on BN254 G1, Grumpkin and BLS12-381 G1.\n"
      "Points and scalars files are plain concatenations (README.md, section File formats); scalars are 32 bytes:\n"
      "  eip196 (bn254/grumpkin default): big-endian, a point is x||y (64 bytes), (0,0) is the point at infinity;\n"
      "  eip2537 (bls12_381 default): a point is x||y, each 16 zero bytes then 48 big-endian (128 bytes);\n"
      "  zcash (bls12_381): 48-byte compressed points (flags 0x80 compressed, 0x40 infinity, 0x20 larger y);\n"
      "  le: integers little-endian (bls12_381: 48-byte coordinates, 96-byte points).\n"
      "Results are printed as {\"x\":\"0x...\",\"y\":\"0x...\"} or {\"infinity\":true}.\n",
      "zkmsm"};
  app.set_version_flag("--version", std::string("zkmsm ") + zkmsm::version() + " (commit " + build_commit() + ")");
  app.require_subcommand(1);
  app.footer("Run `zkmsm <command> --help` for the options of a command.");

  const std::vector<Command> commands{add_gen_command(app),   add_msm_command(app), add_bench_command(app),
                                      add_sweep_command(app), add_run_command(app), add_info_command(app)};
  // CLI11 would report a mistyped command as "A subcommand is required"; name it instead.
  if (argc > 1 && argv[1][0] != '-') {
    std::string names;
    bool known = false;
    for (const auto& [subcommand, action] : commands) {
      known = known || subcommand->get_name() == argv[1];
      names += (names.empty() ? "" : ", ") + subcommand->get_name();
    }
    if (!known) {
      std::cerr << "zkmsm: unknown command '" << argv[1] << "'; the commands are: " << names
                << "\nRun with --help for more information." << std::endl;
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);  // prints the message and a hint to stderr
    return 2;
  }

  try {
    for (const auto& [subcommand, action] : commands)
      if (subcommand->parsed()) return action();
    return 2;
  } catch (const CliError& e) {
    output.discard();
    std::cerr << "zkmsm: error: " << e.what() << std::endl;
    return e.exit_code();
  } catch (const std::bad_alloc&) {
    output.discard();
    std::cerr << "zkmsm: error: out of host memory" << std::endl;
    return 1;
  } catch (const std::exception& e) {
    output.discard();
    std::cerr << "zkmsm: error: " << e.what() << std::endl;
    return 1;
  }
}

}  // namespace

int main(int argc, char** argv) {
  zkmsm::cli::StandardOutput output;
  const int status = run_command_line(argc, argv, output);
  if (const std::string failure = output.deliver(); !failure.empty()) {
    std::cerr << "zkmsm: error: cannot write the output to stdout: " << failure << std::endl;
    return status == 0 ? 1 : status;
  }
  return status;
}
