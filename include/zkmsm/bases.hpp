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
//   cuda  memory of the CUDA device current at preparation, size() × 64 bytes (no host copy)
// prepare_bases copies its input, so the caller may free or reuse the points when it returns.
//
// Lifetime and threads: move-only; the destructor frees the memory (cuda: cudaFree). msm()
// reads the bases only during the call; several threads may run msm() on one Bases at the same
// time (e.g. each on its own CUDA stream). Do not destroy or move a Bases while such a call runs.
#pragma once

#include <cstddef>
#include <memory>
#include <span>

#include "zkmsm/curves.hpp"
#include "zkmsm/msm_config.hpp"
#include "zkmsm/result.hpp"

namespace zkmsm {

template <class Curve>
class Bases;

// Validates and converts `points` once, for the backend of config.backend (automatic: cuda when
// present, else cpu). Reads config.points_in_montgomery, validate_points, points_on_device (the
// points may already be on the device; cuda only) and cuda_stream (the upload and conversion
// are ordered on it). Fails as msm() would on these points: point_not_canonical and
// point_not_on_curve name the first bad index.
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

  std::unique_ptr<State> state_;
};

extern template class Bases<Bn254>;
extern template class Bases<Grumpkin>;
extern template Result<Bases<Bn254>> prepare_bases<Bn254>(std::span<const Point<Bn254>>, const MsmConfig&);
extern template Result<Bases<Grumpkin>> prepare_bases<Grumpkin>(std::span<const Point<Grumpkin>>, const MsmConfig&);
extern template Result<Point<Bn254>> msm<Bn254>(const Bases<Bn254>&,
                                                std::span<const Scalar<Bn254>>,
                                                const MsmConfig&,
                                                MsmStats*);
extern template Result<Point<Grumpkin>> msm<Grumpkin>(const Bases<Grumpkin>&,
                                                      std::span<const Scalar<Grumpkin>>,
                                                      const MsmConfig&,
                                                      MsmStats*);

}  // namespace zkmsm
