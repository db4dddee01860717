#!/usr/bin/env bash
# The site generator against its peers, measured in one run on the same synthetic corpus
# (../shared/bench/make_corpus.py): accelguide build, Debian's hugo with highlighting off, and the
# cmark-gfm floor (parse + render every body on 2 threads, nothing else). Prints medians, peak
# memory and the ratios; then the time `serve` takes to serve one edited page. Never fails on timing.
set -euo pipefail
cd "$(dirname "$0")/../.."
PAGES=${PAGES:-10000}
RUNS=${RUNS:-3}
SHARED=${SHARED:-$(cd .. && pwd)/shared}
B=$(pwd)/build/bench
CLI=$(pwd)/build/bin/accelguide
if [[ ! -f $SHARED/bench/make_corpus.py ]]; then
  echo "site bench: $SHARED/bench not found (set SHARED=...); skipped"
  exit 0
fi
mkdir -p "$B"
# Outputs go to tmpfs when there is one, for both generators: this machine's virtual disk is slow
# and uneven (writing the 300 MB site takes 4-9 s), which would drown the difference in work.
OUT=$B
if [[ -d /dev/shm && -w /dev/shm ]]; then OUT=/dev/shm/accelguide-bench; mkdir -p "$OUT"; fi
if [[ ! -f $B/corpus-$PAGES/bodies.list ]]; then
  rm -rf "$B/corpus-$PAGES"
  python3 "$SHARED/bench/make_corpus.py" "$PAGES" "$B/corpus-$PAGES" >/dev/null
fi
corpus=$(cd "$B/corpus-$PAGES" && pwd)
site=$B/site
rm -rf "$site" && mkdir -p "$site/content"
# A copy made of hard links (instant, no extra space): the generator refuses symlinks that leave
# the project (Hardening II), and the corpus lives beside the site, not inside it.
cp -al "$corpus/content" "$site/content/en"
cp tests/bench/site/config.yaml "$site/content/"
cp -r tests/bench/site/templates data "$site/"
printf '[markup.highlight]\n  codeFences = false\n' > "$B/hugo-nohl.toml"
gcc -O2 -o "$B/cmark_floor" "$SHARED/bench/cmark_floor.c" -lcmark-gfm -lcmark-gfm-extensions -lpthread

# median wall seconds and peak RSS (KB) of RUNS runs of a command
measure() {
  local times=() rss=()
  for ((i = 0; i < RUNS; i++)); do
    rm -rf "$OUT/out" "$OUT/hugo-out"
    /usr/bin/time -f "%e %M" -o "$B/time.txt" "$@" >/dev/null 2>"$B/err.txt" || { cat "$B/err.txt"; return 1; }
    read -r t m < "$B/time.txt"
    times+=("$t"); rss+=("$m")
  done
  printf '%s\n' "${times[@]}" | sort -g | sed -n "$(( (RUNS + 1) / 2 ))p" | tr '\n' ' '
  printf '%s\n' "${rss[@]}" | sort -g | tail -n 1
}

read -r ours ours_rss < <(measure "$CLI" build --root "$site" --out "$OUT/out")
read -r hugo hugo_rss < <(cd "$corpus" && measure hugo --quiet --config hugo.toml,"$B/hugo-nohl.toml" -d "$OUT/hugo-out")
read -r floor floor_rss < <(measure "$B/cmark_floor" "$corpus/bodies.list" 2)
"$CLI" build --root "$site" --out "$OUT/out" >/dev/null
pages=$(find "$OUT/out" -name '*.html' | wc -l)

awk -v n="$PAGES" -v ours="$ours" -v hugo="$hugo" -v floor="$floor" -v orss="$ours_rss" -v hrss="$hugo_rss" \
    -v pages="$pages" -v runs="$RUNS" 'BEGIN {
  speed = hugo / ours; floor_ratio = ours / floor; memory = orss / hrss
  printf "site build, %d-page corpus (%d HTML files written to '"$OUT"'), median of %d runs, this machine:\n", n, pages, runs
  printf "  accelguide build        %6.2f s  %5.0f MB peak\n", ours, orss / 1024
  printf "  hugo (highlighting off) %6.2f s  %5.0f MB peak\n", hugo, hrss / 1024
  printf "  cmark-gfm floor, 2 thr  %6.2f s\n", floor
  printf "  hugo / accelguide        = %5.1fx  (target >= 5x: %s)\n", speed, (speed >= 5) ? "met" : "MISSED"
  printf "  accelguide / floor       = %5.1fx  (target <= 2x: %s)\n", floor_ratio, (floor_ratio <= 2) ? "met" : "MISSED"
  printf "  memory accelguide / hugo = %5.2f   (target <= 0.25: %s)\n", memory, (memory <= 0.25) ? "met" : "MISSED"
}'
edited=$(ls "$site/content/en/s00" | grep -v _index | head -n 1)
node tests/bench/serve_latency.mjs --cli "$CLI" --root "$site" --out "$OUT/serve-out" \
  --page "$site/content/en/s00/$edited" --path "s00/${edited%.md}/"
rm -rf "$OUT/out" "$OUT/hugo-out" "$OUT/serve-out"
