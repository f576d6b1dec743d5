#include "file_formats.hpp"

namespace zkmsm::cli {

const std::map<std::string, Format>& format_names() {
  static const std::map<std::string, Format> names{{"eip196", Format::eip196}, {"le", Format::le}};
  return names;
}

const char* to_string(Format format) { return format == Format::le ? "le" : "eip196"; }

Limbs decode_integer(const std::uint8_t* bytes, Format format) {
  Limbs limbs{};
  for (std::size_t i = 0; i < integer_bytes; ++i) {
    // Byte i of the little-endian value: position i (le) or 31 − i (eip196, big-endian).
    const std::uint8_t byte = format == Format::le ? bytes[i] : bytes[integer_bytes - 1 - i];
    limbs[i / 8] |= std::uint64_t{byte} << (8 * (i % 8));
  }
  return limbs;
}

void encode_integer(std::uint8_t* bytes, const Limbs& limbs, Format format) {
  for (std::size_t i = 0; i < integer_bytes; ++i) {
    const auto byte = static_cast<std::uint8_t>(limbs[i / 8] >> (8 * (i % 8)));
    bytes[format == Format::le ? i : integer_bytes - 1 - i] = byte;
  }
}

template <class Curve>
std::vector<Point<Curve>> decode_points(std::span<const std::uint8_t> bytes, Format format) {
  std::vector<Point<Curve>> points(bytes.size() / point_bytes);
  for (std::size_t i = 0; i < points.size(); ++i) {
    points[i].x = decode_integer(&bytes[i * point_bytes], format);
    points[i].y = decode_integer(&bytes[i * point_bytes + integer_bytes], format);
  }
  return points;
}

template <class Curve>
std::vector<Scalar<Curve>> decode_scalars(std::span<const std::uint8_t> bytes, Format format) {
  std::vector<Scalar<Curve>> scalars(bytes.size() / scalar_bytes);
  for (std::size_t i = 0; i < scalars.size(); ++i) scalars[i] = decode_integer(&bytes[i * scalar_bytes], format);
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
