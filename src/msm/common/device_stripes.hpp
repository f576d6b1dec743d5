// DeviceStripes: how the n inputs of an MSM are dealt to k devices.
//
// The inputs are cut into stripes of `block` consecutive indices; stripe j goes to device slot
// j mod k. A device holds its stripes back to back in stripe order (its "local" array), so the
// first m inputs of the MSM are, on every device, a prefix of its local array: prepared bases
// dealt this way serve any prefix n ≤ size with the work still spread evenly (within one block
// per device). A block of ⌈n / k⌉ makes the split contiguous: slot d gets [d·block, (d+1)·block).
//
// Pure index arithmetic on std::size_t, no allocation: host and device code may use it.
#pragma once

#include <cstddef>

#include "core/host_device.hpp"

namespace zkmsm {

struct DeviceStripes {
  std::size_t block = 1;    // indices per stripe, ≥ 1
  std::size_t devices = 1;  // k, ≥ 1

  // Contiguous slices: slot d gets [d·⌈n/k⌉, min(n, (d+1)·⌈n/k⌉)).
  ZKMSM_HOST_DEVICE static constexpr DeviceStripes contiguous(std::size_t n, std::size_t devices) {
    const std::size_t k = devices == 0 ? 1 : devices;
    const std::size_t block = (n + k - 1) / k;
    return {block == 0 ? 1 : block, k};
  }

  // Elements between the starts of two consecutive local stripes in the global array.
  ZKMSM_HOST_DEVICE constexpr std::size_t stride() const { return block * devices; }

  // How many of the first n indices fall on `slot`.
  ZKMSM_HOST_DEVICE constexpr std::size_t local_count(std::size_t slot, std::size_t n) const {
    const std::size_t rounds = n / stride();
    const std::size_t rest = n % stride();
    const std::size_t start = slot * block;
    const std::size_t tail = rest <= start ? 0 : (rest - start < block ? rest - start : block);
    return rounds * block + tail;
  }

  // The global index of `slot`'s local element `local`.
  ZKMSM_HOST_DEVICE constexpr std::size_t global_index(std::size_t slot, std::size_t local) const {
    return (local / block) * stride() + slot * block + local % block;
  }

  // The global index of `slot`'s first element (its local stripes start there, one stride apart).
  ZKMSM_HOST_DEVICE constexpr std::size_t first_index(std::size_t slot) const { return slot * block; }

  // Whether `slot`'s first `count` local elements are one contiguous run of the global array.
  ZKMSM_HOST_DEVICE constexpr bool contiguous_for(std::size_t count) const { return devices == 1 || count <= block; }
};

}  // namespace zkmsm
