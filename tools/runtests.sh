#!/bin/sh
# Run the C core tests, the busted specs, a short run of each fuzzing
# harness, luacheck and the import-cycle check (tools/cycles.lua); print
# one line "N passed, N failed" computed from the runs.
# Exit status: 0 iff all pass.
ctest=$1
busted=$2
fuzzruns=$3
fuzzers=$4
out=$(mktemp)
trap 'rm -f "$out"' EXIT

echo "== C core tests ($ctest)"
"$ctest" | tee "$out"
crc=$?
cpass=$(grep -c '^ok ' "$out")
cfail=$(grep -c '^not ok ' "$out")
[ "$crc" -ne 0 ] && [ "$cfail" -eq 0 ] && cfail=1

echo "== busted specs"
# busted's TAP output: one 'ok N' / 'not ok N' line per test
$busted -o TAP | tee "$out"
brc=$?
bpass=$(grep -c '^ok ' "$out")
bfail=$(grep -c '^not ok ' "$out")
[ "$brc" -ne 0 ] && [ "$bfail" -eq 0 ] && bfail=1

echo "== fuzzing harnesses, $fuzzruns executions each"
fpass=0
ffail=0
if [ -n "$fuzzers" ]; then
  # shellcheck disable=SC2086
  sh tools/fuzzsmoke.sh "$fuzzruns" 10 $fuzzers | tee "$out"
  frc=$?
  fpass=$(grep -c '^ok ' "$out")
  ffail=$(grep -c '^not ok ' "$out")
  [ "$frc" -ne 0 ] && [ "$ffail" -eq 0 ] && ffail=1
fi

echo "== luacheck"
lpass=0
lfail=0
if luacheck -q lua spec bench examples tools tests rocks/penny >"$out" 2>&1; then
  echo "ok 1 - luacheck: no warning"
  lpass=1
else
  echo "not ok 1 - luacheck"
  sed 's/^/# /' "$out"
  lfail=1
fi

echo "== import cycles"
if lua5.4 tools/cycles.lua >"$out" 2>&1; then
  echo "ok 2 - no import cycle among the C units and the Lua modules"
  lpass=$((lpass + 1))
else
  echo "not ok 2 - import cycles"
  sed 's/^/# /' "$out"
  lfail=$((lfail + 1))
fi

pass=$((cpass + bpass + fpass + lpass))
fail=$((cfail + bfail + ffail + lfail))
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
