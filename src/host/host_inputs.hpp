// Host-side input conversion for the backends: the caller's arrays in the public layouts
// (include/zkmsm/curves.hpp), in host memory, to a backend's internal form, in parallel chunks.
// The public Point and the internal AffinePoint<Curve> share one layout (x limbs then y limbs,
// 64-bit little-endian), as do the public Scalar and Curve::ScalarField::Integer, so the caller's
// arrays are read through the internal types without a copy.
//
//   points   → AffinePoint<Curve>: Montgomery-form coordinates, fully reduced, (0, 0) =
//              infinity. Canonical input is converted into a new buffer; Montgomery input is read
//              in place. Coordinates ≥ p are rejected whenever the points are converted or
//              validated; y² = x³ + b is checked when validate_points is set. The first bad index
//              is reported.
//   scalars  → canonical BigInt<4> of any 256-bit value (the backends reduce mod r); Montgomery
//              input s·R mod r is reduced mod r and divided by R.
#pragma once

#include <algorithm>
#include <cstddef>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "core/uninitialized_buffer.hpp"
#include "curve/affine_point.hpp"
#include "curve/subgroup_check.hpp"
#include "host/parallel_for.hpp"
#include "msm/common/msm_backend.hpp"

namespace zkmsm::host {

// Points per task of the conversion loops.
inline constexpr std::size_t kConvertChunk = 4096;

// Why point `index` was rejected; index = max when none was. code is point_not_canonical,
// point_not_on_curve or point_not_in_subgroup.
struct RejectedPoint {
  std::size_t index = std::numeric_limits<std::size_t>::max();
  backend::StatusCode code = backend::StatusCode::invalid_argument;
  std::string message;
  bool any() const { return index != std::numeric_limits<std::size_t>::max(); }
  backend::Status status() const { return backend::Status::rejected_point(code, message, index); }
};

// Point `index` (the caller's raw limbs, `raw`) in the internal form (`out`), or why it is
// rejected: a coordinate ≥ p (checked whenever a point is converted or validated), not on the
// curve or, for a curve with a cofactor, not in the prime-order subgroup (when validate). convert: the limbs are
// canonical coordinates, else Montgomery ones.
template <class Curve>
RejectedPoint check_host_point(
    const AffinePoint<Curve>& raw, std::size_t index, bool convert, bool validate, AffinePoint<Curve>& out) {
  using BaseField = typename Curve::BaseField;
  const auto x = raw.x.raw();
  const auto y = raw.y.raw();
  const bool x_ok = BaseField::is_canonical(x);
  if (!x_ok || !BaseField::is_canonical(y)) {
    return {
        index, backend::StatusCode::point_not_canonical,
        "point " + std::to_string(index) + ": coordinate " + (x_ok ? "y" : "x") + " is not below the field modulus p"};
  }
  out = convert ? AffinePoint<Curve>{BaseField::from_canonical(x), BaseField::from_canonical(y)}
                : AffinePoint<Curve>{BaseField::from_raw(x), BaseField::from_raw(y)};
  if (validate && !out.is_on_curve()) {
    return {index, backend::StatusCode::point_not_on_curve,
            "point " + std::to_string(index) + " is not on the curve " + Curve::name};
  }
  if (validate && !in_prime_order_subgroup(out)) {
    return {index, backend::StatusCode::point_not_in_subgroup,
            "point " + std::to_string(index) + " is on the curve " + Curve::name +
                " but not in its prime-order subgroup (G1)"};
  }
  return {};
}

// The caller's n public Points (host memory) read through the internal layout.
template <class Curve>
std::span<const AffinePoint<Curve>> caller_points(const void* points, std::size_t n) {
  return {static_cast<const AffinePoint<Curve>*>(points), n};
}

// Converts (if needed) and validates the caller's n host points as `form` says; returns the
// internal span to use, which is `storage` when converted or copied, else the caller's memory.
// `copy` forces a private copy (Montgomery input kept beyond the call, as by prepare_bases).
template <class Curve>
std::span<const AffinePoint<Curve>> convert_host_points(const void* points,
                                                        std::size_t n,
                                                        const backend::InputForm& form,
                                                        unsigned threads,
                                                        bool copy,
                                                        UninitializedBuffer<AffinePoint<Curve>>& storage,
                                                        RejectedPoint& rejected) {
  using Affine = AffinePoint<Curve>;
  const std::span<const Affine> caller = caller_points<Curve>(points, n);
  const bool convert = !form.points_in_montgomery;
  const bool write = convert || copy;
  if (write) storage.resize(n);
  const std::span<const Affine> internal = write ? std::span<const Affine>(storage.data(), n) : caller;
  if (!convert && !form.validate_points) {
    if (copy && n != 0) std::copy_n(caller.data(), n, storage.data());
    return internal;
  }

  const std::size_t chunks = (n + kConvertChunk - 1) / kConvertChunk;
  std::vector<RejectedPoint> chunk_rejected(chunks);
  parallel_for(chunks, threads, [&](std::size_t chunk, unsigned) {
    const std::size_t end = std::min(n, (chunk + 1) * kConvertChunk);
    for (std::size_t i = chunk * kConvertChunk; i < end; ++i) {
      Affine p;
      if (const RejectedPoint r = check_host_point<Curve>(caller[i], i, convert, form.validate_points, p); r.any()) {
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

// The caller's n host scalars in Montgomery form (s·R mod r, any 256-bit value) as canonical
// integers, in a new buffer.
template <class Curve>
UninitializedBuffer<typename Curve::ScalarField::Integer> convert_montgomery_scalars(const void* scalars,
                                                                                     std::size_t n,
                                                                                     unsigned threads) {
  using ScalarField = typename Curve::ScalarField;
  using Integer = typename ScalarField::Integer;
  const Integer* caller = static_cast<const Integer*>(scalars);
  UninitializedBuffer<Integer> out(n);
  const std::size_t chunks = (n + kConvertChunk - 1) / kConvertChunk;
  parallel_for(chunks, threads, [&](std::size_t chunk, unsigned) {
    const std::size_t end = std::min(n, (chunk + 1) * kConvertChunk);
    for (std::size_t i = chunk * kConvertChunk; i < end; ++i) {
      // a·R mod r is read mod r, then divided by R.
      out[i] = ScalarField::from_raw(reduce_mod(caller[i], ScalarField::modulus())).to_canonical();
    }
  });
  return out;
}

// The caller's n host scalars as canonical integers: read in place when they are canonical
// (the backends reduce mod r), converted into `storage` when in Montgomery form.
template <class Curve>
std::span<const typename Curve::ScalarField::Integer> host_scalars(
    const void* scalars,
    std::size_t n,
    bool scalars_in_montgomery,
    unsigned threads,
    UninitializedBuffer<typename Curve::ScalarField::Integer>& storage) {
  using Integer = typename Curve::ScalarField::Integer;
  if (!scalars_in_montgomery || n == 0) return {static_cast<const Integer*>(scalars), n};
  storage = convert_montgomery_scalars<Curve>(scalars, n, threads);
  return {storage.data(), n};
}

}  // namespace zkmsm::host
