#!/usr/bin/env bash
# One quiet step of `make serve`: prints "LABEL ... done (N s)"; the command's output goes to
# build/logs/<label>.log and is shown (its last 40 lines) only when the step fails.
#   scripts/step.sh LABEL COMMAND [ARGS...]
set -uo pipefail
label=$1
shift
mkdir -p build/logs
log="build/logs/${label// /-}.log"
start=$SECONDS
printf '%s ... ' "$label"
if "$@" >"$log" 2>&1; then
  echo "done ($((SECONDS - start)) s)"
else
  rc=$?
  echo "failed"
  tail -n 40 "$log"
  echo "(the whole output is in $log)"
  exit "$rc"
fi
