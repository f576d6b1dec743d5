// Host-side input conversion of the API layer: public Point/Scalar arrays in host memory to the
// backends' internal form, in parallel chunks.
//
//   points   → AffinePoint<Internal>: Montgomery-form coordinates, fully reduced, (0, 0) =
//              infinity. Canonical input is converted into a new buffer; Montgomery input is read
//              in place (the layouts are equal, curve_map.hpp). Coordinates ≥ p are rejected
//              whenever the points are converted or validated; y² = x³ + b is checked when
//              validate_points is set. The first bad index is reported.
//   scalars  → canonical BigInt<4> of any 256-bit value (the backends reduce mod r); Montgomery
//              input s·R mod r is reduced mod r and divided by R.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "api/curve_map.hpp"
#include "core/uninitialized_buffer.hpp"
#include "host/parallel_for.hpp"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm::api {

inline constexpr std::size_t kConvertChunk = 4096;

template <std::size_t N>
BigInt<N> to_bigint(const std::array<std::uint64_t, N>& limbs) {
  BigInt<N> out{};
  for (std::size_t i = 0; i < N; ++i) out.limb[i] = limbs[i];
  return out;
}

// Why point `index` was rejected; index = max when none was.
struct RejectedPoint {
  std::size_t index = std::numeric_limits<std::size_t>::max();
  ErrorCode code = ErrorCode::invalid_argument;
  std::string message;
  bool any() const { return index != std::numeric_limits<std::size_t>::max(); }
};

// Point `index` in the internal form (`out`), or why it is rejected: a coordinate ≥ p (checked
// whenever a point is converted or validated), not on the curve (when validate).
template <class Curve>
RejectedPoint check_host_point(
    const Point<Curve>& point, std::size_t index, bool convert, bool validate, AffinePoint<InternalCurve<Curve>>& out) {
  using BaseField = typename InternalCurve<Curve>::BaseField;
  const auto x = to_bigint(point.x);
  const auto y = to_bigint(point.y);
  const bool x_ok = BaseField::is_canonical(x);
  if (!x_ok || !BaseField::is_canonical(y)) {
    return {
        index, ErrorCode::point_not_canonical,
        "point " + std::to_string(index) + ": coordinate " + (x_ok ? "y" : "x") + " is not below the field modulus p"};
  }
  out = convert ? AffinePoint<InternalCurve<Curve>>{BaseField::from_canonical(x), BaseField::from_canonical(y)}
                : AffinePoint<InternalCurve<Curve>>{BaseField::from_raw(x), BaseField::from_raw(y)};
  if (validate && !out.is_on_curve()) {
    return {index, ErrorCode::point_not_on_curve,
            "point " + std::to_string(index) + " is not on the curve " + Curve::name};
  }
  return {};
}

// Converts (if needed) and validates host points; returns the internal span to use, which is
// `storage` when converted or copied, else the caller's memory. `copy` forces a private copy
// (Montgomery input kept beyond the call, as by prepare_bases).
template <class Curve>
std::span<const AffinePoint<InternalCurve<Curve>>> convert_host_points(
    std::span<const Point<Curve>> points,
    const MsmConfig& config,
    unsigned threads,
    bool copy,
    UninitializedBuffer<AffinePoint<InternalCurve<Curve>>>& storage,
    RejectedPoint& rejected) {
  using Internal = InternalCurve<Curve>;
  using Affine = AffinePoint<Internal>;
  const std::size_t n = points.size();
  const bool convert = !config.points_in_montgomery;
  const bool write = convert || copy;
  if (write) storage.resize(n);
  const std::span<const Affine> internal =
      write ? std::span<const Affine>(storage.data(), n)
            : std::span<const Affine>(reinterpret_cast<const Affine*>(points.data()), n);
  if (!convert && !config.validate_points) {
    if (copy && n != 0) std::copy_n(reinterpret_cast<const Affine*>(points.data()), n, storage.data());
    return internal;
  }

  const std::size_t chunks = (n + kConvertChunk - 1) / kConvertChunk;
  std::vector<RejectedPoint> chunk_rejected(chunks);
  host::parallel_for(chunks, threads, [&](std::size_t chunk, unsigned) {
    const std::size_t end = std::min(n, (chunk + 1) * kConvertChunk);
    for (std::size_t i = chunk * kConvertChunk; i < end; ++i) {
      Affine p;
      if (const RejectedPoint r = check_host_point<Curve>(points[i], i, convert, config.validate_points, p); r.any()) {
        chunk_rejected[chunk] = r;
        return;
      }
      if (write) storage[i] = p;
    }
  });
  for (const RejectedPoint& c : chunk_rejected) {
    if (c.any()) {
      rejected = c;
      break;
    }
  }
  return internal;
}

// Host scalars as canonical integers (a new buffer).
template <class Curve>
UninitializedBuffer<typename InternalCurve<Curve>::ScalarField::Integer> convert_host_scalars(
    std::span<const Scalar<Curve>> scalars, const MsmConfig& config, unsigned threads) {
  using ScalarField = typename InternalCurve<Curve>::ScalarField;
  using Integer = typename ScalarField::Integer;
  const std::size_t n = scalars.size();
  UninitializedBuffer<Integer> out(n);
  const std::size_t chunks = (n + kConvertChunk - 1) / kConvertChunk;
  host::parallel_for(chunks, threads, [&](std::size_t chunk, unsigned) {
    const std::size_t end = std::min(n, (chunk + 1) * kConvertChunk);
    for (std::size_t i = chunk * kConvertChunk; i < end; ++i) {
      const Integer value = to_bigint(scalars[i]);
      // A Montgomery-form scalar a·R mod r is read mod r, then divided by R.
      out[i] = config.scalars_in_montgomery
                   ? ScalarField::from_raw(reduce_mod(value, ScalarField::modulus())).to_canonical()
                   : value;
    }
  });
  return out;
}

}  // namespace zkmsm::api
