// Reports of `bench` and `sweep`: the machine and build they ran on, human tables, JSON files,
// progress lines on stderr.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "knobs.hpp"

namespace zkmsm::cli {

// The command line as typed (main() records it), shell-quoted where needed.
void set_command_line(int argc, char** argv);
const std::string& command_line();

// Where and when a report was made: date (UTC, ISO 8601), command, zkmsm version, the git
// commit the CLI was built from and its dirty flag (build_commit.hpp),
// CPU model and hardware threads (/proc/cpuinfo), GPUs (nvidia-smi, when present), backends
// available.
Json environment_json();

// Writes `json` (pretty-printed) to `path`; throws CliError on failure.
void write_json_file(const std::string& path, const Json& json);

// One progress line on stderr, "[zkmsm <command>] <message>".
void progress(const std::string& command, const std::string& message);

// Number formatting for tables.
std::string format_ms(double milliseconds);
std::string format_mib(std::size_t bytes);  // "-" for 0 (not reported)
std::string format_log2(std::size_t n);     // "2^16" for powers of two, else the number

// A plain text table: the first column left-aligned, the others right-aligned. A row with fewer
// cells than headers ends in a message that spans the remaining columns.
class Table {
 public:
  explicit Table(std::vector<std::string> headers) : headers_(std::move(headers)) {}
  void add_row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }
  std::string render() const;

 private:
  std::vector<std::string> headers_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace zkmsm::cli
