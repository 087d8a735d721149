#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Issue 5 benchmarks, measured in one run on this machine and reported as ratios:
#  1. cold start to the painted main window with the default battle (White Mountain when
#     shipped) against an empty Qt Widgets window: target within 4x;
#  2. repainting the board with 2,000 units: target under 16 ms.
# Usage: scripts/bench-app.sh [BUILD_DIR] [RUNS]   (offscreen unless QT_QPA_PLATFORM is set)
set -euo pipefail
build=${1:-build}
runs=${2:-7}
bin="$build/bin"
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
export FORTUNA_RECOVERY_DIR=$(mktemp -d)
trap 'rm -rf "$FORTUNA_RECOVERY_DIR"' EXIT
for exe in fortuna fortuna_empty_window fortuna_board_bench; do
  [[ -x "$bin/$exe" ]] || { echo "missing $bin/$exe: cmake --build $build --target fortuna fortuna_empty_window fortuna_board_bench" >&2; exit 2; }
done

# Median wall time in ms of RUNS starts of a command (each exits at its first paint).
median_ms() {
  local times=()
  for ((i = 0; i < runs; i++)); do
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

"$bin/fortuna_empty_window" >/dev/null 2>&1 || true   # warm the disk cache for both
"$bin/fortuna" --quit-after-paint >/dev/null 2>&1 || true
empty=$(median_ms "$bin/fortuna_empty_window")
app=$(median_ms "$bin/fortuna" --quit-after-paint)
ratio=$(awk -v a="$app" -v e="$empty" 'BEGIN { printf "%.2f", (e > 0 ? a / e : 0) }')
echo "start to first paint: empty Qt window ${empty} ms, fortuna with the default battle ${app} ms: ratio ${ratio}x (target <= 4x)"
echo "  (load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores; where fortuna's time goes, one run:)"
FORTUNA_TIMING=1 "$bin/fortuna" --quit-after-paint 2>&1 | grep -E '^(Qt application|rules library|main window|window built|first paint)' | sed 's/^/    /'
"$bin/fortuna_board_bench" 2000
