// zkmsm gen: write n independent random points and n random scalars (zkmsm/random_inputs.hpp) to
// two files, each replaced only once both are complete (output_file.hpp).
#include <chrono>
#include <limits>
#include <memory>
#include <string>

#include <zkmsm/random_inputs.hpp>

#include "commands.hpp"
#include "file_formats.hpp"
#include "knobs.hpp"
#include "output_file.hpp"
#include "report.hpp"

namespace zkmsm::cli {
namespace {

struct GenOptions {
  CurveId curve = CurveId::bn254;
  std::size_t n = 0;
  std::uint64_t seed = 1;
  std::string points_path;
  std::string scalars_path;
  Format format = Format::automatic;
  unsigned threads = 0;
};

int run_gen(const GenOptions& options) {
  return with_curve(options.curve, [&](auto curve_tag) {
    using Curve = decltype(curve_tag);
    const Format format = curve_format<Curve>(options.format);
    // Both outputs are checked (and their temporary files created) before any point is made.
    OutputFile points_file(options.points_path, "--points", "points");
    OutputFile scalars_file(options.scalars_path, "--scalars", "scalars");
    OutputFile::require_distinct(points_file, scalars_file);
    const auto start = std::chrono::steady_clock::now();
    if (options.n >= (std::size_t{1} << 16))
      progress("gen", "generating " + std::to_string(options.n) + " " + Curve::name + " points (seed " +
                          std::to_string(options.seed) + ", a few us per point per thread)...");
    const std::vector<Point<Curve>> points = random_points<Curve>(options.n, options.seed, options.threads);
    const std::vector<Scalar<Curve>> scalars = random_scalars<Curve>(options.n, options.seed);
    points_file.prepare(encode_points<Curve>(points, format));
    scalars_file.prepare(encode_scalars<Curve>(scalars, format));
    OutputFile::commit_together(points_file, scalars_file);
    if (options.n >= (std::size_t{1} << 16))
      progress("gen", "wrote " + options.points_path + " and " + options.scalars_path + " in " +
                          format_ms(elapsed_ms(start)) + " ms");
    return 0;
  });
}

}  // namespace

Command add_gen_command(CLI::App& app) {
  auto options = std::make_shared<GenOptions>();
  CLI::App* gen = app.add_subcommand("gen", "Write random points and scalars files");
  gen->footer(
      "Write n independent random points (each k*G for its own uniform k, never k*G, (k+1)*G, ...) "
      "and n uniformly random scalars in [0, r). The same curve, n and seed give the same bytes. --points and "
      "--scalars must be different files; each is replaced only once both are written.");
  add_curve_option(*gen, options->curve)->required()->default_str("");
  gen->add_option("--n,-n", options->n, "Number of points and scalars (at most 2^31 - 1, the largest MSM)")
      ->transform(integer_in(0, kMaxPoints, "the library's largest MSM is 2^31 - 1 points"))
      ->required();
  gen->add_option("--seed", options->seed, "Random seed")
      ->transform(integer_in(0, std::numeric_limits<std::uint64_t>::max()))
      ->capture_default_str();
  gen->add_option("--points", options->points_path, "Output points file")->required();
  gen->add_option("--scalars", options->scalars_path, "Output scalars file")->required();
  add_enum_option(*gen, "--format", options->format, format_names(),
                  "File format: auto (eip196 for bn254 and grumpkin, eip2537 for bls12_381), eip196 or le (bn254, "
                  "grumpkin), eip2537, zcash or le (bls12_381); see README.md, File formats");
  gen->add_option("--threads", options->threads, "Point generation threads; 0 = all hardware threads")
      ->transform(integer_in(0, kMaxThreads, "0 = all hardware threads"))
      ->capture_default_str();
  return {gen, [options] { return run_gen(*options); }};
}

}  // namespace zkmsm::cli
