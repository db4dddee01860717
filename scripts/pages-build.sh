#!/usr/bin/env bash
# pages-build.sh OUT: builds the site into OUT for GitHub Pages, as .github/workflows/pages.yml does
# once `make test` has passed. The base URL is $SITE_BASE_URL when it is set and not empty (a custom
# domain), else the Pages URL of $GITHUB_REPOSITORY (scripts/pages-url.sh). $ACCELGUIDE names the
# CLI (default: build/bin/accelguide, what `make test` builds). Run from anywhere; OUT is relative
# to the repository root.
set -euo pipefail
if [[ $# -ne 1 ]]; then
  echo "usage: pages-build.sh OUT" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
base_url=${SITE_BASE_URL:-}
if [[ -z $base_url ]]; then
  if [[ -z ${GITHUB_REPOSITORY:-} ]]; then
    echo "pages-build.sh: set SITE_BASE_URL, or GITHUB_REPOSITORY (OWNER/REPO) for its Pages URL" >&2
    exit 2
  fi
  base_url=$(scripts/pages-url.sh "$GITHUB_REPOSITORY")
fi
echo "base URL: $base_url"
exec "${ACCELGUIDE:-build/bin/accelguide}" build --base-url "$base_url" --out "$1"
