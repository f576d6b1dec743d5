// zkmsm bench: time the MSM over a range of sizes and backends, verify every result, print a table
// and write JSON.
//
// Inputs are generated once for the largest size (points are slow: ~10 µs each per thread) and
// every smaller size uses a prefix. Each (size, backend) row runs `warmups` untimed calls, then
// `repeats` timed ones; the time is the wall clock of the msm() call.
//
// --inputs host (default): msm(points, scalars) from host memory; for GPU backends the time
// includes converting the inputs and moving them to the device (end to end).
// --cold: what a prover's call on fresh arrays pays: no warm-up, and before every timed call
// (untimed) the inputs copied into freshly allocated arrays and the process's freed heap memory
// handed back to the system (glibc's malloc_trim). The library's kept working memory
// (release_kept_memory) stays, as in a prover that has made a call before; with
// --no-kept-memory it is released too, so its buffers are faulted in again as in a new process's
// first call. Thread start-up is paid on every call anyway (the library keeps no threads).
// --inputs device (cuda only): before any timing, the points become a bases handle on the device
// (prepare_bases: validated, converted, uploaded once) and the scalars are copied to a device
// buffer once; each row times msm(bases, device scalars) over the prefix, inputs already on the
// device as BENCHMARKS.md asks for GPU speed tables.
// --inputs bases (every backend): before any timing, the points become a bases handle of each row's
// backend (prepare_bases; cuda, vulkan and webgpu keep them on the device, cpu on the host), the
// scalars from host memory: what a prover with fixed bases (a KZG or Pedersen setup) pays per
// commitment, the scalars crossing PCIe.
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <zkmsm/random_inputs.hpp>

// After the standard headers, which define __GLIBC__ on glibc systems.
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "bench_rows.hpp"
#include "commands.hpp"
#include "file_formats.hpp"
#include "knobs.hpp"
#include "reference.hpp"
#include "report.hpp"

namespace zkmsm::cli {
namespace {

struct BenchOptions {
  CurveId curve = CurveId::bn254;
  std::string backend = "auto";
  unsigned log_n_min = 10;
  unsigned log_n_max = 20;
  unsigned repeats = 5;
  unsigned warmups = 1;
  std::uint64_t seed = 1;
  std::string json_path;
  MsmConfig config;
  unsigned gen_threads = 0;
  bool no_verify = false;
  std::string inputs = "host";  // where the timed MSMs find their inputs: host, device or bases
  bool cold = false;            // no warm-up, fresh input arrays and a trimmed heap before each run
  bool no_kept_memory = false;  // --cold: release_kept_memory() too before each run
};

// Gives the process's free heap memory back to the system, so that the next allocations fault
// their pages in again (glibc; elsewhere nothing to do).
void release_free_heap_memory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

std::vector<Backend> selected_backends(const std::string& name) {
  if (name == "all") {
    std::vector<Backend> backends;
    for (Backend backend : {Backend::cpu, Backend::cuda, Backend::vulkan})
      if (backend_available(backend)) backends.push_back(backend);
    return backends;
  }
  const Backend backend = backend_names().at(name);
  require_backend(backend);
  return {backend};
}

// --inputs device: every row must run on the cuda backend, the only one that reads scalars in
// device memory.
void require_device_input_backends(const std::string& backend_option,
                                   const std::vector<Backend>& backends,
                                   CurveId curve) {
  if (backend_option == "all")
    throw CliError(
        "--inputs device needs the cuda backend (--backend cuda): --backend all includes backends that read host "
        "memory only");
  for (Backend backend : backends) {
    const Backend resolved = resolve_backend(backend, curve);
    if (resolved != Backend::cuda)
      throw CliError("--inputs device needs the cuda backend (--backend cuda): backend '" + backend_name(resolved) +
                     "' reads host memory only" +
                     (backend == Backend::automatic ? " (auto found no usable CUDA device)" : ""));
  }
}

// The points as a bases handle of `backend`, made once for the largest size (config: the row's,
// its device list already fitted to the backend): --inputs bases, and --inputs device on cuda.
template <class Curve>
Bases<Curve> prepare_bench_bases(const std::vector<Point<Curve>>& points, const MsmConfig& config, Backend backend) {
  progress("bench", "preparing the bases on " + backend_name(backend) + " once (validate, convert, keep)...");
  const auto start = std::chrono::steady_clock::now();
  MsmConfig prepare = config;
  prepare.backend = backend;
  Result<Bases<Curve>> bases = prepare_bases<Curve>(points, prepare);
  if (!bases) throw CliError(describe_msm_error(bases.error(), "(generated)"));
  progress("bench", "bases prepared in " + format_ms(elapsed_ms(start)) + " ms");
  return std::move(bases.value());
}

// The inputs of --inputs device, made once for the largest size: the points as a bases handle on
// the device, the scalars in a device buffer.
template <class Curve>
struct DeviceInputs {
  Bases<Curve> bases;
  DeviceBuffer scalars;
};

template <class Curve>
DeviceInputs<Curve> upload_inputs(const std::vector<Point<Curve>>& points,
                                  const std::vector<Scalar<Curve>>& scalars,
                                  const MsmConfig& config) {
  Bases<Curve> bases = prepare_bench_bases<Curve>(points, config, Backend::cuda);
  Result<DeviceBuffer> device_scalars = DeviceBuffer::copy_from_host(std::span<const Scalar<Curve>>(scalars));
  if (!device_scalars)
    throw CliError(std::string("cannot copy the scalars to the device: ") + to_string(device_scalars.error().code) +
                   ": " + device_scalars.error().message);
  return {std::move(bases), std::move(device_scalars.value())};
}

int run_bench(const BenchOptions& options) {
  if (options.log_n_min > options.log_n_max)
    throw CliError("--log-n-min " + std::to_string(options.log_n_min) + " is larger than --log-n-max " +
                   std::to_string(options.log_n_max));
  const std::vector<Backend> backends = selected_backends(options.backend);
  const bool device_inputs = options.inputs == "device";
  const bool bases_inputs = options.inputs == "bases";
  if (options.cold && (device_inputs || bases_inputs))
    throw CliError("--cold measures a call from host memory (fresh arrays); it does not go with --inputs " +
                   options.inputs);
  if (device_inputs) require_device_input_backends(options.backend, backends, options.curve);
  const unsigned warmups = options.cold ? 0 : options.warmups;

  return with_curve(options.curve, [&](auto curve_tag) {
    using Curve = decltype(curve_tag);
    const std::size_t max_n = std::size_t{1} << options.log_n_max;
    progress("bench", "generating " + format_log2(max_n) + " " + Curve::name + " points and scalars (seed " +
                          std::to_string(options.seed) + ")...");
    auto start = std::chrono::steady_clock::now();
    const std::vector<Point<Curve>> points = random_points<Curve>(max_n, options.seed, options.gen_threads);
    const std::vector<Scalar<Curve>> scalars = random_scalars<Curve>(max_n, options.seed);
    progress("bench", "generated in " + format_ms(elapsed_ms(start)) + " ms");
    std::optional<DeviceInputs<Curve>> on_device;
    if (device_inputs) on_device.emplace(upload_inputs<Curve>(points, scalars, options.config));
    std::map<Backend, Bases<Curve>> bases_of;  // --inputs bases: per backend that runs a row

    Json rows = Json::array();
    std::vector<std::string> stage_names;
    std::size_t failures = 0;
    for (unsigned log_n = options.log_n_min; log_n <= options.log_n_max; ++log_n) {
      const std::size_t n = std::size_t{1} << log_n;
      const std::span<const Point<Curve>> point_prefix(points.data(), n);
      const std::span<const Scalar<Curve>> scalar_prefix(scalars.data(), n);
      Verifier<Curve> verifier(point_prefix, scalar_prefix);
      for (Backend backend : backends) {
        MsmConfig config = options.config;
        config.backend = backend;
        // The backend the library runs for this row (auto resolved by the library, once).
        const Backend runs_on = resolve_backend(backend, Curve::id);
        const std::string runs_on_name = backend_name(runs_on);
        if (runs_on != Backend::cuda) config.devices.clear();  // --devices lists CUDA devices
        progress("bench", runs_on_name + " " + format_log2(n) + ": " + std::to_string(warmups) + " warm-up + " +
                              std::to_string(options.repeats) + (options.cold ? " cold" : "") + " timed runs...");
        Measurement<Curve> measurement;
        if (bases_inputs) {
          if (bases_of.find(runs_on) == bases_of.end())
            bases_of.emplace(runs_on, prepare_bench_bases<Curve>(points, config, runs_on));
          const Bases<Curve>& bases = bases_of.at(runs_on);
          config.backend = runs_on;
          measurement = measure<Curve>([&](MsmStats* stats) { return msm<Curve>(bases, scalar_prefix, config, stats); },
                                       warmups, options.repeats);
        } else if (on_device) {
          MsmConfig device_config = config;
          device_config.scalars_on_device = true;
          const std::span<const Scalar<Curve>> device_scalars = on_device->scalars.template as_span<Scalar<Curve>>(n);
          measurement = measure<Curve>(
              [&](MsmStats* stats) { return msm<Curve>(on_device->bases, device_scalars, device_config, stats); },
              warmups, options.repeats);
        } else if (options.cold) {
          std::vector<Point<Curve>> fresh_points;
          std::vector<Scalar<Curve>> fresh_scalars;
          const auto fresh_inputs = [&] {
            fresh_points = {};
            fresh_scalars = {};
            if (options.no_kept_memory) release_kept_memory();
            release_free_heap_memory();
            fresh_points.assign(point_prefix.begin(), point_prefix.end());
            fresh_scalars.assign(scalar_prefix.begin(), scalar_prefix.end());
          };
          measurement = measure<Curve>(
              [&](MsmStats* stats) {
                return msm<Curve>(std::span<const Point<Curve>>(fresh_points),
                                  std::span<const Scalar<Curve>>(fresh_scalars), config, stats);
              },
              warmups, options.repeats, fresh_inputs);
        } else {
          measurement = measure<Curve>(point_prefix, scalar_prefix, config, warmups, options.repeats);
        }
        Json row{{"curve", Curve::name},
                 {"backend", backend_name(backend)},
                 {"inputs", options.inputs},
                 {"cold", options.cold},
                 {"no_kept_memory", options.no_kept_memory},
                 {"log_n", log_n},
                 {"n", n}};
        row.update(measurement_json(measurement));
        std::optional<Verification> verification;
        if (measurement.error) {
          verification = Verification{false, "", "msm failed"};
        } else if (!options.no_verify) {
          progress("bench", "verifying " + format_log2(n) + "...");
          verification = verifier.check(*measurement.result, measurement.last_stats.window_bits);
          if (!measurement.consistent) {
            verification->verified = false;
            verification->detail = "the repeated runs returned different points";
          }
        }
        add_verification(row, verification);
        if (verification && !verification->verified) ++failures;
        merge_stage_names(stage_names, measurement.stage_names);
        progress("bench", runs_on_name + " " + format_log2(n) + ": " +
                              (measurement.error ? row["error"].get<std::string>()
                                                 : "median " + format_ms(row["median_ms"].get<double>()) + " ms, " +
                                                       (!verification            ? std::string("not verified")
                                                        : verification->verified ? "verified by " + verification->method
                                                                                 : "FAILED: " + verification->detail)));
        rows.push_back(row);
      }
    }

    std::vector<std::string> headers{"backend", "inputs", "n", "c", "accumulator", "median ms", "min ms"};
    const std::vector<std::string> stage_columns = stage_headers(stage_names);
    headers.insert(headers.end(), stage_columns.begin(), stage_columns.end());
    headers.insert(headers.end(), {"est MiB", "peak MiB", "verified"});
    Table table(headers);
    for (const Json& row : rows) {
      std::string backend = row["backend"].get<std::string>();
      if (row.contains("backend_ran") && row["backend_ran"].get<std::string>() != backend)
        backend = row["backend_ran"].get<std::string>() + " (" + backend + ")";
      std::vector<std::string> cells{backend, row["inputs"].get<std::string>(),
                                     format_log2(row["n"].get<std::size_t>())};
      if (row.contains("error")) {
        cells.push_back("error: " + row["error"].get<std::string>());
        table.add_row(cells);
        continue;
      }
      cells.push_back(std::to_string(row["window_bits"].get<unsigned>()));
      cells.push_back(row["accumulator_ran"].get<std::string>());
      cells.push_back(format_ms(row["median_ms"].get<double>()));
      cells.push_back(format_ms(row["min_ms"].get<double>()));
      for (const std::string& name : stage_names) cells.push_back(stage_cell(row, name));
      cells.push_back(format_mib(row["estimated_peak_bytes"].get<std::size_t>()));
      cells.push_back(format_mib(row["measured_peak_bytes"].get<std::size_t>()));
      cells.push_back(row["verified"].is_null() ? "skipped" : row["verified"].get<bool>() ? "yes" : "NO");
      table.add_row(cells);
    }
    std::cout << Curve::name << ", " << options.repeats
              << (options.cold ? (options.no_kept_memory ? " cold (no kept memory)" : " cold") : "")
              << " timed runs after " << warmups
              << " warm-up(s), wall-clock ms of msm() (median, min), stage medians; inputs "
              << (device_inputs  ? "already on the device (bases handle and device scalars)"
                  : bases_inputs ? "bases handle on the device, scalars from host memory"
                                 : "from host memory")
              << "\n"
              << table.render();

    if (!options.json_path.empty()) {
      Json parameters{{"curve", Curve::name},
                      {"backend", options.backend},
                      {"log_n_min", options.log_n_min},
                      {"log_n_max", options.log_n_max},
                      {"repeats", options.repeats},
                      {"warmups", warmups},
                      {"cold", options.cold},
                      {"no_kept_memory", options.no_kept_memory},
                      {"seed", options.seed},
                      {"inputs", options.inputs},
                      {"config", config_json(options.config)}};
      write_json_file(options.json_path, Json{{"tool", "zkmsm bench"},
                                              {"environment", environment_json()},
                                              {"parameters", parameters},
                                              {"rows", rows}});
      progress("bench", "wrote " + options.json_path);
    }
    if (failures) {
      std::cerr << "zkmsm: error: " << failures << " row(s) failed verification or errored" << std::endl;
      return 1;
    }
    return 0;
  });
}

}  // namespace

Command add_bench_command(CLI::App& app) {
  auto options = std::make_shared<BenchOptions>();
  CLI::App* bench = app.add_subcommand("bench", "Time sizes x backends, verify each result, table + JSON");
  bench->footer(
      "Time the MSM for n = 2^log-n-min ... 2^log-n-max on one or all backends: median and min wall time, "
      "per-stage medians, window size, estimated and measured peak memory. Every row is verified against the CPU "
      "backend with a different window size (and, for n <= 4096, a sum of one-point MSMs); the exit status is 1 "
      "when any row fails. Prints a table; --json writes the rows with the machine, date, commit and command. "
      "--inputs device (cuda) moves the inputs to the device once and times MSMs that read them there; "
      "--inputs bases prepares the points once on each backend and times MSMs whose scalars come from host memory.");
  add_curve_option(*bench, options->curve);
  bench->add_option("--backend", options->backend, "Backend, or all for every available backend")
      ->check(CLI::IsMember({"auto", "cpu", "cuda", "vulkan", "all"}, CLI::ignore_case))
      ->capture_default_str();
  bench->add_option("--log-n-min", options->log_n_min, "Smallest size, log2")
      ->transform(integer_in(0, 30))
      ->capture_default_str();
  bench->add_option("--log-n-max", options->log_n_max, "Largest size, log2")
      ->transform(integer_in(0, 30))
      ->capture_default_str();
  add_timing_options(*bench, options->repeats, options->warmups, options->seed, "Timed runs per row");
  bench->add_option("--json", options->json_path, "Write the report as JSON to this file");
  bench->add_option("--gen-threads", options->gen_threads, "Input generation threads; 0 = all hardware threads")
      ->transform(integer_in(0, kMaxThreads, "0 = all hardware threads"))
      ->capture_default_str();
  bench->add_flag("--no-verify", options->no_verify, "Skip verification (rows get \"verified\": null)");
  bench
      ->add_option("--inputs", options->inputs,
                   "Where the timed MSMs find their inputs: host (msm from host memory, end to end), device "
                   "(cuda only: bases prepared and scalars copied to the device once, before timing) or bases "
                   "(every backend: bases prepared once, scalars from host memory in every call)")
      ->check(CLI::IsMember({"host", "device", "bases"}, CLI::ignore_case))
      ->capture_default_str();
  bench->add_flag("--cold", options->cold,
                  "Time what a first call pays: no warm-up, and before each timed run fresh input arrays and the "
                  "process's free heap memory returned to the system; the library's kept working memory stays, as "
                  "for a prover's next call");
  bench->add_flag("--no-kept-memory", options->no_kept_memory,
                  "With --cold: also release the library's kept working memory before each timed run (so its "
                  "buffers fault in again, as in a new process's first call)");
  add_knob_options(*bench, options->config);
  return {bench, [options, bench] {
            if (options->cold && bench->count("--warmups") != 0)
              throw CliError("--cold runs no warm-ups: drop --warmups");
            if (options->no_kept_memory && !options->cold) throw CliError("--no-kept-memory goes with --cold");
            return run_bench(*options);
          }};
}

}  // namespace zkmsm::cli
