// Timing one MSM configuration repeatedly and turning it into a report row (bench and sweep).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <zkmsm/zkmsm.hpp>

#include "knobs.hpp"
#include "reference.hpp"

namespace zkmsm::cli {

// What `repeats` timed calls of msm() (after `warmups` untimed ones) measured.
template <class Curve>
struct Measurement {
  std::optional<Error> error;                 // the first failed call, if any
  std::optional<Point<Curve>> result;         // the first call's result
  bool consistent = true;                     // every call returned the same point
  std::vector<double> wall_ms;                // msm() call, wall clock, one per timed run
  std::vector<double> library_total_ms;       // MsmStats::total_milliseconds
  std::vector<std::string> stage_names;       // in the order the backend reported them
  std::vector<std::vector<double>> stage_ms;  // [stage][run]
  MsmStats last_stats;
  std::size_t measured_peak_bytes = 0;  // maximum over the runs
};

// One MSM call to time: fills the stats it is given and returns the result.
template <class Curve>
using MsmCall = std::function<Result<Point<Curve>>(MsmStats*)>;

// before_each (optional) runs before every call, untimed: what a cold measurement resets.
template <class Curve>
Measurement<Curve> measure(const MsmCall<Curve>& call,
                           unsigned warmups,
                           unsigned repeats,
                           const std::function<void()>& before_each = {});

// measure() of msm(points, scalars, config).
template <class Curve>
Measurement<Curve> measure(std::span<const Point<Curve>> points,
                           std::span<const Scalar<Curve>> scalars,
                           const MsmConfig& config,
                           unsigned warmups,
                           unsigned repeats);

// The row fields every report shares: timing medians, per-stage medians, window, memory, result.
template <class Curve>
Json measurement_json(const Measurement<Curve>& measurement);

// Shortens stage names for table headers ("accumulate_buckets" → "accumulate") when unambiguous.
std::vector<std::string> stage_headers(const std::vector<std::string>& names);

// Adds the stage names of `measurement` not yet in `names`, keeping first-seen order.
void merge_stage_names(std::vector<std::string>& names, const std::vector<std::string>& more);

// Median time of stage `name` in a measurement JSON row, formatted; "-" when absent.
std::string stage_cell(const Json& row, const std::string& name);

// The verification fields of a row: "verified" (true/false, or null when skipped),
// "verified_by", "verification_detail".
void add_verification(Json& row, const std::optional<Verification>& verification);

}  // namespace zkmsm::cli
