// zkmsm: multi-scalar multiplication Σ sᵢ·Pᵢ on elliptic curves, for zero-knowledge provers.
//
//   #include <zkmsm/zkmsm.hpp>
//   auto result = zkmsm::msm<zkmsm::Bn254>(points, scalars, zkmsm::MsmConfig{});
//   if (!result) std::cerr << result.error().message;
//
// Points are affine, two little-endian arrays of 64-bit limbs; (0, 0) is the point at infinity.
// Coordinates are canonical integers < p unless MsmConfig::points_in_montgomery. Scalars are
// little-endian 256-bit integers, any value (taken mod the group order r), canonical unless
// MsmConfig::scalars_in_montgomery. The result is the canonical affine sum, on the host.
// Inputs are in host memory unless MsmConfig::points_on_device / scalars_on_device (cuda).
// Points used for many MSMs are prepared once with prepare_bases (bases.hpp).
// Every call is variable-time: never pass secret scalars.
#pragma once

#include <cstddef>
#include <span>

#include "zkmsm/bases.hpp"
#include "zkmsm/curves.hpp"
#include "zkmsm/device_buffer.hpp"
#include "zkmsm/msm_config.hpp"
#include "zkmsm/result.hpp"

namespace zkmsm {

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
