#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Renders the user guide's screenshots (docs/images/app-*.png) with `fortuna --screenshot`, at
# 1366 x 768 (the smallest screen the desk is laid out for), from the same commands the guide
# and tests/app/test_desk_keys.cpp use. Usage: scripts/app-screenshots.sh [BUILD_DIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
app="$build/bin/fortuna"
out="$root/docs/images"
export FORTUNA_DATA="$root/data"
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"
# A fresh settings folder: the first run (welcome shown), then one where it was dismissed.
settings="$(mktemp -d)"
trap 'rm -rf "$settings"' EXIT
export XDG_CONFIG_HOME="$settings"
size=1366x768

"$app" --screenshot "$out/app-welcome.png" --size "$size" white-mountain-1620
mkdir -p "$settings/Fortuna Belli"
printf '[welcome]\ndismissed=true\n' > "$settings/Fortuna Belli/fortuna.conf"

"$app" --screenshot "$out/app-white-mountain.png" --size "$size" white-mountain-1620
# The newcomer's combat: F-I1 within 25 mm of I-I1, then Tab, E, C, 6, Enter (as the test).
"$app" --screenshot "$out/app-combat.png" --size "$size" --dock combat \
  --command "m F-I1 450,370 !" --command "s F-I1 I-I1" --command "c 6" test-skirmish
# A solo phase: N, then J opens CL-A1 and its target; it fires; J opens the next battery.
"$app" --screenshot "$out/app-duties.png" --size "$size" \
  --command "n" --command "j" --command "a .420" --command "j" white-mountain-1620
"$app" --screenshot "$out/app-ranges.png" --size "$size" --command "s CL-A2" white-mountain-1620
# The state counters at fit zoom, and the same picture as a deuteranope sees it.
"$app" --screenshot "$out/app-states.png" --size "$size" --board-only \
  --command "set B-I3 state=disrupted" --command "set B-I4 state=routing" --command "set B-I5 state=withdrawing" \
  --command "set B-A1 guns=limbered" --command "set B-A2 guns=captured" white-mountain-1620
# Deuteranopia simulated with the Machado, Oliveira and Fernandes (2009) matrix at severity 1.0.
convert "$out/app-states.png" -colorspace RGB -color-matrix \
  "0.367322 0.860646 -0.227968  0.280085 0.672501 0.047413  -0.011820 0.042940 0.968881" \
  -colorspace sRGB "$out/app-states-deuteranopia.png"
echo "screenshots written to $out"
