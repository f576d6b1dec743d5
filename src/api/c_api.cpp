// The C ABI of zkmsm.h over the C++ API of zkmsm.hpp.
//
// Rules of this file: every extern "C" function is noexcept and catches everything (a C++
// exception must never unwind into C, Rust or Go frames); failures become a zkmsm_status and
// a thread-local message that is stored without allocating, so reporting an out-of-memory
// failure cannot itself fail.
#include "zkmsm/zkmsm.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "zkmsm/msm_config.hpp"
#include "zkmsm/zkmsm.hpp"

namespace {

// ---- layout checks ---------------------------------------------------------------------------

// Caller buffers are reinterpreted as arrays of Point/Scalar without a copy (a copy would double
// the memory of a 2^26-point MSM). Both are implicit-lifetime aggregates of uint64_t limbs with
// no padding, so the caller's uint64_t array already has their object representation.
template <class Curve>
constexpr bool limb_layout_matches() {
  using Point = zkmsm::Point<Curve>;
  using Scalar = zkmsm::Scalar<Curve>;
  return std::is_standard_layout_v<Point> && std::is_trivially_copyable_v<Point> &&
         std::is_trivially_destructible_v<Point> && sizeof(Point) == 8 * sizeof(std::uint64_t) &&
         alignof(Point) == alignof(std::uint64_t) && std::is_trivially_copyable_v<Scalar> &&
         sizeof(Scalar) == 4 * sizeof(std::uint64_t) && alignof(Scalar) == alignof(std::uint64_t) &&
         Curve::base_limbs == 4 && Curve::scalar_limbs == 4;
}
static_assert(limb_layout_matches<zkmsm::Bn254>());
static_assert(limb_layout_matches<zkmsm::Grumpkin>());

// Status codes mirror zkmsm::ErrorCode one to one (zkmsm.h documents them in this order).
constexpr int status_of(zkmsm::ErrorCode code) {
  switch (code) {
    case zkmsm::ErrorCode::invalid_argument:
      return ZKMSM_ERROR_INVALID_ARGUMENT;
    case zkmsm::ErrorCode::point_not_canonical:
      return ZKMSM_ERROR_POINT_NOT_CANONICAL;
    case zkmsm::ErrorCode::point_not_on_curve:
      return ZKMSM_ERROR_POINT_NOT_ON_CURVE;
    case zkmsm::ErrorCode::backend_unavailable:
      return ZKMSM_ERROR_BACKEND_UNAVAILABLE;
    case zkmsm::ErrorCode::out_of_memory:
      return ZKMSM_ERROR_OUT_OF_MEMORY;
    case zkmsm::ErrorCode::device_error:
      return ZKMSM_ERROR_DEVICE_ERROR;
  }
  return ZKMSM_ERROR_INTERNAL;
}

// The first released layouts: a caller's struct_size may never be smaller. These stay fixed
// when options are appended.
constexpr std::size_t kConfigSizeV1 = offsetof(zkmsm_config, cpu_threads) + sizeof(std::uint32_t);
constexpr std::size_t kStatsSizeV1 = offsetof(zkmsm_stats, stages) + sizeof(zkmsm_stats::stages);

// ---- thread-local error message --------------------------------------------------------------

thread_local char last_error_message[512] = "";

// Stores "prefix: detail" (or just detail) for zkmsm_last_error(); never allocates.
void set_last_error(std::string_view detail) noexcept {
  const int length =
      static_cast<int>(detail.size() < sizeof(last_error_message) ? detail.size() : sizeof(last_error_message) - 1);
  std::snprintf(last_error_message, sizeof(last_error_message), "%.*s", length, detail.data());
}

int fail(int status, std::string_view message) noexcept {
  set_last_error(message);
  return status;
}

// ---- enum conversions (values from foreign callers may be anything) ---------------------------

// The integer a caller stored in a C enum object. C lets that be any int, but in C++ reading a
// value outside the enumerators' range as the enum type is undefined (UBSan's -fsanitize=enum
// flags it), so incoming enums are taken by reference and their bytes copied out.
template <class Enum>
std::underlying_type_t<Enum> raw_value(const Enum& value) {
  std::underlying_type_t<Enum> raw;
  std::memcpy(&raw, &value, sizeof(raw));
  return raw;
}

bool to_cpp(const zkmsm_backend& in, zkmsm::Backend& out) {
  switch (raw_value(in)) {
    case ZKMSM_BACKEND_AUTO:
      out = zkmsm::Backend::automatic;
      return true;
    case ZKMSM_BACKEND_CPU:
      out = zkmsm::Backend::cpu;
      return true;
    case ZKMSM_BACKEND_CUDA:
      out = zkmsm::Backend::cuda;
      return true;
    case ZKMSM_BACKEND_VULKAN:
      out = zkmsm::Backend::vulkan;
      return true;
  }
  return false;
}

zkmsm_backend to_c(zkmsm::Backend in) {
  switch (in) {
    case zkmsm::Backend::automatic:
      return ZKMSM_BACKEND_AUTO;
    case zkmsm::Backend::cpu:
      return ZKMSM_BACKEND_CPU;
    case zkmsm::Backend::cuda:
      return ZKMSM_BACKEND_CUDA;
    case zkmsm::Backend::vulkan:
      return ZKMSM_BACKEND_VULKAN;
  }
  return ZKMSM_BACKEND_AUTO;
}

bool to_cpp(const zkmsm_accumulator& in, zkmsm::Accumulator& out) {
  switch (raw_value(in)) {
    case ZKMSM_ACCUMULATOR_AUTO:
      out = zkmsm::Accumulator::automatic;
      return true;
    case ZKMSM_ACCUMULATOR_STREAM_WALKER:
      out = zkmsm::Accumulator::stream_walker;
      return true;
    case ZKMSM_ACCUMULATOR_PAIR_TREE:
      out = zkmsm::Accumulator::pair_tree;
      return true;
    case ZKMSM_ACCUMULATOR_BATCH_AFFINE:
      out = zkmsm::Accumulator::batch_affine;
      return true;
  }
  return false;
}

zkmsm_accumulator to_c(zkmsm::Accumulator in) {
  switch (in) {
    case zkmsm::Accumulator::automatic:
      return ZKMSM_ACCUMULATOR_AUTO;
    case zkmsm::Accumulator::stream_walker:
      return ZKMSM_ACCUMULATOR_STREAM_WALKER;
    case zkmsm::Accumulator::pair_tree:
      return ZKMSM_ACCUMULATOR_PAIR_TREE;
    case zkmsm::Accumulator::batch_affine:
      return ZKMSM_ACCUMULATOR_BATCH_AFFINE;
  }
  return ZKMSM_ACCUMULATOR_AUTO;
}

bool to_cpp(const zkmsm_walker_state& in, zkmsm::WalkerState& out) {
  switch (raw_value(in)) {
    case ZKMSM_WALKER_STATE_REGISTERS:
      out = zkmsm::WalkerState::registers;
      return true;
    case ZKMSM_WALKER_STATE_GLOBAL:
      out = zkmsm::WalkerState::global;
      return true;
    case ZKMSM_WALKER_STATE_WARP:
      out = zkmsm::WalkerState::warp;
      return true;
    case ZKMSM_WALKER_STATE_AUTO:
      out = zkmsm::WalkerState::automatic;
      return true;
    case ZKMSM_WALKER_STATE_GLOBAL_WARP:
      out = zkmsm::WalkerState::global_warp;
      return true;
  }
  return false;
}

zkmsm_walker_state to_c(zkmsm::WalkerState in) {
  switch (in) {
    case zkmsm::WalkerState::registers:
      return ZKMSM_WALKER_STATE_REGISTERS;
    case zkmsm::WalkerState::global:
      return ZKMSM_WALKER_STATE_GLOBAL;
    case zkmsm::WalkerState::warp:
      return ZKMSM_WALKER_STATE_WARP;
    case zkmsm::WalkerState::automatic:
      return ZKMSM_WALKER_STATE_AUTO;
    case zkmsm::WalkerState::global_warp:
      return ZKMSM_WALKER_STATE_GLOBAL_WARP;
  }
  return ZKMSM_WALKER_STATE_AUTO;
}

// ---- configuration ---------------------------------------------------------------------------

// C view of a C++ configuration. The structured binding names every member of MsmConfig, so
// this stops compiling when a member is added or removed: then mirror it in zkmsm_config and
// in to_cpp() below.
zkmsm_config to_c(const zkmsm::MsmConfig& config) {
  const auto& [backend, window_bits, accumulator, walker_slots, walker_threads_per_block, walker_max_blocks,
               walker_state, pair_tree_dx_cache, memory_budget_bytes, validate_points, points_in_montgomery,
               scalars_in_montgomery, cpu_threads, points_on_device, scalars_on_device, cuda_stream, devices] = config;
  zkmsm_config out;
  std::memset(&out, 0, sizeof(out));  // padding too, so that copies compare bytewise
  out.struct_size = sizeof(zkmsm_config);
  out.backend = to_c(backend);
  out.window_bits = window_bits;
  out.accumulator = to_c(accumulator);
  out.walker_slots = walker_slots;
  out.walker_threads_per_block = walker_threads_per_block;
  out.walker_max_blocks = walker_max_blocks;
  out.walker_state = to_c(walker_state);
  out.pair_tree_dx_cache = pair_tree_dx_cache ? 1 : 0;
  out.memory_budget_bytes = memory_budget_bytes;
  out.validate_points = validate_points ? 1 : 0;
  out.points_in_montgomery = points_in_montgomery ? 1 : 0;
  out.scalars_in_montgomery = scalars_in_montgomery ? 1 : 0;
  out.cpu_threads = cpu_threads;
  out.points_on_device = points_on_device ? 1 : 0;
  out.scalars_on_device = scalars_on_device ? 1 : 0;
  out.cuda_stream = cuda_stream;
  // Points into `config`'s list: the C view lives no longer than the configuration it shows
  // (zkmsm_config_init passes a default configuration, whose list is empty: NULL).
  out.devices = devices.empty() ? nullptr : devices.data();
  out.device_count = static_cast<std::uint32_t>(devices.size());
  return out;
}

// Reads a caller's configuration under the struct_size rules of zkmsm.h. Returns ZKMSM_OK or
// an error status with the message already set.
int to_cpp(const zkmsm_config* in, zkmsm::MsmConfig& out) {
  out = zkmsm::MsmConfig{};
  if (in == nullptr) return ZKMSM_OK;
  if (in->struct_size < kConfigSizeV1)
    return fail(ZKMSM_ERROR_INVALID_ARGUMENT,
                "config->struct_size is smaller than any zkmsm_config layout; call zkmsm_config_init()");
  if (in->struct_size > sizeof(zkmsm_config)) {
    const auto* tail = reinterpret_cast<const unsigned char*>(in) + sizeof(zkmsm_config);
    for (std::size_t i = 0; i < in->struct_size - sizeof(zkmsm_config); ++i)
      if (tail[i] != 0)
        return fail(ZKMSM_ERROR_INVALID_ARGUMENT,
                    "config sets options that this version of the library does not know; upgrade zkmsm");
  }
  // Start from the defaults, then take the caller's bytes that this library knows.
  zkmsm_config c = to_c(zkmsm::MsmConfig{});
  std::memcpy(&c, in, in->struct_size < sizeof(c) ? in->struct_size : sizeof(c));

  if (!to_cpp(c.backend, out.backend))
    return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "config->backend is not a zkmsm_backend");
  if (!to_cpp(c.accumulator, out.accumulator))
    return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "config->accumulator is not a zkmsm_accumulator");
  if (!to_cpp(c.walker_state, out.walker_state))
    return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "config->walker_state is not a zkmsm_walker_state");
  if constexpr (sizeof(std::size_t) < sizeof(std::uint64_t)) {
    if (c.memory_budget_bytes > SIZE_MAX)
      return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "config->memory_budget_bytes does not fit in size_t");
  }
  out.window_bits = c.window_bits;
  out.walker_slots = c.walker_slots;
  out.walker_threads_per_block = c.walker_threads_per_block;
  out.walker_max_blocks = c.walker_max_blocks;
  out.pair_tree_dx_cache = c.pair_tree_dx_cache != 0;
  out.memory_budget_bytes = static_cast<std::size_t>(c.memory_budget_bytes);
  out.validate_points = c.validate_points != 0;
  out.points_in_montgomery = c.points_in_montgomery != 0;
  out.scalars_in_montgomery = c.scalars_in_montgomery != 0;
  out.cpu_threads = c.cpu_threads;
  out.points_on_device = c.points_on_device != 0;
  out.scalars_on_device = c.scalars_on_device != 0;
  out.cuda_stream = c.cuda_stream;
  if (c.device_count != 0 && c.devices == nullptr)
    return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "config->devices is NULL but config->device_count is not 0");
  out.devices.assign(c.devices, c.devices + c.device_count);
  return ZKMSM_OK;
}

// ---- statistics ------------------------------------------------------------------------------

template <std::size_t N>
void copy_name(char (&out)[N], std::string_view name) {
  const std::size_t length = name.size() < N ? name.size() : N - 1;
  std::memcpy(out, name.data(), length);
  out[length] = '\0';
}

// Writes the first stats->struct_size bytes of the C view of *in.
void write_stats(const zkmsm::MsmStats& in, zkmsm_stats* stats) {
  zkmsm_stats out;
  std::memset(&out, 0, sizeof(out));
  out.struct_size = stats->struct_size;
  copy_name(out.backend, in.backend);
  copy_name(out.accumulator, in.accumulator);
  out.window_bits = in.window_bits;
  out.windows = in.windows;
  out.total_ms = in.total_milliseconds;
  out.estimated_peak_bytes = in.estimated_peak_bytes;
  out.measured_peak_bytes = in.measured_peak_bytes;
  out.devices = in.devices;
  for (const zkmsm::StageTime& stage : in.stages) {
    if (out.stage_count == ZKMSM_STATS_MAX_STAGES) break;
    zkmsm_stage_time& slot = out.stages[out.stage_count++];
    copy_name(slot.name, stage.name);
    slot.ms = stage.milliseconds;
  }
  std::memcpy(stats, &out, stats->struct_size < sizeof(out) ? stats->struct_size : sizeof(out));
}

// ---- the MSM ---------------------------------------------------------------------------------

int fail_with(const zkmsm::Error& error) noexcept {
  const std::string_view message =
      error.message.empty() ? std::string_view(zkmsm::to_string(error.code)) : std::string_view(error.message);
  return fail(status_of(error.code), message);
}

// Writes a successful call's outputs.
template <class Curve>
int write_result(const zkmsm::Point<Curve>& sum,
                 const zkmsm::MsmStats& cpp_stats,
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

template <class Curve>
int msm_on(const std::uint64_t* points,
           const std::uint64_t* scalars,
           std::size_t n,
           const zkmsm::MsmConfig& config,
           std::uint64_t out_point[8],
           int* out_is_infinity,
           zkmsm_stats* stats) {
  const auto* point_array = reinterpret_cast<const zkmsm::Point<Curve>*>(points);
  const auto* scalar_array = reinterpret_cast<const zkmsm::Scalar<Curve>*>(scalars);

  zkmsm::MsmStats cpp_stats;
  const zkmsm::Result<zkmsm::Point<Curve>> result = zkmsm::msm<Curve>(
      std::span<const zkmsm::Point<Curve>>(point_array, n), std::span<const zkmsm::Scalar<Curve>>(scalar_array, n),
      config, stats != nullptr ? &cpp_stats : nullptr);
  if (!result) return fail_with(result.error());
  return write_result(result.value(), cpp_stats, out_point, out_is_infinity, stats);
}

// Checks of an input array of n elements of `element_limbs` limbs (NULL only when n = 0).
int check_array(const std::uint64_t* array, std::size_t n, std::size_t element_limbs, const char* null_message) {
  if (n > 0 && array == nullptr) return fail(ZKMSM_ERROR_INVALID_ARGUMENT, null_message);
  if (n > SIZE_MAX / (element_limbs * sizeof(std::uint64_t)))
    return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "n is too large: the array's size in bytes overflows size_t");
  if (reinterpret_cast<std::uintptr_t>(array) % alignof(std::uint64_t) != 0)
    return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "points and scalars must be 8-byte aligned uint64_t arrays");
  return ZKMSM_OK;
}

// Checks of the outputs of an MSM call.
int check_outputs(const std::uint64_t* out_point, const zkmsm_stats* stats) {
  if (out_point == nullptr) return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "out_point is NULL");
  if (stats != nullptr && stats->struct_size < kStatsSizeV1)
    return fail(ZKMSM_ERROR_INVALID_ARGUMENT,
                "stats->struct_size is smaller than any zkmsm_stats layout; call zkmsm_stats_init()");
  return ZKMSM_OK;
}

int msm_checked(const zkmsm_curve& curve,
                const std::uint64_t* points,
                const std::uint64_t* scalars,
                std::size_t n,
                const zkmsm_config* config,
                std::uint64_t out_point[8],
                int* out_is_infinity,
                zkmsm_stats* stats) {
  if (const int status = check_outputs(out_point, stats); status != ZKMSM_OK) return status;
  if (const int status = check_array(points, n, 8, "points is NULL but n > 0"); status != ZKMSM_OK) return status;
  if (const int status = check_array(scalars, n, 4, "scalars is NULL but n > 0"); status != ZKMSM_OK) return status;

  zkmsm::MsmConfig cpp_config;
  if (const int status = to_cpp(config, cpp_config); status != ZKMSM_OK) return status;

  switch (raw_value(curve)) {
    case ZKMSM_CURVE_BN254:
      return msm_on<zkmsm::Bn254>(points, scalars, n, cpp_config, out_point, out_is_infinity, stats);
    case ZKMSM_CURVE_GRUMPKIN:
      return msm_on<zkmsm::Grumpkin>(points, scalars, n, cpp_config, out_point, out_is_infinity, stats);
  }
  return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "curve is not a zkmsm_curve");
}

}  // namespace

// ---- bases -----------------------------------------------------------------------------------

// The C handle: one zkmsm::Bases of the curve it was created for.
struct zkmsm_bases {
  std::variant<zkmsm::Bases<zkmsm::Bn254>, zkmsm::Bases<zkmsm::Grumpkin>> bases;
};

namespace {

template <class Curve>
int bases_create_on(const std::uint64_t* points,
                    std::size_t n,
                    const zkmsm::MsmConfig& config,
                    zkmsm_bases** out_bases) {
  const auto* point_array = reinterpret_cast<const zkmsm::Point<Curve>*>(points);
  zkmsm::Result<zkmsm::Bases<Curve>> prepared =
      zkmsm::prepare_bases<Curve>(std::span<const zkmsm::Point<Curve>>(point_array, n), config);
  if (!prepared) return fail_with(prepared.error());
  *out_bases = new zkmsm_bases{std::move(prepared.value())};
  return ZKMSM_OK;
}

int bases_create_checked(const zkmsm_curve& curve,
                         const std::uint64_t* points,
                         std::size_t n,
                         const zkmsm_config* config,
                         zkmsm_bases** out_bases) {
  if (out_bases == nullptr) return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "out_bases is NULL");
  *out_bases = nullptr;
  if (const int status = check_array(points, n, 8, "points is NULL but n > 0"); status != ZKMSM_OK) return status;
  zkmsm::MsmConfig cpp_config;
  if (const int status = to_cpp(config, cpp_config); status != ZKMSM_OK) return status;
  switch (raw_value(curve)) {
    case ZKMSM_CURVE_BN254:
      return bases_create_on<zkmsm::Bn254>(points, n, cpp_config, out_bases);
    case ZKMSM_CURVE_GRUMPKIN:
      return bases_create_on<zkmsm::Grumpkin>(points, n, cpp_config, out_bases);
  }
  return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "curve is not a zkmsm_curve");
}

int bases_msm_checked(const zkmsm_bases* bases,
                      const std::uint64_t* scalars,
                      std::size_t n,
                      const zkmsm_config* config,
                      std::uint64_t out_point[8],
                      int* out_is_infinity,
                      zkmsm_stats* stats) {
  if (bases == nullptr) return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "bases is NULL");
  if (const int status = check_outputs(out_point, stats); status != ZKMSM_OK) return status;
  if (const int status = check_array(scalars, n, 4, "scalars is NULL but n > 0"); status != ZKMSM_OK) return status;
  zkmsm::MsmConfig cpp_config;
  if (const int status = to_cpp(config, cpp_config); status != ZKMSM_OK) return status;
  return std::visit(
      [&](const auto& typed) {
        using Curve = typename std::remove_cvref_t<decltype(typed)>::CurveTag;
        const auto* scalar_array = reinterpret_cast<const zkmsm::Scalar<Curve>*>(scalars);
        zkmsm::MsmStats cpp_stats;
        const zkmsm::Result<zkmsm::Point<Curve>> result =
            zkmsm::msm<Curve>(typed, std::span<const zkmsm::Scalar<Curve>>(scalar_array, n), cpp_config,
                              stats != nullptr ? &cpp_stats : nullptr);
        if (!result) return fail_with(result.error());
        return write_result(result.value(), cpp_stats, out_point, out_is_infinity, stats);
      },
      bases->bases);
}

// ---- batches ---------------------------------------------------------------------------------

// Checks of a batch's arrays: m pointers (NULL only when m = 0), each entry as check_array.
int check_batch(
    const std::uint64_t* const* arrays, const std::size_t* counts, std::size_t m, std::size_t limbs, const char* what) {
  if (m == 0) return ZKMSM_OK;
  if (arrays == nullptr) return fail(ZKMSM_ERROR_INVALID_ARGUMENT, std::string(what) + " is NULL but m > 0");
  for (std::size_t j = 0; j < m; ++j) {
    const std::string message = "msm " + std::to_string(j) + ": " + what + "[" + std::to_string(j) +
                                "] is NULL but counts[" + std::to_string(j) + "] > 0";
    if (const int status = check_array(arrays[j], counts[j], limbs, message.c_str()); status != ZKMSM_OK) return status;
  }
  return ZKMSM_OK;
}

// Checks of a batch's outputs; the stats array's element size is stats[0].struct_size.
int check_batch_outputs(const std::size_t* counts,
                        std::size_t m,
                        const std::uint64_t* out_points,
                        const zkmsm_stats* stats) {
  if (m == 0) return ZKMSM_OK;
  if (counts == nullptr) return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "counts is NULL but m > 0");
  if (out_points == nullptr) return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "out_points is NULL but m > 0");
  if (stats != nullptr && stats->struct_size < kStatsSizeV1)
    return fail(ZKMSM_ERROR_INVALID_ARGUMENT,
                "stats[0].struct_size is smaller than any zkmsm_stats layout; call zkmsm_stats_init()");
  return ZKMSM_OK;
}

// Writes a successful batch's outputs.
template <class Curve>
int write_batch(const std::vector<zkmsm::Point<Curve>>& sums,
                const std::vector<zkmsm::MsmStats>& cpp_stats,
                std::uint64_t* out_points,
                int* out_is_infinity,
                zkmsm_stats* stats) {
  const std::size_t stride = stats != nullptr ? stats->struct_size : 0;
  for (std::size_t j = 0; j < sums.size(); ++j) {
    zkmsm_stats* entry = stats != nullptr
                             ? reinterpret_cast<zkmsm_stats*>(reinterpret_cast<unsigned char*>(stats) + j * stride)
                             : nullptr;
    if (entry != nullptr) entry->struct_size = stride;
    write_result(sums[j], j < cpp_stats.size() ? cpp_stats[j] : zkmsm::MsmStats{}, out_points + 8 * j,
                 out_is_infinity != nullptr ? out_is_infinity + j : nullptr, entry);
  }
  return ZKMSM_OK;
}

template <class Curve>
int msm_batch_on(const std::uint64_t* const* points,
                 const std::uint64_t* const* scalars,
                 const std::size_t* counts,
                 std::size_t m,
                 const zkmsm::MsmConfig& config,
                 std::uint64_t* out_points,
                 int* out_is_infinity,
                 zkmsm_stats* stats) {
  std::vector<zkmsm::MsmInputs<Curve>> msms(m);
  for (std::size_t j = 0; j < m; ++j) {
    msms[j].points = {reinterpret_cast<const zkmsm::Point<Curve>*>(points[j]), counts[j]};
    msms[j].scalars = {reinterpret_cast<const zkmsm::Scalar<Curve>*>(scalars[j]), counts[j]};
  }
  std::vector<zkmsm::MsmStats> cpp_stats;
  const auto result = zkmsm::msm_batch<Curve>(msms, config, stats != nullptr ? &cpp_stats : nullptr);
  if (!result) return fail_with(result.error());
  return write_batch(result.value(), cpp_stats, out_points, out_is_infinity, stats);
}

int msm_batch_checked(const zkmsm_curve& curve,
                      const std::uint64_t* const* points,
                      const std::uint64_t* const* scalars,
                      const std::size_t* counts,
                      std::size_t m,
                      const zkmsm_config* config,
                      std::uint64_t* out_points,
                      int* out_is_infinity,
                      zkmsm_stats* stats) {
  if (const int status = check_batch_outputs(counts, m, out_points, stats); status != ZKMSM_OK) return status;
  if (const int status = check_batch(points, counts, m, 8, "points"); status != ZKMSM_OK) return status;
  if (const int status = check_batch(scalars, counts, m, 4, "scalars"); status != ZKMSM_OK) return status;
  zkmsm::MsmConfig cpp_config;
  if (const int status = to_cpp(config, cpp_config); status != ZKMSM_OK) return status;
  switch (raw_value(curve)) {
    case ZKMSM_CURVE_BN254:
      return msm_batch_on<zkmsm::Bn254>(points, scalars, counts, m, cpp_config, out_points, out_is_infinity, stats);
    case ZKMSM_CURVE_GRUMPKIN:
      return msm_batch_on<zkmsm::Grumpkin>(points, scalars, counts, m, cpp_config, out_points, out_is_infinity, stats);
  }
  return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "curve is not a zkmsm_curve");
}

int bases_msm_batch_checked(const zkmsm_bases* bases,
                            const std::uint64_t* const* scalars,
                            const std::size_t* counts,
                            std::size_t m,
                            const zkmsm_config* config,
                            std::uint64_t* out_points,
                            int* out_is_infinity,
                            zkmsm_stats* stats) {
  if (bases == nullptr) return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "bases is NULL");
  if (const int status = check_batch_outputs(counts, m, out_points, stats); status != ZKMSM_OK) return status;
  if (const int status = check_batch(scalars, counts, m, 4, "scalars"); status != ZKMSM_OK) return status;
  zkmsm::MsmConfig cpp_config;
  if (const int status = to_cpp(config, cpp_config); status != ZKMSM_OK) return status;
  return std::visit(
      [&](const auto& typed) {
        using Curve = typename std::remove_cvref_t<decltype(typed)>::CurveTag;
        std::vector<std::span<const zkmsm::Scalar<Curve>>> sets(m);
        for (std::size_t j = 0; j < m; ++j)
          sets[j] = {reinterpret_cast<const zkmsm::Scalar<Curve>*>(scalars[j]), counts[j]};
        std::vector<zkmsm::MsmStats> cpp_stats;
        const auto result = zkmsm::msm_batch<Curve>(typed, sets, cpp_config, stats != nullptr ? &cpp_stats : nullptr);
        if (!result) return fail_with(result.error());
        return write_batch(result.value(), cpp_stats, out_points, out_is_infinity, stats);
      },
      bases->bases);
}

// Runs body() and turns any escaping exception into a status and message.
template <class Body>
int guarded(Body&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return fail(ZKMSM_ERROR_OUT_OF_MEMORY, "out of host memory");
  } catch (const std::exception& e) {
    set_last_error("internal error: ");
    const std::size_t used = std::strlen(last_error_message);
    std::snprintf(last_error_message + used, sizeof(last_error_message) - used, "%s", e.what());
    return ZKMSM_ERROR_INTERNAL;
  } catch (...) {
    return fail(ZKMSM_ERROR_INTERNAL, "internal error: unknown exception");
  }
}

}  // namespace

extern "C" {

void zkmsm_config_init(zkmsm_config* config) noexcept {
  if (config == nullptr) return;
  *config = to_c(zkmsm::MsmConfig{});
}

void zkmsm_stats_init(zkmsm_stats* stats) noexcept {
  if (stats == nullptr) return;
  std::memset(stats, 0, sizeof(*stats));
  stats->struct_size = sizeof(zkmsm_stats);
}

int zkmsm_msm(zkmsm_curve curve,
              const uint64_t* points,
              const uint64_t* scalars,
              size_t n,
              const zkmsm_config* config,
              uint64_t out_point[8],
              int* out_is_infinity,
              zkmsm_stats* stats) noexcept {
  return guarded([&] { return msm_checked(curve, points, scalars, n, config, out_point, out_is_infinity, stats); });
}

int zkmsm_bases_create(
    zkmsm_curve curve, const uint64_t* points, size_t n, const zkmsm_config* config, zkmsm_bases** out_bases) noexcept {
  return guarded([&] { return bases_create_checked(curve, points, n, config, out_bases); });
}

void zkmsm_bases_destroy(zkmsm_bases* bases) noexcept { delete bases; }

size_t zkmsm_bases_size(const zkmsm_bases* bases) noexcept {
  if (bases == nullptr) return 0;
  return std::visit([](const auto& typed) { return typed.size(); }, bases->bases);
}

int zkmsm_bases_msm(const zkmsm_bases* bases,
                    const uint64_t* scalars,
                    size_t n,
                    const zkmsm_config* config,
                    uint64_t out_point[8],
                    int* out_is_infinity,
                    zkmsm_stats* stats) noexcept {
  return guarded([&] { return bases_msm_checked(bases, scalars, n, config, out_point, out_is_infinity, stats); });
}

int zkmsm_msm_batch(zkmsm_curve curve,
                    const uint64_t* const* points,
                    const uint64_t* const* scalars,
                    const size_t* counts,
                    size_t m,
                    const zkmsm_config* config,
                    uint64_t* out_points,
                    int* out_is_infinity,
                    zkmsm_stats* stats) noexcept {
  return guarded(
      [&] { return msm_batch_checked(curve, points, scalars, counts, m, config, out_points, out_is_infinity, stats); });
}

int zkmsm_bases_msm_batch(const zkmsm_bases* bases,
                          const uint64_t* const* scalars,
                          const size_t* counts,
                          size_t m,
                          const zkmsm_config* config,
                          uint64_t* out_points,
                          int* out_is_infinity,
                          zkmsm_stats* stats) noexcept {
  return guarded(
      [&] { return bases_msm_batch_checked(bases, scalars, counts, m, config, out_points, out_is_infinity, stats); });
}

const char* zkmsm_last_error(void) noexcept { return last_error_message; }

const char* zkmsm_status_string(int status) noexcept {
  switch (status) {
    case ZKMSM_OK:
      return "ok";
    case ZKMSM_ERROR_INVALID_ARGUMENT:
      return "invalid_argument";
    case ZKMSM_ERROR_POINT_NOT_CANONICAL:
      return "point_not_canonical";
    case ZKMSM_ERROR_POINT_NOT_ON_CURVE:
      return "point_not_on_curve";
    case ZKMSM_ERROR_BACKEND_UNAVAILABLE:
      return "backend_unavailable";
    case ZKMSM_ERROR_OUT_OF_MEMORY:
      return "out_of_memory";
    case ZKMSM_ERROR_DEVICE_ERROR:
      return "device_error";
    case ZKMSM_ERROR_INTERNAL:
      return "internal";
    default:
      return "unknown";
  }
}

const char* zkmsm_version(void) noexcept { return zkmsm::version(); }

int zkmsm_backend_available(zkmsm_backend backend) noexcept {
  zkmsm::Backend cpp_backend;
  if (!to_cpp(backend, cpp_backend)) return 0;
  try {
    return zkmsm::backend_available(cpp_backend) ? 1 : 0;
  } catch (...) {
    return 0;
  }
}

}  // extern "C"
