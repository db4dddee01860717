#!/usr/bin/env bash
# Runs every test suite through CTest and ends with one line: "N passed, M failed". Exits non-zero
# when anything failed.
#   dev   unit, cli, check, atomic, serve, parity, browser
#   fuzz  the unit and cli tests again, built by clang with -fsanitize=address,undefined; each fuzz
#         target over its corpus, then fuzzing it briefly (when build/fuzz exists)
set -uo pipefail
cd "$(dirname "$0")/.."
log=build/test-output.log
: > "$log"
passed=0
failed=0
status=0
run_preset() {
  local preset=$1
  echo "== ctest --preset $preset" | tee -a "$log"
  ctest --preset "$preset" -j "$(nproc)" 2>&1 | tee "$log.$preset"
  local rc=${PIPESTATUS[0]}
  cat "$log.$preset" >> "$log"
  local summary
  summary=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log.$preset" | tail -n 1)
  if [[ -z $summary ]]; then
    failed=$((failed + 1))
    status=1
    return
  fi
  local f t
  f=$(sed -E 's/.* ([0-9]+) tests? failed.*/\1/' <<<"$summary")
  t=$(sed -E 's/.*out of ([0-9]+).*/\1/' <<<"$summary")
  passed=$((passed + t - f))
  failed=$((failed + f))
  ((rc == 0)) || status=1
}
run_preset dev
[[ -f build/fuzz/build.ninja ]] && run_preset fuzz
echo "${passed} passed, ${failed} failed"
[[ $status -eq 0 && $failed -eq 0 ]]
