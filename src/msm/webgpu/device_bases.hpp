// Prepared bases kept on the WebGPU device (the public Bases of the webgpu backend): the caller's
// points uploaded once, converted to the pipeline's form and validated there by convert_inputs'
// shader (convert_points.hpp, BLS12-381's G1 test included), and kept in one storage buffer that
// every later MSM on a prefix of them reads in place (webgpu_msm_on_device_points): such an MSM
// uploads only its scalars and converts nothing. A prover's commitment key is fixed, so the points'
// upload and checks leave the per-commitment time.
//
// Representation: `points` holds n affine points of AFFINE_WORDS 32-bit words each (x then y,
// little-endian words, Montgomery form x·R mod p, reduced; (0, 0) the point at infinity), the
// layout of AffinePoint<Curve>. Memory: allocation_bytes(n × point bytes) of device memory until
// the DeviceBases is destroyed; preparing also holds a staging buffer of the same size, freed
// before it returns. At most 128 MiB of points (WebGPU's default maxStorageBufferBindingSize:
// 2^21 BN254 or Grumpkin points, ⌊2^27 / 96⌋ BLS12-381 points), as for one MSM.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "curve/affine_point.hpp"
#include "msm/common/msm_backend.hpp"
#include "msm/webgpu/webgpu_context.hpp"
#include "msm/webgpu/webgpu_msm.hpp"

namespace zkmsm::webgpu {

class DeviceBases final : public backend::PreparedBases {
 public:
  std::size_t size() const override { return n; }
  std::size_t n = 0;
  Buffer points;  // n points, Montgomery form, validated as the preparation's form asked
};

// out = `points` (as `form` says: canonical or Montgomery, validated or not) on the device in the
// pipeline's form. A point the device rejects sets `rejected` to the lowest such index and leaves
// `out` empty (the caller says why, as for an MSM's rejected point). An error for more points than
// one 128 MiB binding holds, or a device failure (out of memory included).
template <class Curve>
Status prepare_device_bases(std::span<const AffinePoint<Curve>> points,
                            const WebGpuPointForm& form,
                            DeviceBases& out,
                            std::optional<std::uint32_t>& rejected);

}  // namespace zkmsm::webgpu
