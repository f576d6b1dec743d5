#include "bench_rows.hpp"

#include <algorithm>
#include <chrono>

#include "file_formats.hpp"
#include "report.hpp"

namespace zkmsm::cli {

template <class Curve>
Measurement<Curve> measure(const MsmCall<Curve>& call,
                           unsigned warmups,
                           unsigned repeats,
                           const std::function<void()>& before_each) {
  Measurement<Curve> measurement;
  for (unsigned run = 0; run < warmups + repeats; ++run) {
    if (before_each) before_each();
    MsmStats stats;
    const auto start = std::chrono::steady_clock::now();
    Result<Point<Curve>> result = call(&stats);
    const double wall = elapsed_ms(start);
    if (!result) {
      measurement.error = result.error();
      return measurement;
    }
    if (!measurement.result)
      measurement.result = result.value();
    else if (*measurement.result != result.value())
      measurement.consistent = false;
    if (run < warmups) continue;
    measurement.wall_ms.push_back(wall);
    measurement.library_total_ms.push_back(stats.total_milliseconds);
    for (const StageTime& stage : stats.stages) {
      auto it = std::find(measurement.stage_names.begin(), measurement.stage_names.end(), stage.name);
      std::size_t index = static_cast<std::size_t>(it - measurement.stage_names.begin());
      if (it == measurement.stage_names.end()) {
        measurement.stage_names.push_back(stage.name);
        measurement.stage_ms.emplace_back();
      }
      measurement.stage_ms[index].push_back(stage.milliseconds);
    }
    measurement.measured_peak_bytes = std::max(measurement.measured_peak_bytes, stats.measured_peak_bytes);
    measurement.last_stats = stats;
  }
  return measurement;
}

template <class Curve>
Measurement<Curve> measure(std::span<const Point<Curve>> points,
                           std::span<const Scalar<Curve>> scalars,
                           const MsmConfig& config,
                           unsigned warmups,
                           unsigned repeats) {
  return measure<Curve>([&](MsmStats* stats) { return msm<Curve>(points, scalars, config, stats); }, warmups, repeats);
}

template <class Curve>
Json measurement_json(const Measurement<Curve>& measurement) {
  Json row;
  if (measurement.error) {
    row["error"] = std::string(zkmsm::to_string(measurement.error->code)) + ": " + measurement.error->message;
    return row;
  }
  const MsmStats& stats = measurement.last_stats;
  row["backend_ran"] = stats.backend;
  row["accumulator_ran"] = stats.accumulator;
  row["window_bits"] = stats.window_bits;
  row["windows"] = stats.windows;
  row["glv"] = stats.glv;
  row["median_ms"] = median(measurement.wall_ms);
  row["min_ms"] = minimum(measurement.wall_ms);
  row["runs_ms"] = measurement.wall_ms;
  row["library_total_median_ms"] = median(measurement.library_total_ms);
  Json stages = Json::object();
  for (std::size_t i = 0; i < measurement.stage_names.size(); ++i)
    stages[measurement.stage_names[i]] = median(measurement.stage_ms[i]);
  row["stages_median_ms"] = stages;
  row["estimated_peak_bytes"] = stats.estimated_peak_bytes;
  row["measured_peak_bytes"] = measurement.measured_peak_bytes;
  row["result"] = Json::parse(point_json(*measurement.result));
  row["consistent_across_runs"] = measurement.consistent;
  return row;
}

std::vector<std::string> stage_headers(const std::vector<std::string>& names) {
  std::vector<std::string> headers;
  for (const std::string& name : names) headers.push_back(name.substr(0, name.find('_')));
  const std::vector<std::string> short_names = headers;
  for (std::size_t i = 0; i < headers.size(); ++i)
    if (std::count(short_names.begin(), short_names.end(), short_names[i]) > 1) headers[i] = names[i];
  for (std::string& header : headers) header += " ms";
  return headers;
}

void merge_stage_names(std::vector<std::string>& names, const std::vector<std::string>& more) {
  for (const std::string& name : more)
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
}

std::string stage_cell(const Json& row, const std::string& name) {
  if (!row.contains("stages_median_ms") || !row["stages_median_ms"].contains(name)) return "-";
  return format_ms(row["stages_median_ms"][name].get<double>());
}

void add_verification(Json& row, const std::optional<Verification>& verification) {
  if (!verification) {
    row["verified"] = nullptr;
    return;
  }
  row["verified"] = verification->verified;
  row["verified_by"] = verification->method;
  if (!verification->detail.empty()) row["verification_detail"] = verification->detail;
}

template Measurement<Bn254> measure<Bn254>(const MsmCall<Bn254>&, unsigned, unsigned, const std::function<void()>&);
template Measurement<Grumpkin> measure<Grumpkin>(const MsmCall<Grumpkin>&,
                                                 unsigned,
                                                 unsigned,
                                                 const std::function<void()>&);
template Measurement<Bn254> measure<Bn254>(
    std::span<const Point<Bn254>>, std::span<const Scalar<Bn254>>, const MsmConfig&, unsigned, unsigned);
template Measurement<Grumpkin> measure<Grumpkin>(
    std::span<const Point<Grumpkin>>, std::span<const Scalar<Grumpkin>>, const MsmConfig&, unsigned, unsigned);
template Json measurement_json<Bn254>(const Measurement<Bn254>&);
template Json measurement_json<Grumpkin>(const Measurement<Grumpkin>&);
template Measurement<Bls12381> measure<Bls12381>(const MsmCall<Bls12381>&,
                                                 unsigned,
                                                 unsigned,
                                                 const std::function<void()>&);
template Measurement<Bls12381> measure<Bls12381>(
    std::span<const Point<Bls12381>>, std::span<const Scalar<Bls12381>>, const MsmConfig&, unsigned, unsigned);
template Json measurement_json<Bls12381>(const Measurement<Bls12381>&);

}  // namespace zkmsm::cli
