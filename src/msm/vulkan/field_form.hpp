// Which of field.glsl's two forms a Vulkan context's pipelines run (every shader with field
// arithmetic is embedded in both, shader_registry.hpp):
//   int32  32-bit words only: umulExtended and uaddCarry chains; every device.
//   int64  the same CIOS product with 64-bit multiply-adds (GL_EXT_shader_explicit_arithmetic_
//          types_int64); needs the device feature shaderInt64.
// FieldForm::automatic takes int64 wherever the device has shaderInt64. Measured: on lavapipe (the
// CI machine, 2 cores) a BN254 MSM of 2^12 points 308 → 129 ms and its pipelines built in ~40 %
// less time; on an H200 (NVIDIA 580) the running-sum reduction −41 % and the stream walker −5 to
// −12 % (BENCHMARKS.md). The environment variable ZKMSM_VULKAN_FIELD overrides automatic:
//   int32 or int64  → that form (int64 on a device without shaderInt64 is an error)
//   auto or unset   → the form given by the caller
// Pure logic, tested without a device (tests/vulkan/vulkan_device_selection_test.cpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace zkmsm::vulkan {

enum class FieldForm { automatic, int32, int64 };

const char* field_form_name(FieldForm form);

// The form named by `text` (a ZKMSM_VULKAN_FIELD value: auto, int32, int64); nullopt for unknown
// text.
std::optional<FieldForm> parse_field_form(std::string_view text);

// `requested`, unless it is automatic and ZKMSM_VULKAN_FIELD names a form. An unknown value of the
// variable is reported through `unknown_value` and otherwise ignored.
FieldForm effective_field_form(FieldForm requested, std::string* unknown_value);

// The form a device runs: automatic resolved by whether it has shaderInt64; nullopt when int64 is
// asked of a device without it.
std::optional<FieldForm> resolve_field_form(FieldForm requested, bool shader_int64);

}  // namespace zkmsm::vulkan
