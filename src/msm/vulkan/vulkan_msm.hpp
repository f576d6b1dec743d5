// The Vulkan backend's MSM: Σ sᵢ·Pᵢ for host points and scalars, every stage on the Vulkan device
// in one command buffer (per group of up to 12 window batches): upload_inputs (host copies into
// mapped device buffers) → per window batch decompose_scalars → sort_by_bucket → plan
// (BucketStages) → accumulate_buckets (StreamWalker) → reduce_buckets (BucketReduction), then
// combine_windows; the XYZZ result comes back and the host makes it affine.
//
// Inputs: points in the host's AffinePoint<Curve> layout (Montgomery form, validated by the API
// layer; (0, 0) = infinity), scalars as canonical or any 256-bit integers (reduced mod r on the
// device). The plan (window size, window batches, walker geometry, every buffer) is closed form
// from (n, options, device limits): estimate_device_bytes() is its total, and a memory budget
// makes the batches smaller.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "curve/affine_point.hpp"
#include "curve/xyzz_point.hpp"
#include "msm/vulkan/bucket_stages.hpp"
#include "msm/vulkan/command_batch.hpp"
#include "msm/vulkan/vulkan_context.hpp"

namespace zkmsm::vulkan {

struct VulkanMsmOptions {
  unsigned window_bits = 0;             // c; 0 = the cost model's choice
  unsigned walker_slots = 0;            // S; 0 = kDefaultWalkerSlots
  unsigned walker_workgroup_size = 64;  // walker invocations per workgroup
  unsigned walker_max_workgroups = 0;   // thread cap in workgroups; 0 = automatic
  std::size_t memory_budget_bytes = 0;  // 0 = only the device's limits
};

// The closed-form plan of one MSM.
struct VulkanMsmPlan {
  unsigned window_bits = 0;
  unsigned windows = 0;        // T
  unsigned batch_windows = 0;  // W (the last batch may be shorter)
  unsigned batches = 0;
  unsigned walker_slots = 0;  // S
  unsigned walker_workgroup_size = 0;
  std::uint32_t walker_threads = 0;
  std::uint64_t device_bytes = 0;  // every buffer of the MSM
};

struct VulkanMsmReport {
  std::string device;
  VulkanMsmPlan plan;
  std::vector<StageTime> stages;        // summed over the batches; upload_inputs is host wall time
  std::size_t measured_peak_bytes = 0;  // bytes of the buffers the MSM allocated
};

// Auto slots: the seeds' S = 8 (mobile knee); not yet measured on a desktop GPU through Vulkan.
inline constexpr unsigned kDefaultWalkerSlots = 8;
// Auto walker threads: about this many sorted entries per slot (as the CUDA plan), at most
// kAutoMaxWalkerThreads (about one wave of a large GPU; H200 CUDA run 1).
inline constexpr std::uint64_t kEntriesPerSlot = 16;
inline constexpr std::uint64_t kAutoMaxWalkerThreads = std::uint64_t{1} << 16;
// The plan for n points on `device`, or invalid_argument / out_of_memory (budget too small).
Status plan_msm(
    VulkanMsmPlan& out, const DeviceInfo& device, std::size_t n, unsigned scalar_bits, const VulkanMsmOptions& options);

// The process's Vulkan context, created on first use (device choice: ZKMSM_VULKAN_DEVICE, see
// device_selection.hpp) and kept until exit; a failure is remembered and returned again.
Status shared_context(Context*& out);

// The MSM over raw words: n points of 16 words, n scalars of 8 words; the XYZZ sum's 32 words.
Status msm_words(Context& context,
                 ScalarCurve curve,
                 std::size_t n,
                 const std::uint32_t* point_words,
                 const std::uint32_t* scalar_words,
                 unsigned scalar_bits,
                 const VulkanMsmOptions& options,
                 std::array<std::uint32_t, 32>& xyzz,
                 VulkanMsmReport& report);

// Curve is the internal BN254 G1 or Grumpkin type (Montgomery-form fields of 4 × 64-bit limbs).
template <class Curve>
Status msm(Context& context,
           std::span<const AffinePoint<Curve>> points,
           std::span<const typename Curve::ScalarField::Integer> scalars,
           ScalarCurve curve,
           const VulkanMsmOptions& options,
           AffinePoint<Curve>& sum,
           VulkanMsmReport& report) {
  static_assert(sizeof(AffinePoint<Curve>) == 16 * sizeof(std::uint32_t), "points are 16 words");
  static_assert(sizeof(typename Curve::ScalarField::Integer) == 8 * sizeof(std::uint32_t), "scalars are 8 words");
  static_assert(sizeof(XyzzPoint<Curve>) == 32 * sizeof(std::uint32_t), "XYZZ points are 32 words");
  if (points.size() != scalars.size()) {
    return Status::error(StatusCode::invalid_argument, "vulkan msm: points and scalars differ in length");
  }
  std::array<std::uint32_t, 32> words{};
  const Status status =
      msm_words(context, curve, points.size(), reinterpret_cast<const std::uint32_t*>(points.data()),
                reinterpret_cast<const std::uint32_t*>(scalars.data()),
                static_cast<unsigned>(Curve::ScalarField::Constants::modulus_bits), options, words, report);
  if (!status.ok()) return status;
  XyzzPoint<Curve> xyzz;
  std::memcpy(&xyzz, words.data(), sizeof xyzz);
  sum = xyzz.to_affine();
  return Status::success();
}

}  // namespace zkmsm::vulkan
