// Field throughput probes for cuda_bench (kernels live in a .cu; the bench's main is host code).
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "check_cuda.hpp"
#include "cuda_bench_probes.hpp"
#include "field/bn254_fields.hpp"
#include "msm/cuda/device_field.cuh"

namespace zkmsm::bench {
namespace {

using Fd = cuda::DeviceField<Bn254FqParams>;

// Throughput probes: each thread runs a dependent chain; many threads fill the GPU.
__global__ void mul_chain_kernel(Fd* data, int iterations) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  Fd x = data[i];
  const Fd y = data[i + 1];
  for (int k = 0; k < iterations; ++k) x = x * y;
  data[i] = x;
}
__global__ void inverse_chain_kernel(Fd* data, int iterations) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  Fd x = data[i];
  const Fd one = Fd::one();
  for (int k = 0; k < iterations; ++k) x = x.inverse_vartime() + one;
  data[i] = x;
}

// Operations per second of a chain kernel over `threads` threads.
template <class Kernel>
double ops_per_second(Kernel kernel, int threads, int iterations) {
  Fd* data = nullptr;
  CHECK_CUDA(cudaMalloc(&data, (threads + 1) * sizeof(Fd)));
  std::vector<Fd> host(threads + 1);
  for (int i = 0; i <= threads; ++i) {
    for (int l = 0; l < 8; ++l) host[i].v[l] = static_cast<std::uint32_t>(0x9e3779b9u * (i + 1) + 0x7f4a7c15u * l);
    host[i].v[7] &= 0x0fffffff;  // below p
  }
  CHECK_CUDA(cudaMemcpy(data, host.data(), host.size() * sizeof(Fd), cudaMemcpyHostToDevice));
  cudaEvent_t start, stop;
  CHECK_CUDA(cudaEventCreate(&start));
  CHECK_CUDA(cudaEventCreate(&stop));
  kernel<<<threads / 128, 128>>>(data, 2);  // warm-up
  CHECK_CUDA(cudaEventRecord(start));
  kernel<<<threads / 128, 128>>>(data, iterations);
  CHECK_CUDA(cudaEventRecord(stop));
  CHECK_CUDA(cudaEventSynchronize(stop));
  CHECK_CUDA(cudaGetLastError());
  float ms = 0;
  CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));
  CHECK_CUDA(cudaFree(data));
  return static_cast<double>(threads) * iterations / (ms * 1e-3);
}

}  // namespace

FieldRates field_rates() {
  cudaDeviceProp prop{};
  CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  const int threads = prop.multiProcessorCount * 2048;
  FieldRates rates;
  rates.multiplications_per_second = ops_per_second(mul_chain_kernel, threads, 2000);
  rates.inversions_per_second = ops_per_second(inverse_chain_kernel, threads, 20);
  return rates;
}

}  // namespace zkmsm::bench
