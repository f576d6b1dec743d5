#!/usr/bin/env python3
"""Writes field/montgomery_mul_4x64_adx.hpp and field/montgomery_mul_6x64_adx.hpp: one Montgomery
multiplication in MULX/ADCX/ADOX assembly per limb count, all from the row pattern below.

  generate_montgomery_mul_adx.py            rewrite both headers next to this script
  generate_montgomery_mul_adx.py --check    exit 1 if a header differs from what this writes (a test)

Row i of the CIOS (N limbs, N + 1 accumulator registers t0 … tN used as a ring): R_j = t[(i + j)
mod (N + 1)]; R_N is zeroed (which also clears CF and OF), then R += a·b[i] with the low halves on
the CF chain (ADCX) and the high halves on the OF chain (ADOX), then m = R_0·(−p⁻¹) and R += m·p
the same way; R_0 becomes zero and is the next row's R_N. After N rows the result is R_1 … R_N of
the last row. rax stays zero (it closes the CF chain into R_N).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Per limb count: the curve it serves, how it is inlined, and the measurement behind the choice.
VARIANTS = {
    4: {
        "title": "BN254-sized (4×64-bit)",
        "contract": "no-carry CIOS: p < 2^255",
        "inline": "inline __attribute__((always_inline))",
        "inline_note": "Inlined: 12 registers leave its callers room.",
    },
    6: {
        "title": "BLS12-381-sized (6×64-bit)",
        "contract": "no-carry CIOS: the top limb of p below 2^63 − 1",
        "inline": "__attribute__((noinline)) inline",
        "inline_note": ("Not inlined: the asm needs 14 of the 15 allocatable registers, which a caller's live\n"
                        "// values would otherwise compete for."),
    },
}


def asm_rows(n):
    ring = n + 1
    lines = ['"xorl %%eax, %%eax\\n\\t"']
    for i in range(n):
        r = [f"t{(i + j) % ring}" for j in range(ring)]
        lines.append(f"// row {i}: t += a·b[{i}]; t = (t + m·p) / 2^64")
        lines.append(f'"xorl %k[{r[n]}], %k[{r[n]}]\\n\\t"')
        lines.append(f'"movq {8 * i}(%[b]), %%rdx\\n\\t"')
        for half, source in (("a", "a"), ("p", "p")):
            if half == "p":
                lines.append(f'"movq %[{r[0]}], %%rdx\\n\\t"')
                lines.append(f'"imulq {8 * n}(%[p]), %%rdx\\n\\t"')
                lines.append('"xorl %k[lo], %k[lo]\\n\\t"')
            for j in range(n):
                lines.append(f'"mulxq {8 * j}(%[{source}]), %[lo], %[hi]\\n\\t"')
                lines.append(f'"adcxq %[lo], %[{r[j]}]\\n\\t"')
                lines.append(f'"adoxq %[hi], %[{r[j + 1]}]\\n\\t"')
            lines.append(f'"adcxq %%rax, %[{r[n]}]\\n\\t"')
    return lines


def header(n):
    v = VARIANTS[n]
    ring = n + 1
    guard = f"ZKMSM_HAVE_MONTGOMERY_MUL_{n}X64_ADX"
    rows = "\n".join("      " + line for line in asm_rows(n)).lstrip()
    accumulators = ", ".join(f"t{k} = 0" for k in range(ring))
    results = "\n".join(f"  out[{k}] = t{(n + k) % ring};" for k in range(n))
    # Laid out as clang-format lays it out (parameters aligned after the open parenthesis; the
    # operand list cut before the first output that passes column 120), so the check holds.
    opening = f'{v["inline"]} void montgomery_mul_{n}x64_adx('
    indent = " " * len(opening)
    parameters = f",\n{indent}".join(
        [f"std::uint64_t out[{n}]", f"const std::uint64_t a[{n}]", f"const std::uint64_t b[{n}]",
         f"const std::uint64_t modulus_and_inverse[{n + 1}]"])
    operands = [f'[t{k}] "+&r"(t{k})' for k in range(ring)] + ['[lo] "=&r"(lo)', '[hi] "=&r"(hi)']
    first = "      : "
    line, wrapped = first, []
    for k, operand in enumerate(operands):
        piece = operand + ("," if k + 1 < len(operands) else "")
        candidate = line + ("" if line in (first, "        ") else " ") + piece
        if len(candidate) > 120:
            wrapped.append(line)
            line = "        " + piece
        else:
            line = candidate
    wrapped.append(line)
    output_lines = "\n".join(wrapped)
    return f"""// {v["title"]} Montgomery multiplication for x86-64 with BMI2 + ADX: CIOS with MULX and two
// independent carry chains (ADCX on CF, ADOX on OF), the technique of Intel's "New Instructions
// Supporting Large Integer Arithmetic" (Gopal et al., 2012). Same contract as PrimeField::operator*
// ({v["contract"]}, inputs < p, output < 2p before the caller's final subtraction).
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
#define {guard} 1

#include "host/cpu_features.hpp"

namespace zkmsm::x86_64 {{

// modulus_and_inverse = {{p0, …, p{n - 1}, −p⁻¹ mod 2^64}}. Returns a·b·2^−{64 * n} mod p in [0, 2p).
// {v["inline_note"]}
{opening}{parameters}) {{
  std::uint64_t {accumulators}, lo, hi;
  asm({rows}
{output_lines}
      : [a] "r"(a), [b] "r"(b), [p] "r"(modulus_and_inverse),
        // The memory the asm reads, typed as the u64 arrays it is (no aliasing surprise).
        "m"(*reinterpret_cast<const std::uint64_t(*)[{n}]>(a)), "m"(*reinterpret_cast<const std::uint64_t(*)[{n}]>(b)),
        "m"(*reinterpret_cast<const std::uint64_t(*)[{n + 1}]>(modulus_and_inverse))
      : "rax", "rdx", "cc");
{results}
}}

}}  // namespace zkmsm::x86_64

#endif
"""


def main(argv):
    check = argv[1:] == ["--check"]
    stale = []
    for n in VARIANTS:
        path = os.path.join(HERE, f"montgomery_mul_{n}x64_adx.hpp")
        text = header(n)
        if check:
            current = open(path).read() if os.path.exists(path) else ""
            if current != text:
                stale.append(path)
        else:
            with open(path, "w") as f:
                f.write(text)
    if stale:
        print("not what generate_montgomery_mul_adx.py writes (run it, then clang-format): " + ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
