// WorkerThreads: host threads started as far as the system allows, joined on every exit.
//
// The system may refuse a thread: std::thread's constructor throws std::system_error when a
// process or memory limit is reached (RLIMIT_NPROC, RLIMIT_AS, a container's pids limit), or
// std::bad_alloc for the thread's state. Every place the library starts threads goes through
// here: it keeps the threads that did start and lets the caller do the rest of the work on them
// (or on the calling thread), so a refused thread costs speed, never the result. The destructor
// joins, so an exception never destroys a joinable std::thread (which would end the process).
#pragma once

#include <atomic>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace zkmsm::host {

// Test hook (tests only; the library never sets it): when ≥ 0, how many more thread starts
// succeed before every later one throws std::system_error, as the system's refusal would.
// -1: no injected failure.
inline std::atomic<long> injected_thread_starts_left{-1};

// Sets the hook for its lifetime: the first `allowed` thread starts succeed, later ones fail.
class InjectedThreadStartFailures {
 public:
  explicit InjectedThreadStartFailures(long allowed) { injected_thread_starts_left.store(allowed); }
  ~InjectedThreadStartFailures() { injected_thread_starts_left.store(-1); }
  InjectedThreadStartFailures(const InjectedThreadStartFailures&) = delete;
  InjectedThreadStartFailures& operator=(const InjectedThreadStartFailures&) = delete;
};

class WorkerThreads {
 public:
  WorkerThreads() = default;
  ~WorkerThreads() { join(); }
  WorkerThreads(const WorkerThreads&) = delete;
  WorkerThreads& operator=(const WorkerThreads&) = delete;

  // Starts work(first_worker), work(first_worker + 1), … on threads of their own, `wanted` of
  // them, stopping at the first thread the system refuses. Returns how many started. `work` must
  // outlive join() and must not throw (an exception leaving a thread ends the process).
  template <class Work>
  unsigned start(unsigned wanted, unsigned first_worker, Work& work) noexcept {
    unsigned started = 0;
    try {
      threads_.reserve(threads_.size() + wanted);
      for (; started < wanted; ++started) {
        throw_if_injected_failure();
        threads_.emplace_back([&work, worker = first_worker + started] { work(worker); });
      }
    } catch (...) {  // std::system_error (refused), std::bad_alloc (the thread's state)
    }
    return started;
  }

  void join() noexcept {
    for (std::thread& thread : threads_)
      if (thread.joinable()) thread.join();
    threads_.clear();
  }

 private:
  static void throw_if_injected_failure() {
    long left = injected_thread_starts_left.load();
    while (left >= 0) {
      if (left == 0) throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again));
      if (injected_thread_starts_left.compare_exchange_weak(left, left - 1)) return;
    }
  }

  std::vector<std::thread> threads_;
};

}  // namespace zkmsm::host
