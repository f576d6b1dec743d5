// Times BucketStages (decompose_scalars → sort_by_bucket → plan) with the batch's timestamps: one
// batch of every window of n random BN254 scalars, median per stage of the repetitions after one
// warm-up, and checks the last run's sorted entries and valid count against the host
// (vulkan_bucket_reference.hpp). Not a test (no timing is asserted):
//
//   build/<dir>/bench/vulkan/vulkan_bucket_stages_timing [log2 n = 16] [c = 16] [repetitions = 3]
//
// On lavapipe the "GPU" is the CPU, so the numbers say where the time goes on that device only.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "msm/vulkan/bucket_stages.hpp"
#include "vulkan/vulkan_bucket_reference.hpp"

namespace {

using namespace zkmsm::vulkan;
using zkmsm::CurveId;

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

int fail(const Status& status) {
  std::fprintf(stderr, "%s\n", status.message.c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  const unsigned log_n = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 16;
  const unsigned window_bits = argc > 2 ? static_cast<unsigned>(std::atoi(argv[2])) : 16;
  const int repetitions = argc > 3 ? std::max(1, std::atoi(argv[3])) : 3;
  if (log_n > 24) {
    std::fprintf(stderr, "log2 n must be at most 24\n");
    return 1;
  }
  std::unique_ptr<Context> context;
  if (Status s = Context::create(context); !s.ok()) return fail(s);
  const std::uint32_t n = 1u << log_n;
  const unsigned windows = zkmsm::signed_window_count(256, window_bits);
  std::mt19937_64 rng(zkmsm::test::kDefaultSeed);
  const std::vector<test::Scalar> scalars = test::test_scalars(rng, CurveId::bn254, n);
  const std::vector<std::uint32_t> words = test::scalar_words(scalars);
  std::unique_ptr<StorageBuffer> scalar_buffer;
  if (Status s = StorageBuffer::create(scalar_buffer, *context, words.size() * sizeof(std::uint32_t)); !s.ok()) {
    return fail(s);
  }
  if (Status s = scalar_buffer->write(0, std::as_bytes(std::span(words))); !s.ok()) return fail(s);
  std::unique_ptr<BucketStages> stages;
  if (Status s = BucketStages::create(stages, *context, {CurveId::bn254, n, window_bits, windows}); !s.ok()) {
    return fail(s);
  }
  std::vector<std::string> names;
  std::vector<std::vector<double>> times;
  for (int r = 0; r <= repetitions; ++r) {
    std::unique_ptr<CommandBatch> batch;
    if (Status s = CommandBatch::create(batch, *context); !s.ok()) return fail(s);
    if (Status s = stages->record(*batch, *scalar_buffer, 0, windows); !s.ok()) return fail(s);
    if (Status s = batch->submit_and_wait(); !s.ok()) return fail(s);
    if (r == 0) continue;
    names.clear();
    times.resize(batch->stage_times().size());
    for (std::size_t k = 0; k < batch->stage_times().size(); ++k) {
      names.push_back(batch->stage_times()[k].name);
      times[k].push_back(batch->stage_times()[k].milliseconds);
    }
  }
  std::printf("%s: n = 2^%u, c = %u, %u windows, %u entries, %u key bits\n", context->info().name.c_str(), log_n,
              window_bits, windows, stages->entries(), stages->key_bits());
  for (std::size_t k = 0; k < names.size(); ++k) std::printf("  %-18s %9.1f ms\n", names[k].c_str(), median(times[k]));

  const test::BucketEntries host =
      test::host_stable_sort(test::host_decompose(scalars, CurveId::bn254, window_bits, 0, windows), 32);
  std::vector<std::uint32_t> keys(stages->entries());
  std::vector<std::uint32_t> values(stages->entries());
  std::uint32_t valid = 0;
  if (Status s = stages->sorted_keys().read(std::as_writable_bytes(std::span(keys)), 0); !s.ok()) return fail(s);
  if (Status s = stages->sorted_values().read(std::as_writable_bytes(std::span(values)), 0); !s.ok()) return fail(s);
  if (Status s = stages->valid().read(std::as_writable_bytes(std::span(&valid, 1)), 0); !s.ok()) return fail(s);
  const auto host_valid = static_cast<std::uint32_t>(std::count_if(
      host.keys.begin(), host.keys.end(), [&](std::uint32_t key) { return key != stages->sentinel_key(); }));
  if (keys != host.keys || values != host.values || valid != host_valid) {
    std::fprintf(stderr, "MISMATCH against the host\n");
    return 1;
  }
  std::printf("  checked against the host: sorted entries and valid = %u\n", valid);
  return 0;
}
