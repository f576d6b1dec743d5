// What every curve of zkmsm shares: y² = x³ + b (a = 0) with its constants written once as
// canonical numbers in the curve's identity card (bn254.hpp, grumpkin.hpp) and turned into
// Montgomery-form field elements here (CRTP: Derived supplies b_small and the generator's hex).
#pragma once

#include "core/bigint.hpp"
#include "core/host_device.hpp"

namespace zkmsm {

template <class Derived, class BaseFieldType, class ScalarFieldType>
struct ShortWeierstrassCurve {
  using BaseField = BaseFieldType;
  using ScalarField = ScalarFieldType;

  ZKMSM_HOST_DEVICE static constexpr BaseField b() { return BaseField::from_i64(Derived::b_small); }
  ZKMSM_HOST_DEVICE static constexpr BaseField generator_x() {
    return BaseField::from_canonical(parse_hex<BaseField::limbs>(Derived::generator_x_hex));
  }
  ZKMSM_HOST_DEVICE static constexpr BaseField generator_y() {
    return BaseField::from_canonical(parse_hex<BaseField::limbs>(Derived::generator_y_hex));
  }
};

}  // namespace zkmsm
