// The points of a GLV run (CudaMsmOptions::glv): out[i] = P_i and out[n + i] = φ(P_i) = (β·x_i, y_i),
// so that the entries of the split scalars' halves (decompose_scalars.cuh) index one array of 2n
// points. Montgomery form in and out; the point at infinity ((0, 0)) stays (0, 0) in both halves.
// One thread per point, one multiplication each.
#pragma once

#include "core/bigint.hpp"
#include "msm/cuda/device_memory_access.cuh"

namespace zkmsm::cuda::detail {

template <class Curve>
struct EndomorphismPoints {
  using Fd = DeviceBase<Curve>;
  const DeviceAffine<Fd>* points;  // n
  u32 n;
  Fd beta;                // Montgomery form: montgomery_beta()
  DeviceAffine<Fd>* out;  // 2n

  // β·R mod p, by one Montgomery multiplication of β by R² (on the host, once per MSM).
  ZKMSM_HOST_DEVICE static Fd montgomery_beta() {
    using Constants = typename Fd::Constants;
    constexpr typename Constants::Limbs beta_words =
        Constants::split(parse_hex<Constants::Host::limbs>(Curve::endomorphism_beta_hex));
    constexpr typename Constants::Limbs r_squared = Constants::r_squared;
    Fd beta, r2;
    for (int k = 0; k < Fd::kWords; ++k) {
      beta.v[k] = beta_words.v[k];
      r2.v[k] = r_squared.v[k];
    }
    return beta * r2;
  }

  ZKMSM_HOST_DEVICE void operator()(u64 index) const {
    const DeviceAffine<Fd> p = load_affine(points, index);
    store_affine(out, index, p);
    DeviceAffine<Fd> phi = p;
    if (!p.is_infinity()) phi.x = p.x * beta;
    store_affine(out, n + index, phi);
  }
};

}  // namespace zkmsm::cuda::detail
