// MSMs spread over several CUDA devices of one host: each device gets a queue of shares (one
// share = one cuda::msm call on that device: a whole MSM of a batch, or one device's stripes of a
// split MSM); one host thread per device (started per call: ~tens of µs, against milliseconds
// per share) runs its queue in order on a stream of its own, and
// each MSM's partial sums are added on the host (Jacobian, one inversion per MSM).
//
// Devices do not talk to each other: every share's inputs come from host memory, from the
// device's own memory (prepared bases) or are copied from another device by the share's upload
// (unified addressing); only the affine partial sums come back. NVLink multicast is not used.
//
// Plain C++ (threads, no CUDA headers): cuda_devices.cpp and cuda_bases.cpp include it; the test
// of the splitting and summing runs it with the emulated pipeline on machines without a GPU.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <limits>
#include <new>
#include <span>
#include <string>
#include <vector>

#include "curve/affine_point.hpp"
#include "curve/jacobian_point.hpp"
#include "host/worker_threads.hpp"
#include "msm/common/device_stripes.hpp"
#include "msm/cuda/cuda_msm.hpp"

namespace zkmsm::cuda {

struct DeviceShare {
  std::size_t msm = 0;    // the MSM of the batch this share is part of
  CudaMsmInputs inputs;   // the share's inputs; inputs.n is its number of points
  DeviceStripes stripes;  // with `slot`: the MSM index of the share's local point i is
  std::size_t slot = 0;   // stripes.global_index(slot, i) (for the rejected point's index)
};

struct DeviceQueue {
  int device = 0;                   // CUDA ordinal
  std::vector<DeviceShare> shares;  // run in this order; shares of later MSMs come later
};

// What an MSM of the batch did: its shares' reports merged. Shares of one MSM run at the same
// time on different devices, so a stage's time is the largest over the shares; device bytes add
// up over the devices. window_bits and windows are the largest share's.
struct MultiDeviceReport {
  CudaMsmReport merged;
  unsigned devices = 0;  // devices that ran a share of this MSM
};

// Runs one share on the cuda backend: `enter` once per thread, then one call per share.
template <class Curve>
struct CudaShareRunner {
  CudaMsmOptions options;  // options.stream must be nullptr: each call makes a stream of its own
  CudaStatus enter(int device) const { return set_current_device(device); }
  CudaStatus operator()(const DeviceShare& share, AffinePoint<Curve>* sum, CudaMsmReport* report) const {
    return msm<Curve>(sum, share.inputs, options, report);
  }
};

// Runs fn(i) for every i < count on host threads, one per i when the system gives them; when it
// refuses some (a process or memory limit), the threads that did start run the remaining i in
// turn. fn(i) must not depend on the calling thread's state (it sets its own device). Fails
// (after joining every thread) when no thread could start or fn threw (an exception must not
// leave a thread: it would end the process).
template <class Fn>
CudaStatus run_on_threads(std::size_t count, const Fn& fn) {
  enum : char { kRan, kThrew, kOutOfMemory };
  std::vector<char> outcome(count, kRan);
  std::atomic<std::size_t> next{0};
  auto work = [&](unsigned) noexcept {
    for (std::size_t i = next.fetch_add(1); i < count; i = next.fetch_add(1)) {
      try {
        fn(i);
      } catch (const std::bad_alloc&) {
        outcome[i] = kOutOfMemory;
      } catch (...) {
        outcome[i] = kThrew;
      }
    }
  };
  host::WorkerThreads threads;
  const unsigned wanted = static_cast<unsigned>(std::min<std::size_t>(count, std::numeric_limits<unsigned>::max()));
  const unsigned started = threads.start(wanted, 0, work);
  threads.join();
  if (count != 0 && started == 0)
    return CudaStatus{false, true,
                      "could not start a host thread for the devices (the system refused: a process or memory limit)"};
  for (const char o : outcome) {
    if (o == kOutOfMemory) return CudaStatus{false, true, "host memory allocation failed in a device thread"};
    if (o == kThrew) return CudaStatus{false, false, "a device thread failed with an exception"};
  }
  return {};
}

namespace detail {

inline void merge_report(MultiDeviceReport& into,
                         const CudaMsmReport& share,
                         std::size_t share_n,
                         std::size_t& largest_n) {
  CudaMsmReport& merged = into.merged;
  if (into.devices == 0 || share_n > largest_n) {
    merged.window_bits = share.window_bits;
    merged.windows = share.windows;
    merged.glv = share.glv;
    largest_n = share_n;
  }
  for (const backend::StageTime& stage : share.stages) {
    bool found = false;
    for (backend::StageTime& have : merged.stages) {
      if (std::string(have.name) != stage.name) continue;
      if (stage.milliseconds > have.milliseconds) have.milliseconds = stage.milliseconds;
      found = true;
    }
    if (!found) merged.stages.push_back(stage);
  }
  merged.estimated_peak_bytes += share.estimated_peak_bytes;
  merged.measured_peak_bytes += share.measured_peak_bytes;
  into.devices += 1;
}

}  // namespace detail

// results[m] = Σ over the shares of MSM m of their sums, for m < results.size(). On failure
// returns the failed status of the lowest failing MSM (*failed_msm says which; SIZE_MAX for a
// failure of no MSM, e.g. a thread that could not start): a failure other than a rejected point
// first (a share that failed so may not have validated its points), else the rejected point with
// the lowest index of that MSM, renumbered from the share's to the MSM's, with the host path's
// message. Shares of MSMs after a failed one are skipped.
// `reports` (optional) gets one entry per MSM. `runner` is CudaShareRunner<Curve> or a
// stand-in with the same two calls.
template <class Curve, class Runner>
CudaStatus run_device_queues(std::span<AffinePoint<Curve>> results,
                             std::span<const DeviceQueue> queues,
                             const Runner& runner,
                             std::vector<MultiDeviceReport>* reports,
                             std::size_t* failed_msm) {
  struct Outcome {
    AffinePoint<Curve> sum;
    CudaMsmReport report;
    CudaStatus status;
    bool ran = false;
  };
  std::vector<std::vector<Outcome>> outcomes(queues.size());
  for (std::size_t q = 0; q < queues.size(); ++q) outcomes[q].resize(queues[q].shares.size());
  std::vector<CudaStatus> entered(queues.size());
  std::atomic<std::size_t> first_failed{std::numeric_limits<std::size_t>::max()};

  const auto run_queue = [&](std::size_t q) {
    entered[q] = runner.enter(queues[q].device);
    if (!entered[q].ok) {
      if (!queues[q].shares.empty()) {
        std::size_t expected = first_failed.load();
        const std::size_t m = queues[q].shares.front().msm;
        while (m < expected && !first_failed.compare_exchange_weak(expected, m)) {
        }
      }
      return;
    }
    for (std::size_t s = 0; s < queues[q].shares.size(); ++s) {
      const DeviceShare& share = queues[q].shares[s];
      if (share.msm > first_failed.load()) break;
      Outcome& outcome = outcomes[q][s];
      outcome.status = runner(share, &outcome.sum, &outcome.report);
      outcome.ran = true;
      if (!outcome.status.ok) {
        std::size_t expected = first_failed.load();
        while (share.msm < expected && !first_failed.compare_exchange_weak(expected, share.msm)) {
        }
      }
    }
  };

  // Every queue on a thread of its own, so that the caller's current device stays as it was.
  if (failed_msm != nullptr) *failed_msm = std::numeric_limits<std::size_t>::max();
  if (const CudaStatus started = run_on_threads(queues.size(), run_queue); !started.ok) return started;

  // The failure to report: the lowest MSM; in it the first failure other than a rejected point
  // (queue order), else the rejected point with the lowest MSM index.
  const std::size_t failed = first_failed.load();
  if (failed != std::numeric_limits<std::size_t>::max()) {
    if (failed_msm != nullptr) *failed_msm = failed;
    const CudaStatus* other = nullptr;
    CudaStatus point;
    std::size_t lowest_point = std::numeric_limits<std::size_t>::max();
    for (std::size_t q = 0; q < queues.size(); ++q) {
      if (!entered[q].ok && !queues[q].shares.empty() && queues[q].shares.front().msm == failed && other == nullptr)
        other = &entered[q];
      for (std::size_t s = 0; s < queues[q].shares.size(); ++s) {
        const DeviceShare& share = queues[q].shares[s];
        const Outcome& outcome = outcomes[q][s];
        if (share.msm != failed || !outcome.ran || outcome.status.ok) continue;
        if (outcome.status.point_issue == PointIssue::none) {
          if (other == nullptr) other = &outcome.status;
          continue;
        }
        const std::size_t index = share.stripes.global_index(share.slot, outcome.status.point_index);
        if (index < lowest_point) {
          lowest_point = index;
          point = outcome.status;
          point.point_index = index;
          point.message = point_issue_message(point.point_issue, index, Curve::name);
        }
      }
    }
    if (other != nullptr) return *other;
    if (lowest_point != std::numeric_limits<std::size_t>::max()) return point;
    return CudaStatus{false, false, "a device share failed"};
  }

  std::vector<JacobianPoint<Curve>> totals(results.size(), JacobianPoint<Curve>::infinity());
  std::vector<std::size_t> largest(results.size(), 0);
  if (reports != nullptr) reports->assign(results.size(), MultiDeviceReport{});
  for (std::size_t q = 0; q < queues.size(); ++q) {
    for (std::size_t s = 0; s < queues[q].shares.size(); ++s) {
      const DeviceShare& share = queues[q].shares[s];
      if (share.msm >= results.size()) return CudaStatus{false, false, "a device share names no MSM of the batch"};
      totals[share.msm] = totals[share.msm].add_affine(outcomes[q][s].sum);
      if (reports != nullptr)
        detail::merge_report((*reports)[share.msm], outcomes[q][s].report, share.inputs.n, largest[share.msm]);
    }
  }
  for (std::size_t m = 0; m < results.size(); ++m) results[m] = totals[m].to_affine();
  return {};
}

// The shares of one MSM of n inputs dealt over `devices` by `stripes` (slot d on devices[d]),
// appended to `queues` (one queue per device, same order): device d gets stripes.local_count(d, n)
// inputs; `share_inputs(d)` gives the share's inputs (its n is set here). Devices with no input
// get no share.
template <class ShareInputs>
void deal_msm(std::vector<DeviceQueue>& queues,
              std::size_t msm,
              std::size_t n,
              const DeviceStripes& stripes,
              const ShareInputs& share_inputs) {
  for (std::size_t d = 0; d < queues.size() && d < stripes.devices; ++d) {
    const std::size_t count = stripes.local_count(d, n);
    if (count == 0) continue;
    DeviceShare share;
    share.msm = msm;
    share.inputs = share_inputs(d);
    share.inputs.n = count;
    share.stripes = stripes;
    share.slot = d;
    queues[d].shares.push_back(share);
  }
}

}  // namespace zkmsm::cuda
