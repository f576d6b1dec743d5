#!/usr/bin/env bash
# Installs what building or testing zkmsm needs on Debian 12, from Debian, and the @noble/curves
# oracle from npm at the version pinned in tests/oracle. Tools already on the PATH (a Node.js
# from elsewhere, say) are used as they are; nothing is installed when everything is present.
#
#   scripts/install_deps.sh build   what `make run` needs: the library and the CLI
#   scripts/install_deps.sh test    the above, and what the tests and benches need (the default)
set -euo pipefail
cd "$(dirname "$0")/.."

scope="${1:-test}"
case "$scope" in
  build | test) ;;
  *)
    echo "usage: $0 [build|test]" >&2
    exit 2
    ;;
esac

# The build: compilers and CMake, the CLI's libraries, and the Vulkan loader and glslc, which
# the default build compiles the Vulkan backend with when it finds them.
build_packages=(libcli11-dev nlohmann-json3-dev libvulkan-dev)
declare -A build_tools=([cmake]=cmake [ninja]=ninja-build [g++]=g++ [git]=git [glslc]=glslc)

# The tests on top: GoogleTest, Google Benchmark, lavapipe (mesa-vulkan-drivers: a Vulkan device
# on the CPU for machines without a GPU), Python for the CLI tests, Node.js for the oracle,
# glslangValidator and spirv-val to check SPIR-V by hand, pkg-config for the consumer test,
# clang with libFuzzer's runtime (libclang-rt-14-dev) for the fuzz test (tests/fuzz), and
# Emscripten for the WebAssembly module and its node tests (`make test-wasm`), whose WebGPU runs
# on Dawn's OpenGL backend over Mesa's llvmpipe: Dawn opens libEGL.so (libegl-dev), Mesa's EGL
# (libegl-mesa0) and its software rasterizer (libgl1-mesa-dri); the browser test runs Chromium
# headless (chromium, with SwiftShader's WebGPU).
test_packages=(googletest libgtest-dev libbenchmark-dev mesa-vulkan-drivers libclang-rt-14-dev libegl-dev libegl-mesa0
               libgl1-mesa-dri chromium)
declare -A test_tools=([python3]=python3 [node]=nodejs [npm]=npm [glslangValidator]=glslang-tools
                       [spirv-val]=spirv-tools [pkg-config]=pkgconf [clang++]=clang [emcc]=emscripten)

missing=()
check_packages() {
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
}
check_tools() {
  local -n tools=$1
  for tool in "${!tools[@]}"; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("${tools[$tool]}")
  done
}

check_packages "${build_packages[@]}"
check_tools build_tools
if [ "$scope" = test ]; then
  check_packages "${test_packages[@]}"
  check_tools test_tools
fi

if [ ${#missing[@]} -gt 0 ]; then
  echo "install_deps: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ "$scope" = test ] && [ ! -d tests/oracle/node_modules/@noble/curves ]; then
  echo "install_deps: npm ci in tests/oracle"
  (cd tests/oracle && npm ci --no-audit --no-fund)
fi
# Dawn for node (the webgpu package, pinned in tests/wasm): the WebAssembly module's WebGPU tests.
if [ "$scope" = test ] && [ ! -d tests/wasm/node_modules/webgpu ]; then
  echo "install_deps: npm ci in tests/wasm"
  # --ignore-scripts: the package's only install script clears a macOS quarantine flag.
  (cd tests/wasm && npm ci --no-audit --no-fund --ignore-scripts)
fi
