// parallel_for: runs body(i) for i in [0, count) on up to `threads` threads (the calling thread
// is one of them), dynamically balanced with an atomic counter. Joins before returning.
//
// Threads the system refuses to start are not an error: the threads that did start, and the
// calling thread, take their share (WorkerThreads). An exception thrown by body on any thread
// stops the loop and is rethrown on the calling thread after every thread has been joined.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include <time.h>

#include "host/worker_threads.hpp"

namespace zkmsm::host {

// CPU time of the calling thread in milliseconds (CLOCK_THREAD_CPUTIME_ID): unlike wall time
// it does not grow when other processes share the cores.
inline double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

// body(index, worker) with worker ∈ [0, threads): lets a task use per-worker scratch (when
// fewer threads start, some workers never run). When cpu_ms is given, the CPU time all workers
// spent is added to it.
template <class Body>
void parallel_for(std::size_t count, unsigned threads, Body&& body, double* cpu_ms = nullptr) {
  const unsigned workers =
      static_cast<unsigned>(std::min<std::size_t>(std::max(1u, threads), std::max<std::size_t>(count, 1)));
  std::atomic<std::size_t> next{0};
  std::vector<double> worker_cpu_ms(workers, 0.0);
  std::mutex failure_mutex;
  std::exception_ptr failure;
  auto run = [&](unsigned worker) noexcept {
    const double start = cpu_ms != nullptr ? thread_cpu_ms() : 0.0;
    try {
      for (std::size_t i = next.fetch_add(1); i < count; i = next.fetch_add(1)) body(i, worker);
    } catch (...) {
      const std::lock_guard<std::mutex> lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next.store(count);
    }
    if (cpu_ms != nullptr) worker_cpu_ms[worker] = thread_cpu_ms() - start;
  };
  WorkerThreads pool;
  pool.start(workers - 1, 1, run);
  run(0);
  pool.join();
  if (failure) std::rethrow_exception(failure);
  if (cpu_ms != nullptr)
    for (const double ms : worker_cpu_ms) *cpu_ms += ms;
}

// Threads to use: the requested count, or all hardware threads for 0.
inline unsigned resolve_thread_count(unsigned requested) {
  if (requested != 0) return requested;
  const unsigned hardware = std::thread::hardware_concurrency();
  return hardware == 0 ? 1 : hardware;
}

}  // namespace zkmsm::host
