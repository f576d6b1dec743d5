// The WebAssembly module's entry point, called by web/zkmsm.mjs: the C ABI's MSM (zkmsm.h) with
// its knobs as an array of 32-bit words and its outcome as JSON text, so that JavaScript needs no
// struct layouts. Points and scalars use the C ABI's layouts: n × 2L and n × 4 little-endian 64-bit
// limbs (L = 4 coordinate limbs for BN254 and Grumpkin, 6 for BLS12-381: zkmsm_point_limbs),
// canonical coordinates (or Montgomery form when asked), (0, 0) the point at infinity. The
// webgpu backend waits for the GPU through Asyncify: JavaScript calls zkmsm_wasm_msm with
// ccall(…, { async: true }).
#include <cinttypes>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <variant>

#include "api/c_api_bases.hpp"
#include "msm/webgpu/field_multiplication.hpp"
#include "msm/webgpu/webgpu_backend.hpp"
#include "msm/webgpu/webgpu_context.hpp"
#include "zkmsm/random_inputs.hpp"
#include "zkmsm/zkmsm.h"
#include "zkmsm/zkmsm.hpp"

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

// The JSON string "0x…" of the `count` little-endian limbs at `limbs`.
std::string hex_of_limbs(const std::uint64_t* limbs, std::size_t count) {
  std::string out = "\"0x";
  char digits[17];
  for (std::size_t l = count; l-- > 0;) {
    std::snprintf(digits, sizeof digits, "%016" PRIx64, limbs[l]);
    out += digits;
  }
  return out + "\"";
}

// The walker geometry the webgpu backend ran with (the knobs as used, automatic ones resolved),
// the shaders' field multiplication, and whether it reused the buffers kept from the MSM before.
std::string webgpu_json() {
  const zkmsm::webgpu::WebGpuMsmSizes& sizes = zkmsm::webgpu::last_webgpu_msm_sizes();
  return "{\"walker_slots\":" + std::to_string(sizes.slots) + ",\"walker_threads\":" + std::to_string(sizes.threads) +
         ",\"walker_threads_per_block\":" + std::to_string(sizes.workgroup_size) +
         ",\"batch_windows\":" + std::to_string(sizes.batch_windows) + ",\"batches\":" + std::to_string(sizes.batches) +
         ",\"field_multiplication\":\"" +
         (zkmsm::webgpu::field_multiplication() == zkmsm::webgpu::FieldMultiplication::limbs13 ? "limbs13"
                                                                                               : "words16") +
         "\",\"workspace_reused\":" + (zkmsm::webgpu::last_webgpu_msm_reused_workspace() ? "true" : "false") + "}";
}

std::string stats_json(const zkmsm_stats& stats) {
  std::string stages = "{";
  for (std::uint32_t s = 0; s < stats.stage_count; ++s) {
    if (s != 0) stages += ",";
    stages += json_string(stats.stages[s].name) + ":" + std::to_string(stats.stages[s].ms);
  }
  stages += "}";
  const bool webgpu = std::string(stats.backend) == "webgpu";
  return "{\"backend\":" + json_string(stats.backend) + ",\"accumulator\":" + json_string(stats.accumulator) +
         ",\"window_bits\":" + std::to_string(stats.window_bits) + ",\"windows\":" + std::to_string(stats.windows) +
         ",\"stages_ms\":" + stages + ",\"total_ms\":" + std::to_string(stats.total_ms) +
         ",\"estimated_peak_bytes\":" + std::to_string(stats.estimated_peak_bytes) +
         ",\"measured_peak_bytes\":" + std::to_string(stats.measured_peak_bytes) +
         (webgpu ? ",\"webgpu\":" + webgpu_json() : std::string()) + "}";
}

}  // namespace

extern "C" {

// The knobs of zkmsm_wasm_msm, in this order (enums as their zkmsm.h values).
enum KnobWord {
  kBackend,
  kWindowBits,
  kAccumulator,
  kValidatePoints,
  kPointsInMontgomery,
  kScalarsInMontgomery,
  kWalkerSlots,
  kWalkerThreadsPerBlock,
  kWalkerMaxBlocks,
  kWalkerState,
  kPairTreeDxCache,
  kMemoryBudgetLow,   // memory_budget_bytes mod 2^32
  kMemoryBudgetHigh,  // memory_budget_bytes / 2^32
  kKnobWords,
};

}  // extern "C"

namespace {

// The zkmsm_config of the kKnobWords words at `knobs`, the library's defaults otherwise.
zkmsm_config config_of_knobs(const std::uint32_t* knobs) {
  zkmsm_config config;
  zkmsm_config_init(&config);
  config.backend = static_cast<zkmsm_backend>(knobs[kBackend]);
  config.window_bits = knobs[kWindowBits];
  config.accumulator = static_cast<zkmsm_accumulator>(knobs[kAccumulator]);
  config.validate_points = static_cast<int>(knobs[kValidatePoints]);
  config.points_in_montgomery = static_cast<int>(knobs[kPointsInMontgomery]);
  config.scalars_in_montgomery = static_cast<int>(knobs[kScalarsInMontgomery]);
  config.walker_slots = knobs[kWalkerSlots];
  if (knobs[kWalkerThreadsPerBlock] != 0) config.walker_threads_per_block = knobs[kWalkerThreadsPerBlock];
  config.walker_max_blocks = knobs[kWalkerMaxBlocks];
  config.walker_state = static_cast<zkmsm_walker_state>(knobs[kWalkerState]);
  config.pair_tree_dx_cache = static_cast<int>(knobs[kPairTreeDxCache]);
  config.memory_budget_bytes = (std::uint64_t{knobs[kMemoryBudgetHigh]} << 32) | knobs[kMemoryBudgetLow];
  return config;
}

// The backend of a handle of prepared bases.
zkmsm::Backend backend_of(const zkmsm_bases& bases) {
  return std::visit([](const auto& b) { return b.backend(); }, bases.bases);
}

// The backend `config` runs on for `curve` (automatic resolved).
zkmsm::Backend backend_of(const zkmsm_config& config, int curve) {
  return zkmsm::resolve_backend(static_cast<zkmsm::Backend>(config.backend), static_cast<zkmsm::CurveId>(curve));
}

// Inputs JavaScript holds (web/zkmsm.mjs leaves the caller's byte arrays where they are) are read
// straight from there by the webgpu backend's upload; any other backend reads the heap.
void materialize_unless_webgpu(zkmsm::Backend backend, const void* data, std::size_t bytes) {
  if (zkmsm::webgpu::javascript_holds_inputs() && backend != zkmsm::Backend::webgpu)
    zkmsm::webgpu::materialize_held_inputs(data, bytes);
}

std::string error_json(int status) {
  return "{\"ok\":false,\"status\":" + json_string(zkmsm_status_string(status)) +
         ",\"message\":" + json_string(zkmsm_last_error()) + "}";
}

// The JSON of an MSM's outcome (zkmsm_wasm_msm).
std::string msm_json(int status, int curve, const std::uint64_t* sum, int infinity, const zkmsm_stats& stats) {
  if (status != ZKMSM_OK) return error_json(status);
  const std::size_t limbs = zkmsm_point_limbs(static_cast<zkmsm_curve>(curve)) / 2;
  const std::string point = infinity != 0 ? std::string("\"infinity\":true")
                                          : "\"infinity\":false,\"x\":" + hex_of_limbs(sum, limbs) +
                                                ",\"y\":" + hex_of_limbs(sum + limbs, limbs);
  return "{\"ok\":true," + point + ",\"stats\":" + stats_json(stats) + "}";
}

}  // namespace

extern "C" {

// Σ scalars[i]·points[i] for i < n on `curve` (zkmsm_curve) with the kKnobWords knobs of
// `knobs` (KnobWord) and the library's defaults otherwise. Returns JSON text, valid until the
// next call:
//   {"ok":true,"infinity":false,"x":"0x…","y":"0x…","stats":{…}}   (or "infinity":true)
//   {"ok":false,"status":"point_not_on_curve","message":"…"}   (zkmsm_status_string)
// stats: zkmsm_stats's fields, and for the webgpu backend its walker geometry ("webgpu").
const char* zkmsm_wasm_msm(
    int curve, const std::uint64_t* points, const std::uint64_t* scalars, std::size_t n, const std::uint32_t* knobs) {
  const zkmsm_config config = config_of_knobs(knobs);
  const zkmsm::Backend backend = backend_of(config, curve);
  materialize_unless_webgpu(backend, points, n * zkmsm_point_limbs(static_cast<zkmsm_curve>(curve)) * 8);
  materialize_unless_webgpu(backend, scalars, n * 32);
  zkmsm_stats stats;
  zkmsm_stats_init(&stats);
  std::uint64_t sum[12] = {};  // the widest point: BLS12-381's 2 × 6 limbs
  int infinity = 0;
  const int status = zkmsm_msm(static_cast<zkmsm_curve>(curve), points, scalars, n, &config, sum, &infinity, &stats);
  last_json = msm_json(status, curve, sum, infinity, stats);
  return last_json.c_str();
}

// Prepares the n points at `points` of `curve` once for many MSMs (zkmsm_bases_create): the knobs
// as zkmsm_wasm_msm's (the backend and the point form and validation apply). On webgpu the points
// are uploaded, converted and validated once and stay on the device; on cpu a validated copy in
// Montgomery form stays in the module's memory. Returns JSON text, valid until the next call:
//   {"ok":true,"handle":H,"backend":"webgpu"}   (H: the zkmsm_bases* for the calls below)
//   or the error as zkmsm_wasm_msm's.
const char* zkmsm_wasm_prepare_bases(int curve,
                                     const std::uint64_t* points,
                                     std::size_t n,
                                     const std::uint32_t* knobs) {
  const zkmsm_config config = config_of_knobs(knobs);
  const zkmsm::Backend backend = backend_of(config, curve);
  materialize_unless_webgpu(backend, points, n * zkmsm_point_limbs(static_cast<zkmsm_curve>(curve)) * 8);
  zkmsm_bases* bases = nullptr;
  const int status = zkmsm_bases_create(static_cast<zkmsm_curve>(curve), points, n, &config, &bases);
  last_json = status != ZKMSM_OK
                  ? error_json(status)
                  : "{\"ok\":true,\"handle\":" + std::to_string(reinterpret_cast<std::uintptr_t>(bases)) +
                        ",\"backend\":" + json_string(zkmsm::to_string(backend_of(*bases))) + "}";
  return last_json.c_str();
}

// Σ scalars[i]·bases[i] for i < n ≤ the handle's size (zkmsm_bases_msm) on the handle's backend;
// `curve` is the handle's, the knobs as zkmsm_wasm_msm's (the point form ones are ignored: they
// were applied by zkmsm_wasm_prepare_bases). Returns zkmsm_wasm_msm's JSON.
const char* zkmsm_wasm_bases_msm(
    int curve, const zkmsm_bases* bases, const std::uint64_t* scalars, std::size_t n, const std::uint32_t* knobs) {
  const zkmsm_config config = config_of_knobs(knobs);
  if (bases != nullptr) materialize_unless_webgpu(backend_of(*bases), scalars, n * 32);
  zkmsm_stats stats;
  zkmsm_stats_init(&stats);
  std::uint64_t sum[12] = {};
  int infinity = 0;
  const int status = zkmsm_bases_msm(bases, scalars, n, &config, sum, &infinity, &stats);
  last_json = msm_json(status, curve, sum, infinity, stats);
  return last_json.c_str();
}

// Frees a handle of zkmsm_wasm_prepare_bases and its memory (device memory on webgpu).
void zkmsm_wasm_release_bases(zkmsm_bases* bases) { zkmsm_bases_destroy(bases); }

// n independent random points (each [k]G for its own uniform k, zkmsm/random_inputs.hpp) and n
// random scalars in [0, r) of `curve` for `seed` (seed_low + 2^32 · seed_high), in the C ABI's
// layouts at points_out (n × 16L bytes: 64 for BN254 and Grumpkin, 96 for BLS12-381) and
// scalars_out (n × 32 bytes): inputs for benchmarks and for checks of one backend against another
// (BLS12-381's points are in G1). Returns 0, or 1 for an unknown curve.
int zkmsm_wasm_random_inputs(int curve,
                             std::size_t n,
                             std::uint32_t seed_low,
                             std::uint32_t seed_high,
                             std::uint64_t* points_out,
                             std::uint64_t* scalars_out) {
  const std::uint64_t seed = (std::uint64_t{seed_high} << 32) | seed_low;
  auto write = [&](const auto& points, const auto& scalars) {
    std::memcpy(points_out, points.data(), n * sizeof(points[0]));
    std::memcpy(scalars_out, scalars.data(), n * sizeof(scalars[0]));
  };
  if (curve == ZKMSM_CURVE_BN254) {
    write(zkmsm::random_points<zkmsm::Bn254>(n, seed, 1), zkmsm::random_scalars<zkmsm::Bn254>(n, seed ^ 0x5ca1a75ull));
    return 0;
  }
  if (curve == ZKMSM_CURVE_GRUMPKIN) {
    write(zkmsm::random_points<zkmsm::Grumpkin>(n, seed, 1),
          zkmsm::random_scalars<zkmsm::Grumpkin>(n, seed ^ 0x5ca1a75ull));
    return 0;
  }
  if (curve == ZKMSM_CURVE_BLS12_381) {
    write(zkmsm::random_points<zkmsm::Bls12381>(n, seed, 1),
          zkmsm::random_scalars<zkmsm::Bls12381>(n, seed ^ 0x5ca1a75ull));
    return 0;
  }
  return 1;
}

// Whether the WebGPU device handed to init() is a hardware GPU (JavaScript judges it from the
// adapter): Backend::automatic then runs webgpu before cpu. Call before the first MSM.
void zkmsm_wasm_webgpu_set_accelerated(int accelerated) { zkmsm::webgpu::set_webgpu_accelerated(accelerated != 0); }

// How the WebGPU shaders multiply field elements (0 = words16, 1 = limbs13:
// msm/webgpu/field_multiplication.hpp). Call before the first shader is built (init() does).
void zkmsm_wasm_webgpu_set_field_multiplication(int limbs13) {
  zkmsm::webgpu::set_field_multiplication(limbs13 != 0 ? zkmsm::webgpu::FieldMultiplication::limbs13
                                                       : zkmsm::webgpu::FieldMultiplication::words16);
}

}  // extern "C"
