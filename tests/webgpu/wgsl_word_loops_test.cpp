#include "msm/webgpu/wgsl_word_loops.hpp"

#include <gtest/gtest.h>

#include <string>

namespace zkmsm::webgpu {
namespace {

std::string unrolled(const std::string& source) {
  std::string out;
  std::string error;
  EXPECT_TRUE(unroll_word_loops(source, out, error)) << error;
  return out;
}

std::string refusal(const std::string& source) {
  std::string out;
  std::string error;
  EXPECT_FALSE(unroll_word_loops(source, out, error));
  return error;
}

TEST(WgslWordLoops, AMarkedLoopBecomesItsIterationsWithAConstantCounter) {
  EXPECT_EQ(unrolled("const FIELD_WORDS = 3u;\nfn f() { /* word loop */ for (var i = 0u; i < FIELD_WORDS; i++) { x[i] "
                     "= y[i]; } }"),
            "const FIELD_WORDS = 3u;\nfn f() { { const i = 0u; x[i] = y[i]; } { const i = 1u; x[i] = y[i]; } "
            "{ const i = 2u; x[i] = y[i]; } }");
}

TEST(WgslWordLoops, UnmarkedLoopsAndOtherTextStayAsWritten) {
  const std::string source =
      "const FIELD_WORDS = 8u;\n// a comment { with braces }\nfn g() { for (var i = 0u; i < FIELD_WORDS; i++) { z[i] = "
      "0u; } }\n";
  EXPECT_EQ(unrolled(source), source);
}

TEST(WgslWordLoops, ALiteralBoundAndNestedLoops) {
  EXPECT_EQ(unrolled("/* word loop */ for (var q = 0u; q < 2u; q++) {\n  /* word loop */ for (var k = 0u; k < 2u; k++) "
                     "{ a[2u * q + k] = b[k]; }\n}"),
            "{ const q = 0u;\n  { const k = 0u; a[2u * q + k] = b[k]; } { const k = 1u; a[2u * q + k] = b[k]; }\n} "
            "{ const q = 1u;\n  { const k = 0u; a[2u * q + k] = b[k]; } { const k = 1u; a[2u * q + k] = b[k]; }\n}");
}

TEST(WgslWordLoops, BlocksInsideTheBodyAreKeptWhole) {
  EXPECT_EQ(unrolled("const FIELD_WORDS = 2u;\n/* word loop */ for (var w = 0u; w < FIELD_WORDS; w++) { if (c) { s[w] "
                     "= 1u; } else { s[w] = 2u; } }\nlet after = 1u;"),
            "const FIELD_WORDS = 2u;\n{ const w = 0u; if (c) { s[w] = 1u; } else { s[w] = 2u; } } "
            "{ const w = 1u; if (c) { s[w] = 1u; } else { s[w] = 2u; } }\nlet after = 1u;");
}

TEST(WgslWordLoops, WhatItCannotReadIsRefusedWithAReason) {
  EXPECT_NE(refusal("/* word loop */ while (true) { }").find("header"), std::string::npos);
  EXPECT_NE(refusal("/* word loop */ for (var i = 0u; i < FIELD_WORDS; i++) { }").find("FIELD_WORDS"),
            std::string::npos);
  EXPECT_NE(refusal("/* word loop */ for (var i = 0u; i < 4u; i++) { if (x) { break; } }").find("break"),
            std::string::npos);
  EXPECT_NE(refusal("/* word loop */ for (var i = 0u; i < 4u; i++) { x[i] = 0u;").find("closing brace"),
            std::string::npos);
  EXPECT_NE(refusal("/* word loop */ for (var i = 0u; j < 4u; i++) { }").find("header"), std::string::npos);
}

}  // namespace
}  // namespace zkmsm::webgpu
