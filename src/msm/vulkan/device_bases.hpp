// Prepared bases kept on the Vulkan device (the public Bases of the vulkan backend): the caller's
// points uploaded once, converted to the shaders' form and validated there by convert_points.comp
// (on the curve; in G1 on BLS12-381: subgroup_check.glsl), and kept in one storage buffer that every
// later MSM on a prefix of them reads in place (msm_words with MsmPoints::device):
// such an MSM uploads only its scalars and converts nothing. A prover's commitment key is fixed,
// so the points' upload and checks leave the per-commitment time (BLS12-381's G1 test was ~80 % of
// a 2^20 MSM on an H100: BENCHMARKS.md).
//
// Representation: `points` holds n affine points of affine_point_words(curve) 32-bit words each
// (x then y, little-endian words, Montgomery form x·R mod p, reduced; (0, 0) the point at
// infinity), the layout of AffinePoint<Curve>. Memory: n × affine_point_bytes(curve) of device
// memory (device-local on a discrete GPU, else host-visible) until the DeviceBases is destroyed;
// preparing on a discrete GPU also holds a host-visible staging buffer of the same size, freed
// before it returns. At most one storage-buffer binding of points (maxStorageBufferRange).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "msm/common/msm_backend.hpp"
#include "msm/vulkan/convert_points.hpp"
#include "msm/vulkan/shader_curve.hpp"
#include "msm/vulkan/storage_buffer.hpp"
#include "msm/vulkan/vulkan_context.hpp"

namespace zkmsm::vulkan {

class DeviceBases final : public backend::PreparedBases {
 public:
  std::size_t size() const override { return n; }
  std::size_t n = 0;
  std::unique_ptr<StorageBuffer> points;  // null when n = 0
};

// out = n points of `point_words` (as `form` says) on the device in the shaders' form. A point the
// device rejects sets `rejected` to the lowest such index and leaves `out` empty (the caller says
// why, as for an MSM's rejected point). invalid_argument for more points than one binding holds;
// out_of_memory or a device error otherwise.
Status prepare_device_bases(Context& context,
                            CurveId curve,
                            std::size_t n,
                            const std::uint32_t* point_words,
                            const DevicePointForm& form,
                            DeviceBases& out,
                            std::optional<std::uint32_t>& rejected);

}  // namespace zkmsm::vulkan
