#!/usr/bin/env bash
# The publish workflow's build step (scripts/pages-build.sh, as .github/workflows/pages.yml runs it)
# replayed here: for a project site with no custom domain, and with SITE_BASE_URL set, the site is
# built complete (home, 404, calculator with its module, sitemap) and every absolute URL in it is
# the published one.
#   pages_build.sh ROOT CLI
set -euo pipefail
root=$1
export ACCELGUIDE=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }

expect_published_at() {  # OUT URL
  local out=$1 url=$2
  for f in index.html en/index.html 404.html sitemap.xml robots.txt calculators/training/index.html \
           assets/wasm/accelguide-planner.wasm assets/wasm/calculator.js; do
    [[ -s $out/$f ]] || fail "$out/$f missing or empty"
  done
  grep -qF "<link rel=\"canonical\" href=\"$url\">" "$out/index.html" || fail "home's canonical is not $url"
  grep -qF "<link rel=\"alternate\" hreflang=\"en\" href=\"${url}en/\">" "$out/index.html" || fail "no hreflang to ${url}en/"
  grep -qF "<loc>${url}en/</loc>" "$out/sitemap.xml" || fail "sitemap does not list ${url}en/"
  grep -qF "Sitemap: ${url}sitemap.xml" "$out/robots.txt" || fail "robots.txt does not point at ${url}sitemap.xml"
  # Nothing built for this address points at the development server.
  if grep -rlF "127.0.0.1" "$out" --include='*.html' --include='*.xml' --include='*.txt' >/dev/null; then
    fail "a page still names 127.0.0.1: $(grep -rlF 127.0.0.1 "$out" --include='*.html' --include='*.xml' | head -3)"
  fi
}

GITHUB_REPOSITORY=Someone/accelguide SITE_BASE_URL='' bash "$root/scripts/pages-build.sh" "$tmp/project"
expect_published_at "$tmp/project" "https://someone.github.io/accelguide/"

GITHUB_REPOSITORY=Someone/accelguide SITE_BASE_URL='https://docs.example.org/ml/' \
  bash "$root/scripts/pages-build.sh" "$tmp/custom"
expect_published_at "$tmp/custom" "https://docs.example.org/ml/"

# Without either variable the script refuses (exit 2) instead of building for a wrong address.
set +e
env -u GITHUB_REPOSITORY SITE_BASE_URL='' bash "$root/scripts/pages-build.sh" "$tmp/none" 2>/dev/null
code=$?
set -e
[[ $code -eq 2 ]] || fail "no base URL: exit $code, expected 2"
[[ ! -e $tmp/none ]] || fail "no base URL: something was built"
echo "ok: project site and custom domain built at their published URLs"
