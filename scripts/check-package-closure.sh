#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Proves that an installed Debian package's Depends: is enough on a clean system: every shared
# library the dynamic loader finds for its programs (ldd) must belong (dpkg -S) to a package that
# apt installs along with it (the recursive closure of its Depends and Pre-Depends), or to an
# Essential package, or to what those need; a build machine full of -dev packages hides a missing
# dependency, this check does not.
#   scripts/check-package-closure.sh PACKAGE PROGRAM...
# Prints one line per library; fails naming each library outside the closure and its package.
# Libraries a program opens itself at run time (Qt's plugins) are not seen by ldd and not checked.
set -euo pipefail

package="${1:?usage: check-package-closure.sh PACKAGE PROGRAM...}"
shift
[ "$#" -gt 0 ] || { echo "check-package-closure: name at least one program of $package" >&2; exit 2; }
for program in "$@"; do
  [ -x "$program" ] || { echo "check-package-closure: $program is no program" >&2; exit 2; }
done
dpkg-query -W "$package" > /dev/null 2>&1 || { echo "check-package-closure: $package is not installed" >&2; exit 2; }

# Package names as the top-level lines of `apt-cache depends --recurse` print them: "<virtual>"
# for a virtual package (its providers follow as packages of their own), ":arch" never here.
closure_of() {
  apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces \
    --no-enhances "$@" | grep -v '^ ' | tr -d '<>' | sed 's/:.*$//' | sort -u
}

essential="$(dpkg-query -W -f='${Package} ${Essential}\n' | awk '$2 == "yes" { print $1 }')"
# shellcheck disable=SC2086  # one word per package
allowed="$(closure_of "$package" $essential)"

# Every library any of the programs loads, by the path the loader chose.
libraries="$(for program in "$@"; do ldd "$program"; done | awk '
  /not found/ { print "MISSING:" $1; next }
  $2 == "=>" && $3 ~ /^\// { print $3; next }
  $1 ~ /^\// { print $1 }' | sort -u)"

# dpkg knows a file by the path its package shipped: /lib/... or /usr/lib/... (merged /usr), or
# the real file behind a symbolic link. "LIBRARY<tab>SPELLING" for each, then one dpkg -S for
# every spelling (it reads its file lists once) and "LIBRARY<tab>OWNER" from the first one known.
spellings="$(while IFS= read -r library; do
  [[ -z "$library" || "$library" == MISSING:* ]] && continue
  for path in "$library" "/usr$library" "${library#/usr}" "$(readlink -f "$library")"; do
    printf '%s\t%s\n' "$library" "$path"
  done
done <<< "$libraries")"
# shellcheck disable=SC2046  # one word per path
owners="$(dpkg -S $(cut -f 2 <<< "$spellings" | sort -u) 2>/dev/null | awk '/^diversion by / { next }
  { at = index($0, ": /"); if (at) { split(substr($0, 1, at - 1), names, /[:,]/); print substr($0, at + 2) "\t" names[1] } }' || true)"
owner_table="$(awk -F '\t' 'NR == FNR { owner[$1] = $2; next }
  !($1 in found) && ($2 in owner) { found[$1] = owner[$2]; print $1 "\t" owner[$2] }' <(printf '%s\n' "$owners") <(printf '%s\n' "$spellings"))"

# One line per library, each "FAIL" before every "ok" (a caller may show only the first lines);
# the count of failures is the last line.
verdict="$(awk -F '\t' -v package="$package" '
  FILENAME == ARGV[1] { allowed[$1] = 1; next }
  FILENAME == ARGV[2] { owner[$1] = $2; next }
  $1 == "" { next }
  /^MISSING:/ { print "FAIL  " substr($1, 9) ": the loader finds no such library"; failures++; next }
  !($1 in owner) { print "FAIL  " $1 ": no installed package ships it (built locally? copied by hand?)"; failures++; next }
  owner[$1] in allowed { ok = ok "ok    " $1 " (" owner[$1] ")\n"; next }
  { print "FAIL  " $1 ": from " owner[$1] ", which " package " does not depend on (not even indirectly) and which is not essential"; failures++ }
  END { printf "%s", ok; print failures + 0 }' <(printf '%s\n' "$allowed") <(printf '%s\n' "$owner_table") <(printf '%s\n' "$libraries"))"
failures="$(tail -n 1 <<< "$verdict")"
sed '$d' <<< "$verdict"

if [ "$failures" -ne 0 ]; then
  echo "check-package-closure: $failures librar$([ "$failures" -eq 1 ] && echo y || echo ies) of $* outside what $package brings" >&2
  exit 1
fi
echo "check-package-closure: every library of $* comes with $package or an essential package"
