// The public names API (include/zkmsm/enum_names.hpp), derived from the tables of
// enum_names.hpp.
#include "enum_names.hpp"

#include <array>
#include <cstddef>
#include <span>
#include <string_view>

#include "zkmsm/zkmsm.hpp"

namespace zkmsm {
namespace {

constexpr const char* kUnknownName = "unknown";

// The public {value, name} view of a table, built at compile time.
template <class Enum>
constexpr auto public_names() {
  constexpr auto& rows = api::EnumTable<Enum>::rows;
  std::array<EnumName<Enum>, rows.size()> names{};
  for (std::size_t i = 0; i < rows.size(); ++i) names[i] = {rows[i].value, rows[i].name};
  return names;
}

template <class Enum>
constexpr auto kPublicNames = public_names<Enum>();

template <class Enum>
const char* name_of(Enum value) {
  const api::EnumRow<Enum>* row = api::row_of(value);
  return row != nullptr ? row->name : kUnknownName;
}

}  // namespace

template <class Enum>
std::span<const EnumName<Enum>> enum_names() {
  return kPublicNames<Enum>;
}

template <class Enum>
bool from_string(std::string_view name, Enum& out) {
  for (const api::EnumRow<Enum>& row : api::EnumTable<Enum>::rows) {
    if (name == row.name) {
      out = row.value;
      return true;
    }
  }
  return false;
}

const char* to_string(ErrorCode code) { return name_of(code); }
const char* to_string(Backend backend) { return name_of(backend); }
const char* to_string(Accumulator accumulator) { return name_of(accumulator); }
const char* to_string(WalkerState state) { return name_of(state); }
const char* to_string(Glv glv) { return name_of(glv); }
const char* to_string(CurveId curve) { return name_of(curve); }

template std::span<const EnumName<Backend>> enum_names<Backend>();
template std::span<const EnumName<Accumulator>> enum_names<Accumulator>();
template std::span<const EnumName<WalkerState>> enum_names<WalkerState>();
template std::span<const EnumName<Glv>> enum_names<Glv>();
template std::span<const EnumName<ErrorCode>> enum_names<ErrorCode>();
template std::span<const EnumName<CurveId>> enum_names<CurveId>();

template bool from_string<Backend>(std::string_view, Backend&);
template bool from_string<Accumulator>(std::string_view, Accumulator&);
template bool from_string<WalkerState>(std::string_view, WalkerState&);
template bool from_string<Glv>(std::string_view, Glv&);
template bool from_string<ErrorCode>(std::string_view, ErrorCode&);
template bool from_string<CurveId>(std::string_view, CurveId&);

}  // namespace zkmsm
