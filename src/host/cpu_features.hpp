// Which x86-64 fast paths the host code takes, chosen once at start-up from cpuid, so that one
// binary built without -march runs everywhere and still uses the fast instructions where the
// CPU has them. Host only.
//
// The paths, each including the one before:
//   portable     plain C++ (any CPU, any architecture)
//   mulx_adx     PrimeField's 4- and 6-limb multiplications in MULX/ADCX/ADOX assembly
//                (field/montgomery_mul_4x64_adx.hpp, montgomery_mul_6x64_adx.hpp); needs BMI2 + ADX
//   avx512_ifma  the CPU backend's 8-lane accumulation and reduction on Field8x52
//                (field/field_8x52_ifma.hpp); needs AVX512F + AVX512DQ + AVX512IFMA (with OS support for
//                the 512-bit state, checked with xgetbv)
//
// Environment override (for tests and comparisons): ZKMSM_CPU_FEATURES=portable|adx|ifma caps
// the path at that level; it never enables what the CPU lacks. Any other value is ignored with
// a message on stderr.
//
// Representation: the active features are one global value, written during static
// initialisation and read (one predictable load) by every 4- and 6-limb field multiplication.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#endif

namespace zkmsm::host {

struct CpuFeatures {
  bool mulx_adx = false;     // BMI2 + ADX
  bool avx512_ifma = false;  // AVX512F + AVX512DQ + AVX512IFMA
};

enum class CpuPath { portable, mulx_adx, avx512_ifma };

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// The register state the OS saves on context switches (XCR0), read with xgetbv.
inline std::uint64_t os_saved_state() {
  std::uint32_t low = 0, high = 0;
  __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
  return (std::uint64_t{high} << 32) | low;
}
#endif

// What this CPU supports, from cpuid leaves 1 and 7 (read directly rather than with
// __builtin_cpu_supports, whose "adx" and "avx512ifma" names clang 14 does not know). AVX-512
// counts only when the OS saves its state (XCR0: SSE, AVX, opmask and both ZMM halves).
inline CpuFeatures detect_cpu_features() {
  CpuFeatures features;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid(0, &eax, &ebx, &ecx, &edx) == 0 || eax < 7) return features;
  __get_cpuid(1, &eax, &ebx, &ecx, &edx);
  const bool osxsave = (ecx & (1u << 27)) != 0;
  __cpuid_count(7, 0, eax, ebx, ecx, edx);
  const auto has = [&](unsigned bit) { return (ebx & (1u << bit)) != 0; };
  constexpr unsigned kBmi2 = 8, kAvx512f = 16, kAvx512dq = 17, kAdx = 19, kAvx512ifma = 21;
  constexpr std::uint64_t kAvx512State = 0xe6;  // XCR0 bits 1, 2, 5, 6, 7
  features.mulx_adx = has(kBmi2) && has(kAdx);
  features.avx512_ifma = osxsave && (os_saved_state() & kAvx512State) == kAvx512State && has(kAvx512f) &&
                         has(kAvx512dq) && has(kAvx512ifma);
#endif
  return features;
}

// The features left after capping at `path`.
inline CpuFeatures capped_cpu_features(CpuFeatures features, CpuPath path) {
  if (path == CpuPath::portable) features.mulx_adx = false;
  if (path != CpuPath::avx512_ifma) features.avx512_ifma = false;
  return features;
}

// The cap named by ZKMSM_CPU_FEATURES, or avx512_ifma (no cap) when unset or unknown.
inline CpuPath cpu_path_from_environment() {
  const char* value = std::getenv("ZKMSM_CPU_FEATURES");
  if (value == nullptr || *value == '\0') return CpuPath::avx512_ifma;
  if (std::strcmp(value, "portable") == 0) return CpuPath::portable;
  if (std::strcmp(value, "adx") == 0) return CpuPath::mulx_adx;
  if (std::strcmp(value, "ifma") == 0) return CpuPath::avx512_ifma;
  std::fprintf(stderr, "zkmsm: ignoring ZKMSM_CPU_FEATURES=%s (expected portable, adx or ifma)\n", value);
  return CpuPath::avx512_ifma;
}

// The features the library uses: detected, capped by the environment.
inline CpuFeatures active_cpu_features = capped_cpu_features(detect_cpu_features(), cpu_path_from_environment());

// Caps the active features at `path` (never beyond what the CPU has): for tests that compare
// the paths in one process. Not while another thread computes.
inline void restrict_cpu_path_for_testing(CpuPath path) {
  active_cpu_features =
      capped_cpu_features(capped_cpu_features(detect_cpu_features(), cpu_path_from_environment()), path);
}

// The widest path in use.
inline CpuPath active_cpu_path() {
  if (active_cpu_features.avx512_ifma) return CpuPath::avx512_ifma;
  return active_cpu_features.mulx_adx ? CpuPath::mulx_adx : CpuPath::portable;
}

inline const char* to_string(CpuPath path) {
  switch (path) {
    case CpuPath::portable:
      return "portable";
    case CpuPath::mulx_adx:
      return "adx";
    case CpuPath::avx512_ifma:
      return "ifma";
  }
  return "unknown";
}

}  // namespace zkmsm::host
