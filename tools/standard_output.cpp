#include "standard_output.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>

namespace zkmsm::cli {
namespace {

bool descriptor_closed(int fd) { return fcntl(fd, F_GETFD) == -1 && errno == EBADF; }

// Opens /dev/null onto the closed descriptor `fd` with `flags` (open() returns the lowest free
// descriptor, which is `fd` when the lower ones are open; they are reserved first).
void reserve(int fd, int flags) {
  const int opened = open("/dev/null", flags | O_CLOEXEC);
  if (opened >= 0 && opened != fd) {
    dup2(opened, fd);
    close(opened);
  }
}

}  // namespace

StandardOutput::StandardOutput() {
  if (descriptor_closed(STDIN_FILENO)) reserve(STDIN_FILENO, O_WRONLY);
  stdout_was_closed_ = descriptor_closed(STDOUT_FILENO);
  if (stdout_was_closed_) reserve(STDOUT_FILENO, O_RDONLY);
  if (descriptor_closed(STDERR_FILENO)) reserve(STDERR_FILENO, O_RDONLY);
  original_ = std::cout.rdbuf(held_.rdbuf());
}

StandardOutput::~StandardOutput() { std::cout.rdbuf(original_); }

void StandardOutput::discard() {
  std::cout.flush();
  held_.str({});
}

std::string StandardOutput::deliver() {
  std::cout.flush();
  const std::string text = held_.str();
  held_.str({});
  if (stdout_was_closed_) return text.empty() ? std::string() : "stdout is closed";
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t count = write(STDOUT_FILENO, text.data() + written, text.size() - written);
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) return count < 0 ? std::strerror(errno) : "the write wrote nothing";
    written += static_cast<std::size_t>(count);
  }
  if (close(STDOUT_FILENO) != 0 && errno != EINTR) return std::strerror(errno);
  return {};
}

}  // namespace zkmsm::cli
