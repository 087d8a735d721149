#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Smoke test of the Debian package: install a built fortuna_*.deb with apt, run both programs from
# /usr as a user would (no display, no source tree, no FORTUNA_DATA), prove that its Depends: brings
# every library they load (check-package-closure.sh: this machine's -dev packages would hide a gap),
# check the desktop files, manual pages and completion are in place, then remove the package again.
#   scripts/package-smoke.sh BUILD_DIR      (scripts/fortuna.sh package builds the .deb first)
# FORTUNA_KEEP_PACKAGE=1 leaves the package installed.
set -euo pipefail

build_dir="${1:?usage: package-smoke.sh BUILD_DIR}"
source_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
deb="$(ls -t "$build_dir"/fortuna_*.deb 2>/dev/null | head -n 1 || true)"
[ -n "$deb" ] || { echo "package-smoke: no fortuna_*.deb in $build_dir (run cpack -G DEB there)" >&2; exit 1; }
deb="$(cd "$(dirname "$deb")" && pwd)/$(basename "$deb")"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

failures=0
check() {  # check DESCRIPTION COMMAND...: runs the command, reports, counts failures
  local what="$1"; shift
  local out
  if out="$("$@" 2>&1)"; then
    echo "ok    $what"
  else
    echo "FAIL  $what"; echo "$out" | sed 's/^/      /' | head -n 20
    failures=$((failures + 1))
  fi
}

echo "package-smoke: installing $deb"
export DEBIAN_FRONTEND=noninteractive
# What Debian's own checker says of the package: nothing (docs/building.md). --allow-root: CI is root.
if command -v lintian > /dev/null; then
  check "lintian finds nothing to say" sh -c 'out=$(lintian --allow-root "$1" 2>&1) && [ -z "$out" ] || { echo "$out"; exit 1; }' sh "$deb"
fi
$sudo apt-get install -y -qq --no-install-recommends "$deb" > /dev/null

# What the package declares it needs, as dpkg-shlibdeps computed it.
echo "Depends: $(dpkg-deb -f "$deb" Depends)"

# A user's shell: no display, no data override, somewhere outside the source tree.
cd /tmp
run() { env -u DISPLAY -u WAYLAND_DISPLAY -u FORTUNA_DATA -u QT_QPA_PLATFORM "$@"; }
version="$(dpkg-deb -f "$deb" Version)"
check "fortuna --version without a display" sh -c "$(declare -f run); run /usr/bin/fortuna --version | grep -F '$version'"
check "fortuna --help lists its options" sh -c "$(declare -f run); run /usr/bin/fortuna --help | grep -F -- --screenshot"
# This machine has every -dev package, so the programs running proves little about a clean system:
# every library they load must come with a package that apt installs along with fortuna.
check "Depends: brings every library the programs load" "$source_dir/scripts/check-package-closure.sh" fortuna /usr/bin/fortuna /usr/bin/fortuna-cli
check "fortuna-cli --version" sh -c "$(declare -f run); run /usr/bin/fortuna-cli --version | grep -F 'fortuna-cli $version'"
check "fortuna-cli finds the installed data" sh -c "$(declare -f run); run /usr/bin/fortuna-cli rulesets | grep -F gloire-dice"
check "fortuna-cli validates the installed data" sh -c "$(declare -f run); run /usr/bin/fortuna-cli validate | grep -F /usr/share/fortuna/data"
check "fortuna-cli resolves a combat" sh -c "$(declare -f run); run /usr/bin/fortuna-cli --json combat --ruleset gloire-dice --attack 15 --defend 5 --roll 4 | grep -F '\"result\": \"Dd\"'"
check "fortuna-cli prints a sheet to standard output" sh -c "$(declare -f run); run /usr/bin/fortuna-cli sheet reference --ruleset reason --out - 2>/dev/null | head -c 5 | grep -F '%PDF-'"
check "fortuna renders White Mountain offscreen" sh -c "$(declare -f run); run env QT_QPA_PLATFORM=offscreen /usr/bin/fortuna --screenshot /tmp/fortuna-package-smoke.png && test -s /tmp/fortuna-package-smoke.png"
check "no source path compiled in" sh -c "! grep -a -F -q '$source_dir/data' /usr/bin/fortuna /usr/bin/fortuna-cli"
check "man fortuna-cli" sh -c "MANWIDTH=80 man fortuna-cli 2>&1 | grep -F 'attacker-bases'"
check "man fortuna" sh -c "MANWIDTH=80 man fortuna 2>&1 | grep -F 'screenshot'"
check "bash completion installed" test -s /usr/share/bash-completion/completions/fortuna-cli
check "desktop entry installed and valid" desktop-file-validate /usr/share/applications/io.github.fortunabelli.fortuna.desktop
check "AppStream metadata installed and valid" appstreamcli validate --no-net /usr/share/metainfo/io.github.fortunabelli.fortuna.metainfo.xml
check "*.fortuna is a saved game" sh -c "grep -x 'application/x-fortuna-save:\\*.fortuna' /usr/share/mime/globs"
check "*.fortuna-naval is a saved naval game" sh -c "grep -x 'application/x-fortuna-naval-save:\\*.fortuna-naval' /usr/share/mime/globs"
check "icons in hicolor" test -s /usr/share/icons/hicolor/scalable/apps/io.github.fortunabelli.fortuna.svg -a -s /usr/share/icons/hicolor/48x48/apps/io.github.fortunabelli.fortuna.png
check "licence and docs" test -s /usr/share/doc/fortuna/LICENSE -a -s /usr/share/doc/fortuna/cli.md
rm -f /tmp/fortuna-package-smoke.png

if [ "${FORTUNA_KEEP_PACKAGE:-0}" != 1 ]; then
  $sudo apt-get remove -y -qq fortuna > /dev/null
fi
if [ "$failures" -ne 0 ]; then
  echo "package-smoke: $failures check(s) failed" >&2
  exit 1
fi
echo "package-smoke: all checks passed"
