// The addition probe of cuda_bench: xyzz additions against block-batched affine additions
// (cuda_addition_probe.cu).
#pragma once

#include <cstddef>

namespace zkmsm::bench {

// Prints additions per second of each form on `pairs` pairs (p[i], q[i]) of independent BN254
// points (AffinePoint<Bn254G1>: Montgomery form, fully reduced; pairs a multiple of 2^13).
void addition_rates(const void* p, const void* q, std::size_t pairs);

}  // namespace zkmsm::bench
