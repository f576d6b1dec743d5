// Shared by the Vulkan device tests: one Context per test process, and the skip-or-fail rule
// when no Vulkan device exists (see tests/vulkan/CMakeLists.txt).
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <span>
#include <string>

#include "msm/vulkan/vulkan_context.hpp"
#include "msm/vulkan/vulkan_msm.hpp"

namespace zkmsm::vulkan::test {

struct SharedContext {
  std::unique_ptr<Context> context;
  Status status;
};

// The process's context, created on first use with the default options (so ZKMSM_VULKAN_DEVICE
// and ZKMSM_VULKAN_FIELD apply); `status` says why it is missing.
inline SharedContext& shared_context() {
  static SharedContext shared = [] {
    SharedContext s;
    s.status = Context::create(s.context);
    if (s.context) {
      const DeviceInfo& info = s.context->info();
      std::printf("[  VULKAN  ] device: %s (%s), field form %s\n", info.name.c_str(), device_kind_name(info.kind),
                  field_form_name(info.field_form));
    }
    return s;
  }();
  return shared;
}

inline bool device_required() {
  const char* text = std::getenv("ZKMSM_VULKAN_TESTS_REQUIRE_DEVICE");
  return text != nullptr && std::strcmp(text, "1") == 0;
}

// The context, or nullptr after recording a skip (or a failure when a device is required).
#define ZKMSM_VULKAN_CONTEXT_OR_SKIP(context_var)                                                   \
  ::zkmsm::vulkan::Context* context_var = ::zkmsm::vulkan::test::shared_context().context.get();    \
  if (context_var == nullptr) {                                                                     \
    const std::string why = ::zkmsm::vulkan::test::shared_context().status.message;                 \
    if (::zkmsm::vulkan::test::device_required()) FAIL() << "no Vulkan context: " << why;           \
    GTEST_SKIP() << "no Vulkan context (" << why                                                    \
                 << "); install mesa-vulkan-drivers (lavapipe) to run the Vulkan tests on the CPU"; \
  }

// The library's context (the one msm() uses: vulkan_msm.hpp's shared_context), or nullptr with
// `why`; ZKMSM_LIBRARY_CONTEXT_OR_SKIP records the skip (or a failure when a device is required).
inline Context* library_context(std::string& why) {
  Context* context = nullptr;
  const Status status = shared_context(context);
  if (!status.ok()) why = status.message;
  return context;
}

#define ZKMSM_LIBRARY_CONTEXT_OR_SKIP(var)                                                          \
  std::string why_##var;                                                                            \
  ::zkmsm::vulkan::Context* var = ::zkmsm::vulkan::test::library_context(why_##var);                \
  if (var == nullptr) {                                                                             \
    if (::zkmsm::vulkan::test::device_required()) FAIL() << "no Vulkan context: " << why_##var;     \
    GTEST_SKIP() << "no Vulkan context (" << why_##var                                              \
                 << "); install mesa-vulkan-drivers (lavapipe) to run the Vulkan tests on the CPU"; \
  }

template <class T>
std::span<const std::byte> bytes_of(const T& value) {
  return std::as_bytes(std::span<const T, 1>(&value, 1));
}

}  // namespace zkmsm::vulkan::test
