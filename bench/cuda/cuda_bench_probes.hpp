// Device field throughput probes used by cuda_bench.
#pragma once

namespace zkmsm::bench {

struct FieldRates {
  double multiplications_per_second = 0;
  double inversions_per_second = 0;
};

// Each of (SMs × 2048) threads runs a dependent chain of multiplications (or inversions).
FieldRates field_rates();

}  // namespace zkmsm::bench
