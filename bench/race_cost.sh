#!/bin/sh
# What the global race check (rdna3run --checks ...,global-race) costs: the
# `best` SGEMM at SIZE^3 on the emulator, one thread, REPS + 1 launches with
# the default checks and with the race check added: the best wall time of the
# timed launches, and the process's user CPU time (which a loaded machine
# disturbs less than wall time).
# Usage: sh bench/race_cost.sh BUILD [SIZE]   (env REPS, default 3)
set -u
BUILD=${1:-build}
N=${2:-1024}
REPS=${REPS:-3}
G="$BUILD/rdna3gen" R="$BUILD/rdna3run" OUT="$BUILD/bench/race"
mkdir -p "$OUT"
if ! "$G" sgemm --preset best -o "$OUT/best.hsaco" >"$OUT/gen.log" 2>&1; then
	echo "race_cost: generation failed (see $OUT/gen.log)"
	exit 1
fi
for c in default default,global-race; do
	# times: the second line is the children's user and system time
	if cpu=$( ("$R" "$OUT/best.hsaco" --gemm "$N" "$N" "$N" --backend emu -j 1 --checks "$c" --bench "$REPS" \
		>"$OUT/$c.log" 2>&1 && times) | tail -n 1 | cut -d' ' -f1); then
		echo "race_cost best ${N}^3, 1 thread, --checks $c: user $cpu, $(grep '^emu: wall time' "$OUT/$c.log" | tail -n 1)"
	else
		echo "race_cost --checks $c: FAILED: $(grep -h '^rdna3run:' "$OUT/$c.log" | head -n 1)"
	fi
done
