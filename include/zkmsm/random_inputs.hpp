// Reproducible random MSM inputs for tests and benchmarks.
//
// Points are independent and uniform in the prime-order group: each is [k]G for its own uniform
// k in [1, r), drawn from a stream of (seed, index). Never an arithmetic progression k·G,
// (k+1)·G, …, whose partial sums collide and hide bugs in addition formulas. Their discrete
// logarithms follow from the seed: inputs for tests and benchmarks, never a commitment key.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "zkmsm/zkmsm.hpp"

namespace zkmsm {

// n independent random points, canonical coordinates; the same (n, seed) gives the same points
// whatever the thread count (0 = all hardware threads).
template <class Curve>
std::vector<Point<Curve>> random_points(std::size_t n, std::uint64_t seed, unsigned threads = 0);

// n uniformly random canonical scalars in [0, r).
template <class Curve>
std::vector<Scalar<Curve>> random_scalars(std::size_t n, std::uint64_t seed);

}  // namespace zkmsm
