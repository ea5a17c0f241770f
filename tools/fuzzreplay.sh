#!/bin/sh
# Replay every input a fuzzing run kept: tools/fuzzreplay.sh HARNESS...
# Each harness (the ASan and UBSan build) runs once over
# build/fuzz/work/NAME, its seed corpus and its regressions, without
# mutating: make fuzz-long-fast grows the corpus under UBSan alone and
# checks it for memory faults here.  One TAP line per harness.
ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=16}
export ASAN_OPTIONS
i=0
status=0
for h in "$@"; do
  i=$((i + 1))
  name=$(basename "$h" | sed 's/^fuzz_//')
  work=build/fuzz/work/$name
  found=build/fuzz/findings/$name
  mkdir -p "$work" "$found" "tests/fuzz/corpus/$name" \
           "tests/fuzz/regressions/$name"
  log=build/fuzz/$name.replay.log
  n=$(ls "$work" "tests/fuzz/corpus/$name" "tests/fuzz/regressions/$name" \
      | grep -vc -e ':$' -e '^$')
  if "$h" -runs=0 -timeout=1 -rss_limit_mb=4096 \
       -artifact_prefix="$found/" "$work" "tests/fuzz/corpus/$name" \
       "tests/fuzz/regressions/$name" >"$log" 2>&1; then
    echo "ok $i - replay $name under ASan: $n inputs, no finding"
  else
    echo "not ok $i - replay $name under ASan: a finding, see $log and $found"
    tail -n 30 "$log" | sed 's/^/# /'
    status=1
  fi
done
exit $status
