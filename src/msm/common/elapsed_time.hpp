// Wall-clock milliseconds since a time point of the steady clock: how the backends and the API
// time the stages and the calls they report (MsmReport, MsmStats).
#pragma once

#include <chrono>

namespace zkmsm::backend {

using Clock = std::chrono::steady_clock;

inline double elapsed_ms(Clock::time_point since) {
  return std::chrono::duration<double, std::milli>(Clock::now() - since).count();
}

}  // namespace zkmsm::backend
