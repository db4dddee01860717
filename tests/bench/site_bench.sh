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
# Scaling (issue 34): one page of n and 10n repeated headings, and of a 128-column table of n and
# 10n rows (the widest accelguide renders): linear work gives about 10x the time, quadratic 100x.
scale_site() {  # scale_site NAME BODY_FILE
  local dir=$B/scale-$1
  rm -rf "$dir" && mkdir -p "$dir/content/en"
  cp tests/bench/site/config.yaml "$dir/content/"
  cp -r tests/bench/site/templates data "$dir/"
  printf -- '---\ntitle: Scale\n---\n' > "$dir/content/en/_index.md"
  { printf -- '---\ntitle: Scale\n---\n'; cat "$2"; } > "$dir/content/en/page.md"
  echo "$dir"
}
scale_time() {  # scale_time KIND N: median seconds to build a page of N units of KIND
  python3 - "$1" "$2" > "$B/scale-body.md" <<'PY'
import sys
kind, n = sys.argv[1], int(sys.argv[2])
if kind == "headings":
    sys.stdout.write("## A\n\n" * n)
else:
    row = lambda cell: "|" + (cell + "|") * 128 + "\n"
    sys.stdout.write(row("h") + row("-") + row("x") * n)
PY
  local dir
  dir=$(scale_site "$1-$2" "$B/scale-body.md")
  read -r t _ < <(measure "$CLI" build --root "$dir" --out "$OUT/out")
  echo "$t"
}
echo "scaling, one page, median of $RUNS runs:"
for kind in headings table; do
  if [[ $kind == headings ]]; then n=3000; else n=400; fi
  small=$(scale_time "$kind" "$n")
  large=$(scale_time "$kind" "$((n * 10))")
  awk -v k="$kind" -v n="$n" -v s="$small" -v l="$large" 'BEGIN {
    r = l / s
    printf "  %-8s n=%-6d %6.2f s   10n %6.2f s   ratio %5.1fx (linear about 10x, quadratic about 100x: %s)\n", k, n, s, l, r, (r <= 20) ? "linear" : "NOT LINEAR"
  }'
done
edited=$(ls "$site/content/en/s00" | grep -v _index | head -n 1)
node tests/bench/serve_latency.mjs --cli "$CLI" --root "$site" --out "$OUT/serve-out" \
  --page "$site/content/en/s00/$edited" --path "s00/${edited%.md}/"
rm -rf "$OUT/out" "$OUT/hugo-out" "$OUT/serve-out"
