#include "file_formats.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <thread>

namespace zkmsm::cli {

static_assert(std::endian::native == std::endian::little, "le files are read as they are into 64-bit limbs");
static_assert(sizeof(Point<Bn254>) == point_bytes && sizeof(Scalar<Bn254>) == scalar_bytes,
              "points and scalars are read straight into their arrays");

namespace {

// Below this many integers one thread decodes (a thread's start costs more than the work).
constexpr std::size_t kParallelDecodeIntegers = std::size_t{1} << 16;

void reverse_integers(std::span<Limbs> integers) {
  for (Limbs& limbs : integers) {
    const Limbs big_endian = limbs;
    for (std::size_t l = 0; l < 4; ++l) limbs[l] = __builtin_bswap64(big_endian[3 - l]);
  }
}

}  // namespace

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

const std::map<std::string, Format>& format_names() {
  static const std::map<std::string, Format> names{{"eip196", Format::eip196}, {"le", Format::le}};
  return names;
}

const char* to_string(Format format) { return format == Format::le ? "le" : "eip196"; }

void encode_integer(std::uint8_t* bytes, const Limbs& limbs, Format format) {
  for (std::size_t i = 0; i < integer_bytes; ++i) {
    const auto byte = static_cast<std::uint8_t>(limbs[i / 8] >> (8 * (i % 8)));
    bytes[format == Format::le ? i : integer_bytes - 1 - i] = byte;
  }
}

template <class Curve>
std::vector<Point<Curve>> decode_points(std::span<const std::uint8_t> bytes, Format format) {
  std::vector<Point<Curve>> points(bytes.size() / point_bytes);
  if (!points.empty()) std::memcpy(points.data(), bytes.data(), points.size() * point_bytes);
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
  std::vector<std::uint8_t> bytes(points.size() * point_bytes);
  for (std::size_t i = 0; i < points.size(); ++i) {
    encode_integer(&bytes[i * point_bytes], points[i].x, format);
    encode_integer(&bytes[i * point_bytes + integer_bytes], points[i].y, format);
  }
  return bytes;
}

template <class Curve>
std::vector<std::uint8_t> encode_scalars(std::span<const Scalar<Curve>> scalars, Format format) {
  std::vector<std::uint8_t> bytes(scalars.size() * scalar_bytes);
  for (std::size_t i = 0; i < scalars.size(); ++i) encode_integer(&bytes[i * scalar_bytes], scalars[i], format);
  return bytes;
}

std::string to_hex(const Limbs& limbs) {
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

#define ZKMSM_CLI_INSTANTIATE(Curve)                                                                \
  template std::vector<Point<Curve>> decode_points<Curve>(std::span<const std::uint8_t>, Format);   \
  template std::vector<Scalar<Curve>> decode_scalars<Curve>(std::span<const std::uint8_t>, Format); \
  template std::vector<std::uint8_t> encode_points<Curve>(std::span<const Point<Curve>>, Format);   \
  template std::vector<std::uint8_t> encode_scalars<Curve>(std::span<const Scalar<Curve>>, Format); \
  template std::string point_json<Curve>(const Point<Curve>&);
ZKMSM_CLI_INSTANTIATE(Bn254)
ZKMSM_CLI_INSTANTIATE(Grumpkin)
#undef ZKMSM_CLI_INSTANTIATE

}  // namespace zkmsm::cli
