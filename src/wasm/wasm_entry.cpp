// The WebAssembly module's entry point, called by web/zkmsm.mjs: the C ABI's MSM (zkmsm.h) with
// its knobs as plain integers and its outcome as JSON text, so that JavaScript needs no struct
// layouts. Points and scalars use the C ABI's layouts: n × 8 and n × 4 little-endian 64-bit
// limbs, canonical coordinates, (0, 0) the point at infinity.
#include <cinttypes>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "zkmsm/zkmsm.h"

namespace {

// The JSON of the last call, valid until the next one (the module's calls come from one thread).
std::string last_json;

std::string json_string(const char* text) {
  std::string out = "\"";
  for (const char* c = text; *c != '\0'; ++c) {
    if (*c == '"' || *c == '\\') {
      out += '\\';
      out += *c;
    } else if (static_cast<unsigned char>(*c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(*c));
      out += escaped;
    } else {
      out += *c;
    }
  }
  return out + "\"";
}

std::string hex_of_limbs(const std::uint64_t* limbs) {
  std::string out = "\"0x";
  char digits[17];
  for (int l = 3; l >= 0; --l) {
    std::snprintf(digits, sizeof digits, "%016" PRIx64, limbs[l]);
    out += digits;
  }
  return out + "\"";
}

std::string stats_json(const zkmsm_stats& stats) {
  std::string stages = "{";
  for (std::uint32_t s = 0; s < stats.stage_count; ++s) {
    if (s != 0) stages += ",";
    stages += json_string(stats.stages[s].name) + ":" + std::to_string(stats.stages[s].ms);
  }
  stages += "}";
  return "{\"backend\":" + json_string(stats.backend) + ",\"accumulator\":" + json_string(stats.accumulator) +
         ",\"window_bits\":" + std::to_string(stats.window_bits) + ",\"windows\":" + std::to_string(stats.windows) +
         ",\"stages_ms\":" + stages + ",\"total_ms\":" + std::to_string(stats.total_ms) +
         ",\"estimated_peak_bytes\":" + std::to_string(stats.estimated_peak_bytes) +
         ",\"measured_peak_bytes\":" + std::to_string(stats.measured_peak_bytes) + "}";
}

}  // namespace

extern "C" {

// Σ scalars[i]·points[i] for i < n on `curve` (zkmsm_curve) with the backend, window_bits,
// accumulator and validate_points of zkmsm_config (enums as their zkmsm.h values; this module
// builds the cpu backend alone) and the library's defaults otherwise. Returns JSON text, valid
// until the next call:
//   {"ok":true,"infinity":false,"x":"0x…","y":"0x…","stats":{…}}   (or "infinity":true)
//   {"ok":false,"status":"point_not_on_curve","message":"…"}   (zkmsm_status_string)
const char* zkmsm_wasm_msm(int curve,
                           const std::uint64_t* points,
                           const std::uint64_t* scalars,
                           std::size_t n,
                           int backend,
                           std::uint32_t window_bits,
                           int accumulator,
                           int validate_points) {
  zkmsm_config config;
  zkmsm_config_init(&config);
  config.backend = static_cast<zkmsm_backend>(backend);
  config.window_bits = window_bits;
  config.accumulator = static_cast<zkmsm_accumulator>(accumulator);
  config.validate_points = validate_points;
  zkmsm_stats stats;
  zkmsm_stats_init(&stats);
  std::uint64_t sum[8] = {};
  int infinity = 0;
  const int status = zkmsm_msm(static_cast<zkmsm_curve>(curve), points, scalars, n, &config, sum, &infinity, &stats);
  if (status != ZKMSM_OK) {
    last_json = "{\"ok\":false,\"status\":" + json_string(zkmsm_status_string(status)) +
                ",\"message\":" + json_string(zkmsm_last_error()) + "}";
  } else {
    const std::string point = infinity != 0
                                  ? std::string("\"infinity\":true")
                                  : "\"infinity\":false,\"x\":" + hex_of_limbs(sum) + ",\"y\":" + hex_of_limbs(sum + 4);
    last_json = "{\"ok\":true," + point + ",\"stats\":" + stats_json(stats) + "}";
  }
  return last_json.c_str();
}

}  // extern "C"
