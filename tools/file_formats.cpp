#include "file_formats.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <thread>
#include <type_traits>

#include <zkmsm/point_encodings.hpp>

namespace zkmsm::cli {

static_assert(std::endian::native == std::endian::little, "le files are read as they are into 64-bit limbs");
static_assert(sizeof(Point<Bn254>) == 64 && sizeof(Point<Bls12381>) == 96 && sizeof(Scalar<Bn254>) == scalar_bytes,
              "points and scalars are read straight into their arrays");

namespace {

// Below this many integers one thread decodes (a thread's start costs more than the work).
constexpr std::size_t kParallelDecodeIntegers = std::size_t{1} << 16;

// EIP-2537: a 48-byte coordinate in 64 bytes, 16 zero bytes first.
constexpr std::size_t kEip2537CoordinateBytes = 64;
constexpr std::size_t kEip2537PaddingBytes = 16;

template <class Curve>
constexpr bool kIsBls12381 = std::is_same_v<Curve, Bls12381>;

void reverse_integers(std::span<Limbs> integers) {
  for (Limbs& limbs : integers) {
    const Limbs big_endian = limbs;
    for (std::size_t l = 0; l < 4; ++l) limbs[l] = __builtin_bswap64(big_endian[3 - l]);
  }
}

// `size` big-endian bytes into little-endian limbs (zero above them).
template <std::size_t N>
void read_big_endian(const std::uint8_t* bytes, std::size_t size, std::array<std::uint64_t, N>& limbs) {
  limbs.fill(0);
  for (std::size_t i = 0; i < size; ++i) {
    const std::size_t from_low = size - 1 - i;
    limbs[from_low / 8] |= std::uint64_t{bytes[i]} << (8 * (from_low % 8));
  }
}

template <std::size_t N>
void write_big_endian(std::uint8_t* bytes, std::size_t size, const std::array<std::uint64_t, N>& limbs) {
  for (std::size_t i = 0; i < size; ++i) {
    const std::size_t from_low = size - 1 - i;
    bytes[i] = static_cast<std::uint8_t>(limbs[from_low / 8] >> (8 * (from_low % 8)));
  }
}

std::vector<Point<Bls12381>> decode_eip2537(std::span<const std::uint8_t> bytes, const std::string& source) {
  std::vector<Point<Bls12381>> points(bytes.size() / (2 * kEip2537CoordinateBytes));
  for (std::size_t i = 0; i < points.size(); ++i) {
    const std::uint8_t* point = &bytes[i * 2 * kEip2537CoordinateBytes];
    for (int c = 0; c < 2; ++c) {
      const std::uint8_t* coordinate = point + c * kEip2537CoordinateBytes;
      if (std::any_of(coordinate, coordinate + kEip2537PaddingBytes, [](std::uint8_t b) { return b != 0; }))
        throw CliError(source + ": point " + std::to_string(i) + ": the 16 padding bytes in front of " +
                       (c == 0 ? "x" : "y") + " are not zero (eip2537 coordinates are 16 zero bytes, then 48)");
      read_big_endian(coordinate + kEip2537PaddingBytes, kEip2537CoordinateBytes - kEip2537PaddingBytes,
                      c == 0 ? points[i].x : points[i].y);
    }
  }
  return points;
}

}  // namespace

const std::map<std::string, Format>& format_names() {
  static const std::map<std::string, Format> names{{"auto", Format::automatic},
                                                   {"eip196", Format::eip196},
                                                   {"le", Format::le},
                                                   {"eip2537", Format::eip2537},
                                                   {"zcash", Format::zcash}};
  return names;
}

const char* to_string(Format format) {
  for (const auto& [name, value] : format_names())
    if (value == format) return name.c_str();
  return "auto";
}

template <class Curve>
Format curve_format(Format requested) {
  if constexpr (kIsBls12381<Curve>) {
    if (requested == Format::automatic) return Format::eip2537;
    if (requested == Format::eip196)
      throw CliError("--format eip196 holds 32-byte coordinates: bls12_381 files are eip2537, zcash or le");
  } else {
    if (requested == Format::automatic) return Format::eip196;
    if (requested == Format::eip2537 || requested == Format::zcash)
      throw CliError(std::string("--format ") + to_string(requested) + " is a bls12_381 encoding: " + Curve::name +
                     " files are eip196 or le");
  }
  return requested;
}

template <class Curve>
std::size_t point_bytes(Format format) {
  if constexpr (kIsBls12381<Curve>) {
    if (format == Format::eip2537) return 2 * kEip2537CoordinateBytes;
    if (format == Format::zcash) return kBls12381CompressedBytes;
  }
  return sizeof(Point<Curve>);
}

template <class Curve>
bool reads_points_in_place(Format format) {
  return !kIsBls12381<Curve> || format == Format::le;
}

void integers_to_limbs_in_place(std::span<Limbs> integers, Format format, unsigned threads) {
  if (format == Format::le) return;
  const std::size_t hardware = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t workers = integers.size() < kParallelDecodeIntegers ? 1 : threads == 0 ? hardware : threads;
  if (workers <= 1) {
    reverse_integers(integers);
    return;
  }
  std::vector<std::thread> pool;
  const std::size_t share = (integers.size() + workers - 1) / workers;
  for (std::size_t w = 0; w < workers && w * share < integers.size(); ++w)
    pool.emplace_back(reverse_integers, integers.subspan(w * share, std::min(share, integers.size() - w * share)));
  for (std::thread& thread : pool) thread.join();
}

void encode_integer(std::uint8_t* bytes, const Limbs& limbs, Format format) {
  if (format == Format::le) {
    std::memcpy(bytes, limbs.data(), scalar_bytes);
    return;
  }
  write_big_endian(bytes, scalar_bytes, limbs);
}

template <class Curve>
std::vector<Point<Curve>> decode_points(std::span<const std::uint8_t> bytes, Format format, const std::string& source) {
  if constexpr (kIsBls12381<Curve>) {
    if (format == Format::eip2537) return decode_eip2537(bytes, source);
    if (format == Format::zcash) {
      Result<std::vector<Point<Bls12381>>> points = decompress_bls12_381_g1(bytes);
      if (!points) throw CliError(source + ": " + points.error().message + " (zcash compressed points)");
      return std::move(points.value());
    }
  }
  std::vector<Point<Curve>> points(bytes.size() / sizeof(Point<Curve>));
  if (!points.empty()) std::memcpy(points.data(), bytes.data(), points.size() * sizeof(Point<Curve>));
  if constexpr (!kIsBls12381<Curve>)
    integers_to_limbs_in_place({reinterpret_cast<Limbs*>(points.data()), 2 * points.size()}, format);
  return points;
}

template <class Curve>
std::vector<Scalar<Curve>> decode_scalars(std::span<const std::uint8_t> bytes, Format format) {
  std::vector<Scalar<Curve>> scalars(bytes.size() / scalar_bytes);
  if (!scalars.empty()) std::memcpy(scalars.data(), bytes.data(), scalars.size() * scalar_bytes);
  integers_to_limbs_in_place(scalars, format);
  return scalars;
}

template <class Curve>
std::vector<std::uint8_t> encode_points(std::span<const Point<Curve>> points, Format format) {
  if constexpr (kIsBls12381<Curve>) {
    if (format == Format::zcash) return compress_bls12_381_g1(points);
    if (format == Format::eip2537) {
      std::vector<std::uint8_t> bytes(points.size() * 2 * kEip2537CoordinateBytes);
      for (std::size_t i = 0; i < points.size(); ++i) {
        std::uint8_t* point = &bytes[i * 2 * kEip2537CoordinateBytes];
        write_big_endian(point + kEip2537PaddingBytes, kEip2537CoordinateBytes - kEip2537PaddingBytes, points[i].x);
        write_big_endian(point + kEip2537CoordinateBytes + kEip2537PaddingBytes,
                         kEip2537CoordinateBytes - kEip2537PaddingBytes, points[i].y);
      }
      return bytes;
    }
  }
  std::vector<std::uint8_t> bytes(points.size() * sizeof(Point<Curve>));
  if constexpr (kIsBls12381<Curve>) {
    // le: the limbs as they are in memory (this host is little-endian).
    if (!points.empty()) std::memcpy(bytes.data(), points.data(), bytes.size());
  } else {
    for (std::size_t i = 0; i < points.size(); ++i) {
      encode_integer(&bytes[i * sizeof(Point<Curve>)], points[i].x, format);
      encode_integer(&bytes[i * sizeof(Point<Curve>) + scalar_bytes], points[i].y, format);
    }
  }
  return bytes;
}

template <class Curve>
std::vector<std::uint8_t> encode_scalars(std::span<const Scalar<Curve>> scalars, Format format) {
  std::vector<std::uint8_t> bytes(scalars.size() * scalar_bytes);
  for (std::size_t i = 0; i < scalars.size(); ++i) encode_integer(&bytes[i * scalar_bytes], scalars[i], format);
  return bytes;
}

std::string to_hex(std::span<const std::uint64_t> limbs) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string hex = "0x";
  for (std::size_t limb = limbs.size(); limb-- > 0;)
    for (int shift = 60; shift >= 0; shift -= 4) hex += digits[(limbs[limb] >> shift) & 0xf];
  return hex;
}

template <class Curve>
std::string point_json(const Point<Curve>& point) {
  if (point.is_infinity()) return R"({"infinity":true})";
  return R"({"x":")" + to_hex(point.x) + R"(","y":")" + to_hex(point.y) + R"("})";
}

#define ZKMSM_CLI_INSTANTIATE(Curve)                                                                                  \
  template Format curve_format<Curve>(Format);                                                                        \
  template std::size_t point_bytes<Curve>(Format);                                                                    \
  template bool reads_points_in_place<Curve>(Format);                                                                 \
  template std::vector<Point<Curve>> decode_points<Curve>(std::span<const std::uint8_t>, Format, const std::string&); \
  template std::vector<Scalar<Curve>> decode_scalars<Curve>(std::span<const std::uint8_t>, Format);                   \
  template std::vector<std::uint8_t> encode_points<Curve>(std::span<const Point<Curve>>, Format);                     \
  template std::vector<std::uint8_t> encode_scalars<Curve>(std::span<const Scalar<Curve>>, Format);                   \
  template std::string point_json<Curve>(const Point<Curve>&);
ZKMSM_CLI_INSTANTIATE(Bn254)
ZKMSM_CLI_INSTANTIATE(Grumpkin)
ZKMSM_CLI_INSTANTIATE(Bls12381)
#undef ZKMSM_CLI_INSTANTIATE

}  // namespace zkmsm::cli
