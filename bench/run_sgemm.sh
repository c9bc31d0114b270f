#!/bin/sh
# SGEMM through rdna3run on the best backend: one line per kernel and size.
# On a GPU: best hipEvent time of REPS launches and GFLOP/s (the figures the
# speed targets are judged by); on the emulator: wall time and instruction
# counts.  Usage: sh bench/run_sgemm.sh BUILD [SIZE...]   (env REPS, BENCH_TEMPLATES)
set -u
BUILD=${1:-build}; shift 2>/dev/null || true
SIZES=${*:-"256 512"}
REPS=${REPS:-10}
G="$BUILD/rdna3gen" R="$BUILD/rdna3run" OUT="$BUILD/bench/run"
mkdir -p "$OUT"
for t in ${BENCH_TEMPLATES:-sgemm-naive sgemm}; do
	k="$OUT/$t.hsaco"
	if ! "$G" "$t" -o "$k" >"$OUT/$t.gen.log" 2>&1; then
		echo "run_sgemm $t: generation failed (see $OUT/$t.gen.log)"
		continue
	fi
	for n in $SIZES; do
		if "$R" "$k" --gemm "$n" "$n" "$n" --check --bench "$REPS" >"$OUT/$t.$n.log" 2>&1; then
			line=$(grep -E '^(hip: time|emu: wall time)' "$OUT/$t.$n.log" | tail -n 1)
			counts=$(grep -o '^emu: [0-9]* wave-instructions' "$OUT/$t.$n.log" | head -n 1)
			echo "run_sgemm $t ${n}^3: $line${counts:+, $counts}"
		else
			echo "run_sgemm $t ${n}^3: FAILED: $(grep -h '^rdna3run:' "$OUT/$t.$n.log" | grep -v 'rdna3run: backend' | head -n 1)"
		fi
	done
done
