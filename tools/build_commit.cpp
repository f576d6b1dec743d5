#include "build_commit.hpp"

#include <string_view>

// Generated into the build folder; the only file that includes it, so a new commit recompiles
// this file alone.
#include "zkmsm_build_commit.h"

namespace zkmsm::cli {
namespace {

constexpr std::string_view kDirtySuffix = "-dirty";
constexpr std::string_view kUnknown = "unknown";

}  // namespace

const char* build_commit() { return ZKMSM_BUILD_COMMIT; }

std::string build_commit_sha() {
  std::string_view commit = ZKMSM_BUILD_COMMIT;
  if (commit == kUnknown) return {};
  if (commit.ends_with(kDirtySuffix)) commit.remove_suffix(kDirtySuffix.size());
  return std::string(commit);
}

bool build_commit_dirty() { return std::string_view(ZKMSM_BUILD_COMMIT).ends_with(kDirtySuffix); }

}  // namespace zkmsm::cli
