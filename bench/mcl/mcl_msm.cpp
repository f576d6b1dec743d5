// herumi/mcl's G1 MSM on BN254 (BN_SNARK1: mcl's name for the curve of Ethereum and zkmsm's bn254)
// on zkmsm's `le` files (64-byte points, 32-byte scalars), for bench/mcl/side_by_side.sh.
//
//   mcl_msm POINTS SCALARS LOG_N[,LOG_N...] REPEATS THREADS
//
// For each n = 2^LOG_N (a prefix of the files): one untimed run, then REPEATS timed ones of
// G1::mulVec (THREADS = 1) or G1::mulVecMT (THREADS > 1, OpenMP); prints "2^LOG_N median_ms min_ms"
// and "result 2^LOG_N {"x":"0x…","y":"0x…"}" (or {"infinity":true}). Converting the inputs into
// mcl's types (Montgomery form, on-curve check) is not timed.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <mcl/bn.hpp>

namespace {

std::vector<std::uint8_t> read_file(const char* path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void print_result(unsigned log_n, mcl::bn::G1 sum) {
  if (sum.isZero()) {
    std::printf("result 2^%u {\"infinity\":true}\n", log_n);
    return;
  }
  sum.normalize();
  std::printf("result 2^%u {\"x\":\"0x%s\",\"y\":\"0x%s\"}\n", log_n, sum.x.getStr(16).c_str(),
              sum.y.getStr(16).c_str());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 6) {
    std::fprintf(stderr, "usage: mcl_msm POINTS SCALARS LOG_N[,LOG_N...] REPEATS THREADS\n");
    return 2;
  }
  mcl::bn::initPairing(mcl::BN_SNARK1);
  const std::vector<std::uint8_t> point_bytes = read_file(argv[1]);
  const std::vector<std::uint8_t> scalar_bytes = read_file(argv[2]);
  const std::size_t n_max = std::min(point_bytes.size() / 64, scalar_bytes.size() / 32);
  const int repeats = std::atoi(argv[4]);
  const int threads = std::atoi(argv[5]);

  std::vector<mcl::bn::G1> points(n_max);
  std::vector<mcl::bn::Fr> scalars(n_max);
  for (std::size_t i = 0; i < n_max; ++i) {
    const std::uint8_t* p = point_bytes.data() + 64 * i;
    if (std::all_of(p, p + 64, [](std::uint8_t b) { return b == 0; })) {
      points[i].clear();
    } else {
      mcl::bn::Fp x, y;
      bool ok = true;
      x.setLittleEndianMod(&ok, p, 32);
      y.setLittleEndianMod(&ok, p + 32, 32);
      points[i].set(&ok, x, y, true);
      if (!ok) {
        std::fprintf(stderr, "point %zu is not on the curve\n", i);
        return 1;
      }
    }
    scalars[i].setLittleEndianMod(scalar_bytes.data() + 32 * i, 32);
  }

  std::stringstream sizes(argv[3]);
  for (std::string item; std::getline(sizes, item, ',');) {
    const unsigned log_n = static_cast<unsigned>(std::stoul(item));
    const std::size_t n = std::size_t{1} << log_n;
    if (n > n_max) {
      std::fprintf(stderr, "2^%u points asked, %zu in the files\n", log_n, n_max);
      return 1;
    }
    mcl::bn::G1 sum;
    std::vector<double> times;
    for (int run = 0; run <= repeats; ++run) {
      const auto start = std::chrono::steady_clock::now();
      if (threads > 1) {
        mcl::bn::G1::mulVecMT(sum, points.data(), scalars.data(), n, static_cast<std::size_t>(threads));
      } else {
        mcl::bn::G1::mulVec(sum, points.data(), scalars.data(), n);
      }
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      if (run > 0) times.push_back(ms);
    }
    std::sort(times.begin(), times.end());
    std::printf("2^%u %.2f %.2f\n", log_n, times[times.size() / 2], times.front());
    print_result(log_n, sum);
  }
  return 0;
}
