// Times the two device inversions of field_inverse.comp, safegcd and Fermat, with the batch's
// timestamps (GPU time of the one dispatch, median of the repetitions after one warm-up), for
// BN254 Fq and Fr, and checks every result against the host. Not a test (no timing is asserted):
//
//   build/<dir>/bench/vulkan/vulkan_inverse_timing [count = 4096] [repetitions = 5]
//
// On lavapipe the "GPU" is the CPU (LLVM-compiled shaders, one invocation per SIMD lane), so its
// numbers rank the two methods on that device only.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "field/bn254_fields.hpp"
#include "field/test_support.hpp"
#include "vulkan/vulkan_field_ops.hpp"

namespace {

using zkmsm::vulkan::Context;
using zkmsm::vulkan::ShaderId;
using zkmsm::vulkan::Status;

template <class Field>
bool time_field(Context& context, ShaderId shader, const char* field_name, std::size_t count, int repetitions) {
  std::mt19937_64 rng(zkmsm::test::kDefaultSeed);
  std::vector<Field> values(count);
  for (Field& v : values) v = zkmsm::test::random_nonzero<Field>(rng);
  for (const std::uint32_t method : {zkmsm::vulkan::test::kInverseSafegcd, zkmsm::vulkan::test::kInverseFermat}) {
    std::vector<double> times;
    for (int r = 0; r <= repetitions; ++r) {
      std::vector<Field> inverses;
      double ms = 0;
      const Status status =
          zkmsm::vulkan::test::run_field_inverse<Field>(inverses, &ms, context, shader, method, 64, values);
      if (!status.ok()) {
        std::fprintf(stderr, "%s\n", status.message.c_str());
        return false;
      }
      for (std::size_t i = 0; i < count; ++i) {
        if (inverses[i] != values[i].inverse_vartime()) {
          std::fprintf(stderr, "%s: wrong inverse at %zu\n", field_name, i);
          return false;
        }
      }
      if (r > 0) times.push_back(ms);
    }
    std::sort(times.begin(), times.end());
    const double median = times[times.size() / 2];
    std::printf("%-9s %-8s %6zu inversions  median %9.3f ms  min %9.3f ms  %8.3f us/inversion\n", field_name,
                method == zkmsm::vulkan::test::kInverseSafegcd ? "safegcd" : "Fermat", count, median, times.front(),
                1000.0 * median / static_cast<double>(count));
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t count = argc > 1 ? std::strtoull(argv[1], nullptr, 0) : 4096;
  const int repetitions = argc > 2 ? std::atoi(argv[2]) : 5;
  std::unique_ptr<Context> context;
  if (const Status status = Context::create(context); !status.ok()) {
    std::fprintf(stderr, "no Vulkan context: %s\n", status.message.c_str());
    return 1;
  }
  std::printf("device: %s\n", context->info().name.c_str());
  if (count == 0 || repetitions < 1) return 2;
  const bool ok =
      time_field<zkmsm::Bn254Fq>(*context, ShaderId::field_inverse_bn254_fq, "BN254 Fq", count, repetitions) &&
      time_field<zkmsm::Bn254Fr>(*context, ShaderId::field_inverse_bn254_fr, "BN254 Fr", count, repetitions);
  return ok ? 0 : 1;
}
