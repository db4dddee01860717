#!/usr/bin/env bash
# Runs every test suite through CTest (unit, parity, browser) and ends with one line:
# "N passed, M failed". Exits non-zero when anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
log=build/test-output.log
ctest --preset dev -j "$(nproc)" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
summary=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1)
if [[ -z $summary ]]; then
  echo "0 passed, 1 failed"
  exit 1
fi
failed=$(sed -E 's/.* ([0-9]+) tests? failed.*/\1/' <<<"$summary")
total=$(sed -E 's/.*out of ([0-9]+).*/\1/' <<<"$summary")
echo "$((total - failed)) passed, ${failed} failed"
[[ $status -eq 0 && $failed -eq 0 ]]
