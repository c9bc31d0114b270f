#!/bin/sh
# hgemm presets on the emulator at SIZE^3 (default 512): one line each with the
# emulated wall time and the check against OpenBLAS on the converted inputs
# (docs/hgemm.md).  The emulator's time is no GPU figure; GPU TFLOP/s need
# --backend hip on a gfx1100.
# Usage: sh bench/hgemm.sh [BUILD] [SIZE]      (make bench-hgemm)
set -u
BUILD=${1:-build}
N=${2:-512}
G="$BUILD/rdna3gen" R="$BUILD/rdna3run" OUT="$BUILD/bench/hgemm"
mkdir -p "$OUT"
for p in h2 best; do
	for dt in f16 bf16; do
		"$G" hgemm --preset "$p" --dtype "$dt" -o "$OUT/$p-$dt.hsaco" || exit 1
		"$R" "$OUT/$p-$dt.hsaco" --gemm "$N" "$N" "$N" --dtype "$dt" --check --backend emu \
			>"$OUT/$p-$dt.out" 2>&1
		rc=$?
		wall=$(sed -n 's/^emu: wall time \([0-9.]*\) ms.*/\1/p' "$OUT/$p-$dt.out" | head -n 1)
		chk=$(grep -q '^check: PASSED' "$OUT/$p-$dt.out" && echo PASSED || echo "FAILED (exit $rc)")
		err=$(sed -n 's/^check: max abs error \([^,]*\),.*/\1/p' "$OUT/$p-$dt.out")
		echo "hgemm $p $dt ${N}^3: emulated ${wall:-?} ms, check $chk, max abs error ${err:-?}"
	done
done
