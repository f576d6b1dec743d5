#include "output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <utility>

#include "cli_common.hpp"

namespace zkmsm::cli {
namespace {

// Writes all of `bytes` to `fd`; returns 0 or the errno of the failure.
int write_all(int fd, const std::vector<std::uint8_t>& bytes) {
  std::size_t written = 0;
  while (written < bytes.size()) {
    const ssize_t count = write(fd, bytes.data() + written, bytes.size() - written);
    if (count < 0 && errno == EINTR) continue;
    if (count < 0) return errno;
    if (count == 0) return EIO;
    written += static_cast<std::size_t>(count);
  }
  return 0;
}

// A name in `folder` for the temporary file of `name`, unique in this process.
std::string temporary_name(const std::filesystem::path& folder, const std::string& name) {
  static std::atomic<unsigned> counter{0};
  const std::string file = "." + name + ".zkmsm-" + std::to_string(getpid()) + "-" + std::to_string(counter++) + ".tmp";
  return (folder / file).string();
}

// The file a path names with symbolic links, `.` and `..` resolved as far as it exists.
std::filesystem::path resolved(const std::string& path) {
  std::error_code error;
  const std::filesystem::path absolute = std::filesystem::absolute(path, error).lexically_normal();
  if (error) return std::filesystem::path(path).lexically_normal();
  std::filesystem::path result = std::filesystem::weakly_canonical(absolute, error);
  return error ? absolute : result;
}

}  // namespace

OutputFile::OutputFile(std::string path, std::string flag, std::string what)
    : path_(std::move(path)), flag_(std::move(flag)), what_(std::move(what)) {
  struct stat status {};
  const bool exists = stat(path_.c_str(), &status) == 0;
  if (exists && S_ISDIR(status.st_mode)) throw CliError("cannot create " + describe() + ": it is a directory");
  target_ = resolved(path_).string();
  if (exists && !S_ISREG(status.st_mode)) {
    in_place_ = true;
    return;
  }
  std::filesystem::path folder = std::filesystem::path(target_).parent_path();
  if (folder.empty()) folder = ".";
  const std::string name = std::filesystem::path(target_).filename().string();
  // The existing file's permissions carry over; a new file gets the umask's.
  const mode_t mode = exists ? (status.st_mode & 07777) : 0666;
  for (int attempt = 0; fd_ < 0 && attempt < 100; ++attempt) {
    temporary_ = temporary_name(folder, name);
    fd_ = open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd_ < 0 && errno != EEXIST && errno != EINTR) break;
  }
  if (fd_ < 0) {
    const int error = errno;
    temporary_.clear();
    throw CliError("cannot create " + describe() + ": " + std::strerror(error));
  }
  if (exists) fchmod(fd_, mode);
}

OutputFile::~OutputFile() {
  if (fd_ >= 0) close(fd_);
  if (!committed_ && !temporary_.empty()) unlink(temporary_.c_str());
}

void OutputFile::prepare(std::vector<std::uint8_t> bytes) {
  if (in_place_) {
    kept_ = std::move(bytes);
    return;
  }
  int error = write_all(fd_, bytes);
  if (error == 0 && fsync(fd_) != 0 && errno != EINVAL) error = errno;
  const int closed = close(fd_);
  fd_ = -1;
  if (error == 0 && closed != 0) error = errno;
  if (error != 0) throw CliError("cannot write " + describe() + ": " + std::strerror(error));
}

void OutputFile::commit() {
  if (in_place_) {
    const int fd = open(target_.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) throw CliError("cannot open " + describe() + ": " + std::strerror(errno));
    int error = write_all(fd, kept_);
    if (close(fd) != 0 && error == 0) error = errno;
    if (error != 0) throw CliError("cannot write " + describe() + ": " + std::strerror(error));
    committed_ = true;
    return;
  }
  if (rename(temporary_.c_str(), target_.c_str()) != 0)
    throw CliError("cannot replace " + describe() + ": " + std::strerror(errno));
  committed_ = true;
}

void OutputFile::commit_together(OutputFile& a, OutputFile& b) {
  for (OutputFile* output : {&a, &b})
    if (output->in_place_) output->commit();
  for (OutputFile* output : {&a, &b})
    if (!output->in_place_) output->commit();
}

void OutputFile::require_distinct(const OutputFile& a, const OutputFile& b) {
  struct stat a_status {};
  struct stat b_status {};
  const bool a_exists = stat(a.path_.c_str(), &a_status) == 0;
  const bool b_exists = stat(b.path_.c_str(), &b_status) == 0;
  const bool same_file =
      a_exists && b_exists && a_status.st_dev == b_status.st_dev && a_status.st_ino == b_status.st_ino;
  if (!same_file && a.target_ != b.target_) return;
  if (a_exists && S_ISCHR(a_status.st_mode)) return;
  throw CliError(a.flag_ + " '" + a.path_ + "' and " + b.flag_ + " '" + b.path_ + "' are the same file: the " +
                     b.what_ + " would overwrite the " + a.what_ + "; give two different files",
                 2);
}

}  // namespace zkmsm::cli
