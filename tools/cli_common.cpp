#include "cli_common.hpp"

#include <algorithm>

namespace zkmsm::cli {

namespace {

// The library's names of Enum (zkmsm::enum_names) as a map from name to value.
template <class Enum>
const std::map<std::string, Enum>& names_of() {
  static const std::map<std::string, Enum> names = [] {
    std::map<std::string, Enum> map;
    for (const auto& [value, name] : enum_names<Enum>()) map.emplace(name, value);
    return map;
  }();
  return names;
}

}  // namespace

const std::map<std::string, CurveId>& curve_names() { return names_of<CurveId>(); }
const std::map<std::string, Backend>& backend_names() { return names_of<Backend>(); }
const std::map<std::string, Accumulator>& accumulator_names() { return names_of<Accumulator>(); }
const std::map<std::string, WalkerState>& walker_state_names() { return names_of<WalkerState>(); }

std::string backend_name(Backend backend) { return zkmsm::to_string(backend); }

void require_backend(Backend backend) {
  if (backend == Backend::automatic || backend_available(backend)) return;
  throw CliError("backend '" + backend_name(backend) +
                 "' is not available: it is not compiled into this build of zkmsm or has no usable device "
                 "(see `zkmsm info`)");
}

std::string describe_msm_error(const Error& error, const std::string& points_file) {
  const std::string detail = error.message.empty() ? std::string(zkmsm::to_string(error.code)) : error.message;
  switch (error.code) {
    case ErrorCode::point_not_canonical:
    case ErrorCode::point_not_on_curve:
    case ErrorCode::point_not_in_subgroup:
      return "points file '" + points_file + "': " + detail;
    case ErrorCode::backend_unavailable:
      return "backend unavailable: " + detail;
    default:
      return std::string(zkmsm::to_string(error.code)) + ": " + detail;
  }
}

double elapsed_ms(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

double minimum(const std::vector<double>& values) {
  return values.empty() ? 0 : *std::min_element(values.begin(), values.end());
}

}  // namespace zkmsm::cli
