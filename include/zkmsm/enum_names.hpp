// The names of the public enums, as the CLI, reports and error messages spell them: one table
// per enum inside the library (src/api/enum_names.hpp), from which to_string, from_string and
// enum_names below and the C ABI's conversions are all derived.
//
//   zkmsm::Backend backend;
//   if (zkmsm::from_string("cuda", backend)) ...          // exact, lower-case names
//   for (const auto& [value, name] : zkmsm::enum_names<zkmsm::Accumulator>()) ...
#pragma once

#include <span>
#include <string_view>

#include "zkmsm/curves.hpp"
#include "zkmsm/msm_config.hpp"
#include "zkmsm/result.hpp"

namespace zkmsm {

// One value of an enum and its name.
template <class Enum>
struct EnumName {
  Enum value;
  const char* name;
};

// Every value of Enum with its name, in declaration order. Defined for Backend, Accumulator,
// WalkerState, Glv, ErrorCode and CurveId.
template <class Enum>
std::span<const EnumName<Enum>> enum_names();

// Sets `out` to the value named `name` (exact match) and returns true; false, leaving `out`
// unchanged, for a name that is not in enum_names<Enum>().
template <class Enum>
bool from_string(std::string_view name, Enum& out);

// The name of a value ("unknown" for a value outside the enum). to_string(ErrorCode) is declared
// in result.hpp, to_string(Backend) and to_string(Accumulator) in zkmsm.hpp.
const char* to_string(WalkerState state);
const char* to_string(Glv glv);
const char* to_string(CurveId curve);

extern template std::span<const EnumName<Backend>> enum_names<Backend>();
extern template std::span<const EnumName<Accumulator>> enum_names<Accumulator>();
extern template std::span<const EnumName<WalkerState>> enum_names<WalkerState>();
extern template std::span<const EnumName<Glv>> enum_names<Glv>();
extern template std::span<const EnumName<ErrorCode>> enum_names<ErrorCode>();
extern template std::span<const EnumName<CurveId>> enum_names<CurveId>();

extern template bool from_string<Backend>(std::string_view, Backend&);
extern template bool from_string<Accumulator>(std::string_view, Accumulator&);
extern template bool from_string<WalkerState>(std::string_view, WalkerState&);
extern template bool from_string<Glv>(std::string_view, Glv&);
extern template bool from_string<ErrorCode>(std::string_view, ErrorCode&);
extern template bool from_string<CurveId>(std::string_view, CurveId&);

}  // namespace zkmsm
