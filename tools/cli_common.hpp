// Shared pieces of the zkmsm CLI: the error type, curve dispatch, names of enums, small helpers.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <zkmsm/zkmsm.hpp>

namespace zkmsm::cli {

// Every failure the CLI reports: main() prints "zkmsm: error: <what>" to stderr and exits with
// exit_code. Nothing is written to stdout on an error.
class CliError : public std::runtime_error {
 public:
  explicit CliError(const std::string& what, int exit_code = 1) : std::runtime_error(what), exit_code_(exit_code) {}
  int exit_code() const { return exit_code_; }

 private:
  int exit_code_;
};

// A 32-byte integer (a scalar of every curve, a coordinate of BN254 and Grumpkin) as limbs.
static_assert(Bn254::base_limbs == 4 && Grumpkin::base_limbs == 4 && Bls12381::scalar_limbs == 4);
using Limbs = std::array<std::uint64_t, 4>;

// Names accepted on the command line, mapped to the library's enums (CLI11 transformers use them):
// the library's own names (zkmsm::enum_names), printed back with zkmsm::to_string.
const std::map<std::string, CurveId>& curve_names();
const std::map<std::string, Backend>& backend_names();  // "auto", "cpu", "cuda", "vulkan"
const std::map<std::string, Accumulator>& accumulator_names();
const std::map<std::string, WalkerState>& walker_state_names();
// "auto" / "cpu" / "cuda" / "vulkan", as a std::string for JSON keys.
std::string backend_name(Backend backend);
// Throws CliError unless the backend is compiled in and has a usable device.
void require_backend(Backend backend);

// Calls f(Curve{}) with the curve tag type for `curve`; returns what f returns.
template <class F>
auto with_curve(CurveId curve, F&& f) {
  switch (curve) {
    case CurveId::grumpkin:
      return f(Grumpkin{});
    case CurveId::bls12_381:
      return f(Bls12381{});
    case CurveId::bn254:
    default:
      return f(Bn254{});
  }
}

// The message for a failed msm() call, naming the points file for input errors.
std::string describe_msm_error(const Error& error, const std::string& points_file);

// Milliseconds since `start` on the steady clock.
double elapsed_ms(std::chrono::steady_clock::time_point start);

// Median (mean of the middle two for even sizes) and minimum; 0 for an empty vector.
double median(std::vector<double> values);
double minimum(const std::vector<double>& values);

}  // namespace zkmsm::cli
