#!/bin/sh
# Run the C core tests and the busted specs; print one line
# "N passed, N failed" computed from both runs.  Exit status: 0 iff all pass.
ctest=$1
busted=$2
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

pass=$((cpass + bpass))
fail=$((cfail + bfail))
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
