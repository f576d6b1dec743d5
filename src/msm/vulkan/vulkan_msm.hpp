// The Vulkan backend's MSM: Σ sᵢ·Pᵢ for host points and scalars, every stage but the last on the
// Vulkan device, in one command buffer (per group of up to 12 window batches): upload_inputs (host
// copies into mapped staging buffers) → upload_to_device (discrete GPUs) → convert_inputs (when
// the points are canonical or validated: shaders/convert_points.comp) → per window batch
// decompose_scalars → sort_by_bucket → plan (BucketStages) → accumulate_buckets (StreamWalker) →
// reduce_buckets (BucketReduction); the T·c bit sums come back (download: copied to host memory on
// a discrete GPU, then read) and the host combines them
// (combine_windows with one-bit windows, msm/common/combine_windows.hpp) and makes the sum affine.
//
// Inputs: points as 2W words (x then y, W = field_words(curve): shader_curve.hpp; AffinePoint<Curve>'s
// layout, which is also the public Point's): Montgomery form or canonical (options.points_in_montgomery), (0, 0) =
// infinity, validated on the device when options.validate_points (on the curve, and in G1 on BLS12-381); scalars as any
// 256-bit integers (reduced mod r on the device). The sizes (window size, window batches, walker geometry, every
// buffer) come from size_msm (msm_sizes.hpp). The buffers are kept for the next MSM of the same shape
// (msm_workspace.hpp).
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
#include "msm/common/combine_windows.hpp"
#include "msm/common/elapsed_time.hpp"
#include "msm/vulkan/msm_sizes.hpp"
#include "msm/vulkan/storage_buffer.hpp"
#include "msm/vulkan/vulkan_context.hpp"

namespace zkmsm::vulkan {

inline constexpr std::size_t kNoRejectedPoint = ~std::size_t{0};

struct VulkanMsmReport {
  std::string device;
  MsmSizes sizes;
  // Summed over the batches; upload_inputs and combine_windows are host wall time.
  std::vector<backend::StageTime> stages;
  std::size_t measured_peak_bytes = 0;            // bytes of the buffers the MSM used
  bool workspace_reused = false;                  // the kept buffers of an earlier MSM were used
  bool recording_reused = false;                  // and its recorded command batches (record_commands ~0)
  std::size_t rejected_point = kNoRejectedPoint;  // status rejected_point: the lowest bad index
};

// The process's Vulkan context, created on first use (device choice: ZKMSM_VULKAN_DEVICE, see
// device_selection.hpp) and kept until exit; a failure is remembered and returned again.
Status shared_context(Context*& out);

// Where an MSM's points are: n points of affine_point_words(curve) words in host memory (as the
// options' form says), or the first n of prepared bases kept on the device (device_bases.hpp:
// Montgomery form, validated when prepared; nothing is uploaded or converted). Exactly one is set.
struct MsmPoints {
  const std::uint32_t* host_words = nullptr;
  StorageBuffer* device = nullptr;
};

// The MSM over raw words: n points, n scalars of 8 words; the bit sums come back as T·c XYZZ
// points of xyzz_point_words(curve) words (X, Y, ZZ, ZZZ, Montgomery form), the sum of bit
// position q = w·c + p at index q (Σ_q 2^q·S_q is the MSM). A
// rejected point gives status rejected_point with report.rejected_point set.
Status msm_words(Context& context,
                 CurveId curve,
                 std::size_t n,
                 const MsmPoints& points,
                 const std::uint32_t* scalar_words,
                 unsigned scalar_bits,
                 const VulkanMsmOptions& options,
                 std::vector<std::uint32_t>& bit_sum_words,
                 VulkanMsmReport& report);

// The MSM over raw words with the windows combined on the host. Curve is the internal BN254 G1,
// Grumpkin or BLS12-381 G1 type (Montgomery-form fields of 64-bit limbs).
template <class Curve>
Status msm_from_words(Context& context,
                      std::size_t n,
                      const MsmPoints& points,
                      const std::uint32_t* scalar_words,
                      const VulkanMsmOptions& options,
                      AffinePoint<Curve>& sum,
                      VulkanMsmReport& report) {
  constexpr CurveId curve = shader_curve_of<Curve>();
  static_assert(sizeof(XyzzPoint<Curve>) == xyzz_point_bytes(curve), "the host's XYZZ layout is the shaders'");
  std::vector<std::uint32_t> words;
  const Status status =
      msm_words(context, curve, n, points, scalar_words,
                static_cast<unsigned>(Curve::ScalarField::Constants::modulus_bits), options, words, report);
  if (!status.ok()) return status;
  const auto start = backend::Clock::now();
  std::vector<XyzzPoint<Curve>> bit_sums(words.size() / xyzz_point_words(curve));
  std::memcpy(bit_sums.data(), words.data(), words.size() * sizeof(std::uint32_t));
  sum = combine_windows<Curve>(bit_sums, 1);
  report.stages.push_back({"combine_windows", backend::elapsed_ms(start)});
  return Status::success();
}

// The MSM of internal points (AffinePoint<Curve>: Montgomery form, or canonical when
// options.points_in_montgomery is false) and integer scalars.
template <class Curve>
Status msm(Context& context,
           std::span<const AffinePoint<Curve>> points,
           std::span<const typename Curve::ScalarField::Integer> scalars,
           const VulkanMsmOptions& options,
           AffinePoint<Curve>& sum,
           VulkanMsmReport& report) {
  static_assert(sizeof(AffinePoint<Curve>) == affine_point_bytes(shader_curve_of<Curve>()),
                "the shaders' point layout");
  static_assert(sizeof(typename Curve::ScalarField::Integer) == kScalarWords * sizeof(std::uint32_t),
                "scalars are 8 words");
  if (points.size() != scalars.size()) {
    return Status::error(StatusCode::invalid_argument, "vulkan msm: points and scalars differ in length");
  }
  return msm_from_words<Curve>(context, points.size(), {reinterpret_cast<const std::uint32_t*>(points.data())},
                               reinterpret_cast<const std::uint32_t*>(scalars.data()), options, sum, report);
}

}  // namespace zkmsm::vulkan
