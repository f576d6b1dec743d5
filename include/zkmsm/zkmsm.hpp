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
#include <vector>

#include "zkmsm/bases.hpp"
#include "zkmsm/curves.hpp"
#include "zkmsm/device_buffer.hpp"
#include "zkmsm/enum_names.hpp"
#include "zkmsm/msm_config.hpp"
#include "zkmsm/result.hpp"

namespace zkmsm {

// Σ scalars[i]·points[i]. n = 0 gives infinity. Fills *stats when given.
template <class Curve>
Result<Point<Curve>> msm(std::span<const Point<Curve>> points,
                         std::span<const Scalar<Curve>> scalars,
                         const MsmConfig& config = {},
                         MsmStats* stats = nullptr);

// One MSM of a batch: points and scalars of equal length.
template <class Curve>
struct MsmInputs {
  std::span<const Point<Curve>> points;
  std::span<const Scalar<Curve>> scalars;
};

// A batch of independent MSMs: result m = msm(msms[m].points, msms[m].scalars, config). On
// several CUDA devices (MsmConfig::devices) each MSM runs whole on one device (the largest MSMs
// first, each to the least loaded device) and the devices work through their MSMs at the same
// time; elsewhere the MSMs run one after another. Fails with the first failing MSM's error
// ("msm m: …"); *stats (optional) gets one MsmStats per MSM, whose total_milliseconds is the whole
// batch's wall time.
template <class Curve>
Result<std::vector<Point<Curve>>> msm_batch(std::span<const MsmInputs<Curve>> msms,
                                            const MsmConfig& config = {},
                                            std::vector<MsmStats>* stats = nullptr);

// Backends compiled into this library, and whether each has a usable device now.
bool backend_available(Backend backend);
// The backend msm() runs for `backend`: `backend` itself, or for Backend::automatic the first
// available hardware accelerator (cuda, then vulkan on a GPU, never a software device such as
// lavapipe), else cpu. The one decision msm(), prepare_bases() and msm_batch() use; made once per
// process, probing a device only when the decision needs it. Every backend supports BN254 and
// Grumpkin; for BLS12-381 (cpu only so far) ask with the curve.
Backend resolve_backend(Backend backend);
Backend resolve_backend(Backend backend, CurveId curve);
const char* to_string(Backend backend);
const char* to_string(Accumulator accumulator);

// Frees the memory the library keeps between calls so that the next MSM of a size seen before
// finds it ready: the host working arrays of finished MSMs (at most 1 GiB; on the cpu backend
// ~143 MB after an MSM of 2^20 points) and the GPU backends' kept workspaces (vulkan, webgpu:
// the device buffers of the last MSM's shape). Prepared bases are not touched. Safe at any time,
// from any thread — MSMs running meanwhile keep what they use — except in WebAssembly with the
// webgpu backend, whose calls all run on the module's thread: call it there between MSMs. The
// next MSM allocates again.
void release_kept_memory();

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
extern template Result<Point<Bls12381>> msm<Bls12381>(std::span<const Point<Bls12381>>,
                                                      std::span<const Scalar<Bls12381>>,
                                                      const MsmConfig&,
                                                      MsmStats*);

extern template Result<std::vector<Point<Bn254>>> msm_batch<Bn254>(std::span<const MsmInputs<Bn254>>,
                                                                   const MsmConfig&,
                                                                   std::vector<MsmStats>*);
extern template Result<std::vector<Point<Grumpkin>>> msm_batch<Grumpkin>(std::span<const MsmInputs<Grumpkin>>,
                                                                         const MsmConfig&,
                                                                         std::vector<MsmStats>*);
extern template Result<std::vector<Point<Bls12381>>> msm_batch<Bls12381>(std::span<const MsmInputs<Bls12381>>,
                                                                         const MsmConfig&,
                                                                         std::vector<MsmStats>*);

}  // namespace zkmsm
