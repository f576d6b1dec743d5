// The inputs of `zkmsm msm`: a points file and a scalars file (README.md, "File formats"), each a
// regular file or a stream (input_file.hpp), read and decoded with every check the CLI makes
// itself: whole points and scalars, equal counts, at most the library's largest MSM.
//
// Checks come as early as the files allow: regular files are checked from their sizes before a
// byte is read (a 1 GiB points file with a 1-scalar file fails at once), and a stream is read no
// further than the count the other file fixes (a points stream stops one point past the scalars
// file's count).
#pragma once

#include <string>
#include <vector>

#include <zkmsm/zkmsm.hpp>

#include "file_formats.hpp"

namespace zkmsm::cli {

template <class Curve>
struct MsmInputs {
  std::vector<Point<Curve>> points;
  std::vector<Scalar<Curve>> scalars;
};

// Throws CliError naming the file at fault: missing, unreadable, not a regular file or pipe, a
// size that is not a multiple of 64 (points) or 32 (scalars), counts that differ, more than
// 2^31 - 1 points.
template <class Curve>
MsmInputs<Curve> read_msm_inputs(const std::string& points_path, const std::string& scalars_path, Format format);

}  // namespace zkmsm::cli
