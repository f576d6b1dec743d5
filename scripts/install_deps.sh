#!/usr/bin/env bash
# Installs what building and testing zkmsm needs on Debian 12: the toolchain and libraries from
# Debian, and the @noble/curves oracle from npm at the version pinned in tests/oracle.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ googletest libgtest-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev nodejs npm python3)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
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
