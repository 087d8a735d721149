#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A long fuzzing campaign (docs/reliability.md): fuzz/campaign.sh SECONDS TARGET...
# Keeps a growing corpus in build-asan/campaign/<target>/ and crashes in build-asan/artifacts/;
# add the minimised interesting inputs to fuzz/corpus/<target>/ by hand.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${FORTUNA_FUZZ_BUILD_DIR:-${FORTUNA_ASAN_BUILD_DIR:-$root/build-asan}}"  # the hardening build of scripts/fortuna.sh
seconds="$1"
shift
declare -A seeds=([ruleset]="$root/data/tables" [army]="$root/data/armies" [scenario]="$root/data/scenarios"
  [save]="$root/tests/fixtures/saves" [journal]="" [action]="" [companion]="" [umpire_command]="")
mkdir -p "$dir/artifacts"
for name in "$@"; do
  mkdir -p "$dir/campaign/$name" "$root/fuzz/corpus/$name"
  # shellcheck disable=SC2086  # the seed folder is one word or none
  "$dir/bin/fuzz_$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -dict="$root/fuzz/json.dict" -print_final_stats=1 -artifact_prefix="$dir/artifacts/$name-" \
    "$dir/campaign/$name" "$root/fuzz/corpus/$name" ${seeds[$name]} >"$dir/campaign-$name.log" 2>&1
  echo "$name: exit $?, $(grep -E '^stat::number_of_executed_units' "$dir/campaign-$name.log")"
done
