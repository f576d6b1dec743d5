#!/usr/bin/env bash
# Installs what building and testing zkmsm needs on Debian 12: the toolchain and libraries from
# Debian, and the @noble/curves oracle from npm at the version pinned in tests/oracle.
# Tools already on the PATH (a Node.js from elsewhere, say) are used as they are.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
# Libraries: Debian packages.
# libvulkan-dev and mesa-vulkan-drivers (lavapipe, a Vulkan device on the CPU) build and test the
# Vulkan backend on machines without a GPU.
for p in googletest libgtest-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev libvulkan-dev mesa-vulkan-drivers; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Tools: any installation on the PATH will do; otherwise Debian's package.
# glslc compiles the Vulkan backend's shaders; glslangValidator and spirv-val check SPIR-V by hand.
declare -A tool_package=([cmake]=cmake [ninja]=ninja-build [g++]=g++ [python3]=python3 [node]=nodejs [npm]=npm
                         [glslc]=glslc [glslangValidator]=glslang-tools [spirv-val]=spirv-tools)
for tool in "${!tool_package[@]}"; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("${tool_package[$tool]}")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "install_deps: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}"
fi

if [ ! -d tests/oracle/node_modules/@noble/curves ]; then
  echo "install_deps: npm ci in tests/oracle"
  (cd tests/oracle && npm ci --no-audit --no-fund)
fi
