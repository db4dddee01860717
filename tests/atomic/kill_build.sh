#!/usr/bin/env bash
# kill_build.sh CLI WORK [PAGES]: a build killed with SIGKILL part-way leaves the previous site exactly
# as it was (site/src/output.cpp: staging folder + renameat2 RENAME_EXCHANGE).
#
#   1. make a synthetic site (make_site.sh) and build it: the "old" site, recorded file by file
#      (path + SHA-256); build the same site with another --base-url elsewhere: the "new" site,
#      which differs from the old one in every page (canonical URLs)
#   2. start `accelguide build --base-url <new>` into the old site's folder and SIGKILL it at
#      several points: during the parse and render stages (fractions of the build's time) and
#      while it is writing the staging folder (once files appear there)
#   3. after each kill the output folder must hold the old site exactly, or (a kill after the
#      swap) the new site exactly: never a mix, never a missing file
#   4. at least four kills must have landed before the swap, and a last build that is not killed
#      must succeed, swap in the new site and leave no staging folder behind
set -euo pipefail
cli=$1
work=$2
pages=${3:-3000}
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
mkdir -p "$work"
"$here/make_site.sh" "$pages" "$work/src"

manifest() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum); }
now_ms() { date +%s%3N; }

start=$(now_ms)
"$cli" build --root "$work/src" --out "$work/out/site" --threads 2 >/dev/null
took=$(($(now_ms) - start))
manifest "$work/out/site" > "$work/old.txt"
start=$(now_ms)
"$cli" build --root "$work/src" --out "$work/new/site" --threads 2 --base-url https://new.example/ >/dev/null
# The faster of the two builds times the kill points: a first build slowed by a busy machine (CI
# runs other suites beside this one) put every kill after the swap.
second=$(($(now_ms) - start))
((second < took)) && took=$second
manifest "$work/new/site" > "$work/new.txt"
files=$(wc -l < "$work/old.txt")
echo "old site: $files files, built in $took ms"
if cmp -s "$work/old.txt" "$work/new.txt"; then
  echo "FAIL: the two builds are identical, so the test could not tell them apart"
  exit 1
fi

before_swap=0
failures=0
check() {  # $1: what the kill point was
  manifest "$work/out/site" > "$work/now.txt"
  if cmp -s "$work/now.txt" "$work/old.txt"; then
    before_swap=$((before_swap + 1))
    echo "  killed $1: previous site intact ($files files, same bytes)"
  elif cmp -s "$work/now.txt" "$work/new.txt"; then
    echo "  killed $1: after the swap, the new site is complete"
  else
    echo "FAIL: killed $1: the output folder is neither the old site nor the new one:"
    diff <(cut -c67- "$work/old.txt") <(cut -c67- "$work/now.txt") | head -5 || true
    diff "$work/old.txt" "$work/now.txt" | head -5 || true
    failures=$((failures + 1))
  fi
}

start_build() {
  "$cli" build --root "$work/src" --out "$work/out/site" --threads 2 --base-url https://new.example/ >/dev/null 2>&1 &
  pid=$!
}
kill_build() {
  if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid"; fi
  wait "$pid" 2>/dev/null || true
}

# Kill points at fractions of the measured build time.
for percent in 5 20 40 60 80 95; do
  start_build
  sleep "$(awk -v t="$took" -v p="$percent" 'BEGIN { printf "%.3f", t * p / 100000 }')"
  kill_build
  check "at ${percent}% of the build time"
done

# Kill points while the staging folder fills: after the first files, and after half of them.
for want in 1 $((files / 2)); do
  start_build
  while kill -0 "$pid" 2>/dev/null; do
    staged=$(find "$work/out" -path "$work/out/.site.tmp-*" -type f 2>/dev/null | wc -l || true)
    ((staged >= want)) && break
    sleep 0.01
  done
  kill_build
  check "with at least $want file(s) staged"
done

# Builds vary with the machine's load: until four kills have landed before the swap, try again
# earlier and earlier (each kill is checked the same way).
delay=$((took / 50))
for ((extra = 0; before_swap < 4 && extra < 10; extra++)); do
  start_build
  sleep "$(awk -v t="$delay" 'BEGIN { printf "%.3f", t / 1000 }')"
  kill_build
  check "after ${delay} ms"
  delay=$((delay / 2))
done

if ((failures > 0)); then
  echo "FAIL: $failures kill point(s) left a broken site"
  exit 1
fi
if ((before_swap < 4)); then
  echo "FAIL: only $before_swap kill(s) landed before the swap; the site is too small for this machine"
  exit 1
fi

"$cli" build --root "$work/src" --out "$work/out/site" --threads 2 --base-url https://new.example/ >/dev/null
manifest "$work/out/site" > "$work/now.txt"
cmp -s "$work/now.txt" "$work/new.txt" || { echo "FAIL: the last build did not swap in the new site"; exit 1; }
leftover=$(find "$work/out" -maxdepth 1 -name '.site.tmp-*' | wc -l)
((leftover == 0)) || { echo "FAIL: $leftover staging folder(s) left beside the output"; exit 1; }
echo "PASS: $before_swap kills before the swap left the previous site intact; the next build cleaned up"
rm -rf "$work"
