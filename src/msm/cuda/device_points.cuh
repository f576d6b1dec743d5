// The curve points of the CUDA kernels: the host types of src/curve (AffinePoint, XyzzPoint,
// JacobianPoint — one copy of every formula) over the device field. A point type is templated
// on a curve; DeviceCurveView<Fd> is the curve whose BaseField is the device field Fd, so
//   DeviceAffine<Fd> = AffinePoint<DeviceCurveView<Fd>>  (x, y), (0, 0) = infinity
//   DeviceXyzz<Fd>   = XyzzPoint<DeviceCurveView<Fd>>    (X, Y, ZZ, ZZZ), ZZ = 0 = infinity
//   DeviceJacobian<Fd> = JacobianPoint<DeviceCurveView<Fd>>  (X, Y, Z), Z = 0 = infinity
// all Montgomery form, fully reduced (device_field.cuh). The view is keyed on the field, as
// sppark's xyzz_t<field_t>, so that the kernels' helpers deduce Fd from a point argument; it has
// no b(): the kernels never test y² = x³ + b on a point type (convert_inputs checks with its own
// constant b·R), and generator()/is_on_curve() are not instantiated for it.
#pragma once

#include "curve/affine_point.hpp"
#include "curve/jacobian_point.hpp"
#include "curve/xyzz_point.hpp"
#include "field/prime_field.hpp"
#include "msm/cuda/device_field.cuh"

namespace zkmsm::cuda {

template <class Field>
struct FieldParamsOf;
template <class Params>
struct FieldParamsOf<PrimeField<Params>> {
  using type = Params;
};

// The device field of a curve's base field.
template <class Curve>
using DeviceBase = DeviceField<typename FieldParamsOf<typename Curve::BaseField>::type>;
// The 32-bit constants of a curve's scalar field (for reducing scalars mod r).
template <class Curve>
using DeviceScalarConstants = DeviceFieldConstants<typename FieldParamsOf<typename Curve::ScalarField>::type>;

// The curve of the point types over the device field Fd (see the file comment).
template <class Fd>
struct DeviceCurveView {
  using BaseField = Fd;
};

template <class Fd>
using DeviceAffine = AffinePoint<DeviceCurveView<Fd>>;
template <class Fd>
using DeviceXyzz = XyzzPoint<DeviceCurveView<Fd>>;
template <class Fd>
using DeviceJacobian = JacobianPoint<DeviceCurveView<Fd>>;

// The device types must be bit-compatible with the host ones (inputs are copied as bytes).
template <class Curve>
inline constexpr bool kDeviceLayoutMatches = sizeof(DeviceAffine<DeviceBase<Curve>>) == sizeof(AffinePoint<Curve>) &&
                                             sizeof(DeviceXyzz<DeviceBase<Curve>>) == sizeof(XyzzPoint<Curve>) &&
                                             sizeof(DeviceBase<Curve>) == sizeof(typename Curve::BaseField);

}  // namespace zkmsm::cuda
