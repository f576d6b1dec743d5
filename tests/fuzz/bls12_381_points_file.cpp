// The fuzz target's BLS12-381 points files (bls12_381_points_file.hpp): eip2537's padding, the
// zcash flag rules (Euler's criterion for x³ + 4 computed here), the decoded coordinates, and the
// library's validation against on-curve and [r]P = O checks made here, not its endomorphism test.
#include "bls12_381_points_file.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "curve/jacobian_point.hpp"
#include "fuzz_support.hpp"
#include "msm/reference/reference_msm.hpp"
#include "msm_inputs.hpp"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm::fuzz {
namespace {

using Bls = zkmsm::Bls12381;
using BlsFq = BaseField<Bls>;
using BlsInteger = typename BlsFq::Integer;
constexpr std::size_t kBlsCoordinateBytes = 48;

// The 48-byte integer at `bytes`, big-endian or little-endian.
BlsInteger read_bls_integer(const std::uint8_t* bytes, bool big_endian) {
  BlsInteger x{};
  for (std::size_t j = 0; j < kBlsCoordinateBytes; ++j) {
    const std::size_t from_low = big_endian ? kBlsCoordinateBytes - 1 - j : j;
    x.limb[from_low / 8] |= std::uint64_t{bytes[j]} << (8 * (from_low % 8));
  }
  return x;
}

bool equals_limbs(const std::array<std::uint64_t, 6>& limbs, const BlsInteger& x) {
  for (std::size_t l = 0; l < 6; ++l)
    if (limbs[l] != x.limb[l]) return false;
  return true;
}

// a^((p − 1)/2) == 1 or a == 0 (Euler's criterion), by square-and-multiply here.
bool is_square(const BlsFq& a) {
  if (a.is_zero()) return true;
  BlsInteger exponent = BlsFq::modulus();
  exponent.limb[0] -= 1;  // p is odd: no borrow
  for (std::size_t l = 0; l < 6; ++l)
    exponent.limb[l] = (exponent.limb[l] >> 1) | (l + 1 < 6 ? exponent.limb[l + 1] << 63 : 0);
  BlsFq power = BlsFq::one();
  for (std::size_t bit = exponent.bit_length(); bit-- > 0;) {
    power = power.squared();
    if (exponent.bit(bit)) power = power * a;
  }
  return power == BlsFq::one();
}

// Why the library must refuse a decoded BLS12-381 point: a coordinate ≥ p, off the curve, or
// outside G1 ([r]P ≠ O by plain double-and-add here, not the library's endomorphism test).
enum class BlsVerdict { valid, not_canonical, not_on_curve, not_in_subgroup };

BlsVerdict judge_bls_point(const zkmsm::Point<Bls>& p) {
  BlsInteger x{}, y{};
  for (std::size_t l = 0; l < 6; ++l) {
    x.limb[l] = p.x[l];
    y.limb[l] = p.y[l];
  }
  if (compare(x, BlsFq::modulus()) >= 0 || compare(y, BlsFq::modulus()) >= 0) return BlsVerdict::not_canonical;
  if (x.is_zero() && y.is_zero()) return BlsVerdict::valid;
  const Affine<Bls> point{BlsFq::from_canonical(x), BlsFq::from_canonical(y)};
  if (point.y.squared() != point.x.squared() * point.x + Internal<Bls>::b()) return BlsVerdict::not_on_curve;
  const auto order = ScalarField<Bls>::modulus();
  if (!zkmsm::scalar_mul_vartime(point, order).is_infinity()) return BlsVerdict::not_in_subgroup;
  return BlsVerdict::valid;
}

// The zcash rules for one 48-byte point, decided here: "" when it decodes, else the reason's code.
// Flags (top three bits of byte 0): 0x80 compressed (required), 0x40 infinity (then nothing else
// set), 0x20 the larger of the two y; x < p with x³ + 4 a square.
std::pair<bool, zkmsm::ErrorCode> zcash_verdict(const std::uint8_t* bytes) {
  const std::uint8_t flags = bytes[0] & 0xe0;
  std::array<std::uint8_t, kBlsCoordinateBytes> x_bytes;
  std::copy(bytes, bytes + kBlsCoordinateBytes, x_bytes.begin());
  x_bytes[0] &= 0x1f;
  const BlsInteger x = read_bls_integer(x_bytes.data(), true);
  if ((flags & 0x80) == 0) return {false, zkmsm::ErrorCode::invalid_argument};
  if ((flags & 0x40) != 0) return {(flags & 0x20) == 0 && x.is_zero(), zkmsm::ErrorCode::invalid_argument};
  if (compare(x, BlsFq::modulus()) >= 0) return {false, zkmsm::ErrorCode::point_not_canonical};
  const BlsFq fx = BlsFq::from_canonical(x);
  return {is_square(fx.squared() * fx + Internal<Bls>::b()), zkmsm::ErrorCode::point_not_on_curve};
}

}  // namespace

void bls12_381_points_file(std::span<const std::uint8_t> bytes, zkmsm::cli::Format format) {
  using zkmsm::cli::Format;
  const std::size_t size = format == Format::eip2537 ? 128 : format == Format::zcash ? 48 : 96;
  const MemoryFile file(bytes);
  const MemoryFile scalars_file(std::vector<std::uint8_t>(32 * (bytes.size() / size)));
  const std::size_t n = bytes.size() / size;
  // The first point the decoder must refuse (eip2537's padding, zcash's rules), and why.
  std::size_t refused = n;
  zkmsm::ErrorCode refused_code = zkmsm::ErrorCode::invalid_argument;
  for (std::size_t i = 0; i < n && refused == n; ++i) {
    const std::uint8_t* point = &bytes[size * i];
    if (format == Format::eip2537) {
      for (std::size_t c = 0; c < 2; ++c)
        if (std::any_of(point + 64 * c, point + 64 * c + 16, [](std::uint8_t b) { return b != 0; })) refused = i;
    } else if (format == Format::zcash) {
      const auto [decodes, code] = zcash_verdict(point);
      if (!decodes) {
        refused = i;
        refused_code = code;
      }
    }
  }
  std::vector<zkmsm::Point<Bls>> points;
  try {
    const auto inputs = zkmsm::cli::read_msm_inputs<Bls>(file.path(), scalars_file.path(), format);
    points.assign(inputs.points.begin(), inputs.points.end());
  } catch (const zkmsm::cli::CliError& e) {
    const std::string message = e.what();
    if (bytes.size() % size != 0) {
      FUZZ_CHECK(message.find("not a multiple of " + std::to_string(size)) != std::string::npos, message);
      return;
    }
    FUZZ_CHECK(refused < n,
               "a well-formed " + std::string(zkmsm::cli::to_string(format)) + " file refused: " + message);
    FUZZ_CHECK(message.find("point " + std::to_string(refused)) != std::string::npos,
               message + " (expected point " + std::to_string(refused) + ")");
    if (format == Format::zcash) {
      const bool code_named =
          refused_code == zkmsm::ErrorCode::invalid_argument ||
          message.find(refused_code == zkmsm::ErrorCode::point_not_canonical ? "not below" : "not a square") !=
              std::string::npos;
      FUZZ_CHECK(code_named, message);
    }
    return;
  }
  FUZZ_CHECK(bytes.size() % size == 0, "a truncated points file accepted");
  FUZZ_CHECK(refused == n, "a malformed point accepted at index " + std::to_string(refused));
  FUZZ_CHECK(points.size() == n, "wrong point count");
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t* point = &bytes[size * i];
    if (format == Format::zcash) {
      // y from x and the flag: on the curve, the larger root exactly when 0x20 is set; infinity as (0, 0).
      BlsInteger x{}, y{};
      for (std::size_t l = 0; l < 6; ++l) {
        x.limb[l] = points[i].x[l];
        y.limb[l] = points[i].y[l];
      }
      std::array<std::uint8_t, kBlsCoordinateBytes> x_bytes;
      std::copy(point, point + kBlsCoordinateBytes, x_bytes.begin());
      x_bytes[0] &= 0x1f;
      if ((point[0] & 0x40) != 0) {
        FUZZ_CHECK(x.is_zero() && y.is_zero(), "infinity decoded wrongly");
        continue;
      }
      FUZZ_CHECK(x == read_bls_integer(x_bytes.data(), true), "x decoded wrongly");
      FUZZ_CHECK(compare(y, BlsFq::modulus()) < 0, "y not reduced");
      const BlsFq fx = BlsFq::from_canonical(x), fy = BlsFq::from_canonical(y);
      FUZZ_CHECK(fy.squared() == fx.squared() * fx + Internal<Bls>::b(), "a decoded point off the curve");
      BlsInteger twice_y{};
      add_with_carry(twice_y, y, y);
      FUZZ_CHECK((compare(twice_y, BlsFq::modulus()) > 0) == ((point[0] & 0x20) != 0), "the wrong root of y");
    } else {
      const bool big_endian = format == Format::eip2537;
      const std::size_t x_at = big_endian ? 16 : 0, y_at = big_endian ? 80 : 48;
      FUZZ_CHECK(equals_limbs(points[i].x, read_bls_integer(point + x_at, big_endian)), "x decoded wrongly");
      FUZZ_CHECK(equals_limbs(points[i].y, read_bls_integer(point + y_at, big_endian)), "y decoded wrongly");
    }
  }
  // The library's validation: the first bad point, its reason.
  zkmsm::MsmConfig config;
  config.backend = zkmsm::Backend::cpu;
  const auto bases = zkmsm::prepare_bases<Bls>(std::span<const zkmsm::Point<Bls>>(points), config);
  std::size_t index = n;
  BlsVerdict verdict = BlsVerdict::valid;
  for (std::size_t i = 0; i < n && index == n; ++i)
    if ((verdict = judge_bls_point(points[i])) != BlsVerdict::valid) index = i;
  if (index == n) {
    FUZZ_CHECK(static_cast<bool>(bases), bases ? "" : bases.error().message);
    return;
  }
  FUZZ_CHECK(!bases, "a bad point accepted at index " + std::to_string(index));
  const zkmsm::ErrorCode code = verdict == BlsVerdict::not_canonical  ? zkmsm::ErrorCode::point_not_canonical
                                : verdict == BlsVerdict::not_on_curve ? zkmsm::ErrorCode::point_not_on_curve
                                                                      : zkmsm::ErrorCode::point_not_in_subgroup;
  FUZZ_CHECK(bases.error().code == code, bases.error().message);
  FUZZ_CHECK(bases.error().message.find("point " + std::to_string(index)) != std::string::npos,
             bases.error().message + " (expected point " + std::to_string(index) + ")");
}

}  // namespace zkmsm::fuzz
