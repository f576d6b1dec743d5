// The inputs of `zkmsm msm`: a points file and a scalars file (README.md, "File formats"), each a
// regular file or a stream (input_file.hpp), read and decoded with every check the CLI makes
// itself: whole points and scalars, equal counts, at most the library's largest MSM.
//
// Checks come as early as the files allow: regular files are checked from their sizes before a
// byte is read (a 1 GiB points file with a 1-scalar file fails at once), and a stream is read no
// further than the count the other file fixes (a points stream stops one point past the scalars
// file's count).
#pragma once

#include <span>
#include <string>
#include <vector>

#include <zkmsm/host_buffer.hpp>
#include <zkmsm/zkmsm.hpp>

#include "file_formats.hpp"

namespace zkmsm::cli {

// The decoded inputs as spans, over the arrays that hold them: HostBuffers (regular files whose
// points are read in place: huge pages where the OS has them, no zero fill) or vectors (streams,
// the BLS12-381 encodings that decode into a new array).
template <class Curve>
struct MsmInputs {
  std::span<const Point<Curve>> points;
  std::span<const Scalar<Curve>> scalars;
  HostBuffer<Point<Curve>> point_buffer;
  HostBuffer<Scalar<Curve>> scalar_buffer;
  std::vector<Point<Curve>> point_vector;
  std::vector<Scalar<Curve>> scalar_vector;
};

// Throws CliError naming the file at fault: missing, unreadable, not a regular file or pipe, a
// size that is not a multiple of 64 (points) or 32 (scalars), counts that differ, more than
// 2^31 - 1 points.
template <class Curve>
MsmInputs<Curve> read_msm_inputs(const std::string& points_path, const std::string& scalars_path, Format format);

}  // namespace zkmsm::cli
