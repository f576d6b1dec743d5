// The public API when the system refuses threads: the MSM, prepared bases and random inputs give
// the same result on the threads that did start (or on the calling thread alone), and a process
// whose address space is too small for the threads it asks for still gets its result or an
// out_of_memory error, never an abort. Failures are injected with host/worker_threads.hpp's test
// hook, and made real with RLIMIT_AS in a child process.
#include <gtest/gtest.h>

#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <span>
#include <vector>

#include "api/api_test_support.hpp"
#include "field/test_support.hpp"
#include "host/worker_threads.hpp"

#if defined(__SANITIZE_ADDRESS__)
#define ZKMSM_TEST_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ZKMSM_TEST_ADDRESS_SANITIZER 1
#endif
#endif

namespace zkmsm::test {
namespace {

using Curve = Bn254;

// The cpu backend with `threads` threads.
MsmConfig cpu_config(unsigned threads) {
  MsmConfig config;
  config.backend = Backend::cpu;
  config.cpu_threads = threads;
  return config;
}

// Large enough that the cpu backend runs on several threads (cpu/msm_sizes.hpp's
// kParallelMinPoints is 1024) and converts inputs in several chunks (kConvertChunk 4096).
constexpr std::size_t kPoints = 9000;
constexpr unsigned kThreads = 16;

class ThreadLimitsTest : public SeededTest {
 protected:
  void SetUp() override {
    SeededTest::SetUp();
    points = random_points<Curve>(kPoints, rng(), 1);
    scalars = uniform_256_bit_scalars<Curve>(kPoints, rng);
    const auto sum = msm<Curve>(points, scalars, cpu_config(1));
    ASSERT_TRUE(sum) << sum.error().message;
    expected = sum.value();
  }
  std::vector<Point<Curve>> points;
  std::vector<Scalar<Curve>> scalars;
  Point<Curve> expected;
};

TEST_F(ThreadLimitsTest, MsmIsExactOnTheThreadsThatStarted) {
  const MsmConfig config = cpu_config(kThreads);
  for (const long allowed : {0L, 1L, 3L}) {
    const host::InjectedThreadStartFailures refuse(allowed);
    const auto sum = msm<Curve>(points, scalars, config);
    ASSERT_TRUE(sum) << sum.error().message;
    EXPECT_EQ(sum.value(), expected) << allowed << " thread starts allowed";
  }
}

TEST_F(ThreadLimitsTest, PreparedBasesAndBatchesAreExactOnTheThreadsThatStarted) {
  const MsmConfig config = cpu_config(kThreads);
  const host::InjectedThreadStartFailures refuse(2);
  const auto bases = prepare_bases<Curve>(std::span<const Point<Curve>>(points), config);
  ASSERT_TRUE(bases) << bases.error().message;
  const auto sum = msm<Curve>(bases.value(), std::span<const Scalar<Curve>>(scalars), config);
  ASSERT_TRUE(sum) << sum.error().message;
  EXPECT_EQ(sum.value(), expected);
  const std::vector<MsmInputs<Curve>> batch{{points, scalars}, {points, scalars}};
  const auto sums = msm_batch<Curve>(std::span<const MsmInputs<Curve>>(batch), config);
  ASSERT_TRUE(sums) << sums.error().message;
  ASSERT_EQ(sums.value().size(), 2u);
  EXPECT_EQ(sums.value()[0], expected);
  EXPECT_EQ(sums.value()[1], expected);
}

TEST_F(ThreadLimitsTest, RandomPointsDoNotDependOnTheThreadsThatStarted) {
  const std::uint64_t seed = rng();
  const auto all = random_points<Curve>(5000, seed, 8);
  const host::InjectedThreadStartFailures refuse(1);
  EXPECT_EQ(random_points<Curve>(5000, seed, 8), all);
}

// The bytes of address space this process uses now (/proc/self/statm, first field), or 0.
std::size_t address_space_bytes() {
  std::FILE* statm = std::fopen("/proc/self/statm", "r");
  if (statm == nullptr) return 0;
  unsigned long pages = 0;
  const int read = std::fscanf(statm, "%lu", &pages);
  std::fclose(statm);
  return read == 1 ? pages * 4096 : 0;
}

// In a child process: caps the address space `headroom` bytes above its current use, runs the
// MSM and exits 0 with the exact sum or out_of_memory, 1 with a wrong sum or another error.
[[noreturn]] void msm_under_address_space_limit(const std::vector<Point<Curve>>& points,
                                                const std::vector<Scalar<Curve>>& scalars,
                                                const Point<Curve>& expected,
                                                const MsmConfig& config,
                                                std::size_t headroom) {
  const std::size_t limit = address_space_bytes() + headroom;
  const rlimit cap{limit, limit};
  if (setrlimit(RLIMIT_AS, &cap) != 0) std::_Exit(2);
  const auto sum = msm<Curve>(points, scalars, config);
  if (!sum) {
    std::fprintf(stderr, "msm failed: %s\n", sum.error().message.c_str());
    std::_Exit(sum.error().code == ErrorCode::out_of_memory ? 0 : 1);
  }
  std::fprintf(stderr, "msm %s\n", sum.value() == expected ? "exact" : "WRONG");
  std::_Exit(sum.value() == expected ? 0 : 1);
}

// 160 MiB of headroom: room for the MSM's buffers (a few MiB at this n) but not for the stacks
// (8 MiB) and malloc arenas (64 MiB reserved each) of the ~20 threads it asks for, so thread
// starts fail as in a container with a memory limit (checked with strace on the 2-core CI
// machine kind, 2026-12-04: several stack mmaps fail with ENOMEM, and the sum is exact). An abort
// (std::terminate, as before the fallback) fails the test.
TEST_F(ThreadLimitsTest, MsmUnderAnAddressSpaceLimitInAChildProcess) {
#ifdef ZKMSM_TEST_ADDRESS_SANITIZER
  GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space: RLIMIT_AS cannot be tested under it";
#else
  if (address_space_bytes() == 0) GTEST_SKIP() << "no /proc/self/statm";
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(msm_under_address_space_limit(points, scalars, expected, cpu_config(64), std::size_t{160} << 20),
              ::testing::ExitedWithCode(0), "");
#endif
}

}  // namespace
}  // namespace zkmsm::test
