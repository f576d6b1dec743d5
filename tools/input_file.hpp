// An input file of `msm`, opened for reading: a regular file, whose size is known before anything
// is read, or a stream (a pipe, a FIFO, /dev/stdin fed by a pipe, bash's <(...)), whose size is
// known only at its end. Every other kind is refused before it is opened: a character device
// (/dev/zero, /dev/urandom, a terminal) may never end, and block devices and sockets are not
// point or scalar files.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace zkmsm::cli {

class InputFile {
 public:
  // Checks `path` and opens a regular file; a stream is opened by the first read(), so that a
  // writer filling two FIFOs one after the other is not kept waiting. `what` ("points",
  // "scalars") names the file in messages. Throws CliError when the path is missing or
  // unreadable, a directory, or neither a regular file nor a pipe.
  InputFile(std::string path, std::string what);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  const std::string& path() const { return path_; }
  // "<what> file '<path>'", the start of every message about this file.
  std::string describe() const { return what_ + " file '" + path_ + "'"; }
  // The size of a regular file when it was opened; nullopt for a stream.
  std::optional<std::uint64_t> size() const { return size_; }

  // Reads to the end of the file, at most `limit` bytes: stops as soon as the file is known to
  // hold more, and then sets `more`. Throws CliError when it cannot be opened or read.
  std::vector<std::uint8_t> read(std::uint64_t limit, bool& more);

  // Reads exactly `bytes` bytes of a regular file into `out`, in as few read calls as the kernel
  // allows (no intermediate buffer). Throws CliError when the file ends first (it shrank since it
  // was opened) or cannot be read.
  void read_exactly(std::uint8_t* out, std::uint64_t bytes);

 private:
  void open_file();

  std::string path_;
  std::string what_;
  int fd_ = -1;
  std::optional<std::uint64_t> size_;
};

}  // namespace zkmsm::cli
