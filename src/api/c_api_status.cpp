// Failure reporting of the C ABI: the thread-local last-error message and the status names.
#include <cstdio>
#include <cstring>
#include <string_view>

#include "c_api_support.hpp"
#include "enum_names.hpp"

namespace zkmsm::c_api {
namespace {

thread_local char last_error_message[512] = "";

}  // namespace

void set_last_error(std::string_view detail) noexcept {
  const int length =
      static_cast<int>(detail.size() < sizeof(last_error_message) ? detail.size() : sizeof(last_error_message) - 1);
  std::snprintf(last_error_message, sizeof(last_error_message), "%.*s", length, detail.data());
}

int fail(int status, std::string_view message) noexcept {
  set_last_error(message);
  return status;
}

int fail_with(const Error& error) noexcept {
  const std::string_view message =
      error.message.empty() ? std::string_view(to_string(error.code)) : std::string_view(error.message);
  // Status codes mirror ErrorCode one to one (enum_names.hpp's table).
  return fail(api::to_c_value(error.code, ZKMSM_ERROR_INTERNAL), message);
}

int fail_internal(const char* what) noexcept {
  set_last_error("internal error: ");
  const std::size_t used = std::strlen(last_error_message);
  std::snprintf(last_error_message + used, sizeof(last_error_message) - used, "%s", what);
  return ZKMSM_ERROR_INTERNAL;
}

}  // namespace zkmsm::c_api

extern "C" {

const char* zkmsm_last_error(void) noexcept { return zkmsm::c_api::last_error_message; }

const char* zkmsm_status_string(int status) noexcept {
  if (status == ZKMSM_OK) return "ok";
  if (status == ZKMSM_ERROR_INTERNAL) return "internal";
  if (const auto code = zkmsm::api::from_c_value<zkmsm::ErrorCode>(status)) return zkmsm::to_string(*code);
  return "unknown";
}

}  // extern "C"
