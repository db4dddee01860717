#!/usr/bin/env bash
# make audit: Lighthouse (npm, installed on first use into build/audit/, not a test dependency) with
# Debian's Chromium on the home page, a guidance page and a calculator page, in both languages'
# first. Prints each page's four category scores against the targets (100 for accessibility, best
# practices and SEO; at least 95 for performance). A report, not a test: it never fails on scores.
set -euo pipefail
cd "$(dirname "$0")/.."
LIGHTHOUSE_VERSION=12.8.2
prefix=build/audit
if [[ ! -x $prefix/node_modules/.bin/lighthouse ]]; then
  echo "audit: installing lighthouse $LIGHTHOUSE_VERSION into $prefix (once)"
  npm install --prefix "$prefix" --no-audit --no-fund --loglevel=error "lighthouse@$LIGHTHOUSE_VERSION" >/dev/null
fi
out=$(mktemp -d)
log=$out/serve.log
./build/bin/accelguide serve --out "$out/site" --port 0 --no-watch >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$out"' EXIT
for _ in $(seq 100); do grep -q 'serving .* at http' "$log" && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*' "$log" | head -1)
[[ $url ]] || { echo "audit: accelguide serve did not start"; cat "$log"; exit 1; }
printf '%-38s %12s %14s %15s %6s\n' page performance accessibility best-practices seo
pages=("" guide/how-to-choose/ calculators/training/)
[[ ${AUDIT_PAGES:-} ]] && read -ra pages <<<"$AUDIT_PAGES"
for page in "${pages[@]}"; do
  "$prefix/node_modules/.bin/lighthouse" "$url$page" --quiet --output=json --output-path="$out/report.json" \
    --chrome-path=/usr/bin/chromium --chrome-flags="--headless=new --no-sandbox --disable-gpu" \
    --only-categories=performance,accessibility,best-practices,seo >/dev/null 2>&1 || { echo "audit: lighthouse failed on /$page"; continue; }
  node -e '
    const r = require(process.argv[1]);
    const s = (k) => Math.round(r.categories[k].score * 100);
    const mark = (v, t) => `${v}${v >= t ? "" : " (<" + t + ")"}`;
    console.log(`${("/" + process.argv[2]).padEnd(38)} ${mark(s("performance"), 95).padStart(12)} ${mark(s("accessibility"), 100).padStart(14)} ${mark(s("best-practices"), 100).padStart(15)} ${mark(s("seo"), 100).padStart(6)}`);
    if (s("performance") < 95)
      for (const id of ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"])
        console.log(`    ${id}: ${r.audits[id].displayValue}`);
    if (s("performance") < 95) {
      const lcp = r.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
      if (lcp) console.log(`    largest contentful paint: ${lcp.selector} ${lcp.nodeLabel?.slice(0, 60)}`);
    }
    for (const [id, a] of Object.entries(r.audits))
      if (a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary") console.log(`    ${id}: ${a.title}`);
  ' "$out/report.json" "$page"
done
