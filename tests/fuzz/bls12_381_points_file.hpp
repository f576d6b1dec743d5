// The fuzz target's BLS12-381 case: a points file in eip2537, le or zcash, decoded by the CLI's
// reader and validated by the library, against expectations computed here (README.md).
#pragma once

#include <cstdint>
#include <span>

#include "file_formats.hpp"

namespace zkmsm::fuzz {

void bls12_381_points_file(std::span<const std::uint8_t> bytes, cli::Format format);

}  // namespace zkmsm::fuzz
