// Bases: MSM points prepared once (validated, converted to the backend's layout and, on a GPU
// backend, uploaded) and reused by many msm() calls, as a prover reuses its commitment key for
// every commitment.
//
//   auto prepared = zkmsm::prepare_bases<zkmsm::Bn254>(points, config);            // once
//   if (!prepared) return prepared.error();
//   const zkmsm::Bases<zkmsm::Bn254>& bases = prepared.value();
//   auto c1 = zkmsm::msm<zkmsm::Bn254>(bases, scalars_1, config);                  // many times,
//   auto c2 = zkmsm::msm<zkmsm::Bn254>(bases, scalars_2, config);                  // n ≤ size()
//
// Representation: the handle owns size() affine points in the backend's layout: x then y, each
// 4 little-endian 64-bit limbs in Montgomery form (x·R mod p, R = 2^256) fully reduced to
// [0, p), (0, 0) for the point at infinity; canonical (< p) and, unless validate_points was off
// at preparation, on the curve. Where they live is backend():
//   cpu   host memory, size() × 64 bytes
//   cuda  memory of the CUDA device current at preparation, size() × 64 bytes (no host copy);
//         with a MsmConfig::devices list (even {0}), dealt to the listed devices in
//         stripes of 16,384 points (stripe j on the (j mod k)-th listed device), each device
//         holding its stripes back to back, ≈ size()/k × 64 bytes: any prefix of n ≤ size()
//         points is then spread evenly over the devices. msm(bases, ·) runs on those devices.
//   vulkan memory of the Vulkan device (one storage buffer, device-local on a discrete GPU,
//         validated and converted there; no host copy), size() × 64 or 96 bytes: an MSM on them
//         uploads only its scalars. At most one storage-buffer binding of points.
//   webgpu memory of the WebGPU device (one storage buffer, validated and converted there; no
//         host copy): an MSM on them uploads only its scalars. At most 128 MiB of points.
// prepare_bases copies its input, so the caller may free or reuse the points when it returns.
//
// Lifetime and threads: move-only; the destructor frees the memory (cuda: cudaFree). msm()
// reads the bases only during the call; several threads may run msm() on one Bases at the same
// time (e.g. each on its own CUDA stream). Do not destroy or move a Bases while such a call runs.
// vulkan: destroy a Bases before the process ends, not from a static destructor or an atexit
// handler (a GPU driver may have torn itself down by then; the library's own Vulkan objects are
// left to the process's end for that reason).
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <vector>

#include "zkmsm/curves.hpp"
#include "zkmsm/msm_config.hpp"
#include "zkmsm/result.hpp"

namespace zkmsm {

template <class Curve>
class Bases;

// Validates and converts `points` once, for the backend of config.backend (automatic: the backend
// msm() would choose, the first accelerated one present — cuda, vulkan, webgpu — else cpu).
// Reads config.points_in_montgomery, validate_points, points_on_device (the points may already be
// on the device; cuda only) and cuda_stream (the upload and conversion are ordered on it). Fails
// as msm() would on these points: point_not_canonical and point_not_on_curve name the first bad
// index.
template <class Curve>
Result<Bases<Curve>> prepare_bases(std::span<const Point<Curve>> points, const MsmConfig& config = {});

// Σ scalars[i]·bases[i] for i < scalars.size(): the first scalars.size() bases (fewer scalars
// than bases is the usual case of a prover's commitment key); more scalars than bases is
// ErrorCode::invalid_argument. Runs on bases.backend(): config.backend must be automatic or that
// backend. The point options of config (points_in_montgomery, validate_points, points_on_device)
// were applied by prepare_bases and are ignored here; the scalar options and cuda_stream apply.
template <class Curve>
Result<Point<Curve>> msm(const Bases<Curve>& bases,
                         std::span<const Scalar<Curve>> scalars,
                         const MsmConfig& config = {},
                         MsmStats* stats = nullptr);

// A batch of MSMs on one set of bases (a prover's commitments with one key): result m is
// Σ scalars[m][i]·bases[i] for i < scalars[m].size(), each as msm(bases, scalars[m]) would give.
// On bases dealt over several CUDA devices (MsmConfig::devices) every MSM is split over them,
// each device runs its shares of the MSMs one after another, and no device waits for another
// between MSMs. Elsewhere the MSMs run one after another. Fails with the first failing MSM's
// error ("msm m: …"); *stats (optional) gets one MsmStats per MSM, whose total_milliseconds is
// the whole batch's wall time.
template <class Curve>
Result<std::vector<Point<Curve>>> msm_batch(const Bases<Curve>& bases,
                                            std::span<const std::span<const Scalar<Curve>>> scalars,
                                            const MsmConfig& config = {},
                                            std::vector<MsmStats>* stats = nullptr);

template <class Curve>
class Bases {
 public:
  using CurveTag = Curve;  // the curve the points are on (Bn254, Grumpkin)

  Bases();  // empty: size() = 0, backend() = cpu
  Bases(Bases&& other) noexcept;
  Bases& operator=(Bases&& other) noexcept;
  Bases(const Bases&) = delete;
  Bases& operator=(const Bases&) = delete;
  ~Bases();

  std::size_t size() const;  // number of points; 0 when empty or moved from
  Backend backend() const;   // where the points live: Backend::cpu or Backend::cuda

 private:
  struct State;  // the backend's storage, defined in src/api/bases.cpp
  explicit Bases(std::unique_ptr<State> state);

  friend Result<Bases> prepare_bases<Curve>(std::span<const Point<Curve>>, const MsmConfig&);
  friend Result<Point<Curve>> msm<Curve>(const Bases&, std::span<const Scalar<Curve>>, const MsmConfig&, MsmStats*);
  friend Result<std::vector<Point<Curve>>> msm_batch<Curve>(const Bases&,
                                                            std::span<const std::span<const Scalar<Curve>>>,
                                                            const MsmConfig&,
                                                            std::vector<MsmStats>*);

  std::unique_ptr<State> state_;
};

extern template class Bases<Bn254>;
extern template class Bases<Grumpkin>;
extern template class Bases<Bls12381>;
extern template Result<Bases<Bn254>> prepare_bases<Bn254>(std::span<const Point<Bn254>>, const MsmConfig&);
extern template Result<Bases<Grumpkin>> prepare_bases<Grumpkin>(std::span<const Point<Grumpkin>>, const MsmConfig&);
extern template Result<Bases<Bls12381>> prepare_bases<Bls12381>(std::span<const Point<Bls12381>>, const MsmConfig&);
extern template Result<Point<Bn254>> msm<Bn254>(const Bases<Bn254>&,
                                                std::span<const Scalar<Bn254>>,
                                                const MsmConfig&,
                                                MsmStats*);
extern template Result<std::vector<Point<Bn254>>> msm_batch<Bn254>(const Bases<Bn254>&,
                                                                   std::span<const std::span<const Scalar<Bn254>>>,
                                                                   const MsmConfig&,
                                                                   std::vector<MsmStats>*);
extern template Result<std::vector<Point<Grumpkin>>> msm_batch<Grumpkin>(
    const Bases<Grumpkin>&,
    std::span<const std::span<const Scalar<Grumpkin>>>,
    const MsmConfig&,
    std::vector<MsmStats>*);
extern template Result<std::vector<Point<Bls12381>>> msm_batch<Bls12381>(
    const Bases<Bls12381>&,
    std::span<const std::span<const Scalar<Bls12381>>>,
    const MsmConfig&,
    std::vector<MsmStats>*);
extern template Result<Point<Grumpkin>> msm<Grumpkin>(const Bases<Grumpkin>&,
                                                      std::span<const Scalar<Grumpkin>>,
                                                      const MsmConfig&,
                                                      MsmStats*);
extern template Result<Point<Bls12381>> msm<Bls12381>(const Bases<Bls12381>&,
                                                      std::span<const Scalar<Bls12381>>,
                                                      const MsmConfig&,
                                                      MsmStats*);

}  // namespace zkmsm
