#include "msm/vulkan/vulkan_msm.hpp"

#include <algorithm>
#include <exception>
#include <map>
#include <memory>
#include <mutex>

#include "msm/common/elapsed_time.hpp"
#include "msm/vulkan/convert_points.hpp"
#include "msm/vulkan/msm_workspace.hpp"

namespace zkmsm::vulkan {
namespace {

// Stages recorded per window batch (decompose, sort, plan, accumulate, reduce); a CommandBatch
// holds kMaxStages, so one command buffer takes this many batches (after upload_to_device and
// convert_inputs, and before download).
constexpr std::uint32_t kStagesPerBatch = 5;
constexpr std::uint32_t kBatchesPerSubmission = (CommandBatch::kMaxStages - 3) / kStagesPerBatch;
// The inputs' range [first, end) of upload chunk k of `chunks` (by point index).
struct ChunkRange {
  std::size_t first;
  std::size_t end;
};
ChunkRange upload_chunk(std::size_t n, unsigned chunks, unsigned k) { return {n * k / chunks, n * (k + 1) / chunks}; }

// Upload chunks for n inputs of `bytes_per_input` staged bytes: options.upload_chunks, else about
// kUploadChunkBytes each (at most kMaxUploadChunks); never more than n.
unsigned upload_chunk_count(std::size_t n, std::size_t bytes_per_input, const VulkanMsmOptions& options) {
  const std::size_t wanted =
      options.upload_chunks != 0
          ? options.upload_chunks
          : std::min<std::size_t>(kMaxUploadChunks, (n * bytes_per_input + kUploadChunkBytes - 1) / kUploadChunkBytes);
  return static_cast<unsigned>(std::clamp<std::size_t>(wanted, 1, n));
}

// Records the MSM's command batches, repeatable (the workspace keeps them). Staged inputs: one
// upload batch per chunk (the chunk's points and scalars copied to the device), submitted by the
// driver as the host fills the chunks. The stages: kBatchesPerSubmission window batches per
// command batch, convert_points in the first (after a barrier that orders it after the uploads),
// the bit sums' read-back in the last.
Status record_batches(MsmRecording& out,
                      Context& context,
                      MsmWorkspace& workspace,
                      const MsmSizes& sizes,
                      std::size_t n,
                      StorageBuffer& point_buffer,
                      const DevicePointForm& point_form,
                      bool points_on_device,
                      unsigned upload_chunks) {
  const CurveId curve = workspace.shape().stages.curve;
  const bool staged = workspace.shape().staged;
  const bool convert = !points_on_device && point_form.converts();
  if (staged) {
    const std::size_t point_bytes = affine_point_words(curve) * 4;
    const std::size_t scalar_bytes = std::size_t{kScalarWords} * 4;
    for (unsigned k = 0; k < upload_chunks; ++k) {
      const ChunkRange chunk = upload_chunk(n, upload_chunks, k);
      std::unique_ptr<CommandBatch> upload;
      if (Status s = CommandBatch::create(upload, context, CommandBatch::Submissions::repeated); !s.ok()) return s;
      if (Status s = upload->begin_stage("upload_to_device"); !s.ok()) return s;
      if (!points_on_device) {
        if (Status s = upload->copy(workspace.staged_points(), point_buffer, (chunk.end - chunk.first) * point_bytes,
                                    chunk.first * point_bytes);
            !s.ok())
          return s;
      }
      if (Status s = upload->copy(workspace.staged_scalars(), workspace.scalars(),
                                  (chunk.end - chunk.first) * scalar_bytes, chunk.first * scalar_bytes);
          !s.ok())
        return s;
      out.uploads.push_back(std::move(upload));
    }
  }
  BucketStages& stages = workspace.stages();
  StreamWalker* walker = workspace.walker();
  PairTree* pair_tree = workspace.pair_tree();
  StorageBuffer& bucket_sums = pair_tree != nullptr ? pair_tree->bucket_sums() : walker->bucket_sums();
  const BucketSumForm bucket_sum_form = pair_tree != nullptr ? BucketSumForm::affine : walker->bucket_sum_form();
  BucketReduction& reduction = workspace.reduction();
  std::unique_ptr<CommandBatch> batch;
  for (unsigned b = 0; b < sizes.batches; ++b) {
    if (!batch) {
      if (Status s = CommandBatch::create(batch, context, CommandBatch::Submissions::repeated); !s.ok()) return s;
      if (b == 0 && staged) {
        if (Status s = batch->order_after_earlier_submissions(); !s.ok()) return s;
      }
      if (b == 0 && convert) {
        if (Status s = batch->begin_stage("convert_inputs"); !s.ok()) return s;
        if (Status s = record_convert_points(context, *batch, curve, point_buffer, workspace.first_rejected(),
                                             static_cast<std::uint32_t>(n), point_form);
            !s.ok())
          return s;
      }
    }
    const unsigned first_window = b * sizes.batch_windows;
    const unsigned windows = std::min(sizes.batch_windows, sizes.windows - first_window);
    if (Status s = stages.record(*batch, workspace.scalars(), first_window, windows); !s.ok()) return s;
    if (Status s = batch->begin_stage("accumulate_buckets"); !s.ok()) return s;
    const Status accumulated = pair_tree != nullptr ? pair_tree->record(*batch, point_buffer, stages)
                                                    : walker->record(*batch, point_buffer, stages);
    if (!accumulated.ok()) return accumulated;
    if (Status s = batch->begin_stage("reduce_buckets"); !s.ok()) return s;
    if (Status s = reduction.record_batch(*batch, bucket_sums, bucket_sum_form, stages, first_window); !s.ok())
      return s;
    if (b + 1 == sizes.batches) {
      if (Status s = batch->begin_stage("download"); !s.ok()) return s;
      if (Status s = reduction.record_read_back(*batch); !s.ok()) return s;
    }
    if (b + 1 == sizes.batches || (b + 1) % kBatchesPerSubmission == 0) out.batches.push_back(std::move(batch));
  }
  return Status::success();
}

// Fills the staging buffers chunk by chunk, submitting each chunk's upload batch as soon as its
// part is written. On an error the uploads already submitted are waited for.
Status fill_and_upload(MsmRecording& recording,
                       MsmWorkspace& workspace,
                       std::size_t n,
                       const std::uint32_t* point_words,
                       const std::uint32_t* scalar_words,
                       std::size_t point_words_per_input) {
  const auto chunks = static_cast<unsigned>(recording.uploads.size());
  Status status = Status::success();
  unsigned submitted = 0;
  for (unsigned k = 0; k < chunks && status.ok(); ++k) {
    const ChunkRange chunk = upload_chunk(n, chunks, k);
    if (point_words != nullptr) {
      const std::span<const std::uint32_t> words(point_words + chunk.first * point_words_per_input,
                                                 (chunk.end - chunk.first) * point_words_per_input);
      status = workspace.staged_points().write(chunk.first * point_words_per_input * 4, std::as_bytes(words));
    }
    if (status.ok()) {
      const std::span<const std::uint32_t> words(scalar_words + chunk.first * kScalarWords,
                                                 (chunk.end - chunk.first) * kScalarWords);
      status = workspace.staged_scalars().write(chunk.first * kScalarWords * 4, std::as_bytes(words));
    }
    if (status.ok()) status = recording.uploads[k]->submit();
    if (status.ok()) ++submitted;
  }
  if (!status.ok()) {
    for (unsigned k = 0; k < submitted; ++k) recording.uploads[k]->wait();
  }
  return status;
}

}  // namespace

Status shared_context(Context*& out) {
  // Never destroyed: drivers tear themselves down at exit, and a static destructor destroying the
  // device after that crashes (seen with NVIDIA's driver). The process's exit frees it.
  static std::mutex mutex;
  static Context* context = nullptr;
  static Status failure;
  static bool tried = false;
  std::lock_guard<std::mutex> lock(mutex);
  if (!tried) {
    tried = true;
    std::unique_ptr<Context> created;
    failure = Context::create(created);
    context = created.release();
  }
  out = context;
  return failure;
}

Status msm_words(Context& context,
                 CurveId curve,
                 std::size_t n,
                 const MsmPoints& points,
                 const std::uint32_t* scalar_words,
                 unsigned scalar_bits,
                 const VulkanMsmOptions& options,
                 std::vector<std::uint32_t>& bit_sum_words,
                 VulkanMsmReport& report) {
  report = {};
  report.device = context.info().name;
  bit_sum_words.clear();
  if (n == 0) return Status::success();  // no windows: the sum is infinity
  const bool points_on_device = points.device != nullptr;
  if (points_on_device == (points.host_words != nullptr)) {
    return Status::error(StatusCode::invalid_argument,
                         "vulkan msm: the points are either on the host or on the device");
  }
  if (points_on_device && points.device->size() < n * affine_point_bytes(curve)) {
    return Status::error(StatusCode::invalid_argument, "vulkan msm: more points than the prepared bases hold");
  }
  MsmSizes sizes;
  if (Status s = size_msm(sizes, context.info(), curve, n, scalar_bits, options, points_on_device); !s.ok()) return s;
  // A discrete GPU keeps every working buffer in device-local memory and gets the inputs through
  // staging buffers in host memory (a copy at the start of the command buffer); elsewhere
  // (integrated GPUs, lavapipe) host-visible memory is the device's own and is used directly.
  const bool staged = uses_discrete_memory_layout(context.info(), options);
  const MsmWorkspaceShape shape = workspace_shape_for(sizes, n, curve, staged, points_on_device);
  sizes.device_bytes = MsmWorkspace::device_bytes(shape);
  report.sizes = sizes;
  WorkspaceLease lease;
  if (Status s = lease_workspace(lease, context, shape); !s.ok()) return s;
  MsmWorkspace& workspace = *lease.workspace;
  report.workspace_reused = lease.reused;
  report.measured_peak_bytes = MsmWorkspace::device_bytes(workspace.shape());

  const DevicePointForm point_form{!options.points_in_montgomery, options.validate_points};
  const bool convert = !points_on_device && point_form.converts();
  StorageBuffer& point_buffer = points_on_device ? *points.device : workspace.points();
  const std::size_t point_words_per_input = affine_point_words(curve);
  const unsigned upload_chunks =
      staged ? upload_chunk_count(n, (points_on_device ? 0 : point_words_per_input * 4) + kScalarWords * 4, options)
             : 0;

  std::map<std::string, double> stage_ms;
  std::vector<std::string> order = {"upload_inputs"};
  // Host time around the GPU's stages, reported after them: record_commands (creating and
  // recording the command batches, ~0 where the workspace's kept ones are reused) and, where the
  // stages are timed, submit_overhead (each stage batch's submit-to-wait wall time beyond its
  // stages' GPU time: submission, the fence's signal and the host's wake-up).
  double gap_ms = 0;
  bool stages_timed = false;
  auto collect = [&](const CommandBatch& batch, bool count_gap) {
    double batch_gpu_ms = 0;
    for (const backend::StageTime& stage : batch.stage_times()) {
      if (stage_ms.find(stage.name) == stage_ms.end()) order.push_back(stage.name);
      stage_ms[stage.name] += stage.milliseconds;
      batch_gpu_ms += stage.milliseconds;
    }
    if (batch.stage_times().empty()) return;
    stages_timed = true;
    if (count_gap) gap_ms += std::max(0.0, batch.submit_and_wait_ms() - batch_gpu_ms);
  };
  // The command batches: the workspace's kept ones where they were recorded for these points,
  // this point form and this chunking, else recorded now.
  const auto record_start = backend::Clock::now();
  MsmRecording& recording = workspace.recording();
  const MsmRecordingKey key{point_buffer.serial(), point_form.to_montgomery, point_form.validate, upload_chunks};
  report.recording_reused = !recording.batches.empty() && recording.key == key;
  if (!report.recording_reused) {
    // Recorded aside and kept only when whole: a recording cut short (an error, bad_alloc) never
    // stands under a key.
    recording.uploads.clear();
    recording.batches.clear();
    MsmRecording recorded;
    if (Status s = record_batches(recorded, context, workspace, sizes, n, point_buffer, point_form, points_on_device,
                                  upload_chunks);
        !s.ok())
      return s;
    recording.uploads = std::move(recorded.uploads);
    recording.batches = std::move(recorded.batches);
    recording.key = key;
  }
  const double record_ms = backend::elapsed_ms(record_start);

  // upload_inputs: the host's copy of the inputs into the buffers the device reads (StorageBuffer::
  // write copies on several threads, into host memory, not the resizable BAR's device-local
  // mapping, which took ~9 GB/s however many threads wrote). Staged, each chunk's copy to the
  // device is submitted as soon as the chunk is written: the device's upload_to_device overlaps
  // the host's fill of the later chunks.
  // From the first submission on, an exception (bad_alloc) must not leave a kept batch pending: the
  // guard drops the recording, whose batches' destructors wait for them.
  struct DropRecordingOnUnwind {
    MsmRecording& recording;
    int exceptions = std::uncaught_exceptions();
    ~DropRecordingOnUnwind() {
      if (std::uncaught_exceptions() > exceptions) {
        recording.uploads.clear();
        recording.batches.clear();
      }
    }
  } drop_on_unwind{recording};
  const auto upload_start = backend::Clock::now();
  const std::uint32_t* host_point_words = points_on_device ? nullptr : points.host_words;
  if (staged) {
    if (Status s = fill_and_upload(recording, workspace, n, host_point_words, scalar_words, point_words_per_input);
        !s.ok()) {
      recording.uploads.clear();
      recording.batches.clear();
      return s;
    }
  } else {
    if (host_point_words != nullptr) {
      const std::span<const std::uint32_t> point_words(host_point_words, n * point_words_per_input);
      if (Status s = workspace.staged_points().write(0, std::as_bytes(point_words)); !s.ok()) return s;
    }
    if (Status s = workspace.staged_scalars().write(0, std::as_bytes(std::span(scalar_words, n * kScalarWords)));
        !s.ok())
      return s;
  }
  Status written = Status::success();
  if (convert) {
    const std::uint32_t none = kNoneRejected;
    written = workspace.first_rejected().write(0, std::as_bytes(std::span(&none, 1)));
  }
  stage_ms["upload_inputs"] = backend::elapsed_ms(upload_start);

  Status ran = written;
  for (std::unique_ptr<CommandBatch>& batch : recording.batches) {
    if (ran.ok()) ran = batch->submit_and_wait();
  }
  // The uploads were done before the first stage batch began (its barrier); their waits only end
  // their pending state. (The first stage batch's first timestamp follows that barrier, so the tail
  // of the uploads it waited for shows in its submit_overhead too.)
  for (std::unique_ptr<CommandBatch>& upload : recording.uploads) {
    if (Status s = upload->wait(); !s.ok() && ran.ok()) ran = s;
  }
  if (!ran.ok()) {
    recording.uploads.clear();  // a failed submission is never resubmitted
    recording.batches.clear();
    return ran;
  }
  for (const std::unique_ptr<CommandBatch>& upload : recording.uploads) collect(*upload, false);
  for (const std::unique_ptr<CommandBatch>& batch : recording.batches) collect(*batch, true);
  if (convert) {
    std::uint32_t first_rejected = kNoneRejected;
    if (Status s = workspace.first_rejected().read(std::as_writable_bytes(std::span(&first_rejected, 1)), 0); !s.ok())
      return s;
    if (first_rejected != kNoneRejected) {
      report.rejected_point = first_rejected;
      return Status::error(StatusCode::rejected_point,
                           "vulkan msm: point " + std::to_string(first_rejected) + " was rejected by convert_points");
    }
  }
  // download: the bit sums' copy to host memory (discrete GPUs, a GPU stage) and the host's read.
  const auto read_start = backend::Clock::now();
  bit_sum_words.resize(std::size_t{sizes.windows} * sizes.window_bits * xyzz_point_words(curve));
  if (Status s = workspace.reduction().read_bit_sums(bit_sum_words); !s.ok()) return s;
  if (stage_ms.find("download") == stage_ms.end()) order.push_back("download");
  stage_ms["download"] += backend::elapsed_ms(read_start);
  for (const std::string& name : order) report.stages.push_back({name, stage_ms[name]});
  report.stages.push_back({"record_commands", record_ms});
  if (stages_timed) report.stages.push_back({"submit_overhead", gap_ms});
  return Status::success();
}

}  // namespace zkmsm::vulkan
