// zkmsm: multi-scalar multiplication Σ sᵢ·Pᵢ on elliptic curves, for zero-knowledge provers.
//
//   #include <zkmsm/zkmsm.hpp>
//   auto result = zkmsm::msm<zkmsm::Bn254>(points, scalars, zkmsm::MsmConfig{});
//   if (!result) std::cerr << result.error().message;
//
// Points are affine, two little-endian arrays of 64-bit limbs; (0, 0) is the point at infinity.
// Coordinates are canonical integers < p unless MsmConfig::points_in_montgomery. Scalars are
// little-endian 256-bit integers, any value (taken mod the group order r), canonical unless
// MsmConfig::scalars_in_montgomery. The result is the canonical affine sum.
// Every call is variable-time: never pass secret scalars.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <variant>

#include "zkmsm/msm_config.hpp"

namespace zkmsm {

enum class CurveId { bn254, grumpkin };

// Curve tags of the public API.
struct Bn254 {
  static constexpr CurveId id = CurveId::bn254;
  static constexpr std::size_t base_limbs = 4;
  static constexpr std::size_t scalar_limbs = 4;
  static constexpr const char* name = "bn254";
};
struct Grumpkin {
  static constexpr CurveId id = CurveId::grumpkin;
  static constexpr std::size_t base_limbs = 4;
  static constexpr std::size_t scalar_limbs = 4;
  static constexpr const char* name = "grumpkin";
};

// An affine point as little-endian 64-bit limbs; (0, 0) is the point at infinity.
template <class Curve>
struct Point {
  std::array<std::uint64_t, Curve::base_limbs> x{};
  std::array<std::uint64_t, Curve::base_limbs> y{};
  bool is_infinity() const {
    for (std::size_t i = 0; i < Curve::base_limbs; ++i)
      if (x[i] != 0 || y[i] != 0) return false;
    return true;
  }
  bool operator==(const Point&) const = default;
};

// A scalar as little-endian 64-bit limbs.
template <class Curve>
using Scalar = std::array<std::uint64_t, Curve::scalar_limbs>;

enum class ErrorCode {
  invalid_argument,     // lengths differ, bad configuration
  point_not_canonical,  // a coordinate ≥ p
  point_not_on_curve,   // fails y² = x³ + b (validate_points)
  backend_unavailable,  // the requested backend is not built or has no device
  out_of_memory,        // host or device allocation failed, even after batching
  device_error,         // a GPU runtime error
};

struct Error {
  ErrorCode code;
  std::string message;
};

const char* to_string(ErrorCode code);

// A value or an Error.
template <class T>
class Result {
 public:
  Result(T value) : state_(std::move(value)) {}
  Result(Error error) : state_(std::move(error)) {}
  explicit operator bool() const { return state_.index() == 0; }
  bool ok() const { return state_.index() == 0; }
  const T& value() const { return std::get<0>(state_); }
  T& value() { return std::get<0>(state_); }
  const Error& error() const { return std::get<1>(state_); }

 private:
  std::variant<T, Error> state_;
};

// Σ scalars[i]·points[i]. n = 0 gives infinity. Fills *stats when given.
template <class Curve>
Result<Point<Curve>> msm(std::span<const Point<Curve>> points,
                         std::span<const Scalar<Curve>> scalars,
                         const MsmConfig& config = {},
                         MsmStats* stats = nullptr);

// Backends compiled into this library, and whether each has a usable device now.
bool backend_available(Backend backend);
const char* to_string(Backend backend);
const char* to_string(Accumulator accumulator);

// The version of the library, "major.minor.patch".
const char* version();

extern template Result<Point<Bn254>> msm<Bn254>(std::span<const Point<Bn254>>,
                                                std::span<const Scalar<Bn254>>,
                                                const MsmConfig&,
                                                MsmStats*);
extern template Result<Point<Grumpkin>> msm<Grumpkin>(std::span<const Point<Grumpkin>>,
                                                      std::span<const Scalar<Grumpkin>>,
                                                      const MsmConfig&,
                                                      MsmStats*);

}  // namespace zkmsm
