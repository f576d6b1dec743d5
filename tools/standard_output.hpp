// What the CLI writes to stdout, held in memory until the command ends and then written with every
// error checked: a result that cannot be delivered (a full disk, a closed stdout, a failing device)
// is an error, never a silent exit status 0. Every command prints its stdout at its end anyway
// (a result line, a table, a JSON line); progress goes to stderr as it happens.
//
// The standard descriptors are also held open: one the caller closed (`>&-`) gets /dev/null opened
// in the direction it cannot be used (stdin write-only, stdout and stderr read-only), so a file
// the CLI opens never becomes descriptor 1 and reading or writing it fails as on a closed one.
#pragma once

#include <sstream>
#include <streambuf>
#include <string>

namespace zkmsm::cli {

class StandardOutput {
 public:
  // Reserves closed standard descriptors and sends std::cout to the buffer.
  StandardOutput();
  // Gives std::cout its own buffer back.
  ~StandardOutput();
  StandardOutput(const StandardOutput&) = delete;
  StandardOutput& operator=(const StandardOutput&) = delete;

  // Writes what std::cout received to descriptor 1 and closes it: "" on success, else why not
  // (e.g. "stdout is closed", "No space left on device").
  std::string deliver();
  // Drops what std::cout received: a command that failed prints nothing on stdout.
  void discard();

 private:
  std::ostringstream held_;
  std::streambuf* original_ = nullptr;
  bool stdout_was_closed_ = false;
};

}  // namespace zkmsm::cli
