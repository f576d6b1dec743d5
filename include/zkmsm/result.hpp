// Errors of the public API: ErrorCode, Error, and Result<T> (a value or an Error). No function
// of the API throws; every failure comes back as an Error with a message for humans.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace zkmsm {

enum class ErrorCode {
  invalid_argument,       // lengths differ, bad configuration, inputs in the wrong memory
  point_not_canonical,    // a coordinate ≥ p
  point_not_on_curve,     // fails y² = x³ + b (validate_points)
  backend_unavailable,    // the requested backend is not built or has no device
  out_of_memory,          // host or device allocation failed, even after batching
  device_error,           // a GPU runtime error
  point_not_in_subgroup,  // on the curve but outside the prime-order group (BLS12-381 G1; validate_points)
};

struct Error {
  ErrorCode code;
  std::string message;
};

const char* to_string(ErrorCode code);

// A value or an Error.
template <class T>
class Result {
 public:
  Result(T value) : state_(std::move(value)) {}
  Result(Error error) : state_(std::move(error)) {}
  explicit operator bool() const { return state_.index() == 0; }
  bool ok() const { return state_.index() == 0; }
  const T& value() const { return std::get<0>(state_); }
  T& value() { return std::get<0>(state_); }
  const Error& error() const { return std::get<1>(state_); }

 private:
  std::variant<T, Error> state_;
};

}  // namespace zkmsm
