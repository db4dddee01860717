#!/usr/bin/env bash
# Runs libFuzzer targets built by the fuzz preset.
#
#   run.sh --replay BIN_DIR TARGET...       each file of tests/fuzz/corpus/TARGET/ once (no fuzzing)
#   run.sh --seconds N BIN_DIR TARGET...    fuzz each target for N seconds, starting from that corpus
#
# New inputs go to BIN_DIR/corpus/TARGET/ (the committed corpus is only read); a crash is written to
# BIN_DIR/crashes/TARGET-crash-<hash> and the run fails. To keep one as a regression test, fix the
# bug, then copy the file into tests/fuzz/corpus/TARGET/ under a name that says what it guards.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mode=$1
seconds=0
if [[ $mode == --seconds ]]; then
  seconds=$2
  shift
fi
shift
bin=$1
shift
status=0
for target in "$@"; do
  seeds=$here/corpus/$target
  if [[ $mode == --replay ]]; then
    # -runs=0 over a folder executes every file in it once.
    mkdir -p "$bin/crashes"
    "$bin/$target" -runs=0 -artifact_prefix="$bin/crashes/$target-" "$seeds" || status=1
    continue
  fi
  work=$bin/corpus/$target
  mkdir -p "$work" "$bin/crashes"
  echo "fuzzing $target for $seconds s"
  set +o pipefail
  dict=()
  [[ -f $here/$target.dict ]] && dict=("-dict=$here/$target.dict")  # keys and edge numbers mutations rarely reach
  "$bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 "${dict[@]}" \
      -print_final_stats=1 -artifact_prefix="$bin/crashes/$target-" "$work" "$seeds" 2>&1 |
    grep -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse)|NEW_FUNC'
  rc=${PIPESTATUS[0]}
  set -o pipefail
  if ((rc != 0)); then
    echo "fuzz: $target failed (exit $rc); the input is in $bin/crashes/" >&2
    status=1
  fi
done
exit $status
