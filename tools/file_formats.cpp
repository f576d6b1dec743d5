#include "file_formats.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

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

std::vector<std::uint8_t> read_file(const std::string& path, const char* what) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw CliError(std::string("cannot read ") + what + " file '" + path + "': it is a directory");
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) throw CliError(std::string("cannot open ") + what + " file '" + path + "': " + std::strerror(errno));
  const std::streamoff size = in.tellg();
  if (size < 0) throw CliError(std::string("cannot read ") + what + " file '" + path + "' (not a regular file?)");
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
  in.seekg(0);
  if (!bytes.empty() && !in.read(reinterpret_cast<char*>(bytes.data()), size))
    throw CliError(std::string("cannot read ") + what + " file '" + path + "'");
  return bytes;
}

void write_file(const std::string& path, std::span<const std::uint8_t> bytes, const char* what) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw CliError(std::string("cannot create ") + what + " file '" + path + "': " + std::strerror(errno));
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw CliError(std::string("cannot write ") + what + " file '" + path + "'");
}

template <class Curve>
std::vector<Point<Curve>> read_points(const std::string& path, Format format) {
  const std::vector<std::uint8_t> bytes = read_file(path, "points");
  if (bytes.size() % point_bytes != 0)
    throw CliError("points file '" + path + "' has " + std::to_string(bytes.size()) +
                   " bytes, not a multiple of 64 (one point is x and y, 32 bytes each); the last point is "
                   "truncated or the file is not a points file");
  std::vector<Point<Curve>> points(bytes.size() / point_bytes);
  for (std::size_t i = 0; i < points.size(); ++i) {
    points[i].x = decode_integer(&bytes[i * point_bytes], format);
    points[i].y = decode_integer(&bytes[i * point_bytes + integer_bytes], format);
  }
  return points;
}

template <class Curve>
std::vector<Scalar<Curve>> read_scalars(const std::string& path, Format format) {
  const std::vector<std::uint8_t> bytes = read_file(path, "scalars");
  if (bytes.size() % scalar_bytes != 0)
    throw CliError("scalars file '" + path + "' has " + std::to_string(bytes.size()) +
                   " bytes, not a multiple of 32 (one scalar is 32 bytes); the last scalar is truncated or the "
                   "file is not a scalars file");
  std::vector<Scalar<Curve>> scalars(bytes.size() / scalar_bytes);
  for (std::size_t i = 0; i < scalars.size(); ++i) scalars[i] = decode_integer(&bytes[i * scalar_bytes], format);
  return scalars;
}

template <class Curve>
void write_points(const std::string& path, std::span<const Point<Curve>> points, Format format) {
  std::vector<std::uint8_t> bytes(points.size() * point_bytes);
  for (std::size_t i = 0; i < points.size(); ++i) {
    encode_integer(&bytes[i * point_bytes], points[i].x, format);
    encode_integer(&bytes[i * point_bytes + integer_bytes], points[i].y, format);
  }
  write_file(path, bytes, "points");
}

template <class Curve>
void write_scalars(const std::string& path, std::span<const Scalar<Curve>> scalars, Format format) {
  std::vector<std::uint8_t> bytes(scalars.size() * scalar_bytes);
  for (std::size_t i = 0; i < scalars.size(); ++i) encode_integer(&bytes[i * scalar_bytes], scalars[i], format);
  write_file(path, bytes, "scalars");
}

void check_counts(std::size_t points,
                  std::size_t scalars,
                  const std::string& points_path,
                  const std::string& scalars_path) {
  if (points != scalars)
    throw CliError("count mismatch: points file '" + points_path + "' holds " + std::to_string(points) +
                   " points but scalars file '" + scalars_path + "' holds " + std::to_string(scalars) + " scalars");
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

#define ZKMSM_CLI_INSTANTIATE(Curve)                                                              \
  template std::vector<Point<Curve>> read_points<Curve>(const std::string&, Format);              \
  template std::vector<Scalar<Curve>> read_scalars<Curve>(const std::string&, Format);            \
  template void write_points<Curve>(const std::string&, std::span<const Point<Curve>>, Format);   \
  template void write_scalars<Curve>(const std::string&, std::span<const Scalar<Curve>>, Format); \
  template std::string point_json<Curve>(const Point<Curve>&);
ZKMSM_CLI_INSTANTIATE(Bn254)
ZKMSM_CLI_INSTANTIATE(Grumpkin)
#undef ZKMSM_CLI_INSTANTIATE

}  // namespace zkmsm::cli
