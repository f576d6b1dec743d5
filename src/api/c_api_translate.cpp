// The C ABI's translation between zkmsm.h's structs and enums and the C++ API's: configurations
// in, statistics out, enums through the one table of enum_names.hpp. Also the C entry points
// that are translation alone (init functions, version, backend_available).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "c_api_support.hpp"
#include "enum_names.hpp"

namespace zkmsm::c_api {
namespace {

// A caller's enum value in C++; false for an int that names no value.
template <class CEnum, class Enum>
bool enum_to_cpp(const CEnum& in, Enum& out) {
  const auto value = api::from_c_value<Enum>(static_cast<int>(raw_value(in)));
  if (!value) return false;
  out = *value;
  return true;
}

// The C constant of a C++ value; a value outside the enum becomes the C enum's automatic choice
// (its value 0 for backend and accumulator, ZKMSM_WALKER_STATE_AUTO for the walker state).
template <class CEnum, class Enum>
CEnum enum_to_c(Enum in, CEnum automatic) {
  return static_cast<CEnum>(api::to_c_value(in, automatic));
}

template <std::size_t N>
void copy_name(char (&out)[N], std::string_view name) {
  const std::size_t length = name.size() < N ? name.size() : N - 1;
  std::memcpy(out, name.data(), length);
  out[length] = '\0';
}

}  // namespace

bool to_cpp(const zkmsm_backend& in, Backend& out) { return enum_to_cpp(in, out); }

// The structured binding names every member of MsmConfig, so this stops compiling when a member
// is added or removed: then mirror it in zkmsm_config and in to_cpp() below.
zkmsm_config to_c(const MsmConfig& config) {
  const auto& [backend, window_bits, accumulator, walker_slots, walker_threads_per_block, walker_max_blocks,
               walker_state, pair_tree_dx_cache, memory_budget_bytes, validate_points, points_in_montgomery,
               scalars_in_montgomery, cpu_threads, points_on_device, scalars_on_device, cuda_stream, devices, glv,
               precompute_factor] = config;
  zkmsm_config out;
  std::memset(&out, 0, sizeof(out));  // padding too, so that copies compare bytewise
  out.struct_size = sizeof(zkmsm_config);
  out.backend = enum_to_c(backend, ZKMSM_BACKEND_AUTO);
  out.window_bits = window_bits;
  out.accumulator = enum_to_c(accumulator, ZKMSM_ACCUMULATOR_AUTO);
  out.walker_slots = walker_slots;
  out.walker_threads_per_block = walker_threads_per_block;
  out.walker_max_blocks = walker_max_blocks;
  out.walker_state = enum_to_c(walker_state, ZKMSM_WALKER_STATE_AUTO);
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
  out.glv = enum_to_c(glv, ZKMSM_GLV_AUTO);
  out.precompute_factor = precompute_factor;
  return out;
}

int to_cpp(const zkmsm_config* in, MsmConfig& out) {
  out = MsmConfig{};
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
  zkmsm_config c = to_c(MsmConfig{});
  std::memcpy(&c, in, in->struct_size < sizeof(c) ? in->struct_size : sizeof(c));

  if (!enum_to_cpp(c.backend, out.backend))
    return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "config->backend is not a zkmsm_backend");
  if (!enum_to_cpp(c.accumulator, out.accumulator))
    return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "config->accumulator is not a zkmsm_accumulator");
  if (!enum_to_cpp(c.walker_state, out.walker_state))
    return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "config->walker_state is not a zkmsm_walker_state");
  if (!enum_to_cpp(c.glv, out.glv)) return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "config->glv is not a zkmsm_glv");
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
  out.precompute_factor = c.precompute_factor == 0 ? 1 : c.precompute_factor;
  if (c.device_count != 0 && c.devices == nullptr)
    return fail(ZKMSM_ERROR_INVALID_ARGUMENT, "config->devices is NULL but config->device_count is not 0");
  out.devices.assign(c.devices, c.devices + c.device_count);
  return ZKMSM_OK;
}

void write_stats(const MsmStats& in, zkmsm_stats* stats) {
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
  out.glv = in.glv ? 1 : 0;
  for (const StageTime& stage : in.stages) {
    if (out.stage_count == ZKMSM_STATS_MAX_STAGES) break;
    zkmsm_stage_time& slot = out.stages[out.stage_count++];
    copy_name(slot.name, stage.name);
    slot.ms = stage.milliseconds;
  }
  std::memcpy(stats, &out, stats->struct_size < sizeof(out) ? stats->struct_size : sizeof(out));
}

}  // namespace zkmsm::c_api

extern "C" {

void zkmsm_config_init(zkmsm_config* config) noexcept {
  if (config == nullptr) return;
  *config = zkmsm::c_api::to_c(zkmsm::MsmConfig{});
}

void zkmsm_stats_init(zkmsm_stats* stats) noexcept {
  if (stats == nullptr) return;
  std::memset(stats, 0, sizeof(*stats));
  stats->struct_size = sizeof(zkmsm_stats);
}

const char* zkmsm_version(void) noexcept { return zkmsm::version(); }

void zkmsm_release_kept_memory(void) noexcept {
  try {
    zkmsm::release_kept_memory();
  } catch (...) {
  }
}

int zkmsm_backend_available(zkmsm_backend backend) noexcept {
  zkmsm::Backend cpp_backend;
  if (!zkmsm::c_api::to_cpp(backend, cpp_backend)) return 0;
  try {
    return zkmsm::backend_available(cpp_backend) ? 1 : 0;
  } catch (...) {
    return 0;
  }
}

}  // extern "C"
