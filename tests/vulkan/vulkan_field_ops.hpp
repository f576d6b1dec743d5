// Runs shaders/field_ops.comp (one of the field_ops_* shader variants) on pairs of field
// elements and returns its twelve results per pair: a + b, a − b, a·b, a², −a, a⁻¹ by safegcd,
// a⁻¹ by Fermat, then from the lazy operations on a + p and b + p: a + b, a − b, a·b, a·b − a²,
// and one if a is zero (zero otherwise); the last five are 0 in a field without lazy bounds.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "vulkan/vulkan_kernel_runner.hpp"

namespace zkmsm::vulkan::test {

inline constexpr std::size_t kFieldOpsResults = 12;

// Field: a PrimeField of 4 or 6 limbs, uploaded as it is (the shaders' 8 or 12 × 32-bit layout).
template <class Field>
Status run_field_ops(std::vector<std::array<Field, kFieldOpsResults>>& out,
                     Context& context,
                     ShaderId shader,
                     std::uint32_t workgroup_size,
                     std::span<const Field> a,
                     std::span<const Field> b) {
  static_assert(sizeof(Field) == 32 || sizeof(Field) == 48);
  const std::uint32_t count = static_cast<std::uint32_t>(a.size());
  KernelLaunch launch{shader,
                      {workgroup_size},
                      {std::as_bytes(a), std::as_bytes(b)},
                      {a.size_bytes() * kFieldOpsResults},
                      count,
                      (count + workgroup_size - 1) / workgroup_size};
  std::vector<std::vector<std::byte>> outputs;
  if (Status s = run_kernel(outputs, nullptr, context, launch); !s.ok()) return s;
  out = from_bytes<std::array<Field, kFieldOpsResults>>(outputs[0]);
  return Status::success();
}

// Runs shaders/field_inverse.comp: a⁻¹ for every element, by safegcd (method 0) or Fermat (1).
// milliseconds: the dispatch's GPU time (negative without timestamps).
inline constexpr std::uint32_t kInverseSafegcd = 0;
inline constexpr std::uint32_t kInverseFermat = 1;

template <class Field>
Status run_field_inverse(std::vector<Field>& out,
                         double* milliseconds,
                         Context& context,
                         ShaderId shader,
                         std::uint32_t method,
                         std::uint32_t workgroup_size,
                         std::span<const Field> a) {
  const std::uint32_t count = static_cast<std::uint32_t>(a.size());
  KernelLaunch launch{shader,
                      {workgroup_size, method},
                      {std::as_bytes(a)},
                      {a.size_bytes()},
                      count,
                      (count + workgroup_size - 1) / workgroup_size};
  std::vector<std::vector<std::byte>> outputs;
  if (Status s = run_kernel(outputs, milliseconds, context, launch); !s.ok()) return s;
  out = from_bytes<Field>(outputs[0]);
  return Status::success();
}

}  // namespace zkmsm::vulkan::test
