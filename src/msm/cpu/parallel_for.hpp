// parallel_for: runs body(i) for i in [0, count) on `threads` std::threads (the calling thread
// is one of them), dynamically balanced with an atomic counter. Joins before returning.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace zkmsm::cpu {

// body(index, worker) with worker ∈ [0, threads): lets a task use per-worker scratch.
template <class Body>
void parallel_for(std::size_t count, unsigned threads, Body&& body) {
  const unsigned workers = static_cast<unsigned>(std::min<std::size_t>(std::max(1u, threads), std::max<std::size_t>(count, 1)));
  std::atomic<std::size_t> next{0};
  auto run = [&](unsigned worker) {
    for (std::size_t i = next.fetch_add(1); i < count; i = next.fetch_add(1)) body(i, worker);
  };
  std::vector<std::thread> pool;
  pool.reserve(workers - 1);
  for (unsigned w = 1; w < workers; ++w) pool.emplace_back(run, w);
  run(0);
  for (auto& t : pool) t.join();
}

// Threads to use: the requested count, or all hardware threads for 0.
inline unsigned resolve_thread_count(unsigned requested) {
  if (requested != 0) return requested;
  const unsigned hardware = std::thread::hardware_concurrency();
  return hardware == 0 ? 1 : hardware;
}

}  // namespace zkmsm::cpu
