#include "msm/vulkan/field_form.hpp"

#include <cstdlib>

namespace zkmsm::vulkan {

const char* field_form_name(FieldForm form) {
  switch (form) {
    case FieldForm::int32:
      return "int32";
    case FieldForm::int64:
      return "int64";
    case FieldForm::automatic:
    default:
      return "auto";
  }
}

std::optional<FieldForm> parse_field_form(std::string_view text) {
  if (text.empty() || text == "auto") return FieldForm::automatic;
  if (text == "int32") return FieldForm::int32;
  if (text == "int64") return FieldForm::int64;
  return std::nullopt;
}

FieldForm effective_field_form(FieldForm requested, std::string* unknown_value) {
  if (requested != FieldForm::automatic) return requested;
  const char* text = std::getenv("ZKMSM_VULKAN_FIELD");
  if (text == nullptr) return requested;
  const std::optional<FieldForm> parsed = parse_field_form(text);
  if (!parsed) {
    if (unknown_value != nullptr) *unknown_value = text;
    return requested;
  }
  return *parsed;
}

std::optional<FieldForm> resolve_field_form(FieldForm requested, bool shader_int64) {
  switch (requested) {
    case FieldForm::int32:
      return FieldForm::int32;
    case FieldForm::int64:
      if (!shader_int64) return std::nullopt;
      return FieldForm::int64;
    case FieldForm::automatic:
    default:
      return shader_int64 ? FieldForm::int64 : FieldForm::int32;
  }
}

}  // namespace zkmsm::vulkan
