// The addition probe of cuda_bench (`cuda_bench additions`): what one bucket addition costs on
// this GPU in the two forms issue #15 weighs, with no bucket logic around them.
//
//   xyzz      each thread adds K points into one XYZZ sum (add_affine_lazy, madd-2008-s: 8M + 2S),
//             the xyzz walker's inner step;
//   batched   each thread adds K independent affine pairs P + Q with ONE inversion per block:
//             Montgomery's trick over the thread's K dx values (prefix products kept in registers
//             or in shared memory), then over the block's threads (warp shuffles, then warp 0 over
//             the warp totals, one safegcd), then per pair λ = dy/dx, x3 = λ² − x1 − x2,
//             y3 = λ(x1 − x3) − y1: 6 multiplications per addition + 14/K per thread.
//
// Inputs are independent random points (no dx = 0): the probe measures the arithmetic and its
// batching, not the exceptional cases. A few batched sums are checked against the host's affine
// addition. Output: additions per second of each form; the ratio says whether an accumulator built
// on the batched form could beat the xyzz walker at all (docs/cuda_notes.md, run 29).
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "check_cuda.hpp"
#include "cuda_addition_probe.hpp"
#include "curve/bn254.hpp"
#include "msm/cuda/device_points.cuh"
#include "msm/cuda/lazy_xyzz.cuh"
#include "msm/cuda/warp_batch_inverse.cuh"

namespace zkmsm::bench {
namespace {

using Curve = Bn254G1;
using Fd = cuda::DeviceBase<Curve>;
using Affine = cuda::DeviceAffine<Fd>;
using Xyzz = cuda::DeviceXyzz<Fd>;

constexpr int kBlock = 256;
constexpr int kWarps = kBlock / 32;

// Thread t of the grid adds points[k·threads + t] for k < K into one XYZZ sum.
template <int K>
__global__ void xyzz_kernel(const Affine* points, Xyzz* sums) {
  const unsigned threads = gridDim.x * blockDim.x;
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  Xyzz acc = Xyzz::infinity();
#pragma unroll 1
  for (int k = 0; k < K; ++k) acc = cuda::detail::add_affine_lazy(acc, points[k * threads + t]);
  sums[t] = cuda::detail::fully_reduced(acc);
}

// Pair i = (blockIdx.x·K + k)·kBlock + threadIdx.x: out[i] = p[i] + q[i] (affine, dx ≠ 0).
template <int K, bool kSharedPrefix>
__global__ void __launch_bounds__(kBlock, kSharedPrefix ? 2 : 1)
    batched_kernel(const Affine* p, const Affine* q, Affine* out) {
#if defined(__CUDA_ARCH__)
  __shared__ __align__(16) unsigned char totals_bytes[2 * kWarps * sizeof(Fd)];
  extern __shared__ __align__(16) unsigned char prefix_bytes[];  // K · kBlock elements when kSharedPrefix
  Fd* warp_total = reinterpret_cast<Fd*>(totals_bytes);
  Fd* warp_total_inverse = warp_total + kWarps;
  Fd* shared_prefix = reinterpret_cast<Fd*>(prefix_bytes);
  const unsigned lane = threadIdx.x & 31u;
  const unsigned warp = threadIdx.x >> 5;
  const auto index = [&](int k) { return (blockIdx.x * K + k) * kBlock + threadIdx.x; };

  // The thread's prefix products dx_0 ⋯ dx_k.
  Fd prefix_registers[kSharedPrefix ? 1 : K];
  const auto prefix_at = [&](int k) -> Fd& {
    if constexpr (kSharedPrefix)
      return shared_prefix[k * kBlock + threadIdx.x];
    else
      return prefix_registers[k];
  };
  Fd running = Fd::one();
#pragma unroll(kSharedPrefix ? 1 : K)
  for (int k = 0; k < K; ++k) {
    const unsigned i = index(k);
    running = running * (q[i].x - p[i].x);
    prefix_at(k) = running;
  }

  // The thread total's inverse: the warp's lanes, then the block's warps.
  Fd lanes_before = running, lanes_after = running;  // inclusive prefix / suffix over the lanes
#pragma unroll
  for (unsigned delta = 1; delta < 32; delta <<= 1) {
    const Fd below = cuda::warp::shuffle_up(lanes_before, delta);
    const Fd above = cuda::warp::shuffle_down(lanes_after, delta);
    if (lane >= delta) lanes_before = lanes_before * below;
    if (lane + delta < 32) lanes_after = lanes_after * above;
  }
  if (lane == 31) warp_total[warp] = lanes_before;
  __syncthreads();
  if (warp == 0) {
    const Fd total = lane < kWarps ? warp_total[lane] : Fd::one();
    const Fd inverse = cuda::warp_batch_inverse(total);
    if (lane < kWarps) warp_total_inverse[lane] = inverse;
  }
  __syncthreads();
  Fd before = cuda::warp::shuffle_up(lanes_before, 1);
  Fd after = cuda::warp::shuffle_down(lanes_after, 1);
  if (lane == 0) before = Fd::one();
  if (lane == 31) after = Fd::one();
  Fd inverse = warp_total_inverse[warp] * (before * after);  // (dx_0 ⋯ dx_{K−1})⁻¹

#pragma unroll(kSharedPrefix ? 1 : K)
  for (int k = K - 1; k >= 0; --k) {
    const unsigned i = index(k);
    const Affine a = p[i];
    const Affine b = q[i];
    const Fd dx = b.x - a.x;
    const Fd dx_inverse = k > 0 ? inverse * prefix_at(k - 1) : inverse;
    if (k > 0) inverse = inverse * dx;
    const Fd lambda = (b.y - a.y) * dx_inverse;
    const Fd x3 = lambda.squared() - a.x - b.x;
    out[i] = Affine{x3, lambda * (a.x - x3) - a.y};
  }
#endif
}

template <class Launch>
double milliseconds(Launch launch, int repeats) {
  cudaEvent_t start, stop;
  CHECK_CUDA(cudaEventCreate(&start));
  CHECK_CUDA(cudaEventCreate(&stop));
  launch();  // warm-up
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaEventRecord(start));
  for (int r = 0; r < repeats; ++r) launch();
  CHECK_CUDA(cudaEventRecord(stop));
  CHECK_CUDA(cudaEventSynchronize(stop));
  CHECK_CUDA(cudaGetLastError());
  float ms = 0;
  CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
  CHECK_CUDA(cudaEventDestroy(start));
  CHECK_CUDA(cudaEventDestroy(stop));
  return ms / repeats;
}

// The host's sum of two affine points with distinct x, on the device types' formulas.
Affine host_sum(const Affine& a, const Affine& b) {
  const Fd lambda = (b.y - a.y) * (b.x - a.x).inverse_vartime();
  const Fd x3 = lambda.squared() - a.x - b.x;
  return Affine{x3, lambda * (a.x - x3) - a.y};
}

template <int K, bool kSharedPrefix>
void run_batched(const Affine* p,
                 const Affine* q,
                 Affine* out,
                 std::size_t pairs,
                 const std::vector<Affine>& host_p,
                 const std::vector<Affine>& host_q,
                 int repeats) {
  const unsigned blocks = static_cast<unsigned>(pairs / (static_cast<std::size_t>(K) * kBlock));
  const std::size_t shared = kSharedPrefix ? sizeof(Fd) * K * kBlock : 0;
  auto kernel = batched_kernel<K, kSharedPrefix>;
  if (shared > 48 * 1024)
    CHECK_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(shared)));
  cudaFuncAttributes attributes{};
  CHECK_CUDA(cudaFuncGetAttributes(&attributes, kernel));
  const double ms = milliseconds([&] { kernel<<<blocks, kBlock, shared>>>(p, q, out); }, repeats);
  const std::size_t additions = static_cast<std::size_t>(blocks) * K * kBlock;
  // Check a few sums (a lane in the first warp, the last, and one of the last block).
  std::size_t wrong = 0;
  for (std::size_t i : {std::size_t{0}, std::size_t{37}, std::size_t{kBlock - 1}, additions / 2 + 5, additions - 1}) {
    Affine device{};
    CHECK_CUDA(cudaMemcpy(&device, out + i, sizeof(Affine), cudaMemcpyDeviceToHost));
    const Affine expected = host_sum(host_p[i], host_q[i]);
    if (!(device.x == expected.x && device.y == expected.y)) ++wrong;
  }
  std::printf("batched K=%-2d prefix in %-9s %3d registers, %6zu B shared: %8.3f ms, %.3g additions/s%s\n", K,
              kSharedPrefix ? "shared" : "registers", attributes.numRegs, shared, ms, additions / (ms * 1e-3),
              wrong == 0 ? "" : "  WRONG SUMS");
}

template <int K>
void run_xyzz(const Affine* points, Xyzz* sums, std::size_t count, int repeats) {
  const unsigned threads = static_cast<unsigned>(count / K);
  cudaFuncAttributes attributes{};
  CHECK_CUDA(cudaFuncGetAttributes(&attributes, xyzz_kernel<K>));
  const double ms = milliseconds([&] { xyzz_kernel<K><<<threads / 128, 128>>>(points, sums); }, repeats);
  std::printf("xyzz    K=%-2d                    %3d registers:          %8.3f ms, %.3g additions/s\n", K,
              attributes.numRegs, ms, static_cast<double>(threads) * K / (ms * 1e-3));
}

}  // namespace

void addition_rates(const void* p_host, const void* q_host, std::size_t pairs) {
  std::printf("addition probe: %zu independent random BN254 pairs\n", pairs);
  const std::vector<Affine> host_p(static_cast<const Affine*>(p_host), static_cast<const Affine*>(p_host) + pairs);
  const std::vector<Affine> host_q(static_cast<const Affine*>(q_host), static_cast<const Affine*>(q_host) + pairs);
  Affine *p = nullptr, *q = nullptr, *out = nullptr;
  Xyzz* sums = nullptr;
  CHECK_CUDA(cudaMalloc(&p, pairs * sizeof(Affine)));
  CHECK_CUDA(cudaMalloc(&q, pairs * sizeof(Affine)));
  CHECK_CUDA(cudaMalloc(&out, pairs * sizeof(Affine)));
  CHECK_CUDA(cudaMalloc(&sums, pairs / 4 * sizeof(Xyzz)));
  CHECK_CUDA(cudaMemcpy(p, host_p.data(), pairs * sizeof(Affine), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(q, host_q.data(), pairs * sizeof(Affine), cudaMemcpyHostToDevice));
  const int repeats = 5;
  run_xyzz<16>(p, sums, pairs, repeats);
  run_xyzz<64>(p, sums, pairs, repeats);
  run_batched<4, false>(p, q, out, pairs, host_p, host_q, repeats);
  run_batched<4, true>(p, q, out, pairs, host_p, host_q, repeats);
  run_batched<8, false>(p, q, out, pairs, host_p, host_q, repeats);
  run_batched<8, true>(p, q, out, pairs, host_p, host_q, repeats);
  run_batched<16, true>(p, q, out, pairs, host_p, host_q, repeats);
  CHECK_CUDA(cudaFree(p));
  CHECK_CUDA(cudaFree(q));
  CHECK_CUDA(cudaFree(out));
  CHECK_CUDA(cudaFree(sums));
}

}  // namespace zkmsm::bench
