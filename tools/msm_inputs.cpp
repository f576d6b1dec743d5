#include "msm_inputs.hpp"

#include <cstdint>
#include <optional>

#include "input_file.hpp"
#include "number_options.hpp"

namespace zkmsm::cli {
namespace {

// How many items of `item_bytes` a file of `bytes` holds; throws CliError when the last is cut.
std::uint64_t whole_items(const InputFile& file, std::uint64_t bytes, std::uint64_t item_bytes) {
  if (bytes % item_bytes == 0) return bytes / item_bytes;
  if (item_bytes == point_bytes)
    throw CliError(file.describe() + " has " + std::to_string(bytes) +
                   " bytes, not a multiple of 64 (one point is x and y, 32 bytes each); the last point is "
                   "truncated or the file is not a points file");
  throw CliError(file.describe() + " has " + std::to_string(bytes) +
                 " bytes, not a multiple of 32 (one scalar is 32 bytes); the last scalar is truncated or the "
                 "file is not a scalars file");
}

// A count of points the library takes; `more`: the file holds more than `count` points.
void check_point_count(const InputFile& points, std::uint64_t count, bool more) {
  if (count > kMaxPoints || more)
    throw CliError(points.describe() + " holds " + (more ? "more than " : "") + std::to_string(count) +
                   " points; the largest MSM the library takes is 2^31 - 1 points");
}

// `points_count` and `scalars_count` are exact, or a lower bound when `*_more` says the file held
// more than that.
void check_counts(const InputFile& points,
                  std::uint64_t points_count,
                  bool points_more,
                  const InputFile& scalars,
                  std::uint64_t scalars_count,
                  bool scalars_more) {
  if (points_count == scalars_count && !points_more && !scalars_more) return;
  throw CliError("count mismatch: " + points.describe() + " holds " + (points_more ? "more than " : "") +
                 std::to_string(points_count) + " points but " + scalars.describe() + " holds " +
                 (scalars_more ? "more than " : "") + std::to_string(scalars_count) + " scalars");
}

}  // namespace

template <class Curve>
MsmInputs<Curve> read_msm_inputs(const std::string& points_path, const std::string& scalars_path, Format format) {
  InputFile points(points_path, "points");
  InputFile scalars(scalars_path, "scalars");

  // Regular files: every count check before anything is read.
  std::optional<std::uint64_t> points_known;
  std::optional<std::uint64_t> scalars_known;
  if (points.size()) {
    points_known = whole_items(points, *points.size(), point_bytes);
    check_point_count(points, *points_known, false);
  }
  if (scalars.size()) scalars_known = whole_items(scalars, *scalars.size(), scalar_bytes);
  if (points_known && scalars_known) {
    check_counts(points, *points_known, false, scalars, *scalars_known, false);
    // Two regular files: read straight into the arrays, then decoded in place.
    MsmInputs<Curve> inputs{std::vector<Point<Curve>>(*points_known), std::vector<Scalar<Curve>>(*scalars_known)};
    points.read_exactly(reinterpret_cast<std::uint8_t*>(inputs.points.data()), *points_known * point_bytes);
    scalars.read_exactly(reinterpret_cast<std::uint8_t*>(inputs.scalars.data()), *scalars_known * scalar_bytes);
    integers_to_limbs_in_place({reinterpret_cast<Limbs*>(inputs.points.data()), 2 * inputs.points.size()}, format);
    integers_to_limbs_in_place(inputs.scalars, format);
    return inputs;
  }

  // A stream is read first when the other file's count is known, and no further than that count
  // (or the largest MSM) allows; the second file no further than the first one's count.
  std::vector<std::uint8_t> point_data;
  std::vector<std::uint8_t> scalar_data;
  bool more = false;
  if (points_known && !scalars_known) {
    scalar_data = scalars.read(*points_known * scalar_bytes, more);
    check_counts(points, *points_known, false, scalars, whole_items(scalars, scalar_data.size(), scalar_bytes), more);
    point_data = points.read(*points_known * point_bytes, more);
    check_counts(points, whole_items(points, point_data.size(), point_bytes), more, scalars, *points_known, false);
  } else {
    point_data = points.read(scalars_known.value_or(kMaxPoints) * point_bytes, more);
    const std::uint64_t points_count = whole_items(points, point_data.size(), point_bytes);
    if (scalars_known)
      check_counts(points, points_count, more, scalars, *scalars_known, false);
    else
      check_point_count(points, points_count, more);
    scalar_data = scalars.read(points_count * scalar_bytes, more);
    check_counts(points, points_count, false, scalars, whole_items(scalars, scalar_data.size(), scalar_bytes), more);
  }
  return {decode_points<Curve>(point_data, format), decode_scalars<Curve>(scalar_data, format)};
}

template MsmInputs<Bn254> read_msm_inputs<Bn254>(const std::string&, const std::string&, Format);
template MsmInputs<Grumpkin> read_msm_inputs<Grumpkin>(const std::string&, const std::string&, Format);

}  // namespace zkmsm::cli
