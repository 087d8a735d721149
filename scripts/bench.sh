#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every benchmark, timed properly, each printed beside its target (docs/building.md, "Benchmarks").
# CI runs each benchmark once as a smoke (ctest -L bench); this script is for measuring, on a
# quiet machine: the figures of one run are comparable with each other, as ratios where an
# anchor exists, not with another day's.
# Usage: scripts/bench.sh [BUILD_DIR]   (offscreen unless QT_QPA_PLATFORM is set)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build=${1:-$root/build}
bin="$build/bin"
for exe in fortuna_bench fortuna-cli; do
  [[ -x "$bin/$exe" ]] || { echo "missing $bin/$exe: scripts/fortuna.sh build" >&2; exit 2; }
done
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%Y-%m-%dT%H:%MZ)"

echo
echo "== rules engine (Google Benchmark; targets in each file's opening comment)"
echo "   combat >= 5 million resolutions/s on one core; an exact-odds preview < 50 us;"
echo "   one White Mountain to its decision < 2 s; Duties at 2,000 units within a frame (16 ms)"
"$bin/fortuna_bench" --benchmark_counters_tabular=true

echo
echo "== the battle lab: White Mountain's 1,000 battles on every core (target < 60 s wall on 2 cores)"
start=$(date +%s%N)
FORTUNA_DATA="$root/data" "$bin/fortuna-cli" --json simulate --scenario white-mountain-1620 --battles 1000 --seed 1 >/dev/null
lab_ms=$(( ($(date +%s%N) - start) / 1000000 ))
awk -v ms="$lab_ms" 'BEGIN { printf "   1,000 battles: %.1f s wall: %.2fx the target of 60 s\n", ms / 1000, ms / 60000 }'

if [[ -x "$bin/fortuna" && -x "$bin/fortuna_board_bench" ]]; then
  echo
  echo "== the application: start-up against an empty Qt window (target <= 4x); the board at 2,000 units (< 16 ms)"
  "$root/scripts/bench-app.sh" "$build"
fi
