// An output file of `gen`, written whole or not at all. The bytes go to a temporary file beside
// the target (same folder, so rename() replaces the target in one step) and replace it only when
// commit() is called; an output never committed leaves no file behind and the target as it was.
// `gen` commits its two outputs only once both are complete, so a failed write of the scalars
// leaves no new points file either.
//
// A target that exists and is not a regular file (a FIFO, /dev/null, /dev/stdout) cannot be
// replaced: its bytes are kept in memory and written to it in place by commit(). A symbolic link
// to a regular file is followed: the file it names is replaced.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace zkmsm::cli {

class OutputFile {
 public:
  // Creates the temporary file (a regular target) now, so that a bad path fails before any work.
  // `flag` ("--points") and `what` ("points") name the output in messages. Throws CliError.
  OutputFile(std::string path, std::string flag, std::string what);
  // Removes the temporary file unless committed.
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  // Writes all of `bytes` to the temporary file and closes it (or keeps them for an in-place
  // target). Throws CliError naming the file on any write error (a full disk, ...).
  void prepare(std::vector<std::uint8_t> bytes);
  // Renames the temporary file over the target (or writes the kept bytes in place).
  void commit();
  // Commits both, the in-place targets first: their writes are the ones that can still fail (a
  // full device), and then no file has been replaced yet.
  static void commit_together(OutputFile& a, OutputFile& b);

  // Throws CliError (exit status 2) when `a` and `b` name the same file: the same path after
  // resolving symbolic links and `.`/`..`, or two names of one existing file. Two outputs to one
  // character device (/dev/null) are allowed.
  static void require_distinct(const OutputFile& a, const OutputFile& b);

 private:
  std::string describe() const { return what_ + " file '" + path_ + "'"; }

  std::string path_;       // as given
  std::string flag_;       // the command-line flag that named it
  std::string what_;       // "points", "scalars"
  std::string target_;     // the file replaced: path_ with symbolic links resolved
  std::string temporary_;  // beside target_; empty for an in-place target
  bool in_place_ = false;  // an existing target that is not a regular file
  bool committed_ = false;
  int fd_ = -1;
  std::vector<std::uint8_t> kept_;  // an in-place target's bytes until commit()
};

}  // namespace zkmsm::cli
