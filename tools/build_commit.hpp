// The commit the CLI was built from, baked in at build time by cmake/git_commit.cmake, so that
// a report names the code that ran, wherever the binary is run from.
#pragma once

#include <string>

namespace zkmsm::cli {

// "<40-hex sha>", "<sha>-dirty" when tracked files differed from it at build time, or "unknown"
// for a build from a tree without git (a release tarball).
const char* build_commit();

// The sha alone, without the "-dirty" mark; empty for "unknown".
std::string build_commit_sha();

// True when the build's tracked files differed from the commit.
bool build_commit_dirty();

}  // namespace zkmsm::cli
