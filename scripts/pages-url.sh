#!/usr/bin/env bash
# pages-url.sh OWNER/REPO: the URL GitHub Pages publishes the repository at, for --base-url.
#   someone/accelguide        -> https://someone.github.io/accelguide/   (a project site)
#   someone/someone.github.io -> https://someone.github.io/              (a user or organisation site)
# Owner names are case-insensitive on GitHub and lower-case in Pages URLs; the repository name is kept.
set -euo pipefail
if [[ $# -ne 1 || $1 != */* ]]; then
  echo "usage: pages-url.sh OWNER/REPO" >&2
  exit 2
fi
owner=${1%%/*}
owner=${owner,,}
repo=${1#*/}
if [[ ${repo,,} == "$owner.github.io" ]]; then
  echo "https://$owner.github.io/"
else
  echo "https://$owner.github.io/$repo/"
fi
