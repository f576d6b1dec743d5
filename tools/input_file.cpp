#include "input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "cli_common.hpp"

namespace zkmsm::cli {
namespace {

// What a file of mode `mode` is, for the message refusing it.
const char* kind_name(mode_t mode) {
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

}  // namespace

InputFile::InputFile(std::string path, std::string what) : path_(std::move(path)), what_(std::move(what)) {
  struct stat status {};
  if (stat(path_.c_str(), &status) != 0) throw CliError("cannot open " + describe() + ": " + std::strerror(errno));
  if (S_ISDIR(status.st_mode)) throw CliError("cannot read " + describe() + ": it is a directory");
  if (!S_ISREG(status.st_mode) && !S_ISFIFO(status.st_mode)) {
    throw CliError(describe() + " is " + kind_name(status.st_mode) +
                   ": zkmsm reads regular files and pipes only (a device such as /dev/zero may never end)");
  }
  if (S_ISREG(status.st_mode)) {
    size_ = static_cast<std::uint64_t>(status.st_size);
    open_file();  // a regular file that cannot be opened is reported before any reading
  }
}

void InputFile::open_file() {
  // A FIFO's open waits for its writer, as a reader of a pipe should.
  do {
    fd_ = open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  } while (fd_ < 0 && errno == EINTR);
  if (fd_ < 0) throw CliError("cannot open " + describe() + ": " + std::strerror(errno));
}

InputFile::~InputFile() {
  if (fd_ >= 0) close(fd_);
}

void InputFile::read_exactly(std::uint8_t* out, std::uint64_t bytes) {
  if (fd_ < 0) open_file();
  // Linux returns at most 0x7ffff000 bytes per read.
  constexpr std::uint64_t kMaxRead = std::uint64_t{1} << 30;
  std::uint64_t done = 0;
  while (done < bytes) {
    const ssize_t count = ::read(fd_, out + done, static_cast<std::size_t>(std::min(kMaxRead, bytes - done)));
    if (count < 0 && errno == EINTR) continue;
    if (count < 0) throw CliError("cannot read " + describe() + ": " + std::strerror(errno));
    if (count == 0)
      throw CliError(describe() + " ended after " + std::to_string(done) + " of its " + std::to_string(bytes) +
                     " bytes: it was cut while zkmsm read it");
    done += static_cast<std::uint64_t>(count);
  }
}

std::vector<std::uint8_t> InputFile::read(std::uint64_t limit, bool& more) {
  if (fd_ < 0) open_file();
  more = false;
  constexpr std::size_t kChunk = std::size_t{1} << 20;
  std::vector<std::uint8_t> bytes;
  if (size_) bytes.reserve(static_cast<std::size_t>(std::min(*size_, limit)));
  // One byte past the limit tells "exactly limit bytes" from "more than limit bytes".
  const std::uint64_t wanted = limit == UINT64_MAX ? limit : limit + 1;
  std::uint64_t done = 0;
  while (done < wanted) {
    const std::size_t step = static_cast<std::size_t>(std::min<std::uint64_t>(kChunk, wanted - done));
    bytes.resize(static_cast<std::size_t>(done) + step);
    const ssize_t count = ::read(fd_, bytes.data() + done, step);
    if (count < 0 && errno == EINTR) continue;
    if (count < 0) throw CliError("cannot read " + describe() + ": " + std::strerror(errno));
    if (count == 0) break;
    done += static_cast<std::uint64_t>(count);
  }
  bytes.resize(static_cast<std::size_t>(std::min(done, limit)));
  more = done > limit;
  return bytes;
}

}  // namespace zkmsm::cli
