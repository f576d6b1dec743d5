// Random independent points (random x, y from the curve equation; on a curve with a cofactor,
// BLS12-381, that point times the effective cofactor, so in G1) and uniform scalars.
#include "zkmsm/random_inputs.hpp"

#include <cstdint>

#include "api/curve_map.hpp"
#include "curve/subgroup_check.hpp"
#include "field/sqrt.hpp"
#include "host/parallel_for.hpp"

namespace zkmsm {
namespace {

// SplitMix64 (Steele, Lea, Flood 2014): a small, well-mixed generator; one stream per index
// keeps the output independent of the thread count.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t state_;
};

std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t index, std::uint64_t domain) {
  SplitMix64 mix(seed ^ (domain * 0xd1b54a32d192ed03ULL));
  for (std::uint64_t i = 0; i < 2; ++i) mix.next();
  return mix.next() ^ (index * 0x9e3779b97f4a7c15ULL);
}

// Uniform integer in [0, modulus) by rejection on the modulus' bit length.
template <class Integer>
Integer uniform_below(SplitMix64& rng, const Integer& modulus) {
  const std::size_t bits = modulus.bit_length();
  constexpr std::size_t limbs = sizeof(Integer) / sizeof(std::uint64_t);
  for (;;) {
    Integer x{};
    for (std::size_t i = 0; i < limbs; ++i) {
      const std::size_t low = 64 * i;
      if (low >= bits) break;
      x.limb[i] = rng.next();
      if (bits - low < 64) x.limb[i] &= (std::uint64_t{1} << (bits - low)) - 1;
    }
    if (compare(x, modulus) < 0) return x;
  }
}

}  // namespace

template <class Curve>
std::vector<Point<Curve>> random_points(std::size_t n, std::uint64_t seed, unsigned threads) {
  using Internal = api::InternalCurve<Curve>;
  using BaseField = typename Internal::BaseField;
  std::vector<Point<Curve>> points(n);
  constexpr std::size_t kChunk = 1024;
  host::parallel_for((n + kChunk - 1) / kChunk, host::resolve_thread_count(threads), [&](std::size_t chunk, unsigned) {
    const std::size_t end = std::min(n, (chunk + 1) * kChunk);
    for (std::size_t i = chunk * kChunk; i < end; ++i) {
      SplitMix64 rng(stream_seed(seed, i, 1));
      for (;;) {
        const BaseField x = BaseField::from_canonical(uniform_below(rng, BaseField::modulus()));
        const auto y = sqrt_vartime(x.squared() * x + Internal::b());
        if (!y || y->is_zero()) continue;
        const BaseField chosen_y = (rng.next() & 1) != 0 ? -*y : *y;
        const AffinePoint<Internal> point = clear_cofactor(AffinePoint<Internal>{x, chosen_y});
        if (point.is_infinity()) continue;
        const auto cx = point.x.to_canonical();
        const auto cy = point.y.to_canonical();
        for (std::size_t l = 0; l < Curve::base_limbs; ++l) {
          points[i].x[l] = cx.limb[l];
          points[i].y[l] = cy.limb[l];
        }
        break;
      }
    }
  });
  return points;
}

template <class Curve>
std::vector<Scalar<Curve>> random_scalars(std::size_t n, std::uint64_t seed) {
  using Internal = api::InternalCurve<Curve>;
  std::vector<Scalar<Curve>> scalars(n);
  SplitMix64 rng(stream_seed(seed, 0, 2));
  for (auto& s : scalars) {
    const auto value = uniform_below(rng, Internal::ScalarField::modulus());
    for (std::size_t l = 0; l < Curve::scalar_limbs; ++l) s[l] = value.limb[l];
  }
  return scalars;
}

template std::vector<Point<Bn254>> random_points<Bn254>(std::size_t, std::uint64_t, unsigned);
template std::vector<Point<Grumpkin>> random_points<Grumpkin>(std::size_t, std::uint64_t, unsigned);
template std::vector<Point<Bls12381>> random_points<Bls12381>(std::size_t, std::uint64_t, unsigned);
template std::vector<Scalar<Bn254>> random_scalars<Bn254>(std::size_t, std::uint64_t);
template std::vector<Scalar<Grumpkin>> random_scalars<Grumpkin>(std::size_t, std::uint64_t);
template std::vector<Scalar<Bls12381>> random_scalars<Bls12381>(std::size_t, std::uint64_t);

}  // namespace zkmsm
