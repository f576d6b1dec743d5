#include "report.hpp"

#include "build_commit.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

namespace zkmsm::cli {
namespace {

std::string& stored_command_line() {
  static std::string line;
  return line;
}

std::string shell_quote(const std::string& word) {
  if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                              "_-+=/.,:%@^") == std::string::npos)
    return word;
  std::string quoted = "'";
  for (char ch : word) quoted += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return quoted + "'";
}

// Runs a shell command and returns its stdout without the trailing newline; empty on failure.
std::string capture(const std::string& command) {
  std::string output;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return output;
  std::array<char, 512> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe)) output += buffer.data();
  if (pclose(pipe) != 0) return {};
  while (!output.empty() && (output.back() == '\n' || output.back() == '\r')) output.pop_back();
  return output;
}

std::string cpu_model() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) == 0 || line.rfind("Model", 0) == 0 || line.rfind("Hardware", 0) == 0) {
      const std::size_t colon = line.find(':');
      if (colon != std::string::npos) {
        std::string model = line.substr(colon + 1);
        model.erase(0, model.find_first_not_of(" \t"));
        return model;
      }
    }
  }
  return "unknown";
}

std::string utc_date() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  std::array<char, 32> text{};
  std::strftime(text.data(), text.size(), "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text.data();
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

}  // namespace

void set_command_line(int argc, char** argv) {
  std::string line;
  for (int i = 0; i < argc; ++i) line += (i ? " " : "") + shell_quote(argv[i]);
  stored_command_line() = line;
}

const std::string& command_line() { return stored_command_line(); }

Json environment_json() {
  Json env;
  env["date"] = utc_date();
  env["command"] = command_line();
  env["zkmsm_version"] = zkmsm::version();
  const std::string commit = build_commit_sha();
  if (commit.empty()) {
    env["git_commit"] = nullptr;
  } else {
    env["git_commit"] = commit;
    env["git_dirty"] = build_commit_dirty();
  }
  env["cpu_model"] = cpu_model();
  env["hardware_threads"] = std::thread::hardware_concurrency();
  Json backends = Json::object();
  for (Backend backend : {Backend::cpu, Backend::cuda, Backend::vulkan})
    backends[backend_name(backend)] = backend_available(backend);
  env["backends_available"] = backends;
  if (backend_available(Backend::cuda) || backend_available(Backend::vulkan)) {
    env["gpus"] = split_lines(
        capture("nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null"));
  }
  return env;
}

void write_json_file(const std::string& path, const Json& json) {
  std::ofstream out(path, std::ios::trunc);
  if (!out) throw CliError("cannot create JSON file '" + path + "'");
  out << json.dump(2) << '\n';
  out.close();
  if (!out) throw CliError("cannot write JSON file '" + path + "'");
}

void progress(const std::string& command, const std::string& message) {
  std::cerr << "[zkmsm " << command << "] " << message << std::endl;
}

std::string format_ms(double milliseconds) {
  std::array<char, 32> text{};
  const char* pattern = milliseconds >= 1000  ? "%.0f"
                        : milliseconds >= 100 ? "%.1f"
                        : milliseconds >= 1   ? "%.2f"
                                              : "%.3f";
  std::snprintf(text.data(), text.size(), pattern, milliseconds);
  return text.data();
}

std::string format_mib(std::size_t bytes) {
  if (bytes == 0) return "-";
  std::array<char, 32> text{};
  std::snprintf(text.data(), text.size(), "%.1f", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return text.data();
}

std::string format_log2(std::size_t n) {
  if (n != 0 && (n & (n - 1)) == 0) {
    unsigned log = 0;
    while ((std::size_t{1} << log) < n) ++log;
    return "2^" + std::to_string(log);
  }
  return std::to_string(n);
}

std::string Table::render() const {
  std::vector<std::size_t> widths(headers_.size());
  for (std::size_t i = 0; i < headers_.size(); ++i) widths[i] = headers_[i].size();
  // A short row's last cell (a message) spans the remaining columns and does not widen them.
  for (const auto& row : rows_) {
    const std::size_t sized = row.size() < widths.size() ? row.size() - 1 : widths.size();
    for (std::size_t i = 0; i < sized && i < row.size(); ++i) widths[i] = std::max(widths[i], row[i].size());
  }
  std::ostringstream out;
  auto emit = [&](const std::vector<std::string>& cells) {
    std::string line;
    for (std::size_t i = 0; i < widths.size() && i < cells.size(); ++i) {
      const std::string& cell = cells[i];
      const bool spanning = cells.size() < widths.size() && i + 1 == cells.size();
      const std::string pad(spanning ? 0 : widths[i] - cell.size(), ' ');
      line += (i ? "  " : "") + (i == 0 || spanning ? cell + pad : pad + cell);
    }
    line.erase(line.find_last_not_of(' ') + 1);
    out << line << '\n';
  };
  emit(headers_);
  std::size_t total = 0;
  for (std::size_t width : widths) total += width;
  out << std::string(total + 2 * (widths.size() - 1), '-') << '\n';
  for (const auto& row : rows_) emit(row);
  return out.str();
}

}  // namespace zkmsm::cli
