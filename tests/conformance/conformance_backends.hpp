// The cases of the conformance suite: every public curve × every backend, and what each backend
// is asked to run by default. A backend that is not built, or has no usable device, skips.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "zkmsm/zkmsm.hpp"

namespace zkmsm::test {

// default_log_n: log2 of the largest input of the size-scaled scenarios when ZKMSM_TEST_LOG_N is
// not set (the large tier, e.g. ZKMSM_TEST_LOG_N=16 on the device machine, raises it).
// batches_under_budget: the backend splits its windows into batches to stay under
// MsmConfig::memory_budget_bytes (the cpu backend has no device memory to budget).
// every_window_size_by_default: the window-size scenario runs every c in [2, 22] without
// ZKMSM_TEST_LOG_N; otherwise the sample of kSampledWindowSizes (the large tier runs them all).
// accumulator: what MsmConfig asks for; backend_name: the backend the stats must name; glv:
// MsmConfig::glv; on_bases: every MSM runs on bases prepared from its points (prepare_bases with
// precompute_factor, then msm on the bases).
struct CpuBackend {
  static constexpr Backend backend = Backend::cpu;
  static constexpr const char* name = "cpu";
  static constexpr const char* backend_name = "cpu";
  static constexpr Accumulator accumulator = Accumulator::automatic;
  static constexpr unsigned default_log_n = 12;
  static constexpr bool batches_under_budget = false;
  static constexpr bool every_window_size_by_default = true;
  static constexpr Glv glv = Glv::automatic;
  static constexpr unsigned precompute_factor = 1;
  static constexpr bool on_bases = false;
};

// cuda's three accumulators, each at every size (automatic is xyzz), xyzz without glv and with it
// (its automatic choice takes glv at n ≤ 2^20: both paths are named here).
struct CudaBackend {
  static constexpr Backend backend = Backend::cuda;
  static constexpr const char* name = "cuda";
  static constexpr const char* backend_name = "cuda";
  static constexpr Accumulator accumulator = Accumulator::stream_walker;
  static constexpr unsigned default_log_n = 12;
  static constexpr bool batches_under_budget = true;
  static constexpr bool every_window_size_by_default = true;
  static constexpr Glv glv = Glv::automatic;
  static constexpr unsigned precompute_factor = 1;
  static constexpr bool on_bases = false;
};

struct CudaXyzzBackend : CudaBackend {
  static constexpr const char* name = "cuda_xyzz";
  static constexpr Accumulator accumulator = Accumulator::xyzz;
  static constexpr Glv glv = Glv::off;
};

// The seeds' second accumulator on cuda (pair_tree.cuh), S = 16 pairs per thread and level.
struct CudaPairTreeBackend : CudaBackend {
  static constexpr const char* name = "cuda_pair_tree";
  static constexpr Accumulator accumulator = Accumulator::pair_tree;
  static constexpr Glv glv = Glv::off;
};

struct CudaGlvBackend : CudaXyzzBackend {
  static constexpr const char* name = "cuda_glv";
  static constexpr Glv glv = Glv::on;
};

// Bases with 4 shifted copies per point (shared buckets), the automatic accumulator.
struct CudaPrecomputedBackend : CudaBackend {
  static constexpr const char* name = "cuda_precomputed";
  static constexpr Accumulator accumulator = Accumulator::automatic;
  static constexpr unsigned precompute_factor = 4;
  static constexpr bool on_bases = true;
};

// Sizes stay at 2^10 and window sizes at a sample by default: on a machine without a GPU the
// device is lavapipe, which runs the shaders on the CPU (every c in [2, 22] took 469 s there,
// measured on the shared 2-core build machine).
struct VulkanBackend {
  static constexpr Backend backend = Backend::vulkan;
  static constexpr const char* name = "vulkan";
  static constexpr const char* backend_name = "vulkan";
  static constexpr Accumulator accumulator = Accumulator::automatic;
  static constexpr unsigned default_log_n = 10;
  static constexpr bool batches_under_budget = true;
  static constexpr bool every_window_size_by_default = false;
  static constexpr Glv glv = Glv::automatic;
  static constexpr unsigned precompute_factor = 1;
  static constexpr bool on_bases = false;
};

// Every MSM on bases kept on the Vulkan device (prepared, validated there once; only the scalars
// uploaded per MSM). BN254 and BLS12-381 (its G1 test runs when the bases are prepared).
struct VulkanBasesBackend : VulkanBackend {
  static constexpr const char* name = "vulkan_bases";
  static constexpr bool on_bases = true;
};

// Vulkan's stream walker (the seeds' affine accumulator; automatic is the xyzz walker). BN254
// and BLS12-381 (Grumpkin shares BN254's shader code; vulkan_msm_test runs it there).
struct VulkanStreamWalkerBackend : VulkanBackend {
  static constexpr const char* name = "vulkan_stream_walker";
  static constexpr Accumulator accumulator = Accumulator::stream_walker;
};

// The window sizes of backends that do not run every c by default: both ends of the small sizes,
// the sizes the cost models pick for 2^10 … 2^20, and c = 16.
inline constexpr unsigned kSampledWindowSizes[] = {2, 3, 5, 8, 11, 13, 16};

template <class PublicCurve, class BackendTag>
struct ConformanceCase {
  using Curve = PublicCurve;
  using Target = BackendTag;
};

// BLS12-381 runs on the cpu, cuda and vulkan backends (webgpu: issue #17).
using ConformanceCases = ::testing::Types<ConformanceCase<Bn254, CpuBackend>,
                                          ConformanceCase<Grumpkin, CpuBackend>,
                                          ConformanceCase<Bls12381, CpuBackend>,
                                          ConformanceCase<Bn254, CudaBackend>,
                                          ConformanceCase<Grumpkin, CudaBackend>,
                                          ConformanceCase<Bls12381, CudaBackend>,
                                          ConformanceCase<Bn254, CudaXyzzBackend>,
                                          ConformanceCase<Grumpkin, CudaXyzzBackend>,
                                          ConformanceCase<Bls12381, CudaXyzzBackend>,
                                          ConformanceCase<Bn254, CudaPairTreeBackend>,
                                          ConformanceCase<Grumpkin, CudaPairTreeBackend>,
                                          ConformanceCase<Bls12381, CudaPairTreeBackend>,
                                          ConformanceCase<Bn254, CudaGlvBackend>,
                                          ConformanceCase<Grumpkin, CudaGlvBackend>,
                                          ConformanceCase<Bls12381, CudaGlvBackend>,
                                          ConformanceCase<Bn254, CudaPrecomputedBackend>,
                                          ConformanceCase<Grumpkin, CudaPrecomputedBackend>,
                                          ConformanceCase<Bls12381, CudaPrecomputedBackend>,
                                          ConformanceCase<Bn254, VulkanBackend>,
                                          ConformanceCase<Grumpkin, VulkanBackend>,
                                          ConformanceCase<Bls12381, VulkanBackend>,
                                          ConformanceCase<Bn254, VulkanStreamWalkerBackend>,
                                          ConformanceCase<Bls12381, VulkanStreamWalkerBackend>,
                                          ConformanceCase<Bn254, VulkanBasesBackend>,
                                          ConformanceCase<Bls12381, VulkanBasesBackend>>;

// Test names "Suite/bn254_cpu.Scenario": ctest runs each backend's cases with the filter
// "*_<backend>.*" (tests/conformance/CMakeLists.txt).
struct ConformanceCaseNames {
  template <class Case>
  static std::string GetName(int) {
    return std::string(Case::Curve::name) + "_" + Case::Target::name;
  }
};

// Whether ZKMSM_TEST_LOG_N asks for the large tier.
inline bool large_tier_requested() {
  const char* text = std::getenv("ZKMSM_TEST_LOG_N");
  return text != nullptr && *text != '\0';
}

// log2 of the largest size-scaled input: ZKMSM_TEST_LOG_N when set, else the backend's default.
inline unsigned conformance_log_n(unsigned backend_default) {
  if (!large_tier_requested()) return backend_default;
  return static_cast<unsigned>(std::strtoul(std::getenv("ZKMSM_TEST_LOG_N"), nullptr, 10));
}

}  // namespace zkmsm::test
