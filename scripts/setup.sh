#!/usr/bin/env bash
# Installs what accelguide needs on Debian 12, and only what is missing; safe to run again.
#   scripts/setup.sh           everything `make test` needs: Debian packages, then the browser-test
#                              npm packages exactly as package-lock.json pins them
#   scripts/setup.sh --serve   only what `make serve` needs: the compilers and libraries of the
#                              generator and the wasm planner (no browser, no fuzzer, no npm)
#   scripts/setup.sh --bench   everything, plus the peers `make bench` measures against
# Debian packages are installed as root; anyone else gets one line saying what to install.
# Nothing else is downloaded: no browser builds, no toolchains.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-test}

packages=(
  cmake ninja-build g++ make pkg-config         # build
  emscripten                                    # the wasm planner (clang 14, binaryen, node-acorn)
  node-terser                                   # minifies the calculator's JS and the module loader
  libcmark-gfm-dev libcmark-gfm-extensions-dev  # Markdown with GFM tables
  nlohmann-json3-dev libyaml-cpp-dev            # JSON, YAML front matter
  libcli11-dev zlib1g-dev                       # CLI; the dev server gzips the wasm module
  doctest-dev                                   # unit tests (the dev preset configures them)
)
if [[ $mode != --serve ]]; then
  packages+=(
    clang libclang-rt-14-dev                    # fuzzing (libFuzzer) and its sanitiser runtimes
    chromium                                    # browser tests, driven by playwright-core
    openjdk-17-jre-headless                     # the Nu HTML Checker (npm vnu-jar) over every page
    python3                                     # the measurement kit's file-writing test (scripts/measure/)
    python3-jsonschema                          # validates requests against the published JSON Schemas
  )
  command -v npm >/dev/null 2>&1 || packages+=(npm)
fi
# make bench measures the generator against Debian's hugo on a corpus made by a Python script.
[[ $mode == --bench ]] && packages+=(hugo time python3 gcc)
command -v node >/dev/null 2>&1 || packages+=(nodejs)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  if [[ $(id -u) -ne 0 ]]; then
    echo "accelguide: missing Debian packages; as root run: apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 1
  fi
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

[[ $mode == --serve ]] && exit 0
# npm ci only when node_modules does not match the lock file.
stamp=node_modules/.accelguide-lock.json
if ! cmp -s package-lock.json "$stamp" 2>/dev/null; then
  echo "setup: installing browser-test packages from package-lock.json"
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
