#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# One entry point for a fresh Debian bookworm machine:
#   scripts/fortuna.sh run [ARGS...]   install what is missing, build, start the application
#   scripts/fortuna.sh test            install what is missing, build, run every test (exit code = verdict)
#   scripts/fortuna.sh build           install and build only
#   scripts/fortuna.sh deps [--all]    install the Debian packages only (--all: the fuzz and Windows steps' too)
#   scripts/fortuna.sh sanitize        library and CLI tests under ASan + UBSan, with clang (build-asan/);
#                                      FORTUNA_SANITIZE_APP=1 adds the app's tests (offscreen)
#   scripts/fortuna.sh fuzz [TARGET] [SECONDS]
#                                      libFuzzer targets from the same build (build-asan/), each run for
#                                      SECONDS (default 20); see docs/reliability.md
#   scripts/fortuna.sh windows         cross-build the rules engine, its tests and the Qt-free CLI
#                                      for Windows with mingw-w64 (build-win/) and run the tests under Wine
#   scripts/fortuna.sh package         the Debian package (build/fortuna_*.deb), installed with apt,
#                                      both programs run from /usr, removed again (docs/building.md)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${FORTUNA_BUILD_DIR:-$root/build}"
jobs="$(nproc 2>/dev/null || echo 2)"
# Unity batches make a clean build about twice as fast and a one-file rebuild slower
# (docs/building.md): on for these scripted builds, FORTUNA_UNITY=OFF while iterating on one file.
unity="${FORTUNA_UNITY:-ON}"

packages=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-base-dev-tools libgl-dev
  nlohmann-json3-dev libspdlog-dev libvalijson-dev libpcg-cpp-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  poppler-utils xvfb xauth
  libcli11-dev  # fortuna-cli's options, help, man page and completion (issue 15)
  librsvg2-bin desktop-file-utils appstream shared-mime-info man-db  # icons, desktop entry, AppStream, MIME, man (issue 15)
  qt6-tools-dev qt6-l10n-tools  # qt_add_translations, lupdate and lrelease for translations/ (issue 15)
  qt6-translations-l10n  # Qt's own German (Strg+S, dialog buttons) that translations.cpp loads beside fortuna_de (issue 15)
  # Table companion (issue 16): WebSocket feed, QR code in the app, API and browser tests
  qt6-websockets-dev libqrencode-dev python3-websockets chromium
  imagemagick  # issue 14: scripts/app-screenshots.sh's simulated deuteranopia view
  xdotool      # issue 14: driving the desk under Xvfb with real key events
)

fuzz_packages=(clang libclang-rt-14-dev)
windows_packages=(g++-mingw-w64-x86-64-posix wine64)

install_dependencies() {
  local missing=()
  for p in "${packages[@]}" "$@"; do
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
  # Optimised, with line tables for backtraces (-g1): full debug information (-g) takes about 40 %
  # longer to compile (test_limits.cpp: 15.5 s of CPU against 10.8 s) and only a debugger needs it
  # (FORTUNA_CMAKE_ARGS="-DCMAKE_BUILD_TYPE=Debug" for one).
  cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFORTUNA_WERROR="$werror" \
    -DFORTUNA_UNITY="$unity" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" ${FORTUNA_CMAKE_ARGS:-}
  cmake --build "$build_dir" -j "$jobs"
}

# One clang build with ASan + UBSan serves both hardening steps (build-asan/): the sanitizers'
# tests and the libFuzzer targets. The library is compiled once with the sanitizers and libFuzzer's
# coverage instrumentation (fuzz/CMakeLists.txt); the tests link it with the sanitizer runtime,
# which supplies the coverage hooks' empty defaults. Two compilers' builds of the same tree cost
# CI about three minutes more (docs/building.md, "CI").
# FORTUNA_SANITIZE_APP=1 adds the app and its tests (offscreen): the app's own code is then
# checked, though Qt itself is not instrumented (docs/reliability.md).
# -O1 with line tables only (-g1), as the sanitizers' own documentation advises: reports keep
# file:line stacks, and the build takes about half the time of -O2 -g.
hardening_dir="${FORTUNA_ASAN_BUILD_DIR:-$root/build-asan}"
configure_hardening_build() {
  local werror=OFF
  if [ "${CI:-}" = "true" ]; then werror=ON; fi
  local app=OFF
  if [ "${FORTUNA_SANITIZE_APP:-0}" = "1" ]; then app=ON; fi
  CC=clang CXX=clang++ cmake -S "$root" -B "$hardening_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFORTUNA_WERROR="$werror" \
    -DFORTUNA_SANITIZE=ON -DFORTUNA_FUZZ=ON -DFORTUNA_BUILD_APP="$app" -DFORTUNA_BUILD_BENCHMARKS=OFF -DFORTUNA_UNITY="$unity" \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG"
}

# Every test under ASan + UBSan; any report fails the run.
run_sanitized_tests() {
  local dir="$hardening_dir"
  configure_hardening_build
  cmake --build "$dir" -j "$jobs"
  export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1:strict_string_checks=1"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
  export LSAN_OPTIONS="suppressions=$root/fuzz/lsan.supp:print_suppressions=0"
  export QT_QPA_PLATFORM=offscreen
  # The few tests that play whole battles many times take fewer under the sanitizers (ten times
  # slower there); what they check is the same (tests/rules/test_recovery.cpp).
  export FORTUNA_SANITIZED=1
  ctest --test-dir "$dir" --output-on-failure -j "$jobs"
}

# libFuzzer targets (clang), each run for a bounded time from a scratch copy of its corpus
# plus the shipped data as seeds; a crash, hang, leak or sanitizer report fails the run and
# leaves the input in build-asan/artifacts/. The mutation seed is fixed (FORTUNA_FUZZ_SEED, 1)
# so that a red CI run can be replayed here: this step guards what is known; exploring is
# fuzz/campaign.sh's job, and what it finds goes into fuzz/corpus/ and tests/fixtures/fuzz/.
run_fuzzers() {
  local only="${1:-all}" seconds="${2:-${FORTUNA_FUZZ_SECONDS:-20}}"
  local dir="$hardening_dir"
  # After the sanitize step the library is built: only the harnesses compile. Configured as it
  # is (the sanitize step may have added the app), or afresh when this step runs alone.
  if ! grep -q '^FORTUNA_FUZZ:BOOL=ON' "$dir/CMakeCache.txt" 2>/dev/null; then configure_hardening_build; fi
  cmake --build "$dir" -j "$jobs" --target fuzzers
  mkdir -p "$dir/artifacts"
  # The third-party leaks we can name (fontconfig's caches, drawn once by the companion's board
  # picture), as in the sanitize step: this step runs in a shell of its own in CI.
  export LSAN_OPTIONS="suppressions=$root/fuzz/lsan.supp:print_suppressions=0"
  export QT_QPA_PLATFORM=offscreen
  local -A seeds=(
    [ruleset]="$root/data/tables" [army]="$root/data/armies" [scenario]="$root/data/scenarios"
    [save]="$root/tests/fixtures/saves" [journal]="" [action]="" [companion]="" [companion_wire]="" [umpire_command]=""
  )
  # One fuzzer a core at a time: each is single-threaded and bounded in time, so two cores run
  # the set in half the wall time with the same time and seed each.
  fuzz_one() {
    local name=$1 work
    work="$(mktemp -d)"
    if [ -d "$root/fuzz/corpus/$name" ]; then cp -r "$root/fuzz/corpus/$name/." "$work/"; fi
    local verdict=0
    # shellcheck disable=SC2086  # the seed folder is one word or none
    "$dir/bin/fuzz_$name" -seed="${FORTUNA_FUZZ_SEED:-1}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -dict="$root/fuzz/json.dict" -print_final_stats=1 -artifact_prefix="$dir/artifacts/$name-" \
        "$work" ${seeds[$name]} 2>"$dir/fuzz_$name.log" || verdict=1
    rm -rf "$work"
    return "$verdict"
  }
  local name status=0 pids=() names=()
  for name in ruleset army scenario save journal action companion companion_wire umpire_command; do
    if [ "$only" != all ] && [ "$only" != "$name" ]; then continue; fi
    names+=("$name")
  done
  local i j
  for ((i = 0; i < ${#names[@]}; i += jobs)); do
    pids=()
    for ((j = i; j < i + jobs && j < ${#names[@]}; j++)); do
      echo "fortuna.sh: fuzz_${names[j]} for ${seconds}s"
      fuzz_one "${names[j]}" &
      pids+=($!)
    done
    for ((j = i; j < i + jobs && j < ${#names[@]}; j++)); do
      name=${names[j]}
      if ! wait "${pids[j - i]}"; then
        tail -n 60 "$dir/fuzz_$name.log" >&2
        status=1
      fi
      echo "fortuna.sh: fuzz_$name: $(grep -E "^stat::number_of_executed_units|^Done [0-9]+ runs" "$dir/fuzz_$name.log" | tr '\n' ' ')"
    done
  done
  return "$status"
}

# Windows (x86_64) with mingw-w64 from Debian: fortuna_rules, its tests and fortuna-cli without
# the Qt commands, statically linked .exe files; ctest runs the library tests under Wine, then the
# CLI resolves a combat under Wine as a smoke test (docs/building.md).
run_windows_build() {
  local dir="${FORTUNA_WINDOWS_BUILD_DIR:-$root/build-win}"
  local werror=OFF
  if [ "${CI:-}" = "true" ]; then werror=ON; fi
  # -O1: this build only runs the tests under Wine, and the whole step took 217 s at -O1 against
  # 337 s at -O2 (the fifteenth session's run, docs/building.md "CI"). Not -O3: GCC 12 reports a
  # false -Wmaybe-uninitialized inside std::string there.
  cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DCMAKE_TOOLCHAIN_FILE="$root/cmake/mingw-w64.cmake" \
    -DFORTUNA_BUILD_APP=OFF -DFORTUNA_BUILD_BENCHMARKS=OFF -DFORTUNA_RELOCATABLE=ON -DFORTUNA_WERROR="$werror" -DFORTUNA_UNITY="$unity" \
    ${FORTUNA_WINDOWS_CMAKE_ARGS:-}
  cmake --build "$dir" -j "$jobs"
  export WINEPREFIX="${WINEPREFIX:-$dir/wine-prefix}" WINEDEBUG="${WINEDEBUG:--all}"
  local wine
  wine="$(command -v wine64 || command -v wine || echo /usr/lib/wine/wine64)"
  # The smoke test first: it creates the Wine prefix once, so that the tests can then run in
  # parallel (each test is a Wine process; serial, they were most of this step's time).
  FORTUNA_DATA="$root/data" "$wine" "$dir/bin/fortuna-cli.exe" --json combat --ruleset gloire-dice --attack 15 --defend 5 --roll 4 \
    | tr -d '\r' | grep -F '"result": "Dd"'
  ctest --test-dir "$dir" --output-on-failure -j "$jobs"
}

command="${1:-run}"
shift || true
case "$command" in
  deps)
    # --all: also what the fuzz and Windows steps need, in one apt-get (CI's first step).
    if [ "${1:-}" = "--all" ]; then install_dependencies lintian "${fuzz_packages[@]}" "${windows_packages[@]}"; else install_dependencies; fi
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
  sanitize)
    install_dependencies "${fuzz_packages[@]}"
    run_sanitized_tests
    ;;
  fuzz)
    install_dependencies "${fuzz_packages[@]}"
    run_fuzzers "$@"
    ;;
  windows)
    install_dependencies "${windows_packages[@]}"
    run_windows_build
    ;;
  package)
    install_dependencies lintian  # Debian's checker of the package (package-smoke.sh)
    # The package is made from the same build folder as the tests: relocatable (no source path
    # compiled in) and installed under /usr; only the data lookup recompiles.
    FORTUNA_CMAKE_ARGS="${FORTUNA_CMAKE_ARGS:-} -DFORTUNA_RELOCATABLE=ON -DCMAKE_INSTALL_PREFIX=/usr" configure_and_build
    rm -f "$build_dir"/fortuna_*.deb
    (cd "$build_dir" && cpack -G DEB)
    "$root/scripts/package-smoke.sh" "$build_dir"
    ;;
  *)
    echo "usage: scripts/fortuna.sh run|test|build|deps|sanitize|fuzz|windows|package" >&2
    exit 2
    ;;
esac
