#!/bin/sh
# hgemm presets on the emulator at SIZE^3 (default 512), then clang's build of
# tests/corpus/hgemm_wmma.hip and the report lines of both: one line each with the
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

# The HIP C++ equivalent of the best preset (tests/corpus/hgemm_wmma.hip, NN, f16 in,
# f32 out) compiled by clang, run the same way, and the main loop of both as
# the register-bank report reads it (WMMA count from llvm-objdump).
CLANG=${RDNA3_CLANG:-clang-19}
OBJDUMP=${RDNA3_OBJDUMP:-llvm-objdump-19}
if "$CLANG" -x hip --offload-arch=gfx1100 --cuda-device-only -nogpulib -O3 --no-gpu-bundle-output \
	-fhip-kernel-arg-name -o "$OUT/ref.hsaco" tests/corpus/hgemm_wmma.hip 2>"$OUT/ref.err"; then
	g=$(( (N + 127) / 128 ))
	"$R" "$OUT/ref.hsaco" --gemm "$N" "$N" "$N" --dtype f16 --grid "$g,$g,1" --block 128,1,1 --check \
		--backend emu >"$OUT/ref.out" 2>&1
	wall=$(sed -n 's/^emu: wall time \([0-9.]*\) ms.*/\1/p' "$OUT/ref.out" | head -n 1)
	chk=$(grep -q '^check: PASSED' "$OUT/ref.out" && echo PASSED || echo FAILED)
	echo "hgemm clang-ref f16 ${N}^3: emulated ${wall:-?} ms, check $chk"
else
	echo "hgemm clang-ref: $CLANG failed: $(head -n 1 "$OUT/ref.err")"
fi
for f in best-f16 ref; do
	[ -e "$OUT/$f.hsaco" ] || continue
	"$G" report "$OUT/$f.hsaco" >"$OUT/$f.report" 2>&1
	res=$(sed -n 's/^  VGPRs \([0-9]*\).*/\1/p' "$OUT/$f.report" | head -n 1)
	occ=$(sed -n 's/^  occupancy \([0-9]*\) waves.*/\1/p' "$OUT/$f.report" | head -n 1)
	loop=$(sed -n 's/^  instructions per iteration \(.*\)/\1/p' "$OUT/$f.report" | head -n 1)
	wmma=$("$OBJDUMP" -d "$OUT/$f.hsaco" 2>/dev/null | grep -c v_wmma)
	echo "hgemm report $f: VGPRs $res, occupancy $occ waves/SIMD, v_wmma in code $wmma, main loop $loop"
done
