// Build-time generator: writes shader_constants.glsl (see shader_constants_glsl.hpp) to the path
// given as its only argument. The file is rewritten only when its contents change, so an
// unchanged FieldConstants does not recompile the shaders.
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include "msm/vulkan/shader_constants_glsl.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <output shader_constants.glsl>\n", argv[0]);
    return 2;
  }
  const std::string text = zkmsm::vulkan::shader_constants_glsl();
  {
    std::ifstream existing(argv[1], std::ios::binary);
    const std::string old((std::istreambuf_iterator<char>(existing)), std::istreambuf_iterator<char>());
    if (existing && old == text) return 0;
  }
  std::ofstream out(argv[1], std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) {
    std::fprintf(stderr, "generate_shader_constants: cannot write %s\n", argv[1]);
    return 1;
  }
  return 0;
}
