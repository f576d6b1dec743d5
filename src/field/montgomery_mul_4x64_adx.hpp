// BN254-sized (4×64-bit) Montgomery multiplication for x86-64 with BMI2 + ADX: CIOS with MULX and two
// independent carry chains (ADCX on CF, ADOX on OF), the technique of Intel's "New Instructions
// Supporting Large Integer Arithmetic" (Gopal et al., 2012). Same contract as PrimeField::operator*
// (no-carry CIOS: p < 2^255, inputs < p, output < 2p before the caller's final subtraction).
// Written by field/generate_montgomery_mul_adx.py (its docstring explains the rows); edit that,
// not this file.
//
// Inline assembly needs no compiler ISA flag, so it is compiled into every x86-64 build and taken
// at run time where cpuid reports BMI2 + ADX (host::active_cpu_features.mulx_adx, see
// host/cpu_features.hpp); PrimeField::operator* branches on that flag.
#pragma once

#include <cstdint>

// Unoptimised builds (-O0) cannot allocate the asm's registers: they use the portable path. CUDA
// translation units (both passes) keep the portable path: their host code does no bulk field
// arithmetic.
#if defined(__x86_64__) && defined(__GNUC__) && defined(__OPTIMIZE__) && !defined(__CUDACC__)
#define ZKMSM_HAVE_MONTGOMERY_MUL_4X64_ADX 1

#include "host/cpu_features.hpp"

namespace zkmsm::x86_64 {

// modulus_and_inverse = {p0, …, p3, −p⁻¹ mod 2^64}. Returns a·b·2^−256 mod p in [0, 2p).
// Inlined: 12 registers leave its callers room.
inline __attribute__((always_inline)) void montgomery_mul_4x64_adx(std::uint64_t out[4],
                                                                   const std::uint64_t a[4],
                                                                   const std::uint64_t b[4],
                                                                   const std::uint64_t modulus_and_inverse[5]) {
  std::uint64_t t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, lo, hi;
  asm("xorl %%eax, %%eax\n\t"
      // row 0: t += a·b[0]; t = (t + m·p) / 2^64
      "xorl %k[t4], %k[t4]\n\t"
      "movq 0(%[b]), %%rdx\n\t"
      "mulxq 0(%[a]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t0]\n\t"
      "adoxq %[hi], %[t1]\n\t"
      "mulxq 8(%[a]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t1]\n\t"
      "adoxq %[hi], %[t2]\n\t"
      "mulxq 16(%[a]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t2]\n\t"
      "adoxq %[hi], %[t3]\n\t"
      "mulxq 24(%[a]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t3]\n\t"
      "adoxq %[hi], %[t4]\n\t"
      "adcxq %%rax, %[t4]\n\t"
      "movq %[t0], %%rdx\n\t"
      "imulq 32(%[p]), %%rdx\n\t"
      "xorl %k[lo], %k[lo]\n\t"
      "mulxq 0(%[p]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t0]\n\t"
      "adoxq %[hi], %[t1]\n\t"
      "mulxq 8(%[p]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t1]\n\t"
      "adoxq %[hi], %[t2]\n\t"
      "mulxq 16(%[p]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t2]\n\t"
      "adoxq %[hi], %[t3]\n\t"
      "mulxq 24(%[p]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t3]\n\t"
      "adoxq %[hi], %[t4]\n\t"
      "adcxq %%rax, %[t4]\n\t"
      // row 1: t += a·b[1]; t = (t + m·p) / 2^64
      "xorl %k[t0], %k[t0]\n\t"
      "movq 8(%[b]), %%rdx\n\t"
      "mulxq 0(%[a]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t1]\n\t"
      "adoxq %[hi], %[t2]\n\t"
      "mulxq 8(%[a]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t2]\n\t"
      "adoxq %[hi], %[t3]\n\t"
      "mulxq 16(%[a]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t3]\n\t"
      "adoxq %[hi], %[t4]\n\t"
      "mulxq 24(%[a]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t4]\n\t"
      "adoxq %[hi], %[t0]\n\t"
      "adcxq %%rax, %[t0]\n\t"
      "movq %[t1], %%rdx\n\t"
      "imulq 32(%[p]), %%rdx\n\t"
      "xorl %k[lo], %k[lo]\n\t"
      "mulxq 0(%[p]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t1]\n\t"
      "adoxq %[hi], %[t2]\n\t"
      "mulxq 8(%[p]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t2]\n\t"
      "adoxq %[hi], %[t3]\n\t"
      "mulxq 16(%[p]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t3]\n\t"
      "adoxq %[hi], %[t4]\n\t"
      "mulxq 24(%[p]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t4]\n\t"
      "adoxq %[hi], %[t0]\n\t"
      "adcxq %%rax, %[t0]\n\t"
      // row 2: t += a·b[2]; t = (t + m·p) / 2^64
      "xorl %k[t1], %k[t1]\n\t"
      "movq 16(%[b]), %%rdx\n\t"
      "mulxq 0(%[a]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t2]\n\t"
      "adoxq %[hi], %[t3]\n\t"
      "mulxq 8(%[a]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t3]\n\t"
      "adoxq %[hi], %[t4]\n\t"
      "mulxq 16(%[a]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t4]\n\t"
      "adoxq %[hi], %[t0]\n\t"
      "mulxq 24(%[a]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t0]\n\t"
      "adoxq %[hi], %[t1]\n\t"
      "adcxq %%rax, %[t1]\n\t"
      "movq %[t2], %%rdx\n\t"
      "imulq 32(%[p]), %%rdx\n\t"
      "xorl %k[lo], %k[lo]\n\t"
      "mulxq 0(%[p]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t2]\n\t"
      "adoxq %[hi], %[t3]\n\t"
      "mulxq 8(%[p]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t3]\n\t"
      "adoxq %[hi], %[t4]\n\t"
      "mulxq 16(%[p]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t4]\n\t"
      "adoxq %[hi], %[t0]\n\t"
      "mulxq 24(%[p]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t0]\n\t"
      "adoxq %[hi], %[t1]\n\t"
      "adcxq %%rax, %[t1]\n\t"
      // row 3: t += a·b[3]; t = (t + m·p) / 2^64
      "xorl %k[t2], %k[t2]\n\t"
      "movq 24(%[b]), %%rdx\n\t"
      "mulxq 0(%[a]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t3]\n\t"
      "adoxq %[hi], %[t4]\n\t"
      "mulxq 8(%[a]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t4]\n\t"
      "adoxq %[hi], %[t0]\n\t"
      "mulxq 16(%[a]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t0]\n\t"
      "adoxq %[hi], %[t1]\n\t"
      "mulxq 24(%[a]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t1]\n\t"
      "adoxq %[hi], %[t2]\n\t"
      "adcxq %%rax, %[t2]\n\t"
      "movq %[t3], %%rdx\n\t"
      "imulq 32(%[p]), %%rdx\n\t"
      "xorl %k[lo], %k[lo]\n\t"
      "mulxq 0(%[p]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t3]\n\t"
      "adoxq %[hi], %[t4]\n\t"
      "mulxq 8(%[p]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t4]\n\t"
      "adoxq %[hi], %[t0]\n\t"
      "mulxq 16(%[p]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t0]\n\t"
      "adoxq %[hi], %[t1]\n\t"
      "mulxq 24(%[p]), %[lo], %[hi]\n\t"
      "adcxq %[lo], %[t1]\n\t"
      "adoxq %[hi], %[t2]\n\t"
      "adcxq %%rax, %[t2]\n\t"
      : [t0] "+&r"(t0), [t1] "+&r"(t1), [t2] "+&r"(t2), [t3] "+&r"(t3), [t4] "+&r"(t4), [lo] "=&r"(lo), [hi] "=&r"(hi)
      : [a] "r"(a), [b] "r"(b), [p] "r"(modulus_and_inverse),
        // The memory the asm reads, typed as the u64 arrays it is (no aliasing surprise).
        "m"(*reinterpret_cast<const std::uint64_t(*)[4]>(a)), "m"(*reinterpret_cast<const std::uint64_t(*)[4]>(b)),
        "m"(*reinterpret_cast<const std::uint64_t(*)[5]>(modulus_and_inverse))
      : "rax", "rdx", "cc");
  out[0] = t4;
  out[1] = t0;
  out[2] = t1;
  out[3] = t2;
}

}  // namespace zkmsm::x86_64

#endif
