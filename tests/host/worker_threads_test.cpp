// WorkerThreads (host/worker_threads.hpp): starts as many threads as the system allows, keeps
// those, and joins them on every exit; the test hook refuses thread starts as the system would.
#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <stdexcept>

#include "host/worker_threads.hpp"

namespace zkmsm::test {
namespace {

TEST(WorkerThreads, StartsEveryThreadWithConsecutiveWorkerIndices) {
  std::atomic<unsigned> mask{0};
  auto work = [&](unsigned worker) { mask.fetch_or(1u << worker); };
  host::WorkerThreads threads;
  EXPECT_EQ(threads.start(5, 2, work), 5u);
  threads.join();
  EXPECT_EQ(mask.load(), 0b1111100u);
}

TEST(WorkerThreads, StopsAtTheFirstRefusedThreadAndKeepsTheOthers) {
  for (const long allowed : {0L, 1L, 3L}) {
    std::atomic<unsigned> ran{0};
    auto work = [&](unsigned) { ++ran; };
    host::WorkerThreads threads;
    {
      const host::InjectedThreadStartFailures refuse(allowed);
      EXPECT_EQ(threads.start(6, 1, work), static_cast<unsigned>(allowed)) << "allowed " << allowed;
    }
    threads.join();
    EXPECT_EQ(ran.load(), static_cast<unsigned>(allowed));
  }
}

TEST(WorkerThreads, TheHookEndsWithItsScope) {
  {
    const host::InjectedThreadStartFailures refuse(0);
    EXPECT_EQ(host::injected_thread_starts_left.load(), 0);
  }
  EXPECT_EQ(host::injected_thread_starts_left.load(), -1);
  auto work = [](unsigned) {};
  host::WorkerThreads threads;
  EXPECT_EQ(threads.start(2, 0, work), 2u);
}

// Leaving the scope by an exception joins the started threads (a joinable std::thread destroyed
// during unwinding would end the process).
TEST(WorkerThreads, AnExceptionAfterTheStartJoinsTheThreads) {
  std::atomic<unsigned> ran{0};
  auto work = [&](unsigned) { ++ran; };
  EXPECT_THROW(
      {
        host::WorkerThreads threads;
        threads.start(3, 0, work);
        throw std::runtime_error("after the start");
      },
      std::runtime_error);
  EXPECT_EQ(ran.load(), 3u);
}

}  // namespace
}  // namespace zkmsm::test
