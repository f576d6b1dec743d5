// Shared by the fuzz target's cases (fuzz_inputs.cpp, bls12_381_points_file.cpp): a failed
// expectation aborts (a crash for libFuzzer, which keeps the input), the bytes of a case as a file
// the CLI's readers can open, and the internal types of a public curve.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>

#include "api/curve_map.hpp"

namespace zkmsm::fuzz {

[[noreturn]] inline void fail(const char* what, const std::string& detail = "") {
  std::fprintf(stderr, "fuzz_inputs: %s %s\n", what, detail.c_str());
  std::abort();
}
#define FUZZ_CHECK(condition, detail) \
  if (!(condition)) ::zkmsm::fuzz::fail("check failed: " #condition, detail)

// The bytes in an anonymous in-memory file, named by a path as the CLI's files are.
class MemoryFile {
 public:
  explicit MemoryFile(std::span<const std::uint8_t> bytes) : fd_(memfd_create("zkmsm_fuzz", 0)) {
    if (fd_ < 0) fail("memfd_create failed");
    std::size_t written = 0;
    while (written < bytes.size()) {
      const ssize_t w = write(fd_, bytes.data() + written, bytes.size() - written);
      if (w <= 0) fail("write to the memfd failed");
      written += static_cast<std::size_t>(w);
    }
  }
  ~MemoryFile() { close(fd_); }
  std::string path() const { return "/proc/self/fd/" + std::to_string(fd_); }

 private:
  int fd_;
};

template <class Curve>
using Internal = zkmsm::api::InternalCurve<Curve>;
template <class Curve>
using Affine = zkmsm::AffinePoint<Internal<Curve>>;
template <class Curve>
using BaseField = typename Internal<Curve>::BaseField;
template <class Curve>
using ScalarField = typename Internal<Curve>::ScalarField;

}  // namespace zkmsm::fuzz
