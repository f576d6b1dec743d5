// Uses the installed zkmsm: the C++ API computes 1·G + 1·2G on BN254, the names API reads a
// backend's name back, and the C ABI reports the version. Prints "zkmsm consumer OK <version>"
// when the sum is 3G and the name round-trips.
#include <zkmsm/zkmsm.h>

#include <array>
#include <cinttypes>
#include <cstdio>
#include <string_view>
#include <vector>
#include <zkmsm/zkmsm.hpp>

int main() {
  using Curve = zkmsm::Bn254;
  // G = (1, 2); 2G and 3G computed independently (Python integers).
  const zkmsm::Point<Curve> g{{1, 0, 0, 0}, {2, 0, 0, 0}};
  const zkmsm::Point<Curve> g2{
      {0xd3c208c16d87cfd3ULL, 0xd97816a916871ca8ULL, 0x9b85045b68181585ULL, 0x030644e72e131a02ULL},
      {0xff3ebf7a5a18a2c4ULL, 0x68a6a449e3538fc7ULL, 0xe7845f96b2ae9c0aULL, 0x15ed738c0e0a7c92ULL}};
  const zkmsm::Point<Curve> g3{
      {0xf2d355961915abf0ULL, 0x9315d84715b8e679ULL, 0xf40232bcb1b6bd15ULL, 0x0769bf9ac56bea3fULL},
      {0xcdf1ff3dd9fe2261ULL, 0x319e63b40b9c5b57ULL, 0x554fdb7c8d086475ULL, 0x2ab799bee0489429ULL}};
  const std::vector<zkmsm::Point<Curve>> points{g, g2};
  const std::vector<zkmsm::Scalar<Curve>> scalars{{1, 0, 0, 0}, {1, 0, 0, 0}};

  const auto result = zkmsm::msm<Curve>(points, scalars, zkmsm::MsmConfig{});
  if (!result) {
    std::fprintf(stderr, "zkmsm::msm failed: %s\n", result.error().message.c_str());
    return 1;
  }
  if (!(result.value() == g3)) {
    std::fprintf(stderr, "zkmsm::msm returned a wrong sum: x[3] = %016" PRIx64 "\n", result.value().x[3]);
    return 1;
  }
  zkmsm::Backend backend = zkmsm::Backend::automatic;
  if (!zkmsm::from_string("cpu", backend) || std::string_view(zkmsm::to_string(backend)) != "cpu" ||
      zkmsm::enum_names<zkmsm::Backend>().empty()) {
    std::fprintf(stderr, "zkmsm names API: 'cpu' does not round-trip\n");
    return 1;
  }
  std::printf("zkmsm consumer OK %s\n", zkmsm_version());
  return 0;
}
