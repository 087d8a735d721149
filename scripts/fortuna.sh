#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# One entry point for a fresh Debian bookworm machine:
#   scripts/fortuna.sh run [ARGS...]   install what is missing, build, start the application
#   scripts/fortuna.sh test            install what is missing, build, run every test (exit code = verdict)
#   scripts/fortuna.sh build           install and build only
#   scripts/fortuna.sh deps            install the Debian packages only
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${FORTUNA_BUILD_DIR:-$root/build}"
jobs="$(nproc 2>/dev/null || echo 2)"

packages=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-base-dev-tools libgl-dev
  nlohmann-json3-dev libspdlog-dev libvalijson-dev libpcg-cpp-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  poppler-utils xvfb xauth
)

install_dependencies() {
  local missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    return 0
  fi
  echo "fortuna.sh: installing ${missing[*]}"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

configure_and_build() {
  local werror=OFF
  if [ "${CI:-}" = "true" ]; then werror=ON; fi
  cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFORTUNA_WERROR="$werror" \
    ${FORTUNA_CMAKE_ARGS:-}
  cmake --build "$build_dir" -j "$jobs"
}

command="${1:-run}"
shift || true
case "$command" in
  deps)
    install_dependencies
    ;;
  build)
    install_dependencies
    configure_and_build
    ;;
  run)
    install_dependencies
    configure_and_build
    if [ -x "$build_dir/bin/fortuna" ]; then
      exec "$build_dir/bin/fortuna" "$@"
    fi
    exec "$build_dir/bin/fortuna-cli" "${@:-rulesets}"
    ;;
  test)
    install_dependencies
    configure_and_build
    export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
    ctest --test-dir "$build_dir" --output-on-failure -j "$jobs"
    ;;
  *)
    echo "usage: scripts/fortuna.sh run|test|build|deps" >&2
    exit 2
    ;;
esac
