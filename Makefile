# accelguide. The two commands: `make serve` and `make test`. Each runs the set-up first.
#
#   make serve   set up what serving needs, build the generator + wasm, generate build/site/, serve it on 127.0.0.1:$(PORT)
#   make test    set up, build, run every test; the last line is "N passed, M failed"
#   make site    set up, build, generate build/site/, stop
#   make bench   set up, build, print benchmark figures (native against wasm, measured in one run)
#   make fuzz    set up, build the libFuzzer targets, fuzz each for $(SECONDS) s (default 60)
#   make install PREFIX=/usr/local   build, then install the accelguide command (catalogue built in) in $(PREFIX)/bin
#   make native / make wasm / make fuzz-build / make setup    the steps on their own

PORT ?= 8000
PREFIX ?= /usr/local
SECONDS ?= 60
# Every tests/fuzz/fuzz_*.cpp is a target (tests/fuzz/CMakeLists.txt globs the same files).
FUZZ_TARGETS := $(sort $(basename $(notdir $(wildcard tests/fuzz/fuzz_*.cpp))))
# Emscripten 3.1.6 from Debian finds its acorn only here (../shared/TOOLCHAIN.md, trap 1).
export NODE_PATH := /usr/share/nodejs

.PHONY: audit all setup native wasm fuzz-build fuzz build serve-build site serve test bench clean install
all: build

setup:
	@bash scripts/setup.sh

native: setup
	@test -f build/build.ninja || cmake --preset dev
	cmake --build --preset dev

wasm: setup
	@test -f build/wasm/build.ninja || cmake --preset wasm
	cmake --build --preset wasm

# The C++ unit tests and the CLI again under AddressSanitizer + UBSan, and the fuzz targets: one
# clang build (libFuzzer needs clang; a second, gcc, sanitiser build cost CI eight minutes).
fuzz-build: setup
	@test -f build/fuzz/build.ninja || cmake --preset fuzz
	cmake --build --preset fuzz

fuzz: fuzz-build
	bash tests/fuzz/run.sh --seconds $(SECONDS) build/fuzz/tests/fuzz $(FUZZ_TARGETS)

build: native wasm

# The command line only: it answers `accelguide plan` from any folder with the catalogue it was built
# with (`--data DIR` reads another); building a site still needs the project (--root).
install: native
	cmake --install build --prefix "$(PREFIX)" --component cli --strip

# What serving needs and nothing more: the generator and the wasm planner (no tests, sanitiser or
# fuzz builds, no browser-test packages), a line per step; the compilers' output is in build/logs/.
serve-build:
	@bash scripts/setup.sh --serve
	@bash scripts/step.sh "configuring" bash -c 'test -f build/build.ninja || cmake --preset dev'
	@bash scripts/step.sh "building the generator" cmake --build --preset dev --target accelguide
	@bash scripts/step.sh "configuring the WebAssembly build" bash -c 'test -f build/wasm/build.ninja || cmake --preset wasm'
	@bash scripts/step.sh "building the WebAssembly planner" cmake --build --preset wasm

site: serve-build
	./build/bin/accelguide build

serve: serve-build
	./build/bin/accelguide serve --port $(PORT)

# tests/run.sh runs the dev tests, then the fuzz preset's: the unit and CLI tests under the
# sanitisers, the fuzz corpora, and fuzzing (30 s a target).
test: build fuzz-build
	@bash tests/run.sh

# Speed and size against a peer measured in the same run; prints ratios, never fails on timing.
bench: build
	@bash scripts/setup.sh --bench
	node tests/bench/planner_bench.mjs --native build/tests/bench/planner_bench --root . --wasm build/wasm/dist
	node tests/bench/calculator_bench.mjs --cli build/bin/accelguide --root . --wasm build/wasm/dist
	bash tests/bench/site_bench.sh

# Lighthouse on three pages, scores against the targets; a report, never a test.
audit: build
	@bash scripts/audit.sh

clean:
	rm -rf build
