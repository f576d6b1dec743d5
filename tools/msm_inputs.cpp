#include "msm_inputs.hpp"

#include <cstdint>
#include <optional>
#include <utility>

#include "input_file.hpp"
#include "number_options.hpp"

namespace zkmsm::cli {
namespace {

// How many points of `point_size` bytes a file of `bytes` holds; throws CliError when the last is
// cut.
std::uint64_t whole_points(const InputFile& file, std::uint64_t bytes, std::uint64_t point_size, Format format) {
  if (bytes % point_size == 0) return bytes / point_size;
  throw CliError(file.describe() + " has " + std::to_string(bytes) + " bytes, not a multiple of " +
                 std::to_string(point_size) + " (one point in the " + to_string(format) + " format is " +
                 std::to_string(point_size) + " bytes); the last point is truncated or the file is not a points file");
}

std::uint64_t whole_scalars(const InputFile& file, std::uint64_t bytes) {
  if (bytes % scalar_bytes == 0) return bytes / scalar_bytes;
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

template <class Curve>
MsmInputs<Curve> from_vectors(std::vector<Point<Curve>> points, std::vector<Scalar<Curve>> scalars) {
  MsmInputs<Curve> inputs;
  inputs.point_vector = std::move(points);
  inputs.scalar_vector = std::move(scalars);
  inputs.points = inputs.point_vector;
  inputs.scalars = inputs.scalar_vector;
  return inputs;
}

}  // namespace

template <class Curve>
MsmInputs<Curve> read_msm_inputs(const std::string& points_path,
                                 const std::string& scalars_path,
                                 Format requested_format) {
  const Format format = curve_format<Curve>(requested_format);
  const std::uint64_t point_size = point_bytes<Curve>(format);
  const auto count_points = [&](const InputFile& file, std::uint64_t bytes) {
    return whole_points(file, bytes, point_size, format);
  };
  InputFile points(points_path, "points");
  InputFile scalars(scalars_path, "scalars");

  // Regular files: every count check before anything is read.
  std::optional<std::uint64_t> points_known;
  std::optional<std::uint64_t> scalars_known;
  if (points.size()) {
    points_known = count_points(points, *points.size());
    check_point_count(points, *points_known, false);
  }
  if (scalars.size()) scalars_known = whole_scalars(scalars, *scalars.size());
  if (points_known && scalars_known && reads_points_in_place<Curve>(format)) {
    check_counts(points, *points_known, false, scalars, *scalars_known, false);
    // Two regular files: read straight into the arrays, then decoded in place.
    MsmInputs<Curve> inputs;
    inputs.point_buffer.resize(*points_known);
    inputs.scalar_buffer.resize(*scalars_known);
    points.read_exactly(reinterpret_cast<std::uint8_t*>(inputs.point_buffer.data()), *points_known * point_size);
    scalars.read_exactly(reinterpret_cast<std::uint8_t*>(inputs.scalar_buffer.data()), *scalars_known * scalar_bytes);
    if (point_size == 2 * scalar_bytes) {  // 32-byte coordinates (BN254, Grumpkin); BLS12-381's le needs nothing
      integers_to_limbs_in_place({reinterpret_cast<Limbs*>(inputs.point_buffer.data()), 2 * inputs.point_buffer.size()},
                                 format);
    }
    integers_to_limbs_in_place({inputs.scalar_buffer.data(), inputs.scalar_buffer.size()}, format);
    inputs.points = {inputs.point_buffer.data(), inputs.point_buffer.size()};
    inputs.scalars = {inputs.scalar_buffer.data(), inputs.scalar_buffer.size()};
    return inputs;
  }

  if (points_known && scalars_known) {
    check_counts(points, *points_known, false, scalars, *scalars_known, false);
    bool more = false;
    const std::vector<std::uint8_t> point_data = points.read(*points_known * point_size, more);
    const std::vector<std::uint8_t> scalar_data = scalars.read(*scalars_known * scalar_bytes, more);
    return from_vectors<Curve>(decode_points<Curve>(point_data, format, points.describe()),
                               decode_scalars<Curve>(scalar_data, format));
  }

  // A stream is read first when the other file's count is known, and no further than that count
  // (or the largest MSM) allows; the second file no further than the first one's count.
  std::vector<std::uint8_t> point_data;
  std::vector<std::uint8_t> scalar_data;
  bool more = false;
  if (points_known && !scalars_known) {
    scalar_data = scalars.read(*points_known * scalar_bytes, more);
    check_counts(points, *points_known, false, scalars, whole_scalars(scalars, scalar_data.size()), more);
    point_data = points.read(*points_known * point_size, more);
    check_counts(points, count_points(points, point_data.size()), more, scalars, *points_known, false);
  } else {
    point_data = points.read(scalars_known.value_or(kMaxPoints) * point_size, more);
    const std::uint64_t points_count = count_points(points, point_data.size());
    if (scalars_known)
      check_counts(points, points_count, more, scalars, *scalars_known, false);
    else
      check_point_count(points, points_count, more);
    scalar_data = scalars.read(points_count * scalar_bytes, more);
    check_counts(points, points_count, false, scalars, whole_scalars(scalars, scalar_data.size()), more);
  }
  return from_vectors<Curve>(decode_points<Curve>(point_data, format, points.describe()),
                             decode_scalars<Curve>(scalar_data, format));
}

template MsmInputs<Bn254> read_msm_inputs<Bn254>(const std::string&, const std::string&, Format);
template MsmInputs<Grumpkin> read_msm_inputs<Grumpkin>(const std::string&, const std::string&, Format);
template MsmInputs<Bls12381> read_msm_inputs<Bls12381>(const std::string&, const std::string&, Format);

}  // namespace zkmsm::cli
