#!/usr/bin/env bash
# kill_build.sh CLI WORK [PAGES]: a build killed with SIGKILL part-way leaves the previous site exactly
# as it was (site/build/output.cpp: staging folder + renameat2 RENAME_EXCHANGE).
#
#   1. make a synthetic site (make_site.sh) and build it: the "old" site, recorded file by file
#      (path + SHA-256); build the same site with another --base-url elsewhere: the "new" site,
#      which differs from the old one in every page (canonical URLs)
#   2. start `accelguide build --base-url <new>` into the old site's folder, frozen at one of its
#      named stop points (ACCELGUIDE_STOP_AT, site/build/stop_point.hpp: after loading, parsing,
#      assembling, after the first, a middle and the last file staged, after the swap); once /proc
#      shows it stopped, SIGKILL it. The kill lands where the test says, whatever the machine's
#      load: nothing here is timed.
#   3. after each kill the output folder must hold the old site exactly (every point before the
#      swap), or the new site exactly (the point after it): never a mix, never a missing file
#   4. seven kills must land before the swap, and a last build that is not killed must succeed,
#      swap in the new site and leave no staging folder behind
set -euo pipefail
cli=$1
work=$2
pages=${3:-1000}
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
mkdir -p "$work"
"$here/make_site.sh" "$pages" "$work/src"

manifest() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum); }

"$cli" build --root "$work/src" --out "$work/out/site" --threads 2 >/dev/null
manifest "$work/out/site" > "$work/old.txt"
"$cli" build --root "$work/src" --out "$work/new/site" --threads 2 --base-url https://new.example/ >/dev/null
manifest "$work/new/site" > "$work/new.txt"
files=$(wc -l < "$work/old.txt")
echo "old site: $files files"
if cmp -s "$work/old.txt" "$work/new.txt"; then
  echo "FAIL: the two builds are identical, so the test could not tell them apart"
  exit 1
fi

before_swap=0
after_swap=0
failures=0
check() {  # $1: the stop point; $2: what the folder must hold, old or new
  manifest "$work/out/site" > "$work/now.txt"
  if [[ $2 == old ]] && cmp -s "$work/now.txt" "$work/old.txt"; then
    before_swap=$((before_swap + 1))
    echo "  killed at $1: previous site intact ($files files, same bytes)"
  elif [[ $2 == new ]] && cmp -s "$work/now.txt" "$work/new.txt"; then
    after_swap=$((after_swap + 1))
    echo "  killed at $1: after the swap, the new site is complete"
  else
    echo "FAIL: killed at $1: the output folder is not the $2 site:"
    diff <(cut -c67- "$work/$2.txt") <(cut -c67- "$work/now.txt") | head -5 || true
    diff "$work/$2.txt" "$work/now.txt" | head -5 || true
    failures=$((failures + 1))
  fi
}

# The state letter of a process (R, S, D, T for stopped, ...), or nothing once it is gone.
state_of() { sed -E 's/^[0-9]+ \(.*\) ([A-Za-z]).*/\1/' "/proc/$1/stat" 2>/dev/null || true; }

kill_at() {  # $1: stop point (point or point:n); $2: old or new
  ACCELGUIDE_STOP_AT=$1 "$cli" build --root "$work/src" --out "$work/out/site" --threads 2 \
    --base-url https://new.example/ >/dev/null 2>&1 &
  local pid=$! state
  # Wait for the build to freeze itself at the point (or to end without reaching it).
  while state=$(state_of "$pid"); [[ -n $state && $state != T && $state != t && $state != Z ]]; do sleep 0.02; done
  if [[ $state != T && $state != t ]]; then
    wait "$pid" 2>/dev/null || true
    echo "FAIL: the build ended without reaching the stop point $1"
    failures=$((failures + 1))
    return
  fi
  kill -KILL "$pid"
  wait "$pid" 2>/dev/null || true
  check "$1" "$2"
}

half=$((files / 2))
for point in load parse assemble staged:1 "staged:$half" "staged:$files" rendered; do
  kill_at "$point" old
done
kill_at swapped new

if ((failures > 0)); then
  echo "FAIL: $failures kill point(s) left a broken site"
  exit 1
fi
if ((before_swap != 7 || after_swap != 1)); then
  echo "FAIL: $before_swap kill(s) before the swap (7 expected), $after_swap after it (1 expected)"
  exit 1
fi

"$cli" build --root "$work/src" --out "$work/out/site" --threads 2 --base-url https://new.example/ >/dev/null
manifest "$work/out/site" > "$work/now.txt"
cmp -s "$work/now.txt" "$work/new.txt" || { echo "FAIL: the last build did not swap in the new site"; exit 1; }
leftover=$(find "$work/out" -maxdepth 1 -name '.site.tmp-*' | wc -l)
((leftover == 0)) || { echo "FAIL: $leftover staging folder(s) left beside the output"; exit 1; }
echo "PASS: $before_swap kills before the swap left the previous site intact; the next build cleaned up"
rm -rf "$work"
