#!/usr/bin/env bash
# make_site.sh N DIR: writes a synthetic one-language site of N pages (about 4 KB of Markdown each,
# in 20 sections) into DIR, over the benchmark templates (tests/bench/site) and the project's data/.
# Big enough that `accelguide build` takes a while; pure bash, so CI needs nothing more.
set -euo pipefail
n=$1
dir=$2
repo=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$dir"
mkdir -p "$dir/content/en"
cp "$repo/tests/bench/site/config.yaml" "$dir/content/"
cp -r "$repo/tests/bench/site/templates" "$repo/data" "$dir/"

section() {
  cat <<MD
## Section $1: choosing an instance

Training time is *compute over throughput*; see [the other page](../p$2/) and \`accelguide plan\`.
A longer paragraph, so the page has some weight: the planner reads the request, checks each
field, looks the instance up in the catalogue and answers with days, cost, energy and CO2e,
every figure with its source. 日本語の段落も入れる：学習時間、費用、エネルギー。

| instance | accelerators | memory |
| --- | --- | --- |
| p4d.24xlarge | 8 | 320 GiB |
| trn1.32xlarge | 16 | 512 GiB |

- one
- two, with **bold** and ~~struck~~ text
- [ ] a task

\`\`\`json
{"api": 1, "kind": "train", "model": {"parameters": 175e9}, "tokens": 300e9}
\`\`\`

MD
}

for ((s = 0; s < 20; s++)); do
  mkdir -p "$dir/content/en/s$s"
  printf -- '---\ntitle: Section %d\nweight: %d\n---\nPages of section %d.\n' "$s" "$s" "$s" > "$dir/content/en/s$s/_index.md"
done
printf -- '---\ntitle: Home\n---\nA synthetic site.\n' > "$dir/content/en/_index.md"
body=$(for k in 1 2 3 4 5 6; do section "$k" 1; done)
for ((i = 1; i <= n; i++)); do
  printf -- '---\ntitle: Page %d\ndescription: Synthetic page %d\nweight: %d\ntags: [t%d, t%d]\n---\n%s\n' \
    "$i" "$i" "$i" "$((i % 50))" "$((i % 7))" "$body" > "$dir/content/en/s$((i % 20))/p$i.md"
done
