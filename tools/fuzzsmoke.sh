#!/bin/sh
# Run libFuzzer harnesses: tools/fuzzsmoke.sh RUNS TIMEOUT HARNESS...
# Each runs RUNS executions over tests/fuzz/corpus/NAME and the inputs it
# once failed on (tests/fuzz/regressions/NAME), a timeout of TIMEOUT
# seconds per input; new corpus entries go to build/fuzz/work/NAME and
# findings to build/fuzz/findings/NAME.  One TAP line per harness.
runs=$1
timeout=$2
shift 2
# ASan's quarantine (256 MB by default) is recycled in one go, which can
# stall an input past the timeout on a loaded machine: a smaller one
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
  # one log per length of run: a smoke run beside a long one keeps apart
  log=build/fuzz/$name.$runs.log
  if "$h" -runs="$runs" -timeout="$timeout" -rss_limit_mb=4096 \
       -artifact_prefix="$found/" -print_final_stats=1 "$work" \
       "tests/fuzz/corpus/$name" "tests/fuzz/regressions/$name" \
       >"$log" 2>&1; then
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" \
            | grep -o '[0-9]*$')
    secs=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$log" \
           | grep -o 'in [0-9]*' | grep -o '[0-9]*')
    echo "ok $i - fuzz $name: $execs executions in ${secs:-?} s, no finding"
  else
    echo "not ok $i - fuzz $name: a finding, see $log and $found"
    tail -n 30 "$log" | sed 's/^/# /'
    status=1
  fi
done
exit $status
