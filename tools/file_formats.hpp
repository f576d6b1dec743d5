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

// Four little-endian 64-bit limbs -> one 32-byte integer of `format`.
void encode_integer(std::uint8_t* bytes, const Limbs& limbs, Format format);

// 32-byte integers read as they are into Limbs (the file's bytes copied into the array) made the
// Limbs they encode, in place: eip196's big-endian integers reversed (limb order and the bytes of
// each limb), le's left as they are (this host is little-endian). In parallel over `threads`
// (0 = all hardware threads) for large arrays: memory speed, the file's one decoding pass.
void integers_to_limbs_in_place(std::span<Limbs> integers, Format format, unsigned threads = 0);

// Decoding: `bytes` holds whole points (64 bytes) or scalars (32 bytes), checked by the caller
// (msm_inputs.hpp); coordinates are checked by the library (msm() returns point_not_canonical /
// point_not_on_curve).
template <class Curve>
std::vector<Point<Curve>> decode_points(std::span<const std::uint8_t> bytes, Format format);
template <class Curve>
std::vector<Scalar<Curve>> decode_scalars(std::span<const std::uint8_t> bytes, Format format);
// Encoding: the bytes of a points or scalars file.
template <class Curve>
std::vector<std::uint8_t> encode_points(std::span<const Point<Curve>> points, Format format);
template <class Curve>
std::vector<std::uint8_t> encode_scalars(std::span<const Scalar<Curve>> scalars, Format format);

// "0x" + 64 lowercase hex digits, zero padded.
std::string to_hex(const Limbs& limbs);
// {"x":"0x…","y":"0x…"} or {"infinity":true}, no spaces, no newline.
template <class Curve>
std::string point_json(const Point<Curve>& point);

}  // namespace zkmsm::cli
