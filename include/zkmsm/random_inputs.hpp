// Reproducible random MSM inputs for tests and benchmarks.
//
// Points are independent: each is found from a random x-coordinate (x³ + b must be a square),
// so no linear relation between them is known. Never an arithmetic progression k·G, (k+1)·G, …,
// whose partial sums collide and hide bugs in addition formulas.
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
