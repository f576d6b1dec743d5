// parallel_for (host/parallel_for.hpp): every index runs exactly once whatever number of threads
// the system lets it start, and an exception thrown by the body on any thread comes back on the
// calling thread after every thread has been joined.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <new>
#include <stdexcept>
#include <thread>
#include <vector>

#include "host/parallel_for.hpp"

namespace zkmsm::test {
namespace {

void expect_every_index_once(std::size_t count, unsigned threads) {
  std::vector<std::atomic<int>> runs(count);
  std::atomic<unsigned> worker_mask{0};
  host::parallel_for(count, threads, [&](std::size_t i, unsigned worker) {
    ++runs[i];
    worker_mask.fetch_or(1u << worker);
  });
  for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(runs[i].load(), 1) << "index " << i;
  EXPECT_LT(worker_mask.load(), 1u << threads);
}

TEST(ParallelFor, EveryIndexOnceWithAllThreads) { expect_every_index_once(1000, 8); }

TEST(ParallelFor, EveryIndexOnceWhenTheSystemRefusesThreads) {
  for (const long allowed : {0L, 1L, 3L}) {
    const host::InjectedThreadStartFailures refuse(allowed);
    expect_every_index_once(1000, 8);
  }
}

TEST(ParallelFor, RefusedThreadsLeaveTheWorkToTheCallingThread) {
  const host::InjectedThreadStartFailures refuse(0);
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<int> elsewhere{0};
  host::parallel_for(200, 16, [&](std::size_t, unsigned) {
    if (std::this_thread::get_id() != caller) ++elsewhere;
  });
  EXPECT_EQ(elsewhere.load(), 0);
}

TEST(ParallelFor, CpuTimeIsAddedForTheWorkersThatRan) {
  const host::InjectedThreadStartFailures refuse(1);
  double cpu_ms = 0;
  host::parallel_for(
      64, 8, [](std::size_t, unsigned) {}, &cpu_ms);
  EXPECT_GE(cpu_ms, 0.0);
}

TEST(ParallelFor, AnExceptionOnAWorkerThreadComesBackOnTheCaller) {
  // The calling thread (worker 0) holds its first index until a started thread has thrown.
  std::atomic<bool> thrown{false};
  EXPECT_THROW(host::parallel_for(100, 4,
                                  [&](std::size_t, unsigned worker) {
                                    if (worker != 0 && !thrown.exchange(true)) throw std::bad_alloc();
                                    while (worker == 0 && !thrown.load()) std::this_thread::yield();
                                  }),
               std::bad_alloc);
}

TEST(ParallelFor, AnExceptionStopsTheLoopAndIsRethrown) {
  const std::size_t count = 20000;
  std::atomic<std::size_t> ran{0};
  EXPECT_THROW(host::parallel_for(count, 4,
                                  [&](std::size_t i, unsigned) {
                                    ++ran;
                                    if (i == 0) throw std::runtime_error("index 0");
                                    std::this_thread::sleep_for(std::chrono::microseconds(10));
                                  }),
               std::runtime_error);
  EXPECT_LT(ran.load(), count);
}

}  // namespace
}  // namespace zkmsm::test
