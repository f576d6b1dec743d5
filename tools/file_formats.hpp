// Binary point/scalar files (README.md, "File formats") and the JSON form of a result point.
//
// Files are plain concatenations with no header. A scalars file is n × 32 bytes in every format:
// big-endian, except `le` (little-endian). A points file is n points of the format's size:
//   bn254, grumpkin   eip196 (default): x then y, 32-byte big-endian integers (EIP-196), 64 bytes
//                     le: the same, little-endian
//   bls12_381         eip2537 (default): x then y, each 64 bytes: 16 zero bytes, then the 48-byte
//                       big-endian coordinate (EIP-2537), 128 bytes
//                     zcash: 48 bytes, x big-endian with the flags of the compressed form
//                       (zkmsm/point_encodings.hpp), y recovered from x
//                     le: x then y, 48-byte little-endian integers, 96 bytes
// (0, 0) is the point at infinity (all zero bytes; zcash: 0xc0 then 47 zero bytes). In memory
// (zkmsm::Point, zkmsm::Scalar) integers are little-endian arrays of 64-bit limbs.
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

enum class Format { automatic, eip196, le, eip2537, zcash };

inline constexpr std::size_t scalar_bytes = 32;

// "auto", "eip196", "le", "eip2537", "zcash".
const std::map<std::string, Format>& format_names();
const char* to_string(Format format);

// The format of Curve's files for `requested`: auto is eip196 (BN254, Grumpkin) or eip2537
// (BLS12-381); a format with no encoding of Curve's points throws CliError.
template <class Curve>
Format curve_format(Format requested);

// Bytes of one point of Curve in `format` (a curve_format result).
template <class Curve>
std::size_t point_bytes(Format format);

// Whether a points file of `format` is read straight into the Point array and made limbs in place
// (by integers_to_limbs_in_place for 32-byte integers; le files of BLS12-381 are the limbs
// already), else decoded from its bytes by decode_points.
template <class Curve>
bool reads_points_in_place(Format format);

// One 32-byte integer of `format` from four little-endian 64-bit limbs.
void encode_integer(std::uint8_t* bytes, const Limbs& limbs, Format format);

// 32-byte integers read as they are into Limbs (the file's bytes copied into the array) made the
// Limbs they encode, in place: big-endian integers reversed (limb order and the bytes of each
// limb), le's left as they are (this host is little-endian). In parallel over `threads` (0 = all
// hardware threads) for large arrays: memory speed, the file's one decoding pass.
void integers_to_limbs_in_place(std::span<Limbs> integers, Format format, unsigned threads = 0);

// Decoding: `bytes` holds whole points or scalars, checked by the caller (msm_inputs.hpp). An
// encoding the format forbids (eip2537's padding, zcash's flags, a zcash x with no point) throws
// CliError naming `source` and the point; coordinates ≥ p and points off the curve or outside G1
// are left to the library (msm() refuses them with the point's index).
template <class Curve>
std::vector<Point<Curve>> decode_points(std::span<const std::uint8_t> bytes, Format format, const std::string& source);
template <class Curve>
std::vector<Scalar<Curve>> decode_scalars(std::span<const std::uint8_t> bytes, Format format);
// Encoding: the bytes of a points or scalars file.
template <class Curve>
std::vector<std::uint8_t> encode_points(std::span<const Point<Curve>> points, Format format);
template <class Curve>
std::vector<std::uint8_t> encode_scalars(std::span<const Scalar<Curve>> scalars, Format format);

// "0x" + 16 lowercase hex digits per limb, most significant limb first, zero padded.
std::string to_hex(std::span<const std::uint64_t> limbs);
// {"x":"0x…","y":"0x…"} or {"infinity":true}, no spaces, no newline.
template <class Curve>
std::string point_json(const Point<Curve>& point);

}  // namespace zkmsm::cli
