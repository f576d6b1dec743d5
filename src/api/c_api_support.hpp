// The pieces every file of the C ABI (zkmsm.h over zkmsm.hpp) shares: failure reporting,
// argument checks, the translation of configurations and statistics, and the exception guard.
//
// Rules of the C ABI: every extern "C" function is noexcept and catches everything (a C++
// exception must never unwind into C, Rust or Go frames); failures become a zkmsm_status and a
// thread-local message that is stored without allocating, so reporting an out-of-memory failure
// cannot itself fail.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <new>
#include <string_view>
#include <type_traits>

#include "zkmsm/msm_config.hpp"
#include "zkmsm/zkmsm.h"
#include "zkmsm/zkmsm.hpp"

namespace zkmsm::c_api {

// The first released layouts: a caller's struct_size may never be smaller. These stay fixed
// when options are appended.
inline constexpr std::size_t kConfigSizeV1 = offsetof(zkmsm_config, cpu_threads) + sizeof(std::uint32_t);
inline constexpr std::size_t kStatsSizeV1 = offsetof(zkmsm_stats, stages) + sizeof(zkmsm_stats::stages);

// ---- failures (c_api_status.cpp) ----------------------------------------------------------------

// Stores `detail` for zkmsm_last_error(), cut to the buffer; never allocates.
void set_last_error(std::string_view detail) noexcept;

// Stores `message` and returns `status`.
int fail(int status, std::string_view message) noexcept;

// The status and message of a C++ API error.
int fail_with(const Error& error) noexcept;

// ZKMSM_ERROR_INTERNAL with "internal error: <what>"; never allocates.
int fail_internal(const char* what) noexcept;

// Runs body() and turns any escaping exception into a status and message.
template <class Body>
int guarded(Body&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return fail(ZKMSM_ERROR_OUT_OF_MEMORY, "out of host memory");
  } catch (const std::exception& e) {
    return fail_internal(e.what());
  } catch (...) {
    return fail(ZKMSM_ERROR_INTERNAL, "internal error: unknown exception");
  }
}

// ---- foreign values -----------------------------------------------------------------------------

// The integer a caller stored in a C enum object. C lets that be any int, but in C++ reading a
// value outside the enumerators' range as the enum type is undefined (UBSan's -fsanitize=enum
// flags it), so incoming enums are taken by reference and their bytes copied out.
template <class Enum>
std::underlying_type_t<Enum> raw_value(const Enum& value) {
  std::underlying_type_t<Enum> raw;
  std::memcpy(&raw, &value, sizeof(raw));
  return raw;
}

// ---- translation (c_api_translate.cpp) ----------------------------------------------------------

// The C view of a C++ configuration; its `devices` points into `config`'s list.
zkmsm_config to_c(const MsmConfig& config);

// Reads a caller's configuration (NULL: the defaults) under the struct_size rules of zkmsm.h.
// Returns ZKMSM_OK or an error status with the message already set.
int to_cpp(const zkmsm_config* in, MsmConfig& out);

// The C++ value of a caller's zkmsm_backend; false for an int that names no backend.
bool to_cpp(const zkmsm_backend& in, Backend& out);

// Writes the first stats->struct_size bytes of the C view of `in`.
void write_stats(const MsmStats& in, zkmsm_stats* stats);

// ---- checks and outputs (c_api_msm.cpp) ---------------------------------------------------------

// Checks of an input array of n elements of `element_limbs` limbs (NULL only when n = 0).
int check_array(const std::uint64_t* array, std::size_t n, std::size_t element_limbs, const char* null_message);

// Checks of the outputs of one MSM.
int check_outputs(const std::uint64_t* out_point, const zkmsm_stats* stats);

// Writes a successful MSM's outputs.
template <class Curve>
int write_result(const Point<Curve>& sum,
                 const MsmStats& cpp_stats,
                 std::uint64_t out_point[8],
                 int* out_is_infinity,
                 zkmsm_stats* stats) {
  for (std::size_t i = 0; i < 4; ++i) {
    out_point[i] = sum.x[i];
    out_point[4 + i] = sum.y[i];
  }
  if (out_is_infinity != nullptr) *out_is_infinity = sum.is_infinity() ? 1 : 0;
  if (stats != nullptr) write_stats(cpp_stats, stats);
  return ZKMSM_OK;
}

}  // namespace zkmsm::c_api
