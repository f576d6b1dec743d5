// Shared by the CUDA backend's tests: the adversarial inputs and the expected result
// (tests/msm/adversarial_inputs.hpp), and a description of the options for failure messages.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "msm/adversarial_inputs.hpp"
#include "msm/cuda/cuda_msm.hpp"

namespace zkmsm::test {

inline std::string describe(const cuda::CudaMsmOptions& o) {
  return "c=" + std::to_string(o.window_bits) + " S=" + std::to_string(o.walker_slots) +
         " tpb=" + std::to_string(o.walker_threads_per_block) + " max_blocks=" + std::to_string(o.walker_max_blocks) +
         " state=" +
         (o.walker_state == cuda::WalkerStateKind::global        ? "global"
          : o.walker_state == cuda::WalkerStateKind::global_warp ? "global_warp"
          : o.walker_state == cuda::WalkerStateKind::warp        ? "warp"
          : o.walker_state == cuda::WalkerStateKind::automatic   ? "auto"
                                                                 : "registers") +
         " budget=" + std::to_string(o.memory_budget_bytes);
}

}  // namespace zkmsm::test
