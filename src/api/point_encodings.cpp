// The compressed BLS12-381 G1 form (zkmsm/point_encodings.hpp).
#include "zkmsm/point_encodings.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "api/curve_map.hpp"
#include "field/sqrt.hpp"
#include "host/parallel_for.hpp"

namespace zkmsm {
namespace {

using Fq = Bls12381G1::BaseField;
using FqInteger = Fq::Integer;

constexpr std::uint8_t kCompressedFlag = 0x80;
constexpr std::uint8_t kInfinityFlag = 0x40;
constexpr std::uint8_t kLargerYFlag = 0x20;
constexpr std::uint8_t kFlagBits = kCompressedFlag | kInfinityFlag | kLargerYFlag;
constexpr std::size_t kChunk = 1024;

// y > (p − 1)/2 for a canonical y, i.e. y is the larger of y and p − y.
bool is_larger_root(const FqInteger& y) {
  FqInteger twice{};
  add_with_carry(twice, y, y);
  return compare(twice, Fq::modulus()) > 0;
}

struct Rejection {
  std::size_t index = std::numeric_limits<std::size_t>::max();
  ErrorCode code = ErrorCode::invalid_argument;
  std::string reason;
};

// Point `index` from its 48 bytes, or why it is refused.
Rejection decompress_one(const std::uint8_t* bytes, std::size_t index, Point<Bls12381>& out) {
  const std::uint8_t flags = bytes[0] & kFlagBits;
  if ((flags & kCompressedFlag) == 0)
    return {index, ErrorCode::invalid_argument, "the compression flag (0x80) is clear"};
  FqInteger x{};
  for (std::size_t i = 0; i < kBls12381CompressedBytes; ++i) {
    const std::uint8_t byte = i == 0 ? static_cast<std::uint8_t>(bytes[0] & ~kFlagBits) : bytes[i];
    const std::size_t from_low = kBls12381CompressedBytes - 1 - i;
    x.limb[from_low / 8] |= std::uint64_t{byte} << (8 * (from_low % 8));
  }
  if ((flags & kInfinityFlag) != 0) {
    if ((flags & kLargerYFlag) != 0 || !x.is_zero())
      return {index, ErrorCode::invalid_argument, "the infinity flag (0x40) is set but other bits are not zero"};
    out = {};
    return {};
  }
  if (!Fq::is_canonical(x)) return {index, ErrorCode::point_not_canonical, "x is not below the field modulus p"};
  const Fq fx = Fq::from_canonical(x);
  const auto root = sqrt_vartime(fx.squared() * fx + Bls12381G1::b());
  if (!root) return {index, ErrorCode::point_not_on_curve, "x^3 + 4 is not a square: no point of the curve has this x"};
  FqInteger y = root->to_canonical();
  if (is_larger_root(y) != ((flags & kLargerYFlag) != 0)) y = (-*root).to_canonical();
  for (std::size_t l = 0; l < Bls12381::base_limbs; ++l) {
    out.x[l] = x.limb[l];
    out.y[l] = y.limb[l];
  }
  return {};
}

}  // namespace

Result<std::vector<Point<Bls12381>>> decompress_bls12_381_g1(std::span<const std::uint8_t> bytes, unsigned threads) {
  if (bytes.size() % kBls12381CompressedBytes != 0)
    return Error{ErrorCode::invalid_argument,
                 std::to_string(bytes.size()) + " bytes is not a whole number of 48-byte compressed points"};
  const std::size_t n = bytes.size() / kBls12381CompressedBytes;
  std::vector<Point<Bls12381>> points(n);
  const std::size_t chunks = (n + kChunk - 1) / kChunk;
  std::vector<Rejection> rejected(chunks);
  host::parallel_for(chunks, host::resolve_thread_count(threads), [&](std::size_t chunk, unsigned) {
    const std::size_t end = std::min(n, (chunk + 1) * kChunk);
    for (std::size_t i = chunk * kChunk; i < end; ++i) {
      Rejection r = decompress_one(&bytes[i * kBls12381CompressedBytes], i, points[i]);
      if (r.index != std::numeric_limits<std::size_t>::max()) {
        rejected[chunk] = std::move(r);
        return;
      }
    }
  });
  for (const Rejection& r : rejected)
    if (r.index != std::numeric_limits<std::size_t>::max())
      return Error{r.code, "point " + std::to_string(r.index) + ": " + r.reason};
  return points;
}

std::vector<std::uint8_t> compress_bls12_381_g1(std::span<const Point<Bls12381>> points) {
  std::vector<std::uint8_t> bytes(points.size() * kBls12381CompressedBytes);
  for (std::size_t i = 0; i < points.size(); ++i) {
    std::uint8_t* out = &bytes[i * kBls12381CompressedBytes];
    if (points[i].is_infinity()) {
      out[0] = kCompressedFlag | kInfinityFlag;
      continue;
    }
    for (std::size_t b = 0; b < kBls12381CompressedBytes; ++b) {
      const std::size_t from_low = kBls12381CompressedBytes - 1 - b;
      out[b] = static_cast<std::uint8_t>(points[i].x[from_low / 8] >> (8 * (from_low % 8)));
    }
    FqInteger y{};
    for (std::size_t l = 0; l < Bls12381::base_limbs; ++l) y.limb[l] = points[i].y[l];
    out[0] |= kCompressedFlag | (is_larger_root(y) ? kLargerYFlag : 0);
  }
  return bytes;
}

}  // namespace zkmsm
