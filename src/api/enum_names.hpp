// The one table of names per public enum: for each value its C++ enumerator, its name (the CLI's
// spelling, to_string's result) and its constant in the C ABI (zkmsm.h). The public to_string,
// from_string and enum_names (include/zkmsm/enum_names.hpp) and the C ABI's conversions
// (c_api_translate.cpp) are all read from here, so adding an enumerator is one row.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

#include "zkmsm/enum_names.hpp"
#include "zkmsm/zkmsm.h"

namespace zkmsm::api {

template <class Enum>
struct EnumRow {
  Enum value;
  const char* name;
  int c_value;
};

// Rows in declaration order of the C++ enum.
template <class Enum>
struct EnumTable;

template <>
struct EnumTable<Backend> {
  static constexpr std::array<EnumRow<Backend>, 5> rows{{
      {Backend::automatic, "auto", ZKMSM_BACKEND_AUTO},
      {Backend::cpu, "cpu", ZKMSM_BACKEND_CPU},
      {Backend::cuda, "cuda", ZKMSM_BACKEND_CUDA},
      {Backend::vulkan, "vulkan", ZKMSM_BACKEND_VULKAN},
      {Backend::webgpu, "webgpu", ZKMSM_BACKEND_WEBGPU},
  }};
};

template <>
struct EnumTable<Accumulator> {
  static constexpr std::array<EnumRow<Accumulator>, 5> rows{{
      {Accumulator::automatic, "auto", ZKMSM_ACCUMULATOR_AUTO},
      {Accumulator::stream_walker, "stream_walker", ZKMSM_ACCUMULATOR_STREAM_WALKER},
      {Accumulator::pair_tree, "pair_tree", ZKMSM_ACCUMULATOR_PAIR_TREE},
      {Accumulator::batch_affine, "batch_affine", ZKMSM_ACCUMULATOR_BATCH_AFFINE},
      {Accumulator::xyzz, "xyzz", ZKMSM_ACCUMULATOR_XYZZ},
  }};
};

template <>
struct EnumTable<WalkerState> {
  static constexpr std::array<EnumRow<WalkerState>, 5> rows{{
      {WalkerState::automatic, "auto", ZKMSM_WALKER_STATE_AUTO},
      {WalkerState::registers, "registers", ZKMSM_WALKER_STATE_REGISTERS},
      {WalkerState::global, "global", ZKMSM_WALKER_STATE_GLOBAL},
      {WalkerState::warp, "warp", ZKMSM_WALKER_STATE_WARP},
      {WalkerState::global_warp, "global_warp", ZKMSM_WALKER_STATE_GLOBAL_WARP},
  }};
};

template <>
struct EnumTable<Glv> {
  static constexpr std::array<EnumRow<Glv>, 3> rows{{
      {Glv::automatic, "auto", ZKMSM_GLV_AUTO},
      {Glv::on, "on", ZKMSM_GLV_ON},
      {Glv::off, "off", ZKMSM_GLV_OFF},
  }};
};

// The C values are zkmsm_status codes; ZKMSM_OK and ZKMSM_ERROR_INTERNAL have no ErrorCode.
template <>
struct EnumTable<ErrorCode> {
  static constexpr std::array<EnumRow<ErrorCode>, 7> rows{{
      {ErrorCode::invalid_argument, "invalid_argument", ZKMSM_ERROR_INVALID_ARGUMENT},
      {ErrorCode::point_not_canonical, "point_not_canonical", ZKMSM_ERROR_POINT_NOT_CANONICAL},
      {ErrorCode::point_not_on_curve, "point_not_on_curve", ZKMSM_ERROR_POINT_NOT_ON_CURVE},
      {ErrorCode::backend_unavailable, "backend_unavailable", ZKMSM_ERROR_BACKEND_UNAVAILABLE},
      {ErrorCode::out_of_memory, "out_of_memory", ZKMSM_ERROR_OUT_OF_MEMORY},
      {ErrorCode::device_error, "device_error", ZKMSM_ERROR_DEVICE_ERROR},
      {ErrorCode::point_not_in_subgroup, "point_not_in_subgroup", ZKMSM_ERROR_POINT_NOT_IN_SUBGROUP},
  }};
};

template <>
struct EnumTable<CurveId> {
  static constexpr std::array<EnumRow<CurveId>, 3> rows{{
      {CurveId::bn254, "bn254", ZKMSM_CURVE_BN254},
      {CurveId::grumpkin, "grumpkin", ZKMSM_CURVE_GRUMPKIN},
      {CurveId::bls12_381, "bls12_381", ZKMSM_CURVE_BLS12_381},
  }};
};

// The row of a C++ value; nullptr for a value outside the enum.
template <class Enum>
constexpr const EnumRow<Enum>* row_of(Enum value) {
  for (const EnumRow<Enum>& row : EnumTable<Enum>::rows)
    if (row.value == value) return &row;
  return nullptr;
}

// The C++ value of a C constant; empty for an integer that names no value (a foreign caller's
// enum object may hold any int).
template <class Enum>
constexpr std::optional<Enum> from_c_value(int c_value) {
  for (const EnumRow<Enum>& row : EnumTable<Enum>::rows)
    if (row.c_value == c_value) return row.value;
  return std::nullopt;
}

// The C constant of a C++ value; `fallback` for a value outside the enum.
template <class Enum>
constexpr int to_c_value(Enum value, int fallback) {
  const EnumRow<Enum>* row = row_of(value);
  return row != nullptr ? row->c_value : fallback;
}

}  // namespace zkmsm::api
