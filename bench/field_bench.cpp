// Google Benchmark of the primitives that bound the CPU MSM: field multiplication (latency
// chain and four independent chains), squaring, safegcd inversion, and the XYZZ additions.
//
//   build/release/bench/zkmsm_field_bench
#include <benchmark/benchmark.h>

#include "curve/bn254.hpp"
#include "curve/xyzz_point.hpp"
#include "field/bn254_fields.hpp"
#include "field/field_8x52_ifma.hpp"
#include "host/cpu_features.hpp"

namespace {

using zkmsm::Bn254Fq;

void BM_FieldMulLatency(benchmark::State& state) {
  Bn254Fq a = Bn254Fq::from_u64(3);
  const Bn254Fq b = Bn254Fq::from_u64(5);
  for (auto _ : state) {
    a = a * b;
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_FieldMulLatency);

void BM_FieldMulThroughput4(benchmark::State& state) {
  Bn254Fq a = Bn254Fq::from_u64(3), c = Bn254Fq::from_u64(7), d = Bn254Fq::from_u64(11), e = Bn254Fq::from_u64(13);
  const Bn254Fq b = Bn254Fq::from_u64(5);
  for (auto _ : state) {
    a = a * b;
    c = c * b;
    d = d * b;
    e = e * b;
    benchmark::DoNotOptimize(a);
    benchmark::DoNotOptimize(c);
    benchmark::DoNotOptimize(d);
    benchmark::DoNotOptimize(e);
  }
  state.SetItemsProcessed(4 * state.iterations());
}
BENCHMARK(BM_FieldMulThroughput4);

void BM_FieldSquare(benchmark::State& state) {
  Bn254Fq a = Bn254Fq::from_u64(3);
  for (auto _ : state) {
    a = a.squared();
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_FieldSquare);

void BM_FieldInverseSafegcd(benchmark::State& state) {
  Bn254Fq a = Bn254Fq::from_u64(123456789);
  const Bn254Fq one = Bn254Fq::one();
  for (auto _ : state) {
    a = a.inverse_vartime() + one;
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_FieldInverseSafegcd);

void BM_XyzzMixedAdd(benchmark::State& state) {
  using Point = zkmsm::XyzzPoint<zkmsm::Bn254G1>;
  const auto g = zkmsm::AffinePoint<zkmsm::Bn254G1>::generator();
  Point acc = Point::from_affine(g).doubled();
  for (auto _ : state) {
    acc = acc.add_affine(g);
    benchmark::DoNotOptimize(acc);
  }
}
BENCHMARK(BM_XyzzMixedAdd);

#if defined(ZKMSM_HAVE_FIELD_8X52_IFMA)
// Eight lane multiplications per call: items are lane products. The loops are compiled for
// AVX-512 IFMA and run only where the CPU path has it (host/cpu_features.hpp).
using Fq8 = zkmsm::Field8x52<zkmsm::Bn254FqParams>;

ZKMSM_BEGIN_AVX512_IFMA_CODE
void field8x52_mul_latency(benchmark::State& state) {
  Fq8 a = Fq8::one();
  const Fq8 b = Fq8::broadcast(Fq8::K::from_mont256);
  for (auto _ : state) {
    a = Fq8::mul(a, b);
    benchmark::DoNotOptimize(a);
  }
  state.SetItemsProcessed(8 * state.iterations());
}

void field8x52_mul_throughput4(benchmark::State& state) {
  Fq8 a = Fq8::one(), c = Fq8::one(), d = Fq8::one(), e = Fq8::one();
  const Fq8 b = Fq8::broadcast(Fq8::K::from_mont256);
  for (auto _ : state) {
    a = Fq8::mul(a, b);
    c = Fq8::mul(c, b);
    d = Fq8::mul(d, b);
    e = Fq8::mul(e, b);
    benchmark::DoNotOptimize(a);
    benchmark::DoNotOptimize(c);
    benchmark::DoNotOptimize(d);
    benchmark::DoNotOptimize(e);
  }
  state.SetItemsProcessed(32 * state.iterations());
}
ZKMSM_END_AVX512_IFMA_CODE

void BM_Field8x52MulLatency(benchmark::State& state) {
  if (!zkmsm::host::active_cpu_features.avx512_ifma) return state.SkipWithError("this CPU path has no AVX-512 IFMA");
  field8x52_mul_latency(state);
}
BENCHMARK(BM_Field8x52MulLatency);

void BM_Field8x52MulThroughput4(benchmark::State& state) {
  if (!zkmsm::host::active_cpu_features.avx512_ifma) return state.SkipWithError("this CPU path has no AVX-512 IFMA");
  field8x52_mul_throughput4(state);
}
BENCHMARK(BM_Field8x52MulThroughput4);
#endif

}  // namespace

BENCHMARK_MAIN();
