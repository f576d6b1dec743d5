// Shared by the CUDA backend's tests: the adversarial inputs and the expected result
// (tests/msm/adversarial_inputs.hpp), and a description of the options for failure messages.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "msm/adversarial_inputs.hpp"
#include "msm/cuda/cuda_msm.hpp"
#include "zkmsm/device_buffer.hpp"

namespace zkmsm::test {

inline std::string describe(const cuda::CudaMsmOptions& o) {
  return "c=" + std::to_string(o.window_bits) + " S=" + std::to_string(o.walker_slots) +
         " tpb=" + std::to_string(o.walker_threads_per_block) + " max_blocks=" + std::to_string(o.walker_max_blocks) +
         " state=" +
         (o.walker_state == backend::WalkerState::global        ? "global"
          : o.walker_state == backend::WalkerState::global_warp ? "global_warp"
          : o.walker_state == backend::WalkerState::warp        ? "warp"
          : o.walker_state == backend::WalkerState::automatic   ? "auto"
                                                                : "registers") +
         " budget=" + std::to_string(o.memory_budget_bytes) +
         (o.glv == backend::GlvChoice::on    ? " glv=on"
          : o.glv == backend::GlvChoice::off ? " glv=off"
                                             : "");
}

// A device copy of `host` (an empty buffer, and a test failure, when the copy fails).
template <class T>
DeviceBuffer device_copy(const std::vector<T>& host) {
  auto buffer = DeviceBuffer::copy_from_host(std::span<const T>(host));
  EXPECT_TRUE(buffer) << buffer.error().message;
  return buffer ? std::move(buffer.value()) : DeviceBuffer();
}

// Scalars at the edges of the GLV split (curve/glv_split.hpp), on as many points: 0, 1, r − 1, r,
// 2^256 − 1 (≥ r: reduced first), λ (split (0, 1)), 7, r − 1 again.
template <class Curve>
std::vector<Integer<Curve>> glv_edge_scalars() {
  using Scalar = typename Curve::ScalarField;
  Integer<Curve> r_minus_one = Scalar::modulus();
  r_minus_one.limb[0] -= 1;
  Integer<Curve> all_ones{};
  for (auto& limb : all_ones.limb) limb = ~std::uint64_t{0};
  return {Integer<Curve>{},
          small_scalar<Curve>(1),
          r_minus_one,
          Scalar::modulus(),
          all_ones,
          parse_hex<Scalar::limbs>(Curve::glv_lambda_hex),
          small_scalar<Curve>(7),
          r_minus_one};
}

}  // namespace zkmsm::test
