#!/usr/bin/env bash
# Every generated page through the Nu HTML Checker (npm vnu-jar, Java 17): 0 errors.
#   tests/html/validate.sh CLI ROOT WASM_DIR
set -euo pipefail
cli=$1 root=$2 wasm=$3
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$cli" build --root "$root" --out "$out/site" --wasm-dir "$wasm" >/dev/null
pages=$(find "$out/site" -name '*.html' | wc -l)
if java -jar "$root/node_modules/vnu-jar/build/dist/vnu.jar" --errors-only --skip-non-html "$out/site"; then
  echo "html.vnu: $pages pages, 0 errors"
else
  echo "html.vnu: errors above (in $pages pages)"
  exit 1
fi
