// libFuzzer target: the CLI's file decoders (tools/file_formats.cpp: eip196 and le, points and
// scalars, bn254 and grumpkin; BLS12-381's eip2537, zcash and le points), the library's point
// validation (on the curve, and in G1 for BLS12-381), and zkmsm_msm / the prepared bases of the C
// ABI on tiny inputs (n <= 8) against the reference MSM (src/msm/reference).
//
// Input: byte 0 picks the case (bits 0–1), the curve (bit 2) and the file format (bit 3), or with
// bit 4 set a BLS12-381 points file in the format of bits 5–6 (0 eip2537, 1 le, 2 and 3 zcash:
// bls12_381_points_file.cpp); the rest is read by the case, zero-filled when it runs out:
//   0  points file: the bytes as a points file, decoded; the decoded points validated
//   1  scalars file: the bytes as a scalars file, decoded; an MSM of the scalars on G, 2G, …
//   2  MSM of built points: multiples of G, infinity, copies and negations of earlier points;
//      scalars raw or edge values (0, 1, r − 1, r, r + 1, 2^256 − 1); knobs and input forms
//   3  MSM of raw points: whatever 64-byte points the bytes hold, validated or not
// Every expectation is computed here, independently of the code under test, from the field's
// modulus and arithmetic; a violated one aborts (a crash for libFuzzer), as do the sanitizers.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

#include "api/curve_map.hpp"
#include "bls12_381_points_file.hpp"
#include "curve/jacobian_point.hpp"
#include "file_formats.hpp"
#include "fuzz_support.hpp"
#include "msm/reference/reference_msm.hpp"
#include "msm_inputs.hpp"
#include "zkmsm/zkmsm.h"
#include "zkmsm/zkmsm.hpp"

namespace {

using zkmsm::fuzz::Affine;
using zkmsm::fuzz::BaseField;
using zkmsm::fuzz::fail;
using zkmsm::fuzz::Internal;
using zkmsm::fuzz::MemoryFile;
using zkmsm::fuzz::ScalarField;

// The fuzzer's bytes, read front to back; zeros once they run out.
class FuzzBytes {
 public:
  FuzzBytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }
  std::uint64_t word() {
    std::uint64_t w = 0;
    for (int i = 0; i < 8; ++i) w |= std::uint64_t{byte()} << (8 * i);
    return w;
  }
  std::span<const std::uint8_t> rest() const { return {data_ + at_, size_ - at_}; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

template <class Curve>
using ScalarInteger = typename ScalarField<Curve>::Integer;
using Limbs = std::array<std::uint64_t, 4>;

template <class Curve>
constexpr zkmsm_curve c_curve() {
  return std::is_same_v<Curve, zkmsm::Bn254> ? ZKMSM_CURVE_BN254 : ZKMSM_CURVE_GRUMPKIN;
}

// One 32-byte integer of a file: byte j holds bits 8·(31 − j) … (eip196, big-endian) or 8·j …
// (le) of the value.
Limbs decode_file_integer(const std::uint8_t* bytes, zkmsm::cli::Format format) {
  Limbs limbs{};
  for (std::size_t j = 0; j < 32; ++j) {
    const std::size_t bit = 8 * (format == zkmsm::cli::Format::eip196 ? 31 - j : j);
    limbs[bit / 64] |= std::uint64_t{bytes[j]} << (bit % 64);
  }
  return limbs;
}

template <class Integer>
Integer small_integer(std::uint64_t value) {
  Integer x{};
  x.limb[0] = value;
  return x;
}

template <class Integer>
Integer to_integer(const Limbs& limbs) {
  Integer x{};
  for (std::size_t l = 0; l < 4; ++l) x.limb[l] = limbs[l];
  return x;
}

// Why the library must reject point i: none, a coordinate >= p (always checked when the
// coordinates are converted or validated), or not on the curve (when validated).
enum class PointVerdict { valid, not_canonical, not_on_curve };

template <class Curve>
PointVerdict judge_point(const zkmsm::Point<Curve>& p, bool montgomery, bool validate) {
  using Field = BaseField<Curve>;
  const auto x = to_integer<typename Field::Integer>(p.x);
  const auto y = to_integer<typename Field::Integer>(p.y);
  const bool checked = !montgomery || validate;
  if (checked && (compare(x, Field::modulus()) >= 0 || compare(y, Field::modulus()) >= 0))
    return PointVerdict::not_canonical;
  if (!validate) return PointVerdict::valid;
  const Field fx = montgomery ? Field::from_raw(x) : Field::from_canonical(x);
  const Field fy = montgomery ? Field::from_raw(y) : Field::from_canonical(y);
  if (fx.is_zero() && fy.is_zero()) return PointVerdict::valid;  // (0, 0): infinity
  return fy.squared() == fx.squared() * fx + Internal<Curve>::b() ? PointVerdict::valid : PointVerdict::not_on_curve;
}

// The first rejected point of `points`, as the library must report it: (index, verdict).
template <class Curve>
std::pair<std::size_t, PointVerdict> first_rejected(std::span<const zkmsm::Point<Curve>> points,
                                                    bool montgomery,
                                                    bool validate) {
  for (std::size_t i = 0; i < points.size(); ++i)
    if (const PointVerdict v = judge_point<Curve>(points[i], montgomery, validate); v != PointVerdict::valid)
      return {i, v};
  return {points.size(), PointVerdict::valid};
}

int expected_status(PointVerdict verdict) {
  switch (verdict) {
    case PointVerdict::not_canonical:
      return ZKMSM_ERROR_POINT_NOT_CANONICAL;
    case PointVerdict::not_on_curve:
      return ZKMSM_ERROR_POINT_NOT_ON_CURVE;
    case PointVerdict::valid:
      break;
  }
  return ZKMSM_OK;
}

template <class Curve>
Affine<Curve> internal_point(const zkmsm::Point<Curve>& p) {
  using Field = BaseField<Curve>;
  return {Field::from_canonical(to_integer<typename Field::Integer>(p.x)),
          Field::from_canonical(to_integer<typename Field::Integer>(p.y))};
}

template <class Curve>
zkmsm::Point<Curve> reference_sum(std::span<const zkmsm::Point<Curve>> points,
                                  std::span<const zkmsm::Scalar<Curve>> scalars) {
  std::vector<Affine<Curve>> internal(points.size());
  std::vector<ScalarInteger<Curve>> integers(scalars.size());
  for (std::size_t i = 0; i < points.size(); ++i) internal[i] = internal_point<Curve>(points[i]);
  for (std::size_t i = 0; i < scalars.size(); ++i) integers[i] = to_integer<ScalarInteger<Curve>>(scalars[i]);
  return zkmsm::api::to_public_point<Curve>(zkmsm::reference_msm<Internal<Curve>>(internal, integers));
}

std::string describe(const zkmsm::Point<zkmsm::Bn254>& p) { return zkmsm::cli::point_json<zkmsm::Bn254>(p); }
std::string describe(const zkmsm::Point<zkmsm::Grumpkin>& p) { return zkmsm::cli::point_json<zkmsm::Grumpkin>(p); }

// zkmsm_msm (or, with `bases`, zkmsm_bases_create + zkmsm_bases_msm) on the given arrays; the
// status, and the sum in *out when it is ZKMSM_OK.
template <class Curve>
int c_msm(zkmsm::Point<Curve>* out,
          const std::vector<zkmsm::Point<Curve>>& points,
          const std::vector<zkmsm::Scalar<Curve>>& scalars,
          const zkmsm_config& config,
          bool bases) {
  const auto* point_limbs = points.empty() ? nullptr : points.data()->x.data();
  const auto* scalar_limbs = scalars.empty() ? nullptr : scalars.data()->data();
  std::uint64_t sum[8];
  int is_infinity = -1;
  int status = ZKMSM_OK;
  if (bases) {
    zkmsm_bases* handle = nullptr;
    status = zkmsm_bases_create(c_curve<Curve>(), point_limbs, points.size(), &config, &handle);
    if (status != ZKMSM_OK) {
      FUZZ_CHECK(handle == nullptr, "a failed zkmsm_bases_create returned a handle");
      return status;
    }
    status = zkmsm_bases_msm(handle, scalar_limbs, scalars.size(), &config, sum, &is_infinity, nullptr);
    zkmsm_bases_destroy(handle);
  } else {
    status = zkmsm_msm(c_curve<Curve>(), point_limbs, scalar_limbs, points.size(), &config, sum, &is_infinity, nullptr);
  }
  if (status != ZKMSM_OK) {
    FUZZ_CHECK(zkmsm_last_error()[0] != '\0', "an error without a message");
    return status;
  }
  FUZZ_CHECK(is_infinity == 0 || is_infinity == 1, "is_infinity not written");
  std::copy(sum, sum + 4, out->x.begin());
  std::copy(sum + 4, sum + 8, out->y.begin());
  FUZZ_CHECK((is_infinity == 1) == out->is_infinity(), "is_infinity disagrees with the point");
  return status;
}

zkmsm_config cpu_config() {
  zkmsm_config config;
  zkmsm_config_init(&config);
  config.backend = ZKMSM_BACKEND_CPU;
  return config;
}

// ---- case 0: points file --------------------------------------------------------------------

template <class Curve>
void points_file(std::span<const std::uint8_t> bytes, zkmsm::cli::Format format) {
  const MemoryFile file(bytes);
  // A scalars file of the points file's count (zeros), so that only the points file can be at fault.
  const MemoryFile scalars_file(std::vector<std::uint8_t>(32 * (bytes.size() / 64)));
  std::vector<zkmsm::Point<Curve>> points;
  try {
    const auto inputs = zkmsm::cli::read_msm_inputs<Curve>(file.path(), scalars_file.path(), format);
    points.assign(inputs.points.begin(), inputs.points.end());
  } catch (const zkmsm::cli::CliError& e) {
    FUZZ_CHECK(bytes.size() % 64 != 0, std::string("a whole points file refused: ") + e.what());
    FUZZ_CHECK(std::string(e.what()).find("not a multiple of 64") != std::string::npos, e.what());
    return;
  }
  FUZZ_CHECK(bytes.size() % 64 == 0, "a truncated points file accepted");
  FUZZ_CHECK(points.size() == bytes.size() / 64, "wrong point count");
  for (std::size_t i = 0; i < points.size(); ++i) {
    FUZZ_CHECK(points[i].x == decode_file_integer(&bytes[64 * i], format), "x decoded wrongly");
    FUZZ_CHECK(points[i].y == decode_file_integer(&bytes[64 * i + 32], format), "y decoded wrongly");
  }
  // The library's validation of the decoded points (C++ API): the first bad point, its reason.
  zkmsm::MsmConfig config;
  config.backend = zkmsm::Backend::cpu;
  const auto bases = zkmsm::prepare_bases<Curve>(std::span<const zkmsm::Point<Curve>>(points), config);
  const auto [index, verdict] = first_rejected<Curve>(points, false, true);
  if (verdict == PointVerdict::valid) {
    FUZZ_CHECK(static_cast<bool>(bases), bases ? "" : bases.error().message);
    FUZZ_CHECK(bases.value().size() == points.size(), "bases of the wrong size");
    return;
  }
  FUZZ_CHECK(!bases, "a bad point accepted at index " + std::to_string(index));
  const zkmsm::ErrorCode code = verdict == PointVerdict::not_canonical ? zkmsm::ErrorCode::point_not_canonical
                                                                       : zkmsm::ErrorCode::point_not_on_curve;
  FUZZ_CHECK(bases.error().code == code, bases.error().message);
  FUZZ_CHECK(bases.error().message.find("point " + std::to_string(index)) != std::string::npos,
             bases.error().message + " (expected point " + std::to_string(index) + ")");
}

// ---- case 1: scalars file -------------------------------------------------------------------

template <class Curve>
void scalars_file(std::span<const std::uint8_t> bytes, zkmsm::cli::Format format) {
  const MemoryFile file(bytes);
  // A points file of the scalars file's count (points at infinity), so that only the scalars file
  // can be at fault.
  const MemoryFile points_file(std::vector<std::uint8_t>(64 * (bytes.size() / 32)));
  std::vector<zkmsm::Scalar<Curve>> scalars;
  try {
    const auto inputs = zkmsm::cli::read_msm_inputs<Curve>(points_file.path(), file.path(), format);
    scalars.assign(inputs.scalars.begin(), inputs.scalars.end());
  } catch (const zkmsm::cli::CliError& e) {
    FUZZ_CHECK(bytes.size() % 32 != 0, std::string("a whole scalars file refused: ") + e.what());
    FUZZ_CHECK(std::string(e.what()).find("not a multiple of 32") != std::string::npos, e.what());
    return;
  }
  FUZZ_CHECK(bytes.size() % 32 == 0, "a truncated scalars file accepted");
  FUZZ_CHECK(scalars.size() == bytes.size() / 32, "wrong scalar count");
  for (std::size_t i = 0; i < scalars.size(); ++i)
    FUZZ_CHECK(scalars[i] == decode_file_integer(&bytes[32 * i], format), "scalar decoded wrongly");
  // Σ sᵢ·(i + 1)·G on the first eight.
  scalars.resize(std::min<std::size_t>(scalars.size(), 8));
  std::vector<zkmsm::Point<Curve>> points(scalars.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    const auto multiple =
        zkmsm::scalar_mul_vartime(Affine<Curve>::generator(), small_integer<ScalarInteger<Curve>>(i + 1));
    points[i] = zkmsm::api::to_public_point<Curve>(multiple.to_affine());
  }
  zkmsm::Point<Curve> sum;
  const int status = c_msm<Curve>(&sum, points, scalars, cpu_config(), false);
  FUZZ_CHECK(status == ZKMSM_OK, zkmsm_last_error());
  const zkmsm::Point<Curve> expected = reference_sum<Curve>(points, scalars);
  FUZZ_CHECK(sum == expected, describe(sum) + " != " + describe(expected));
}

// ---- cases 2 and 3: MSMs --------------------------------------------------------------------

// The knobs and input forms of an MSM, from one byte each.
struct MsmChoices {
  unsigned window_bits = 0;
  bool points_in_montgomery = false;
  bool scalars_in_montgomery = false;
  bool validate = true;
  bool bases = false;
  bool batch_affine = false;
  unsigned threads = 0;
};

MsmChoices read_choices(FuzzBytes& in) {
  MsmChoices choices;
  choices.window_bits = in.byte() % 24;  // 0 (the cost model), 1 and 23 (refused), 2 … 22
  const std::uint8_t flags = in.byte();
  choices.points_in_montgomery = (flags & 1) != 0;
  choices.scalars_in_montgomery = (flags & 2) != 0;
  choices.validate = (flags & 4) == 0;
  choices.bases = (flags & 8) != 0;
  choices.batch_affine = (flags & 16) != 0;
  choices.threads = (flags >> 5) & 3;
  return choices;
}

zkmsm_config config_for(const MsmChoices& choices) {
  zkmsm_config config = cpu_config();
  config.window_bits = choices.window_bits;
  config.points_in_montgomery = choices.points_in_montgomery;
  config.scalars_in_montgomery = choices.scalars_in_montgomery;
  config.validate_points = choices.validate;
  config.accumulator = choices.batch_affine ? ZKMSM_ACCUMULATOR_BATCH_AFFINE : ZKMSM_ACCUMULATOR_AUTO;
  config.cpu_threads = choices.threads;
  return config;
}

// A scalar: raw 256 bits, or an edge value around the group order r.
template <class Curve>
zkmsm::Scalar<Curve> read_scalar(FuzzBytes& in) {
  using Integer = ScalarInteger<Curve>;
  const std::uint8_t kind = in.byte();
  zkmsm::Scalar<Curve> s{};
  if (kind % 4 != 0) {
    for (auto& limb : s) limb = in.word();
    return s;
  }
  const Integer& r = ScalarField<Curve>::modulus();
  Integer value{};
  switch ((kind >> 2) % 6) {
    case 0:
      break;
    case 1:
      value.limb[0] = 1;
      break;
    case 2:
      value = r;
      value.limb[0] -= 1;  // r is odd
      break;
    case 3:
      value = r;
      break;
    case 4:
      value = r;
      value.limb[0] += 1;  // r is odd: no carry
      break;
    default:
      for (auto& limb : value.limb) limb = ~std::uint64_t{0};
      break;
  }
  for (std::size_t l = 0; l < 4; ++l) s[l] = value.limb[l];
  return s;
}

// The Montgomery forms the caller passes with points_in_montgomery / scalars_in_montgomery.
template <class Curve>
zkmsm::Point<Curve> montgomery_point(const zkmsm::Point<Curve>& p) {
  const Affine<Curve> internal = internal_point<Curve>(p);
  zkmsm::Point<Curve> out;
  for (std::size_t l = 0; l < 4; ++l) {
    out.x[l] = internal.x.raw().limb[l];
    out.y[l] = internal.y.raw().limb[l];
  }
  return out;
}

template <class Curve>
zkmsm::Scalar<Curve> montgomery_scalar(const zkmsm::Scalar<Curve>& s) {
  const auto reduced = reduce_mod(to_integer<ScalarInteger<Curve>>(s), ScalarField<Curve>::modulus());
  const auto raw = ScalarField<Curve>::from_canonical(reduced).raw();
  zkmsm::Scalar<Curve> out;
  for (std::size_t l = 0; l < 4; ++l) out[l] = raw.limb[l];
  return out;
}

bool window_refused(unsigned window_bits) { return window_bits == 1 || window_bits > 22; }

template <class Curve>
void msm_of_built_points(FuzzBytes& in) {
  const std::size_t n = in.byte() % 9;
  const MsmChoices choices = read_choices(in);
  std::vector<Affine<Curve>> built(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t kind = in.byte();
    const std::size_t earlier = i == 0 ? 0 : (kind >> 2) % i;
    if (kind % 4 == 0) {
      built[i] = Affine<Curve>::infinity();
    } else if (kind % 4 == 2 && i > 0) {
      built[i] = built[earlier];
    } else if (kind % 4 == 3 && i > 0) {
      built[i] = -built[earlier];
    } else {
      const auto k = small_integer<ScalarInteger<Curve>>(1 + (kind >> 2));
      built[i] = zkmsm::scalar_mul_vartime(Affine<Curve>::generator(), k).to_affine();
    }
  }
  std::vector<zkmsm::Point<Curve>> points(n);
  std::vector<zkmsm::Scalar<Curve>> scalars(n);
  for (std::size_t i = 0; i < n; ++i) {
    points[i] = zkmsm::api::to_public_point<Curve>(built[i]);
    scalars[i] = read_scalar<Curve>(in);
  }
  const zkmsm::Point<Curve> expected = reference_sum<Curve>(points, scalars);
  std::vector<zkmsm::Point<Curve>> passed_points = points;
  std::vector<zkmsm::Scalar<Curve>> passed_scalars = scalars;
  if (choices.points_in_montgomery)
    for (auto& p : passed_points) p = montgomery_point<Curve>(p);
  if (choices.scalars_in_montgomery)
    for (auto& s : passed_scalars) s = montgomery_scalar<Curve>(s);

  zkmsm::Point<Curve> sum;
  const bool bases = choices.bases && n > 0;
  const int status = c_msm<Curve>(&sum, passed_points, passed_scalars, config_for(choices), bases);
  if (window_refused(choices.window_bits)) {
    FUZZ_CHECK(status == ZKMSM_ERROR_INVALID_ARGUMENT, zkmsm_last_error());
    return;
  }
  FUZZ_CHECK(status == ZKMSM_OK, zkmsm_last_error());
  FUZZ_CHECK(sum == expected, describe(sum) + " != " + describe(expected) + " (n = " + std::to_string(n) +
                                  ", c = " + std::to_string(choices.window_bits) + ")");
}

template <class Curve>
void msm_of_raw_points(FuzzBytes& in) {
  const std::size_t n = in.byte() % 9;
  MsmChoices choices = read_choices(in);
  choices.window_bits = window_refused(choices.window_bits) ? 0 : choices.window_bits;
  std::vector<zkmsm::Point<Curve>> points(n);
  std::vector<zkmsm::Scalar<Curve>> scalars(n);
  for (std::size_t i = 0; i < n; ++i) {
    for (auto& limb : points[i].x) limb = in.word();
    for (auto& limb : points[i].y) limb = in.word();
    scalars[i] = read_scalar<Curve>(in);
  }
  zkmsm::Point<Curve> sum;
  const int status = c_msm<Curve>(&sum, points, scalars, config_for(choices), choices.bases && n > 0);
  const auto [index, verdict] = first_rejected<Curve>(points, choices.points_in_montgomery, choices.validate);
  FUZZ_CHECK(status == expected_status(verdict), std::string(zkmsm_last_error()) + " (expected status " +
                                                     std::to_string(expected_status(verdict)) + " for point " +
                                                     std::to_string(index) + ")");
  if (verdict != PointVerdict::valid) {
    const std::string message = zkmsm_last_error();
    FUZZ_CHECK(message.find("point " + std::to_string(index)) != std::string::npos, message);
    return;
  }
  // Valid points (checked here): the exact sum. Unvalidated points off the curve have none.
  if (!choices.validate &&
      first_rejected<Curve>(points, choices.points_in_montgomery, true).second != PointVerdict::valid)
    return;
  std::vector<zkmsm::Point<Curve>> canonical = points;
  if (choices.points_in_montgomery)
    for (auto& p : canonical) {
      const Affine<Curve> internal{BaseField<Curve>::from_raw(to_integer<typename BaseField<Curve>::Integer>(p.x)),
                                   BaseField<Curve>::from_raw(to_integer<typename BaseField<Curve>::Integer>(p.y))};
      p = zkmsm::api::to_public_point<Curve>(internal);
    }
  std::vector<zkmsm::Scalar<Curve>> canonical_scalars = scalars;
  if (choices.scalars_in_montgomery)
    for (auto& s : canonical_scalars) {
      const auto reduced = reduce_mod(to_integer<ScalarInteger<Curve>>(s), ScalarField<Curve>::modulus());
      const auto value = ScalarField<Curve>::from_raw(reduced).to_canonical();
      for (std::size_t l = 0; l < 4; ++l) s[l] = value.limb[l];
    }
  const zkmsm::Point<Curve> expected = reference_sum<Curve>(canonical, canonical_scalars);
  FUZZ_CHECK(sum == expected, describe(sum) + " != " + describe(expected));
}

template <class Curve>
void run_case(unsigned which, zkmsm::cli::Format format, FuzzBytes& in) {
  switch (which) {
    case 0:
      points_file<Curve>(in.rest(), format);
      break;
    case 1:
      scalars_file<Curve>(in.rest(), format);
      break;
    case 2:
      msm_of_built_points<Curve>(in);
      break;
    default:
      msm_of_raw_points<Curve>(in);
      break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzBytes in(data, size);
  const std::uint8_t selector = in.byte();
  if ((selector & 16) != 0) {
    constexpr zkmsm::cli::Format kBlsFormats[] = {zkmsm::cli::Format::eip2537, zkmsm::cli::Format::le,
                                                  zkmsm::cli::Format::zcash, zkmsm::cli::Format::zcash};
    zkmsm::fuzz::bls12_381_points_file(in.rest(), kBlsFormats[(selector >> 5) & 3]);
    return 0;
  }
  const unsigned which = selector & 3;
  const auto format = (selector & 8) != 0 ? zkmsm::cli::Format::le : zkmsm::cli::Format::eip196;
  if ((selector & 4) != 0) {
    run_case<zkmsm::Grumpkin>(which, format, in);
  } else {
    run_case<zkmsm::Bn254>(which, format, in);
  }
  return 0;
}
