// Binary point/scalar files (README.md, "File formats") and the JSON form of a result point.
//
// A points file is n × 64 bytes: x then y, each a 32-byte integer; (0, 0) is the point at
// infinity. A scalars file is n × 32 bytes. `eip196` (default) stores each 32-byte integer
// big-endian (Ethereum's EIP-196 encoding); `le` stores it little-endian. Files are plain
// concatenations with no header. In memory (zkmsm::Point, zkmsm::Scalar) integers are
// little-endian arrays of 64-bit limbs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include <zkmsm/zkmsm.hpp>

#include "cli_common.hpp"

namespace zkmsm::cli {

enum class Format { eip196, le };

inline constexpr std::size_t integer_bytes = 32;
inline constexpr std::size_t point_bytes = 2 * integer_bytes;
inline constexpr std::size_t scalar_bytes = integer_bytes;

const std::map<std::string, Format>& format_names();
const char* to_string(Format format);

// One 32-byte integer <-> four little-endian 64-bit limbs.
Limbs decode_integer(const std::uint8_t* bytes, Format format);
void encode_integer(std::uint8_t* bytes, const Limbs& limbs, Format format);

// Whole-file I/O; `what` ("points", "scalars") names the file in error messages (CliError).
std::vector<std::uint8_t> read_file(const std::string& path, const char* what);
void write_file(const std::string& path, std::span<const std::uint8_t> bytes, const char* what);

// Decoding checks the size only (a multiple of 64 or 32 bytes); coordinates are checked by the
// library (msm() returns point_not_canonical / point_not_on_curve).
template <class Curve>
std::vector<Point<Curve>> read_points(const std::string& path, Format format);
template <class Curve>
std::vector<Scalar<Curve>> read_scalars(const std::string& path, Format format);
template <class Curve>
void write_points(const std::string& path, std::span<const Point<Curve>> points, Format format);
template <class Curve>
void write_scalars(const std::string& path, std::span<const Scalar<Curve>> scalars, Format format);

// Throws CliError naming both files when the counts differ.
void check_counts(std::size_t points,
                  std::size_t scalars,
                  const std::string& points_path,
                  const std::string& scalars_path);

// "0x" + 64 lowercase hex digits, zero padded.
std::string to_hex(const Limbs& limbs);
// {"x":"0x…","y":"0x…"} or {"infinity":true}, no spaces, no newline.
template <class Curve>
std::string point_json(const Point<Curve>& point);

}  // namespace zkmsm::cli
