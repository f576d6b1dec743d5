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

// Limbs of a point (x then y) and of a scalar of Curve in the caller's arrays.
template <class Curve>
inline constexpr std::size_t kPointLimbs = 2 * Curve::base_limbs;
template <class Curve>
inline constexpr std::size_t kScalarLimbs = Curve::scalar_limbs;

// f(Curve{}) for the curve tag of a C curve value; invalid_argument for any other value.
template <class F>
int with_curve(const zkmsm_curve& curve, F&& f) {
  switch (raw_value(curve)) {
    case ZKMSM_CURVE_BN254:
      return f(Bn254{});
    case ZKMSM_CURVE_GRUMPKIN:
      return f(Grumpkin{});
    case ZKMSM_CURVE_BLS12_381:
      return f(Bls12381{});
  }
  return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "curve is not a zkmsm_curve");
}

// Writes a successful MSM's outputs: out_point receives x then y, kPointLimbs<Curve> limbs.
template <class Curve>
int write_result(const Point<Curve>& sum,
                 const MsmStats& cpp_stats,
                 std::uint64_t* out_point,
                 int* out_is_infinity,
                 zkmsm_stats* stats) {
  for (std::size_t i = 0; i < Curve::base_limbs; ++i) {
    out_point[i] = sum.x[i];
    out_point[Curve::base_limbs + i] = sum.y[i];
  }
  if (out_is_infinity != nullptr) *out_is_infinity = sum.is_infinity() ? 1 : 0;
  if (stats != nullptr) write_stats(cpp_stats, stats);
  return ZKMSM_OK;
}

}  // namespace zkmsm::c_api
