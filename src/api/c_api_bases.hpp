// The C handle of prepared bases (zkmsm_bases in zkmsm.h): one zkmsm::Bases of the curve it was
// created for. Shared by c_api_bases.cpp (create, use, destroy) and c_api_batch.cpp.
#pragma once

#include <variant>

#include "zkmsm/zkmsm.h"
#include "zkmsm/zkmsm.hpp"

struct zkmsm_bases {
  std::variant<zkmsm::Bases<zkmsm::Bn254>, zkmsm::Bases<zkmsm::Grumpkin>, zkmsm::Bases<zkmsm::Bls12381>> bases;
};
