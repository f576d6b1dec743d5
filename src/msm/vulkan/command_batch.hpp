// One command buffer of compute dispatches: an MSM records all its stages into one batch and waits
// for it. A batch is submitted once, or, created with Submissions::repeated, again and again: the
// same commands on the buffers' current contents (the MSM's kept recording, msm_workspace.hpp).
//
//   CommandBatch::create(batch, context);
//   batch->begin_stage("decompose_scalars");
//   batch->dispatch(*pipeline, {&a, &b, &out}, as_bytes(push), groups);
//   batch->begin_stage("sort_by_bucket"); …
//   batch->submit_and_wait();           // then batch->stage_times()
//
// Dispatches run in recording order: a full compute→compute memory barrier separates each from
// the next, and a barrier from the compute and transfer stages to the host ends the batch, so
// buffers read after submit_and_wait() see every write (copies' too). Each stage starts at its
// begin_stage() and ends at the next one (or at the submit); where the queue has timestamp
// queries, its GPU time is measured with a timestamp at every boundary. The first error while
// recording is kept and returned by later calls too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "msm/common/elapsed_time.hpp"
#include "msm/common/msm_backend.hpp"
#include "msm/vulkan/storage_buffer.hpp"
#include "msm/vulkan/vulkan_context.hpp"

namespace zkmsm::vulkan {

class CommandBatch {
 public:
  // At most this many stages per batch (the size of its timestamp query pool).
  static constexpr std::uint32_t kMaxStages = 63;

  enum class Submissions { once, repeated };
  static Status create(std::unique_ptr<CommandBatch>& out,
                       Context& context,
                       Submissions submissions = Submissions::once);
  ~CommandBatch();
  CommandBatch(const CommandBatch&) = delete;
  CommandBatch& operator=(const CommandBatch&) = delete;

  Status begin_stage(const std::string& name);
  // Binds `buffers` to bindings 0 … n − 1 (n must equal the shader's storage-buffer count), pushes
  // `push_constants` (exactly the shader's push-constant size) and dispatches the workgroups;
  // invalid_argument when a count exceeds the device's maxComputeWorkGroupCount.
  Status dispatch(const Pipeline& pipeline,
                  std::initializer_list<StorageBuffer*> buffers,
                  std::span<const std::byte> push_constants,
                  std::uint32_t groups_x,
                  std::uint32_t groups_y = 1,
                  std::uint32_t groups_z = 1);
  // The same with the buffers in a span (a count known only at run time).
  Status dispatch(const Pipeline& pipeline,
                  std::span<StorageBuffer* const> buffers,
                  std::span<const std::byte> push_constants,
                  std::uint32_t groups_x,
                  std::uint32_t groups_y = 1,
                  std::uint32_t groups_z = 1);
  // Copies bytes [offset, offset + bytes) of `from` to the same range of `to` (vkCmdCopyBuffer),
  // ordered after every earlier command and before every later one (full memory barriers on both
  // sides).
  Status copy(StorageBuffer& from, StorageBuffer& to, std::size_t bytes, std::size_t offset = 0);
  // A full memory barrier before the batch's next command: what batches submitted earlier to the
  // queue wrote (an upload's copies, submitted while the host still filled the staging buffers) is
  // seen by this batch's commands. Barriers order whole queues in submission order.
  Status order_after_earlier_submissions();
  // Ends recording (the first time), submits, and waits for the device. A batch created with
  // Submissions::once is submitted at most once.
  Status submit_and_wait();
  // The same in two steps, for a host that works while the device runs the batch: submit(), then
  // wait() before the batch is submitted again or its stage times are read (a batch destroyed
  // while pending is waited for first). submit() while pending and wait() with nothing pending are
  // errors of that call only (not kept as the batch's error).
  Status submit();
  Status wait();

  // After submit_and_wait(): one entry per stage in order, its GPU time between the stage's two
  // timestamps in the last submission (empty without timestamp support).
  const std::vector<backend::StageTime>& stage_times() const { return stage_times_; }
  // After submit_and_wait(): its wall time on the host (end of recording, submission, the wait
  // for the fence), which is the stages' GPU time plus what surrounds it (after submit() and
  // wait(): from the submission to the end of the wait, the host's work between them included).
  double submit_and_wait_ms() const { return submit_and_wait_ms_; }

  struct Impl;

 private:
  explicit CommandBatch(std::unique_ptr<Impl> impl);
  Status record_error(Status status);
  std::unique_ptr<Impl> impl_;
  Status first_error_;
  std::vector<std::string> stage_names_;
  std::vector<backend::StageTime> stage_times_;
  std::uint32_t dispatches_ = 0;
  bool repeatable_ = false;
  bool recording_ended_ = false;  // by the first submission
  bool pending_ = false;          // submitted, not yet waited for
  backend::Clock::time_point submitted_at_{};
  double submit_and_wait_ms_ = 0;
};

}  // namespace zkmsm::vulkan
